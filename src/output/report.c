/*
 * report: the summary table.  See report.h.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

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

int report_width(FILE *out, bool quiet)
{
	struct winsize ws;

	if (quiet || !isatty(fileno(out)) || ioctl(fileno(out), TIOCGWINSZ, &ws) < 0)
		return 0;
	return ws.ws_col;
}

/* The columns of the compact form, in rtla's order; keep: the order of their value. */
enum { CC_CPU, CC_PERIOD, CC_RUNTIME, CC_NOISE, CC_AVAIL, CC_MAXNOISE, CC_MAXSINGLE, CC_HW,
       CC_NMI, CC_SMI, CC_IRQ, CC_SOFTIRQ, CC_THREAD, CC_N };

static const struct compact_col {
	const char *title;
	int keep;
} compact_cols[CC_N] = {
	{ "CPU", 0 }, { "Period", 11 }, { "Runtime", 12 }, { "Noise", 3 }, { "% CPU Aval", 1 },
	{ "Max Noise", 7 }, { "Max Single", 2 }, { "HW", 4 }, { "NMI", 5 }, { "SMI", 6 },
	{ "IRQ", 8 }, { "Softirq", 9 }, { "Thread", 10 },
};

/* Column k of c's row, as text. */
static const char *compact_cell(const struct cpu_stats *c, int cpu, int k, char *buf, size_t size)
{
	const uint64_t v[CC_N] = { (uint64_t)cpu, c->periods, c->runtime, c->noise, 0, c->max_noise,
				   c->max_single, c->hw, c->nmi, c->smi, c->irq, c->softirq,
				   c->thread };

	if (k == CC_AVAIL)
		return report_avail_text(c, buf, size);
	snprintf(buf, size, "%llu", (unsigned long long)v[k]);
	return buf;
}

/* Widths of the columns that fit in opts->width (0: left out); the width used. */
static int compact_layout(const struct stats *st, const struct cpuset *cpus,
			  const struct report_opts *opts, int w[CC_N])
{
	char buf[32];
	int cpu, used = 0;

	for (int k = 0; k < CC_N; k++) {
		bool has = (k != CC_SMI || opts->smi) && (k < CC_IRQ || opts->osnoise);

		w[k] = has ? (int)strlen(compact_cols[k].title) : 0;
		cpuset_for_each(cpu, cpus) {
			const struct cpu_stats *c = report_row(st, cpu);
			int len = c && has ? (int)strlen(compact_cell(c, cpu, k, buf, sizeof(buf))) : 0;

			w[k] = len > w[k] ? len : w[k];
		}
	}
	for (int keep = 0; keep < CC_N; keep++)
		for (int k = 0; k < CC_N; k++) {
			if (compact_cols[k].keep != keep || !w[k])
				continue;
			if (used + (used ? 1 : 0) + w[k] > opts->width)
				w[k] = 0;
			else
				used += (used ? 1 : 0) + w[k];
		}
	return used;
}

/*
 * One line saying the form is compact, and which columns it left out; cut
 * to the terminal's width, the parenthesis going first.
 */
static void compact_note(FILE *out, const struct report_opts *opts, const int w[CC_N])
{
	char left[160] = "", line[320];
	int n;

	for (int k = 0; k < CC_N; k++)
		if (!w[k] && (k != CC_SMI || opts->smi) && (k < CC_IRQ || opts->osnoise))
			snprintf(left + strlen(left), sizeof(left) - strlen(left), "%s%s",
				 *left ? ", " : ", without ", compact_cols[k].title);
	n = snprintf(line, sizeof(line), "hwnoisetop: the table fitted to %d columns%s (rtla's "
		     "layout: -q or a pipe)", opts->width, left);
	if (n > opts->width)
		n = snprintf(line, sizeof(line), "hwnoisetop: the table fitted to %d columns%s",
			     opts->width, left);
	fprintf(out, "%.*s\n", n < opts->width ? n : opts->width, line);
}

/* The compact form's header, in the columns of w (see report_table()). */
static char *compact_header(const int w[CC_N], char *buf, size_t size)
{
	*buf = 0;
	for (int k = 0; k < CC_N; k++)
		if (w[k])
			snprintf(buf + strlen(buf), size - strlen(buf), "%*s%*s", *buf ? 1 : 0, "", w[k],
				 compact_cols[k].title);
	return buf;
}

static void compact_row(FILE *out, const struct cpu_stats *c, int cpu, const int w[CC_N])
{
	char buf[32];

	for (int k = 0, x = 0; k < CC_N; k++)
		if (w[k])
			fprintf(out, "%*s%*s", x++ ? 1 : 0, "", w[k], compact_cell(c, cpu, k, buf, sizeof(buf)));
	fputc('\n', out);
}

