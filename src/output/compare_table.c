/*
 * compare_table: the table and the JSON of two recordings' verdicts.
 * See compare_table.h; the command that reads the recordings is
 * src/cmd/compare_cmd.c.
 */
#include "compare_table.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_cells.h"
#include "format.h"
#include "rec_reader.h"
#include "segments.h"
#include "verdict.h"
#include "why_report.h"

/* The figures' groups: a title over their cells. */
static const struct {
	const char *title;
	int first, n;
} groups[] = {
	{ "noise us per s runtime", CT_NOISE_A, 4 },
	{ "% CPU available", CT_AVAIL_A, 2 },
	{ "HW per s", CT_HW_A, 2 },
	{ "NMI per s", CT_NMI_A, 2 },
	{ "max single us", CT_MAXS_A, 4 },
	{ "SMI per s", CT_SMI_A, 2 },
};
#define NGROUPS ((int)(sizeof(groups) / sizeof(groups[0])))


const char *const compare_table_labels[CT_NCELLS] = { "A", "B", "change", "95% interval", "A", "B", "A",
						"B", "A", "B", "A p99", "A max", "B p99", "B max",
						"A", "B" };

/* The figures and where their B cell is: verdict_fig by cell. */
static const struct {
	enum verdict_fig f;
	int cell;
} marked[] = {
	{ VF_NOISE, CT_NOISE_B }, { VF_AVAIL, CT_AVAIL_B }, { VF_HW, CT_HW_B },
	{ VF_NMI, CT_NMI_B }, { VF_MAXS, CT_MAXS_B }, { VF_SMI, CT_SMI_B },
};

int compare_table_cell_fig(int cell)
{
	for (int i = 0; i < (int)(sizeof(marked) / sizeof(marked[0])); i++)
		if (marked[i].cell == cell)
			return (int)marked[i].f;
	return -1;
}

/* A series' sums as a row of the statistics, and its rates (segments.h). */
static void rates_of(const struct verdict_series *s, struct seg_rates *q)
{
	struct seg_row r;

	memset(&r, 0, sizeof(r));
	for (unsigned i = 0; i < s->nb; i++) {
		r.runtime += (uint64_t)s->b[i].runtime;
		r.noise += (uint64_t)s->b[i].noise;
		r.hw += (uint64_t)s->b[i].hw;
		r.nmi += (uint64_t)s->b[i].nmi;
		r.smi += (uint64_t)s->b[i].smi;
	}
	r.periods = s->periods;
	memset(q, 0, sizeof(*q));
	if (r.runtime)
		segments_rates(&r, q);
}

static void avail_text(uint64_t p, char *buf, size_t size)
{
	snprintf(buf, size, "%llu.%05llu", (unsigned long long)(p / 100000),
		 (unsigned long long)(p % 100000));
}

static void pct_text(double x, char *buf, size_t size)
{
	if (isnan(x))
		snprintf(buf, size, "new");
	else if (!isfinite(x))
		snprintf(buf, size, "%s", x > 0 ? "+inf" : "-inf");
	else
		snprintf(buf, size, "%+.*f", fabs(x) < 10 ? 1 : 0, x);
}

/* The B cells' marks, once the verdicts are final ("-" cells have none). */
static void row_marks(struct compare_table_row *row)
{
	for (int i = 0; i < (int)(sizeof(marked) / sizeof(marked[0])); i++) {
		char *c = row->cell[marked[i].cell];
		size_t n = strlen(c);

		if (strcmp(c, "-") == 0)
			continue;
		c[n] = verdict_kind_mark(row->v[marked[i].f].kind);
		c[n + 1] = '\0';
	}
}

