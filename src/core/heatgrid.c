/*
 * heatgrid: see heatgrid.h.
 */
#include "heatgrid.h"

#include <stdlib.h>
#include <string.h>

int heatgrid_init(struct heatgrid *g, int ncpus, unsigned maxcols, uint64_t col_ns)
{
	memset(g, 0, sizeof(*g));
	if (ncpus < 1 || maxcols < 2 || !col_ns)
		return -1;
	g->cell = calloc((size_t)ncpus * maxcols, sizeof(*g->cell));
	if (!g->cell)
		return -1;
	g->ncpus = ncpus;
	g->maxcols = maxcols;
	g->col_ns = col_ns;
	return 0;
}

void heatgrid_free(struct heatgrid *g)
{
	free(g->cell);
	g->cell = NULL;
}

static uint32_t max32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

static void merge(struct heat_cell *d, const struct heat_cell *x)
{
	d->noise = max32(d->noise, x->noise);
	d->single = max32(d->single, x->single);
	d->hw = max32(d->hw, x->hw);
	d->nmi = max32(d->nmi, x->nmi);
	d->periods += x->periods;
}

/* Columns 2k and 2k+1 into k, on every row; the width doubles. */
static void fold(struct heatgrid *g)
{
	for (int c = 0; c < g->ncpus; c++) {
		struct heat_cell *row = &g->cell[(size_t)c * g->maxcols];

		for (unsigned k = 0; k < g->maxcols; k++) {
			struct heat_cell m = { 0 };

			if (2 * k < g->maxcols)
				merge(&m, &row[2 * k]);
			if (2 * k + 1 < g->maxcols)
				merge(&m, &row[2 * k + 1]);
			row[k] = m;
		}
	}
	g->col_ns *= 2;
	g->ncols = (g->ncols + 1) / 2;
}

unsigned heatgrid_col(const struct heatgrid *g, uint64_t t_ns)
{
	uint64_t k = t_ns / g->col_ns;

	return k > g->ncols ? g->ncols : (unsigned)k;
}

static uint32_t clamp32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

void heatgrid_add(struct heatgrid *g, int cpu, uint64_t t_ns, uint64_t runtime, uint64_t noise,
		  uint64_t single, uint64_t hw, uint64_t nmi)
{
	struct heat_cell x;
	uint64_t k;

	if (cpu < 0 || cpu >= g->ncpus)
		return;
	while ((k = t_ns / g->col_ns) >= g->maxcols)
		fold(g);
	x = (struct heat_cell){
		.noise = clamp32(runtime ? noise * 1000000 / runtime : 0),
		.single = clamp32(single), .hw = clamp32(hw), .nmi = clamp32(nmi), .periods = 1
	};
	merge(&g->cell[(size_t)cpu * g->maxcols + k], &x);
	if (k + 1 > g->ncols)
		g->ncols = (unsigned)k + 1;
}