static void rtla_row(FILE *out, const struct cpu_stats *c, int cpu, const struct report_opts *opts)
{
	char avail[32];

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

/* A line of text, highlighted on a terminal (codes: "1" bold, "1;7" bold reverse). */
static void lit_line(FILE *out, bool pretty, const char *codes, int pad, const char *text)
{
	if (pretty)
		fprintf(out, "\033[%sm", codes);
	fprintf(out, "%*s%s", pad > 0 ? pad : 0, "", text);
	if (pretty)
		fputs("\033[0m", out);
	fputc('\n', out);
}

void report_table(FILE *out, const struct stats *st, const struct cpuset *cpus,
		  const struct report_opts *opts)
{
	char dur[32], line[256];
	const char *title = opts->osnoise ? "Operating System Noise" : "Hardware-related Noise";
	int cpu, w[CC_N], pad = (int)strlen(TITLE_PAD);
	bool compact = opts->width > 0 && opts->width < (int)strlen(HDR_HW) +
		       (opts->smi ? (int)strlen(HDR_SMI) : 0) + (opts->osnoise ? (int)strlen(HDR_OS) : 0);

	if (compact) {	/* the title over the middle of the compact table */
		pad = (compact_layout(st, cpus, opts, w) - (int)strlen(title)) / 2;
		if (opts->note)
			compact_note(out, opts, w);
	}
	lit_line(out, opts->pretty, "1;7", pad, title);
	fprintf(out, "duration: %9s | time is in us\n", parse_format_duration(opts->elapsed, dur, sizeof(dur)));
	if (compact)
		compact_header(w, line, sizeof(line));
	else
		snprintf(line, sizeof(line), "%s%s%s", HDR_HW, opts->smi ? HDR_SMI : "",
			 opts->osnoise ? HDR_OS : "");
	lit_line(out, opts->pretty, "1", 0, line);
	cpuset_for_each(cpu, cpus) {
		const struct cpu_stats *c = report_row(st, cpu);

		if (c && compact)
			compact_row(out, c, cpu, w);
		else if (c)
			rtla_row(out, c, cpu, opts);
	}
	if (*stats_lost_text(&st->lost, line, sizeof(line)))
		fprintf(out, "%s\n", line);
}

void report_segments(FILE *out, const struct segments *sg, uint64_t now_ns, bool pretty,
		     bool smi, int width)
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
			.width = width,
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
			report_pcts(out, sg, k, &g->rows, width);
		}
	}
	stats_free(&st);
	report_segments_compare(out, sg, smi, width);
}

void report_wrapped(FILE *out, const char *text, int width)
{
	int len = (int)strlen(text);

	while (width > 0 && len > width) {
		int cut = width;

		while (cut > 0 && text[cut] != ' ')
			cut--;
		if (cut == 0)
			cut = width;
		fprintf(out, "%.*s\n", cut, text);
		text += cut + (text[cut] == ' ');
		len = (int)strlen(text);
	}
	fprintf(out, "%s\n", text);
}

/* The percentiles' header and rows: the noise's (h 0), the max single's (1), or both (-1). */
static int pcts_block(FILE *out, const struct segments *sg, unsigned k, const struct cpuset *rows,
		      int only)
{
	static const char *const what[2] = { "noise us per s of runtime, per period",
					      "max single us, per period" };
	struct verdict_pcts q;
	int cpu, n = 0;

	cpuset_for_each(cpu, rows) {
		if (!segments_pcts(sg, k, cpu, &q))
			continue;
		if (!n++) {
			if (only < 0)
				fprintf(out, "\n    %-44s %s\nCPU", what[0], what[1]);
			else
				fprintf(out, "\n    %s\nCPU", what[only]);
			for (int h = 0; h < 2; h++)
				for (int i = 0; i < VERDICT_NPCT && (only < 0 || only == h); i++)
					fprintf(out, " %8s", verdict_pct_name[i]);
			fputc('\n', out);
		}
		fprintf(out, "%3d", cpu);
		for (int i = 0; i < VERDICT_NPCT && only <= 0; i++)
			fprintf(out, " %8lu", (unsigned long)q.noise[i]);
		for (int i = 0; i < VERDICT_NPCT && only != 0; i++)
			fprintf(out, " %8lu", (unsigned long)q.single[i]);
		fputc('\n', out);
	}
	return n;
}

void report_pcts(FILE *out, const struct segments *sg, unsigned k, const struct cpuset *rows,
		 int width)
{
	int n;

	/* A terminal narrower than both: one after the other. */
	if (width > 0 && width < 3 + 2 * 9 * VERDICT_NPCT)
		n = pcts_block(out, sg, k, rows, 0) + pcts_block(out, sg, k, rows, 1);
	else
		n = pcts_block(out, sg, k, rows, -1);
	if (n)
		report_wrapped(out, REPORT_PCT_ERROR, width);
}

/* The verdicts' table, or one line when it is wider than width (0: any). */
static void print_fitting(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
			  const struct cmptable_opts *o, int width)
{
	char *text = NULL, line[160];
	size_t size = 0;
	int widest = 0, w = 0;
	FILE *m = width > 0 ? open_memstream(&text, &size) : NULL;

	if (!m) {
		compare_table_print(out, a, b, o);
		return;
	}
	compare_table_print(m, a, b, o);
	fclose(m);
	for (const char *c = text; c && *c; c++) {
		w = *c == '\n' ? 0 : w + ((*c & 0xc0) != 0x80);
		widest = w > widest ? w : widest;
	}
	if (widest <= width) {
		fputs(text, out);
	} else {
		snprintf(line, sizeof(line), "the verdicts' table is %d columns wide: a terminal that "
			 "wide, or the output into a pipe, shows it", widest);
		report_wrapped(out, line, width);
	}
	free(text);
}

void report_segments_compare(FILE *out, const struct segments *sg, bool smi, int width)
{
	struct cmptable_run a, b;
	struct cmptable_opts o;
	char l1[MARKER_TEXT + 64], l2[MARKER_TEXT + 64];
	unsigned kb, ka;

	if (!compare_table_segments(sg, smi, &a, &b, &o, &kb, &ka))
		return;
	fprintf(out, "\nB against A: A = %s\n              B = %s\n",
		markers_line(&sg->marks.m[kb], l1, sizeof(l1)),
		markers_line(&sg->marks.m[ka], l2, sizeof(l2)));
	print_fitting(out, &a, &b, &o, width);
}
