/*
 * tally: the unit tests' count of verdicts by kind.
 */
#ifndef HWN_TALLY_H
#define HWN_TALLY_H

#include "verdict.h"

struct tally {
	unsigned n, better, worse, same, undecided, notcmp;
};

static inline void count(struct tally *t, const struct verdict *v)
{
	t->n++;
	t->better += v->kind == VK_BETTER;
	t->worse += v->kind == VK_WORSE;
	t->same += v->kind == VK_SAME;
	t->undecided += v->kind == VK_UNDECIDED;
	t->notcmp += v->kind == VK_NOT_COMPARABLE;
}

#endif
