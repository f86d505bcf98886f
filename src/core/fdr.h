/*
 * fdr: the false discovery rate over a family of tests (Benjamini &
 * Hochberg 1995), the one step-up rule that verdict_adjust() (a
 * comparison's verdicts) and cause_adjust() (a run's credits) share.
 * Pure logic: no tracefs, no terminal, no globals.
 *
 * Of m tests with p-values p(1) <= ... <= p(m), those up to the largest
 * p(i) <= q i / m are discoveries: the expected share of false ones among
 * them is at most q; where nothing is real, the chance of any is at most q.
 */
#ifndef HWN_FDR_H
#define HWN_FDR_H

#include <stddef.h>

/*
 * The step-up threshold of the m p-values in p at rate q: a test is a
 * discovery when its p-value is at most it; -1 when none is.  p is sorted
 * in place.
 */
double fdr_cut(double *p, size_t m, double q);

#endif
