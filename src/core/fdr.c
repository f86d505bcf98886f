/*
 * fdr: the Benjamini-Hochberg step-up threshold.  See fdr.h.
 */
#include "fdr.h"

#include <stdlib.h>

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

double fdr_cut(double *p, size_t m, double q)
{
	qsort(p, m, sizeof(*p), cmp_double);
	for (size_t i = m; i > 0; i--)
		if (p[i - 1] <= q * (double)i / (double)m)
			return p[i - 1];
	return -1;
}
