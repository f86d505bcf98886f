/*
 * exp_causes: the two arms' attribution of an experiment.  See exp_causes.h.
 *
 * A block is counted once the next one begins, or at the end when the run
 * counts it (exp_run.done): until then its periods and their SMI counts
 * wait in order in a list, and go into their arm's causes when it is
 * counted (a block lost, or the one a condition changed in, never does).
 * The clocksource watchdog's visits wait as the SMI counts do.  Which
 * period a read of them is given to is decided here, over all the CPU's
 * periods, by causes.c's rule: a read that is the first after a summary
 * goes to that period's arm (-1: to none); the later ones, until the next
 * summary, saw the next period run, and go with it (a period's event
 * carries them, given with causes_tscwd_next()), whatever its arm.  An
 * arm's own waiting period, which another arm's period followed before any
 * read, is left unread: not measured.
 */
#include "exp_causes.h"

#include <stdlib.h>

#include "causes.h"
#include "evidence.h"

/* What a waiting event is. */
enum exp_causes_kind {
	EXP_CAUSES_PERIOD,		/* a period, its SMIs not counted */
	EXP_CAUSES_PERIOD_SMI,		/* a period, its SMIs counted */
	EXP_CAUSES_SMI,			/* an SMI count */
	EXP_CAUSES_TSCWD,		/* the watchdog's visits */
};

/* A period of the open block with what went with it, or an SMI or visit count of one. */
struct exp_causes_event {
	enum exp_causes_kind kind;
	struct osn_sample smp;		/* smp.cpu alone for a count */
	struct evidence_cpu ev;
	uint64_t n;			/* a count: the SMIs or the visits; a period: the
					   visits read while it ran, before its summary */
	signed char arm;
};

/* A CPU's latest period and the watchdog's reads after it (causes.c's rule). */
enum exp_causes_wd {
	EXP_CAUSES_WD_NONE,		/* no period yet: a read is dropped */
	EXP_CAUSES_WD_OPEN,		/* no read since its summary: the next is its */
	EXP_CAUSES_WD_READ,		/* its read came: later ones are the next period's */
	EXP_CAUSES_WD_LOST,		/* a read not counted came first */
};

struct exp_causes {
	int ncpus;
	unsigned char *wd;	/* a CPU's enum exp_causes_wd */
	uint64_t *next;		/* the visits read for a CPU's next period */
	struct causes *arm[2];
	signed char *last;	/* a CPU's latest period's arm: EXP_A, EXP_B, -1 none */
	unsigned *last_block;	/* ... and its block */
	bool smi;		/* SMIs counted, as the session said at the latest period */
	bool closed;		/* flushed: nothing more is taken */
	unsigned block;		/* the open block, whose events wait */
	bool open;
	struct exp_causes_event *wait;
	size_t nwait, capwait;
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
	e->last_block = calloc((size_t)ncpus, sizeof(*e->last_block));
	e->wd = calloc((size_t)ncpus, sizeof(*e->wd));
	e->next = calloc((size_t)ncpus, sizeof(*e->next));
	if (!e->arm[EXP_A] || !e->arm[EXP_B] || !e->last || !e->last_block || !e->wd ||
	    !e->next) {
		exp_causes_free(e);
		return NULL;
	}
	for (int i = 0; i < ncpus; i++)
		e->last[i] = -1;
	causes_pair(e->arm[EXP_A], e->arm[EXP_B]);	/* one false discovery rate over both arms */
	return e;
}

/* The open block's events into their arms' causes, in their order. */
static void commit(struct exp_causes *e)
{
	for (size_t i = 0; i < e->nwait; i++) {
		const struct exp_causes_event *w = &e->wait[i];

		struct causes *c = e->arm[w->arm];

		switch (w->kind) {
		case EXP_CAUSES_PERIOD:
		case EXP_CAUSES_PERIOD_SMI:
			causes_tscwd_next(c, w->smp.cpu, w->n);
			causes_evidence(c, w->smp.cpu, &w->ev);
			causes_sample(c, &w->smp, w->kind == EXP_CAUSES_PERIOD_SMI);
			break;
		case EXP_CAUSES_SMI:
			causes_smi(c, w->smp.cpu, w->n);
			break;
		case EXP_CAUSES_TSCWD:
			causes_tscwd(c, w->smp.cpu, w->n);
			break;
		}
	}
	e->nwait = 0;
}

