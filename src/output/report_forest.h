/*
 * report_forest: one before/after pair of hwnoisetop report (segment a
 * against the segment b after it): the verdicts in words, then a forest
 * plot, one row per CPU and figure (the CPUs together first), each the
 * change with its 95% interval against the margin, marked as compare
 * marks it (the rows of compare_table_rows()).  Inline SVG; text escaped.
 */
#ifndef HWN_REPORT_FOREST_H
#define HWN_REPORT_FOREST_H

#include <stdbool.h>
#include <stdio.h>

#include "compare_table.h"
#include "markers.h"

/* Rows of the plot a CPU: the figures drawn (SMI only when counted). */
int report_forest_figs(bool smi);

/*
 * The section of segments ka (before) and kb (after), markers ms: rows[0]
 * all, rows[1 + cpu], has[] which exist, n of each.  budget: the rows
 * the page may still draw, less those drawn; when every CPU's would not
 * fit, only all and the CPUs with a figure better or worse are drawn,
 * and the section says how many are left out.
 */
void report_forest(FILE *out, const struct markers *ms, unsigned ka, unsigned kb,
		   const struct compare_table_row *rows, const bool *has, int n,
		   const struct cmptable_opts *o, unsigned *budget);

#endif