/* The cells of one row from its verdicts (ha, hb: the side has periods), without marks. */
static void row_cells(struct compare_table_row *row, bool ha, bool hb, const struct verdict_series *sa,
		      const struct verdict_series *sb)
{
	const struct verdict *v = row->v;
	char lo[16], hi[16];

	struct seg_rates qa, qb;

	/* the figures as the compare view prints them: from the sums, in integers */
	rates_of(sa, &qa);
	rates_of(sb, &qb);
	format_rate(qa.noise_per_s_nano, row->cell[CT_NOISE_A], 32);
	format_rate(qb.noise_per_s_nano, row->cell[CT_NOISE_B], 32);
	avail_text(qa.avail, row->cell[CT_AVAIL_A], 32);
	avail_text(qb.avail, row->cell[CT_AVAIL_B], 32);
	format_rate(qa.hw_per_s_nano, row->cell[CT_HW_A], 32);
	format_rate(qb.hw_per_s_nano, row->cell[CT_HW_B], 32);
	format_rate(qa.nmi_per_s_nano, row->cell[CT_NMI_A], 32);
	format_rate(qb.nmi_per_s_nano, row->cell[CT_NMI_B], 32);
	format_rate(qa.smi_per_s_nano, row->cell[CT_SMI_A], 32);
	format_rate(qb.smi_per_s_nano, row->cell[CT_SMI_B], 32);
	snprintf(row->cell[CT_MAXS_A], 32, "%.0f", v[VF_MAXS].a);
	snprintf(row->cell[CT_MAXS_AM], 32, "%llu", (unsigned long long)sa->max_single);
	snprintf(row->cell[CT_MAXS_B], 32, "%.0f", v[VF_MAXS].b);
	snprintf(row->cell[CT_MAXS_BM], 32, "%llu", (unsigned long long)sb->max_single);
	pct_text(v[VF_NOISE].change_pct, row->cell[CT_PCT], 32);
	if (strcmp(row->cell[CT_PCT], "new") != 0)
		strcat(row->cell[CT_PCT], "%");
	if (v[VF_NOISE].ci) {
		pct_text(v[VF_NOISE].lo_pct, lo, sizeof(lo));
		pct_text(v[VF_NOISE].hi_pct, hi, sizeof(hi));
		snprintf(row->cell[CT_CI], 40, "%s..%s%%", lo, hi);
	} else {
		snprintf(row->cell[CT_CI], 40, "-");
	}
	for (int i = 0; i < CT_NCELLS; i++) {
		bool a_cell = i == CT_NOISE_A || i == CT_AVAIL_A || i == CT_HW_A || i == CT_NMI_A ||
			      i == CT_SMI_A || i == CT_MAXS_A || i == CT_MAXS_AM;
		bool b_cell = i == CT_NOISE_B || i == CT_AVAIL_B || i == CT_HW_B || i == CT_NMI_B ||
			      i == CT_SMI_B || i == CT_MAXS_B || i == CT_MAXS_BM;

		if ((a_cell && !ha) || (b_cell && !hb) || (!(a_cell || b_cell) && !(ha && hb)))
			snprintf(row->cell[i], 40, "-");
	}
}

static void verdicts(const struct verdict_series *a, const struct verdict_series *b,
		     const struct cmptable_opts *o, struct verdict v[VF_N])
{
	for (int f = 0; f < VF_N; f++)
		verdict_figure(a, b, (enum verdict_fig)f, o->margin, o->comparable, &v[f]);
}

static const struct verdict_series *series_of(const struct cmptable_run *r, int cpu)
{
	return cpu >= 0 && cpu < r->nseries && r->series[cpu].periods ? &r->series[cpu] : NULL;
}

/* The row of cpu without its marks: 1, or 0 when neither side has it. */
static int row_of(const struct cmptable_run *a, const struct cmptable_run *b,
		  const struct cmptable_opts *o, struct compare_table_row *row, int cpu,
		  struct verdict_series pool[2])
{
	static const struct verdict_series none = { .len = 1 };
	const struct verdict_series *sa = series_of(a, cpu), *sb = series_of(b, cpu);

	if (cpu < 0) {		/* all */
		int n = a->nseries > b->nseries ? a->nseries : b->nseries;
		bool ok = true;

		verdict_series_init(&pool[0]);
		verdict_series_init(&pool[1]);
		for (int c = 0; c < n; c++) {
			if (!series_of(a, c) || !series_of(b, c))
				continue;
			ok = verdict_series_pool(&pool[0], &a->series[c]) && ok;
			ok = verdict_series_pool(&pool[1], &b->series[c]) && ok;
		}
		if (!pool[0].periods || !pool[1].periods)
			return 0;
		verdicts(&pool[0], &pool[1], o, row->v);
		if (!ok)	/* CPUs of other lengths: their periods do not line up */
			for (int f = 0; f < VF_N; f++)
				if (row->v[f].kind != VK_NOT_COMPARABLE) {
					row->v[f].kind = VK_UNDECIDED;
					row->v[f].why = VW_UNALIGNED;
					row->v[f].p = NAN;
					row->v[f].periods_needed = 0;
				}
		row_cells(row, true, true, &pool[0], &pool[1]);
		return 1;
	}
	if (!sa && !sb)
		return 0;
	verdicts(sa ? sa : &none, sb ? sb : &none, o, row->v);
	row_cells(row, sa, sb, sa ? sa : &none, sb ? sb : &none);
	return 1;
}

int compare_table_row(const struct cmptable_run *a, const struct cmptable_run *b,
		 const struct cmptable_opts *o, struct compare_table_row *row, int cpu,
		 struct verdict_series pool[2])
{
	if (!row_of(a, b, o, row, cpu, pool))
		return 0;
	row_marks(row);
	return 1;
}