/* One more waiting event; NULL without memory (the event is lost). */
static struct exp_causes_event *wait_one(struct exp_causes *e)
{
	if (e->nwait == e->capwait) {
		size_t cap = e->capwait ? 2 * e->capwait : 256;
		struct exp_causes_event *w = realloc(e->wait, cap * sizeof(*w));

		if (!w)
			return NULL;
		e->wait = w;
		e->capwait = cap;
	}
	return &e->wait[e->nwait++];
}

void exp_causes_period(struct exp_causes *e, unsigned block, int arm,
		       const struct osn_sample *smp, const struct causes *seen, bool smi)
{
	struct exp_causes_event *w;
	uint64_t next;

	if (!e || e->closed || smp->cpu < 0 || smp->cpu >= e->ncpus)
		return;
	e->smi = smi;
	next = e->next[smp->cpu];
	e->next[smp->cpu] = 0;
	e->wd[smp->cpu] = EXP_CAUSES_WD_OPEN;
	e->last[smp->cpu] = (signed char)(arm == EXP_A || arm == EXP_B ? arm : -1);
	if (e->last[smp->cpu] < 0)
		return;
	if (e->open && block != e->block)
		commit(e);	/* a block began after it: it is counted */
	e->block = block;
	e->open = true;
	e->last_block[smp->cpu] = block;
	if (!(w = wait_one(e)))
		return;
	*w = (struct exp_causes_event){ .kind = smi ? EXP_CAUSES_PERIOD_SMI : EXP_CAUSES_PERIOD,
					.smp = *smp, .n = next, .arm = (signed char)arm };
	causes_latest(seen, smp->cpu, &w->ev);
}

/* A count of kind (EXP_CAUSES_SMI, EXP_CAUSES_TSCWD) on cpu: its latest period's. */
static void take_count(struct exp_causes *e, int cpu, uint64_t n, enum exp_causes_kind kind)
{
	struct exp_causes_event *w;

	if (!e || e->closed || cpu < 0 || cpu >= e->ncpus || e->last[cpu] < 0)
		return;
	if (!e->open || e->last_block[cpu] != e->block) {	/* its period's block is counted */
		if (kind == EXP_CAUSES_TSCWD)
			causes_tscwd(e->arm[e->last[cpu]], cpu, n);
		else
			causes_smi(e->arm[e->last[cpu]], cpu, n);
		return;
	}
	if ((w = wait_one(e)))
		*w = (struct exp_causes_event){ .kind = kind, .smp = { .cpu = cpu }, .n = n,
						.arm = e->last[cpu] };
}

void exp_causes_smi(struct exp_causes *e, int cpu, uint64_t count)
{
	take_count(e, cpu, count, EXP_CAUSES_SMI);
}

void exp_causes_tscwd(struct exp_causes *e, int cpu, uint64_t visits)
{
	if (!e || e->closed || cpu < 0 || cpu >= e->ncpus)
		return;
	switch ((enum exp_causes_wd)e->wd[cpu]) {
	case EXP_CAUSES_WD_NONE:
		break;
	case EXP_CAUSES_WD_OPEN:
		e->wd[cpu] = EXP_CAUSES_WD_READ;
		take_count(e, cpu, visits, EXP_CAUSES_TSCWD);
		break;
	case EXP_CAUSES_WD_READ:
	case EXP_CAUSES_WD_LOST:
		e->next[cpu] += visits;
		break;
	}
}

void exp_causes_tscwd_lost(struct exp_causes *e, int cpu)
{
	if (!e || e->closed || cpu < 0 || cpu >= e->ncpus)
		return;
	if (e->wd[cpu] == EXP_CAUSES_WD_OPEN)
		e->wd[cpu] = EXP_CAUSES_WD_LOST;
	e->next[cpu] = 0;
}

void exp_causes_flush(struct exp_causes *e, unsigned done)
{
	if (!e || e->closed)
		return;
	if (e->open && e->block < done)
		commit(e);
	e->nwait = 0;
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
	free(e->last_block);
	free(e->wd);
	free(e->next);
	free(e->wait);
	free(e);
}
