/*
 * hwlat_report: see hwlat_report.h.
 */
#include "hwlat_report.h"

#include <inttypes.h>

void hwlat_report_summary(FILE *out, const struct hwl_stats *st)
{
	char line[128];
	uint64_t avg;

	if (st->samples == 0)
		fprintf(out, "Max Latency: Below threshold\n");
	else
		fprintf(out, "Max Latency: %" PRIu64 "us\n", st->max);
	fprintf(out, "Samples recorded: %" PRIu64 "\n", st->samples);
	fprintf(out, "Samples exceeding threshold: %" PRIu64 "\n", st->count);
	if (hwlat_stats_avg_interval(st, &avg))
		fprintf(out, "Average interval between spikes: %" PRIu64 "us\n", avg);
	if (*stats_lost_text(&st->lost, line, sizeof(line)))
		fprintf(out, "%s\n", line);
}

void hwlat_report_smis(FILE *out, const struct hwl_stats *st, const struct cpuset *cpus)
{
	int cpu;

	cpuset_for_each(cpu, cpus)
		if (cpu < st->ncpus)
			fprintf(out, "SMIs on CPU %d: %" PRIu64 "\n", cpu, st->cpu[cpu].smi);
}

int hwlat_report_samples(FILE *out, const struct hwl_stats *st, size_t from)
{
	char line[256];

	for (size_t i = from; i < st->nsamples; i++)
		if (fprintf(out, "%s\n", hwlat_stats_format_sample(hwlat_stats_sample(st, i), line, sizeof(line))) < 0)
			return -1;
	return 0;
}
