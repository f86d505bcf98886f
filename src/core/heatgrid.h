/*
 * heatgrid: the report's CPU x time grid of noise, downsampled in time
 * with the maximum kept.  Columns start one period wide; when a sample
 * falls past the last column, neighbouring columns merge (each cell the
 * maximum of the two) and the width doubles, so the memory is bounded
 * (ncpus x maxcols cells) whatever the run's length.  Pure logic.
 */
#ifndef HWN_HEATGRID_H
#define HWN_HEATGRID_H

#include <stddef.h>
#include <stdint.h>

/* One cell: the largest of its periods' figures, and how many periods. */
struct heat_cell {
	uint32_t noise;		/* noise per second of runtime, us */
	uint32_t single;	/* max single, us */
	uint32_t hw, nmi;	/* events in one period */
	uint32_t periods;
};

struct heatgrid {
	int ncpus;
	unsigned maxcols, ncols;	/* columns allowed, columns used */
	uint64_t col_ns;		/* a column's width */
	struct heat_cell *cell;		/* [cpu * maxcols + col] */
};

/* 0; -1 without memory.  col_ns: the first width (a period), not 0. */
int heatgrid_init(struct heatgrid *g, int ncpus, unsigned maxcols, uint64_t col_ns);
void heatgrid_free(struct heatgrid *g);
/*
 * One period of cpu ending t_ns after the start: its runtime and noise
 * (us), max single (us), HW and NMI counts.  Out-of-range CPUs are ignored.
 */
void heatgrid_add(struct heatgrid *g, int cpu, uint64_t t_ns, uint64_t runtime, uint64_t noise,
		  uint64_t single, uint64_t hw, uint64_t nmi);
/* The column of a time (may be ncols when past the last sample). */
unsigned heatgrid_col(const struct heatgrid *g, uint64_t t_ns);
static inline const struct heat_cell *heatgrid_cell(const struct heatgrid *g, int cpu,
						    unsigned col)
{
	return &g->cell[(size_t)cpu * g->maxcols + col];
}

#endif
