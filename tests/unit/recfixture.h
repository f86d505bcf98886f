/*
 * The lines of a small hand-written recording (rec_writer.h's format) for
 * the tests that read one: a 2-CPU hwnoise header, a summary, a footer.
 */
#ifndef HWN_TEST_RECFIXTURE_H
#define HWN_TEST_RECFIXTURE_H

#define HDR "{\"t\":\"header\",\"v\":1,\"mode\":\"hwnoise\",\"quiet\":true,\"ncpus\":2," \
	"\"duration_s\":0,\"warmup_s\":0,\"stop_us\":0,\"stop_total_us\":0," \
	"\"hwlat_keep\":0,\"cpus\":\"0-1\",\"period_us\":1000000,\"runtime_us\":750000," \
	"\"threshold_us\":1,\"irq_disable\":true,\"hwlat_cpus\":\"\",\"hwlat_threshold_us\":0," \
	"\"hwlat_window_us\":0,\"hwlat_width_us\":0,\"hwlat_mode\":\"none\"}\n"
#define S(cpu, noise, max, hw, nmi, extra) \
	"{\"t\":\"s\",\"ts\":1,\"cpu\":" #cpu ",\"runtime\":750000,\"noise\":" #noise \
	",\"max_sample\":" #max ",\"hw\":" #hw ",\"nmi\":" #nmi ",\"irq\":0,\"softirq\":0," \
	"\"thread\":0" extra "}\n"
#define FOOT "{\"t\":\"footer\",\"elapsed_s\":3,\"run_ns\":3000000000,\"cpus\":\"0-1\"," \
	"\"hwlat_cpus\":\"\",\"osnoise\":false,\"smi\":false,\"hwlat_view\":false," \
	"\"hwlat_threshold_us\":0,\"exit\":0,\"stop_hit\":false,\"stop_reason\":\"\"," \
	"\"neighbour_log\":\"\",\"notes\":\"a \\\"note\\\"\\n\"}\n"

#endif
