/*
 * report_collect: see report_collect.h.
 */
#include "report_collect.h"

#include <stdlib.h>
#include <string.h>

#include "compare_table.h"
#include "report_forest.h"
#include "segments.h"

static void series_reset(struct verdict_series *v, int n)
{
	for (int i = 0; i < n; i++)
		verdict_series_init(&v[i]);
}

int report_collect_init(struct report_data *d, int ncpus, uint64_t period_ns, uint64_t duration_s,
		     double margin)
{
	unsigned maxcols = REPORT_CELLS / (unsigned)(ncpus > 0 ? ncpus : 1);
	uint64_t col_ns = period_ns ? period_ns : 1000000000ULL;

	memset(d, 0, sizeof(*d));
	if (maxcols > REPORT_COLS_MAX)
		maxcols = REPORT_COLS_MAX;
	if (maxcols < 8)
		maxcols = 8;
	/* A known length: columns of whole periods that fill the width once. */
	if (duration_s) {
		uint64_t periods = (duration_s * 1000000000ULL + col_ns - 1) / col_ns;

		col_ns *= (periods + maxcols - 1) / maxcols ? (periods + maxcols - 1) / maxcols : 1;
	}
	d->ncpus = ncpus;
	d->margin = margin;
	d->rows_left = REPORT_FOREST_ROWS;
	d->prev = calloc((size_t)ncpus, sizeof(*d->prev));
	d->cur = calloc((size_t)ncpus, sizeof(*d->cur));
	d->forest = open_memstream(&d->forest_buf, &d->forest_len);
	if (!d->prev || !d->cur || !d->forest || heatgrid_init(&d->g, ncpus, maxcols, col_ns) < 0)
		return -1;
	series_reset(d->cur, ncpus);
	return 0;
}

void report_collect_free(struct report_data *d)
{
	if (d->forest)
		fclose(d->forest);
	d->forest = NULL;
	free(d->forest_buf);
	free(d->prev);
	free(d->cur);
	free(d->marks);
	heatgrid_free(&d->g);
	memset(d, 0, sizeof(*d));
}

static void on_osnoise(void *ctx, const struct session *s, const struct osn_sample *smp,
		       bool counted)
{
	struct report_data *d = ctx;
	struct verdict_period p = { smp->runtime, smp->noise, smp->max_sample, smp->hw_count,
				    smp->nmi_count };
	uint64_t start = smp->ts > smp->runtime * 1000 ? smp->ts - smp->runtime * 1000 : 0, mid;

	(void)s;
	if (!counted || smp->cpu < 0 || smp->cpu >= d->ncpus)
		return;
	if (!d->started || start < d->t0) {
		d->t0 = d->started ? d->t0 : start;
		d->started = true;
	}
	if (smp->ts > d->last)
		d->last = smp->ts;
	/* At the period's middle: the end's jitter between CPUs moves no period a column. */
	mid = smp->ts - smp->runtime * 500;
	heatgrid_add(&d->g, smp->cpu, mid > d->t0 ? mid - d->t0 : 0, smp->runtime,
		     smp->noise, smp->max_sample, smp->hw_count, smp->nmi_count);
	verdict_series_add(&d->cur[smp->cpu], &p);
	d->cur_periods++;
}

static void on_smi(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted)
{
	struct report_data *d = ctx;

	(void)s;
	if (counted && cpu >= 0 && cpu < d->ncpus) {
		verdict_series_smi(&d->cur[cpu], count);
		d->smi = true;
	}
}

/* The open segment against the one before it, into the forest. */
static void close_pair(struct report_data *d, const struct session *s)
{
	const struct segments *sg = session_segments(s);
	struct cmptable_run a = { d->prev, d->ncpus }, b = { d->cur, d->ncpus };
	struct cmptable_opts o = { d->margin, true, d->smi, NULL, NULL, false };
	struct compare_table_row *rows;
	bool *has;

	if (!d->have_prev || !d->cur_periods)
		return;
	if (d->pairs >= REPORT_PAIRS_MAX) {
		d->pairs_left_out++;
		return;
	}
	rows = calloc((size_t)d->ncpus + 1, sizeof(*rows));
	has = calloc((size_t)d->ncpus + 1, sizeof(*has));
	if (rows && has && compare_table_rows(&a, &b, &o, rows, has) > 0) {
		report_forest(d->forest, &sg->marks, d->prev_k, d->cur_k, rows, has, d->ncpus + 1,
			      &o, &d->rows_left);
		d->pairs++;
	}
	free(rows);
	free(has);
}

/* Marker m closes the open segment: its place on the grid, then the pair. */
static void mark(struct report_data *d, const struct session *s, const struct marker *m)
{
	struct report_mark *rm = realloc(d->marks, (d->nmarks + 1) * sizeof(*rm));
	struct verdict_series *t;

	if (rm) {
		d->marks = rm;
		d->marks[d->nmarks++] = (struct report_mark){ m->num,
							      d->last > d->t0 ? d->last - d->t0 : 0 };
	}
	close_pair(d, s);
	if (d->cur_periods) {
		t = d->prev;
		d->prev = d->cur;
		d->cur = t;
		d->prev_k = d->cur_k;
		d->have_prev = true;
	}
	series_reset(d->cur, d->ncpus);
	d->cur_periods = 0;
	d->cur_k = m->num;
}

void report_collect_sync(struct report_data *d, const struct session *s)
{
	const struct markers *ms = &session_segments(s)->marks;

	for (; d->seen < ms->n; d->seen++)
		if (ms->m[d->seen].num)
			mark(d, s, &ms->m[d->seen]);
}

static void on_mark(void *ctx, const struct session *s)
{
	report_collect_sync(ctx, s);
}

struct session_hook report_collect_hook(struct report_data *d)
{
	return (struct session_hook){ .ctx = d, .osnoise = on_osnoise, .smi = on_smi,
				      .mark = on_mark };
}

void report_collect_finish(struct report_data *d, const struct session *s)
{
	report_collect_sync(d, s);
	close_pair(d, s);
	fflush(d->forest);
}
