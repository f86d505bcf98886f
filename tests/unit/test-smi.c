/*
 * Unit tests: the SMI counter's wrap, when a CPU may be read, the SMI
 * sums of the statistics, and the TSC watchdog's buffer stats parser.
 */
#include "smi.h"
#include "stats.h"
#include "tap.h"
#include "tscwd.h"

int main(void)
{
	struct stats st;
	uint64_t n = 0;

	tap_plan(22);
	/* The 32-bit counter. */
	tap_is_u64(smi_delta(11, 16), 5, "5 SMIs between two reads");
	tap_is_u64(smi_delta(7, 7), 0, "no SMI: 0");
	tap_is_u64(smi_delta(0xfffffffeU, 3), 5, "wrap: 0xfffffffe to 3 is 5");
	tap_is_u64(smi_delta(0xffffffffU, 0), 1, "wrap: 0xffffffff to 0 is 1");
	tap_is_u64(smi_delta(0, 0xffffffffU), 0xffffffffULL, "no wrap: 0 to 0xffffffff");
	tap_is_u64(smi_delta(5, 4), 0xffffffffULL, "one short of a full turn");

	/* Period 1 s, runtime 0.75 s: a gap of 250 ms after each summary. */
	tap_ok(smi_gap_ok(1000000000ULL, 1000000000ULL, 1000000, 750000), "read at the summary");
	tap_ok(smi_gap_ok(1000000000ULL, 1100000000ULL, 1000000, 750000), "100 ms into the gap");
	tap_ok(!smi_gap_ok(1000000000ULL, 1200000000ULL, 1000000, 750000),
	       "not past the first half of the gap");
	tap_ok(!smi_gap_ok(1000000000ULL, 3000000000ULL, 1000000, 750000),
	       "not periods later: the CPU measures again");
	tap_ok(smi_gap_ok(1000000000ULL, 999000000ULL, 1000000, 750000),
	       "a timestamp a bit ahead of our clock counts as now");
	tap_ok(!smi_gap_ok(0, 0, 1000, 960), "a gap of 40 us is too short to aim at");
	tap_ok(smi_gap_ok(0, 50000000000ULL, 1000000, 1000000),
	       "runtime == period: always (the read waits for the boundary)");

	/* The statistics: a total and the latest period's count. */
	tap_ok(stats_init(&st, 2) == 0, "stats init");
	stats_add_smi(&st, 0, 3);
	stats_add_smi(&st, 0, 0);
	stats_add_smi(&st, 0, 2);
	stats_add_smi(&st, 5, 9);
	tap_is_u64(st.cpu[0].smi, 5, "SMIs: the sum");
	tap_is_u64(st.cpu[0].last_smi, 2, "SMIs: the latest count");
	tap_is_u64(st.cpu[1].smi, 0, "another CPU untouched; CPUs out of range ignored");
	stats_reset(&st);
	tap_is_u64(st.cpu[0].smi + st.cpu[0].last_smi, 0, "reset clears the SMIs");
	stats_free(&st);

	/* per_cpu/cpuN/stats of an instance. */
	tap_ok(tscwd_parse_stats("entries: 4\noverrun: 2\ncommit overrun: 0\nbytes: 160\n",
				 &n) == 0 && n == 6, "entries + overrun");
	tap_ok(tscwd_parse_stats("entries: 0\noverrun: 0\n", &n) == 0 && n == 0,
	       "none: 0 is a result");
	tap_ok(tscwd_parse_stats("entries: 4\ncommit overrun: 2\n", &n) < 0,
	       "\"commit overrun\" is not \"overrun\"");
	tap_ok(tscwd_parse_stats("bytes: 1\n", &n) < 0, "missing lines: -1");
	return tap_done();
}
