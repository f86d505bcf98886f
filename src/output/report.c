/*
 * report: the summary table.  See report.h.
 */
#include "report.h"

#include "compare_table.h"
#include "parse.h"

#define HDR_HW "CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI"
#define HDR_SMI "          SMI"
#define HDR_OS "          IRQ      Softirq       Thread"
#define TITLE_PAD "                                        "

const struct cpu_stats *report_row(const struct stats *st, int cpu)
{
	if (cpu < 0 || cpu >= st->ncpus || !st->cpu[cpu].runtime)
		return NULL;
	return &st->cpu[cpu];
}

void report_rows(const struct stats *st, struct cpuset *rows)
{
	cpuset_clear(rows);
	for (int cpu = 0; cpu < st->ncpus; cpu++)
		if (report_row(st, cpu))
			cpuset_add(rows, cpu);
}

char *report_avail_text(const struct cpu_stats *c, char *buf, size_t size)
{
	uint64_t p = stats_avail(c->runtime, c->noise);

	snprintf(buf, size, "%llu.%05llu", (unsigned long long)(p / 100000),
		 (unsigned long long)(p % 100000));
	return buf;
}

void report_table(FILE *out, const struct stats *st, const struct cpuset *cpus,
		  const struct report_opts *opts)
{
	char dur[32], line[128], avail[32];
	int cpu;

	if (opts->pretty)
		fputs("\033[1;7m", out);
	fprintf(out, TITLE_PAD "%s", opts->osnoise ? "Operating System Noise" : "Hardware-related Noise");
	if (opts->pretty)
		fputs("\033[0m", out);
	fputc('\n', out);
	fprintf(out, "duration: %9s | time is in us\n", format_duration(opts->elapsed, dur, sizeof(dur)));
	if (opts->pretty)
		fputs("\033[1m", out);
	fprintf(out, "%s%s%s", HDR_HW, opts->smi ? HDR_SMI : "", opts->osnoise ? HDR_OS : "");
	if (opts->pretty)
		fputs("\033[0m", out);
	fputc('\n', out);

	cpuset_for_each(cpu, cpus) {
		const struct cpu_stats *c = report_row(st, cpu);

		if (!c)
			continue;
		fprintf(out, "%3d #%-6llu %12llu %12llu   %9s%12llu %12llu%12llu %12llu",
			cpu, (unsigned long long)c->periods, (unsigned long long)c->runtime,
			(unsigned long long)c->noise, report_avail_text(c, avail, sizeof(avail)),
			(unsigned long long)c->max_noise,
			(unsigned long long)c->max_single, (unsigned long long)c->hw,
			(unsigned long long)c->nmi);
		if (opts->smi)
			fprintf(out, " %12llu", (unsigned long long)c->smi);
		if (opts->osnoise)
			fprintf(out, " %12llu %12llu %12llu", (unsigned long long)c->irq,
				(unsigned long long)c->softirq, (unsigned long long)c->thread);
		fputc('\n', out);
	}
	if (*lost_text(&st->lost, line, sizeof(line)))
		fprintf(out, "%s\n", line);
}

void report_segments(FILE *out, const struct segments *sg, uint64_t now_ns, bool pretty,
		     bool smi)
{
	char line[MARKER_TEXT + 64];
	struct stats st;
	unsigned n = segments_count(sg);

	if (n < 2 || stats_init(&st, sg->cur.ncpus) < 0)
		return;
	fprintf(out, "\n%u segments, one table each, headed by the marker that opened it:\n", n);
	for (unsigned k = 0; k < n; k++) {
		const struct segment *g = &sg->seg[k];
		struct report_opts ro = {
			.osnoise = g->osnoise,
			.pretty = pretty,
			.smi = smi,
			.elapsed = segments_ns(sg, k, now_ns) / 1000000000ULL,
		};
		bool any = false;
		int cpu;

		segments_unpack(sg, k, &st);
		cpuset_for_each(cpu, &g->rows)
			if (report_row(&st, cpu))
				any = true;
		fprintf(out, "\n== %s%s\n", markers_line(&sg->marks.m[k], line, sizeof(line)),
			g->before_reset ? "  [before a reset: not in the table above]" : "");
		if (!segments_kept(sg, k))
			fprintf(out, "rows not kept: the closed segments keep at most %u MiB of per-CPU "
				"figures, the oldest let go first\n", SEGMENTS_ROWS_MAX >> 20);
		else if (g->hwlat)
			fputs("the hwlat view ran: no hwnoise periods (its summary is below)\n", out);
		else if (!any)
			fputs("no periods\n", out);
		else
		{
			report_table(out, &st, &g->rows, &ro);
			report_pcts(out, sg, k, &g->rows);
		}
	}
	stats_free(&st);
	report_segments_compare(out, sg, smi);
}

void report_pcts(FILE *out, const struct segments *sg, unsigned k, const struct cpuset *rows)
{
	struct verdict_pcts q;
	int cpu, n = 0;

	cpuset_for_each(cpu, rows) {
		if (!segments_pcts(sg, k, cpu, &q))
			continue;
		if (!n++) {
			fprintf(out, "\n    %-44s %s\nCPU", "noise us per s of runtime, per period",
				"max single us, per period");
			for (int h = 0; h < 2; h++)
				for (int i = 0; i < VERDICT_NPCT; i++)
					fprintf(out, " %8s", verdict_pct_name[i]);
			fputc('\n', out);
		}
		fprintf(out, "%3d", cpu);
		for (int i = 0; i < VERDICT_NPCT; i++)
			fprintf(out, " %8lu", (unsigned long)q.noise[i]);
		for (int i = 0; i < VERDICT_NPCT; i++)
			fprintf(out, " %8lu", (unsigned long)q.single[i]);
		fputc('\n', out);
	}
	if (n)
		fprintf(out, "%s\n", REPORT_PCT_ERROR);
}

void report_segments_compare(FILE *out, const struct segments *sg, bool smi)
{
	struct cmptable_run a, b;
	struct cmptable_opts o;
	char l1[MARKER_TEXT + 64], l2[MARKER_TEXT + 64];
	unsigned kb, ka;

	if (!cmptable_segments(sg, smi, &a, &b, &o, &kb, &ka))
		return;
	fprintf(out, "\nB against A: A = %s\n              B = %s\n",
		markers_line(&sg->marks.m[kb], l1, sizeof(l1)),
		markers_line(&sg->marks.m[ka], l2, sizeof(l2)));
	cmptable_print(out, &a, &b, &o);
}
