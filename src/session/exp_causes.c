/*
 * exp_causes: the two arms' attribution of an experiment.  See exp_causes.h.
 */
#include "exp_causes.h"

#include <stdlib.h>

#include "causes.h"

struct exp_causes {
	int ncpus;
	struct causes *arm[2];
	signed char *last;	/* a CPU's latest period's arm: EXP_A, EXP_B, -1 none */
	bool smi;		/* SMIs counted, as the session said at the latest period */
	bool closed;		/* flushed: nothing more is taken */
};

struct exp_causes *exp_causes_new(int ncpus)
{
	struct exp_causes *e = ncpus > 0 ? calloc(1, sizeof(*e)) : NULL;

	if (!e)
		return NULL;
	e->ncpus = ncpus;
	e->arm[EXP_A] = causes_new(ncpus, NULL, false);
	e->arm[EXP_B] = causes_new(ncpus, NULL, false);
	e->last = malloc((size_t)ncpus);
	if (!e->arm[EXP_A] || !e->arm[EXP_B] || !e->last) {
		exp_causes_free(e);
		return NULL;
	}
	for (int i = 0; i < ncpus; i++)
		e->last[i] = -1;
	return e;
}

void exp_causes_period(struct exp_causes *e, int arm, const struct osn_sample *smp,
		       const struct causes *seen, bool smi)
{
	struct evidence_cpu ev;

	if (!e || e->closed || smp->cpu < 0 || smp->cpu >= e->ncpus)
		return;
	e->smi = smi;
	e->last[smp->cpu] = (signed char)(arm == EXP_A || arm == EXP_B ? arm : -1);
	if (e->last[smp->cpu] < 0)
		return;
	causes_latest(seen, smp->cpu, &ev);
	causes_evidence(e->arm[arm], smp->cpu, &ev);
	causes_sample(e->arm[arm], smp, smi);
}

void exp_causes_smi(struct exp_causes *e, int cpu, uint64_t count)
{
	if (e && !e->closed && cpu >= 0 && cpu < e->ncpus && e->last[cpu] >= 0)
		causes_smi(e->arm[e->last[cpu]], cpu, count);
}

void exp_causes_flush(struct exp_causes *e)
{
	if (!e || e->closed)
		return;
	e->closed = true;
	for (int k = EXP_A; k <= EXP_B; k++)
		causes_flush(e->arm[k], e->smi, "SMIs not counted");
}

const struct causes *exp_causes_arm(const struct exp_causes *e, enum exp_side side)
{
	return e && (side == EXP_A || side == EXP_B) ? e->arm[side] : NULL;
}

int exp_causes_ncpus(const struct exp_causes *e)
{
	return e ? e->ncpus : 0;
}

void exp_causes_free(struct exp_causes *e)
{
	if (!e)
		return;
	causes_free(e->arm[EXP_A]);
	causes_free(e->arm[EXP_B]);
	free(e->last);
	free(e);
}
