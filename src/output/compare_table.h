/*
 * compare_table: "hwnoisetop compare A.jsonl B.jsonl"'s table (the command
 * is src/cmd/compare_cmd.c), two recordings (--record) side by side per CPU with the figures of the dashboard's compare view
 * (segments_rates(), format.h): noise per second of runtime and its
 * change, % CPU available, HW and NMI per second of runtime, and SMIs per
 * second where both runs counted them.  Plain text, no terminal needed.
 * Recordings of different modes (hwnoise, osnoise, hwlat) are refused:
 * osnoise counts IRQ, softirq and thread noise, hwnoise does not.
 */
#ifndef HWN_CMPTABLE_H
#define HWN_CMPTABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "stats.h"
#include "verdict.h"

/* One recording's periods: its CPUs' series (verdict.h), nseries of them. */
struct cmptable_run {
	const struct verdict_series *series;
	int nseries;
};

#define CMPTABLE_MARGIN 0.10	/* the equivalence margin unless --margin says */

struct cmptable_opts {
	double margin;		/* the equivalence margin, a fraction (0.10) */
	bool comparable;	/* period, runtime and threshold are the same */
	bool smi;		/* both counted SMIs */
	/* compare --json: each side's causes (--why), NULL none. */
	const struct causes *causes_a, *causes_b;
	bool causes;		/* --json says causes_moved */
};

enum ct_cell {
	CT_NOISE_A, CT_NOISE_B, CT_PCT, CT_CI, CT_AVAIL_A, CT_AVAIL_B, CT_HW_A, CT_HW_B, CT_NMI_A,
	CT_NMI_B, CT_MAXS_A, CT_MAXS_AM, CT_MAXS_B, CT_MAXS_BM, CT_SMI_A, CT_SMI_B, CT_NCELLS
};
/* The cells' titles: "A", "B", "change", "95% interval", ..., "A p99", "A max", ... */
extern const char *const compare_table_labels[CT_NCELLS];

/* One row: its cells (a B cell ends in its verdict's mark) and each figure's verdict. */
struct compare_table_row {
	char cell[CT_NCELLS][40];
	struct verdict v[VF_N];
};
/* The figure whose verdict a B cell shows, or -1 (an A cell, the change, the interval). */
int compare_table_cell_fig(int cell);

/*
 * The row of cpu (-1: "all", the CPUs measured on both sides pooled
 * period by period) of b against a, into row: 1; 0 when neither side has
 * that CPU's periods.  pool: room for two series (the pooled ones of all).
 * Its marks are this row's alone, before the false discovery rate over a
 * whole table (compare_table_rows(), which every table and view shows).
 */
int compare_table_row(const struct cmptable_run *a, const struct cmptable_run *b,
		 const struct cmptable_opts *o, struct compare_table_row *row, int cpu,
		 struct verdict_series pool[2]);

/*
 * Every row of b against a, as the table shows them: rows[0] "all",
 * rows[1 + cpu] each CPU's, has[i] whether it exists (both have room for
 * the larger run's CPUs plus one); the marks are those left by the false
 * discovery rate over every verdict of the table (verdict_adjust(),
 * Benjamini-Hochberg at VERDICT_FDR).  The rows found, -1 without memory.
 */
int compare_table_rows(const struct cmptable_run *a, const struct cmptable_run *b,
		  const struct cmptable_opts *o, struct compare_table_row *rows, bool *has);

struct segments;
struct causes;
/*
 * The pair the compare view shows, of the segments: the newest osnoise
 * segment before the latest marker (a, marker *ka_num) against the open
 * one (b); false without a marker, their distributions, or when the open
 * segment is a stretch of the hwlat view.
 */
bool compare_table_segments(const struct segments *sg, bool smi, struct cmptable_run *a,
		       struct cmptable_run *b, struct cmptable_opts *o, unsigned *kb,
		       unsigned *ka);

/*
 * The table of a against b: per CPU and for all CPUs, each figure's
 * verdict (verdict.h) as the mark of its B cell, the noise change's 95%
 * interval, max single's p99 and largest.
 */
void compare_table_print(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		    const struct cmptable_opts *o);
/* compare --json: the same as one JSON object. */
void compare_table_json(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		   const struct cmptable_opts *o);

#endif