int compare_table_rows(const struct cmptable_run *a, const struct cmptable_run *b,
		  const struct cmptable_opts *o, struct compare_table_row *rows, bool *has)
{
	int n = (a->nseries > b->nseries ? a->nseries : b->nseries) + 1, found = 0;
	struct verdict_series *pool = malloc(2 * sizeof(*pool));
	struct verdict **v = calloc((size_t)n * VF_N, sizeof(*v));
	size_t m = 0;

	if (!pool || !v) {
		free(pool);
		free(v);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		has[i] = row_of(a, b, o, &rows[i], i - 1, pool);
		found += has[i];
		for (int f = 0; has[i] && f < VF_N; f++)
			if (f != VF_SMI || o->smi)
				v[m++] = &rows[i].v[f];
	}
	verdict_adjust(v, m, VERDICT_FDR);
	for (int i = 0; i < n; i++)
		if (has[i])
			row_marks(&rows[i]);
	free(pool);
	free(v);
	return found;
}

bool compare_table_segments(const struct segments *sg, bool smi, struct cmptable_run *a,
		       struct cmptable_run *b, struct cmptable_opts *o, unsigned *kb,
		       unsigned *ka)
{
	*ka = segments_count(sg) - 1;
	*kb = sg->before_k;
	if (*ka < 1 || *kb >= *ka || sg->seg[*ka].hwlat)
		return false;
	*a = (struct cmptable_run){ segments_series(sg, *kb, 0), sg->cur.ncpus };
	*b = (struct cmptable_run){ segments_series(sg, *ka, 0), sg->cur.ncpus };
	*o = (struct cmptable_opts){ CMPTABLE_MARGIN, sg->seg[*ka].osnoise == sg->seg[*kb].osnoise, smi,
				      NULL, NULL, false };
	return a->series && b->series;
}

/* "undecided ('?'): 12 more periods, 3 drifting, ...": the reasons of the table's '?' marks. */
static void undecided_line(FILE *out, const struct compare_table_row *row, const bool *has, int n,
			   bool smi)
{
	unsigned count[VW_N] = { 0 }, any = 0;

	for (int i = 0; i < n; i++)
		for (int f = 0; has[i] && f < VF_N; f++)
			if ((f != VF_SMI || smi) && row[i].v[f].kind == VK_UNDECIDED) {
				count[row[i].v[f].why < VW_N ? row[i].v[f].why : VW_NONE]++;
				any++;
			}
	if (!any)
		return;
	fputs("undecided ('?'):", out);
	for (int w = 0, k = 0; w < VW_N; w++)
		if (count[w])
			fprintf(out, "%s %u %s", k++ ? "," : "", count[w],
				w == VW_NONE ? "other" : verdict_why_name((enum verdict_why)w));
	fputc('\n', out);
}

void compare_table_print(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		    const struct cmptable_opts *o)
{
	int n = a->nseries > b->nseries ? a->nseries : b->nseries, rows;
	int ncells = o->smi ? CT_NCELLS : CT_SMI_A, ngroups = o->smi ? NGROUPS : NGROUPS - 1;
	int w[CT_NCELLS], wcpu = 3;
	struct compare_table_row *row = malloc((size_t)(n + 1) * sizeof(*row));
	bool *has = malloc((size_t)(n + 1) * sizeof(*has));
	char num[16];

	rows = row && has ? compare_table_rows(a, b, o, row, has) : -1;
	if (rows < 0) {
		free(row);
		free(has);
		fprintf(out, "out of memory\n");
		return;
	}
	/* Each column as wide as its widest cell, one space between columns. */
	for (int i = 0; i < ncells; i++)
		w[i] = (int)strlen(compare_table_labels[i]) > 6 ? (int)strlen(compare_table_labels[i]) : 6;
	for (int cpu = -1; cpu < n; cpu++) {
		if (!has[cpu + 1])
			continue;
		for (int i = 0; i < ncells; i++)
			if ((int)strlen(row[cpu + 1].cell[i]) > w[i])
				w[i] = (int)strlen(row[cpu + 1].cell[i]);
		if (snprintf(num, sizeof(num), "%d", cpu) > wcpu)
			wcpu = (int)strlen(num);
	}
	for (int g = 0; g < ngroups; g++) {
		int span = groups[g].n - 1, len = (int)strlen(groups[g].title);

		for (int i = 0; i < groups[g].n; i++)
			span += w[groups[g].first + i];
		if (len > span)
			w[groups[g].first] += len - span;
	}
	fprintf(out, "%*s", wcpu, "");
	for (int g = 0; g < ngroups; g++) {
		int span = groups[g].n - 1;

		for (int i = 0; i < groups[g].n; i++)
			span += w[groups[g].first + i];
		fprintf(out, " %*s", span, groups[g].title);
	}
	fprintf(out, "\n%*s", wcpu, "CPU");
	for (int i = 0; i < ncells; i++)
		fprintf(out, " %*s", w[i], compare_table_labels[i]);
	fputc('\n', out);
	for (int cpu = 0; cpu <= n; cpu++) {
		int c = cpu < n ? cpu : -1;

		if (!has[c + 1])
			continue;
		if (c < 0)
			fprintf(out, "%*s", wcpu, "all");
		else
			fprintf(out, "%*d", wcpu, cpu);
		for (int i = 0; i < ncells; i++)
			fprintf(out, " %*s", w[i], row[c + 1].cell[i]);
		fputc('\n', out);
	}
	if (!rows)
		fprintf(out, "no osnoise periods in either recording\n");
	else
		undecided_line(out, row, has, n + 1, o->smi);
	if (rows)
		fprintf(out, "per second of runtime, three significant digits; all: the CPUs measured "
			"in both, period by period; the marks hold a %g%% false discovery rate over "
			"the table.\nB against A, 95%% interval: '+' better, '!' worse, "
			"'=' no change (within +-%g%%), '?' undecided (more periods needed), ' ' not "
			"comparable; see STATISTICS in hwnoisetop(1)\n", VERDICT_FDR * 100,
			o->margin * 100);
	free(row);
	free(has);
}

