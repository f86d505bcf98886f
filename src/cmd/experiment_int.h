/*
 * experiment_int: what the experiment's live run (experiment_cmd.c) and
 * its replay (exp_replay.c) share: one knob's run and the hooks that put
 * each period into its block.
 */
#ifndef HWN_EXPERIMENT_INT_H
#define HWN_EXPERIMENT_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "exp_report.h"
#include "cpuset.h"
#include "knobs.h"
#include "session.h"

/* One knob's run inside its session. */
struct xrun {
	struct exp_run *r;
	enum sysknob_id id;
	char want_b[SYSKNOB_VALUE_LEN];	/* "": the next value */
	char expect[SYSKNOB_VALUE_LEN];	/* the knob's value as last set or seen */
	char err[256];			/* why the knob could not be set */
	struct exp_phase ph;		/* now; done: periods are not taken */
	uint64_t t0;			/* the first block's start; 0: not begun */
	struct cpuset take;		/* counted: the CPUs whose periods it takes */
	bool take_all;			/* ... or every CPU's */
	bool begun, over, outside, failed, quiet;
};

/* A counted phase's CPUs, longer lists are "any" (its marker says them). */
#define EXP_CPUS_TEXT 30
/* From a phase marker's text: the CPUs a counted phase takes ("..., counted, CPUs 0,2"). */
void exp_phase_cpus(struct xrun *x, const char *text);

/* The session's hooks (ctx: struct xrun): a period, SMIs into the block of x->ph. */
void exp_hook_osnoise(void *ctx, const struct session *s, const struct osn_sample *smp,
		      bool counted);
void exp_hook_smi(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted);

/* experiment --replay FILE: the report the recorded experiment printed; the exit status. */
int exp_replay(const char *path, bool json);

#endif
