/*
 * compare_cells: the cells of one CPU's row in a compare table (hwnoisetop
 * compare, compare_table.h, and the dashboard's compare view, d), and the
 * settings of the two runs compared that differ.  Pure logic: both front
 * ends lay the same cells out, one as text, one on the screen.
 *
 * Each figure is a pair, before then after; the after cell ends in its
 * mark, '+' better or '!' worse, only when the two cells print
 * differently (a change too small to show is no change).  Rates per
 * second of runtime have three significant digits (format_rate()).
 */
#ifndef HWN_CMPCELLS_H
#define HWN_CMPCELLS_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"
#include "segments.h"
#include "stats.h"
#include "tracer_conf.h"

enum cmp_cell {
	CMP_NOISE_B, CMP_NOISE_A, CMP_PCT,	/* noise us per s, its change in percent */
	CMP_AVAIL_B, CMP_AVAIL_A,		/* % CPU available, as the kernel prints it */
	CMP_HW_B, CMP_HW_A,			/* HW events per s */
	CMP_NMI_B, CMP_NMI_A,
	CMP_SMI_B, CMP_SMI_A,
	CMP_NCELLS
};

struct cmp_row {
	char cell[CMP_NCELLS][32];
	enum format_class k[CMP_NCELLS];	/* the change's class (after cells, CMP_PCT) */
};

/*
 * The row of a CPU measured before (b) and after (a), either NULL or
 * without periods: "-".  False when neither has periods.
 */
bool compare_cells_row(const struct seg_row *b, const struct seg_row *a, struct cmp_row *row);

/* One run's settings that decide its figures. */
struct cmp_conf {
	const struct osnoise_conf *osn;
	bool smi;		/* SMIs were counted */
};

/* The settings that change what a figure means (mode, period, runtime, threshold) are the same. */
bool compare_cells_comparable(const struct cmp_conf *a, const struct cmp_conf *b);

/* "hwnoise  CPUs 0-3  period 1000000 us  runtime 1000000 us  threshold 1 us  SMIs counted". */
char *compare_cells_conf(const struct cmp_conf *c, char *buf, size_t size);

#define CMP_DIFFS_MAX 6
#define CMP_DIFF_LEN 160

/*
 * The settings of b and a that differ, one line each ("period differs:
 * 1000000 us vs 100000 us; figures are per second of runtime"), into
 * line[]; their count.
 */
int compare_cells_diffs(const struct cmp_conf *b, const struct cmp_conf *a,
		   char line[CMP_DIFFS_MAX][CMP_DIFF_LEN]);

#endif