/* A number for JSON: null when it is not finite. */
static void json_num(FILE *out, double x)
{
	if (isfinite(x))
		fprintf(out, "%.6g", x);
	else
		fputs("null", out);
}

static void json_row(FILE *out, const char *cpu, const struct verdict v[VF_N], bool smi)
{
	fprintf(out, "{\"cpu\":\"%s\"", cpu);
	for (int f = 0; f < VF_N; f++) {
		if (f == VF_SMI && !smi)
			continue;
		fprintf(out, ",\"%s\":{\"a\":", verdict_fig_name((enum verdict_fig)f));
		json_num(out, v[f].a);
		fputs(",\"b\":", out);
		json_num(out, v[f].b);
		fputs(",\"change_percent\":", out);
		json_num(out, v[f].change_pct);
		fputs(",\"ci95_percent\":", out);
		if (v[f].ci) {
			fputc('[', out);
			json_num(out, v[f].lo_pct);
			fputc(',', out);
			json_num(out, v[f].hi_pct);
			fputc(']', out);
		} else {
			fputs("null", out);
		}
		fprintf(out, ",\"verdict\":\"%s\"", verdict_kind_name(v[f].kind));
		fputs(",\"p\":", out);
		json_num(out, v[f].p);
		if (f == VF_MAXS) {
			fputs(",\"level_us\":", out);
			json_num(out, v[f].level);
			fputs(",\"share_a\":", out);
			json_num(out, v[f].share_a);
			fputs(",\"share_b\":", out);
			json_num(out, v[f].share_b);
		}
		if (v[f].drift)
			fputs(",\"drift\":true", out);
		if (v[f].kind == VK_UNDECIDED) {
			fprintf(out, ",\"why\":\"%s\"", verdict_why_key(v[f].why));
			fputs(",\"periods_needed\":", out);
			if (v[f].periods_needed)
				fprintf(out, "%llu", (unsigned long long)v[f].periods_needed);
			else
				fputs("null", out);
		}
		fputc('}', out);
	}
	fputc('}', out);
}

void compare_table_json(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		   const struct cmptable_opts *o)
{
	int n = a->nseries > b->nseries ? a->nseries : b->nseries, k = 0;
	struct compare_table_row *row = malloc((size_t)(n + 1) * sizeof(*row));
	bool *has = malloc((size_t)(n + 1) * sizeof(*has));
	bool ok = row && has && compare_table_rows(a, b, o, row, has) >= 0;
	char num[16];

	fprintf(out, "{\"margin_percent\":");
	json_num(out, o->margin * 100);
	fputs(",\"false_discovery_rate_percent\":", out);
	json_num(out, VERDICT_FDR * 100);
	fputs(",\"cpus\":[", out);
	for (int cpu = 0; ok && cpu <= n; cpu++) {
		int c = cpu < n ? cpu : -1;

		if (!has[c + 1])
			continue;
		snprintf(num, sizeof(num), "%d", c);
		fputs(k++ ? "," : "", out);
		json_row(out, c < 0 ? "all" : num, row[c + 1].v, o->smi);
	}
	fputc(']', out);
	if (o->causes)
		why_report_moved_json(out, o->causes_a, o->causes_b, n);
	fputs("}\n", out);
	free(row);
	free(has);
}
