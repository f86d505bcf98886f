/*
 * session_exp: the block driver of the interleaved A/B experiment
 * (experiment.h), what its live run (session_experiment.c, driven from
 * the session's loop for the command and the dashboard alike) and its
 * replay (exp_replay.c) share: one knob's run and the hooks that put each
 * period into its block.
 */
#ifndef HWN_SESSION_EXP_H
#define HWN_SESSION_EXP_H

#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"
#include "exp_causes.h"
#include "experiment.h"
#include "sysknobs.h"
#include "session.h"

/* One knob's run inside its session. */
struct xrun {
	struct exp_run *r;
	enum sysknob_id id;
	char want_b[SYSKNOB_VALUE_LEN];	/* "": the next value */
	char expect[SYSKNOB_VALUE_LEN];	/* the knob's value as last set or seen */
	char orig[SYSKNOB_VALUE_LEN];	/* its value when the experiment began */
	char err[256];			/* why the knob could not be set */
	struct exp_phase ph;		/* now; done: periods are not taken */
	struct exp_clock clk;		/* the design's clock, on the loop's ticks */
	struct cpuset take;		/* counted: the CPUs whose periods it takes */
	bool take_all;			/* ... or every CPU's */
	bool begun, over, outside, failed, quiet;
	bool switching;			/* its own knob changes now: what changes with it is its */
	char changed[80];		/* a condition it did not change, seen: "what (origin)" */
	unsigned change_block;		/* ... in this block (1..n) */
	bool end_run;			/* its end ends the run; else the knob goes back */
	struct exp_run own;		/* r when the caller gave none (the dashboard) */
	struct session_hook hook;	/* the session's hook while it runs */
	bool hooked;
	struct exp_causes *why;		/* each arm's causes (exp_causes.h), with the session's */
};

/* A counted phase's CPUs, longer lists are "any" (its marker says them). */
#define EXP_CPUS_TEXT 30
/* From a phase marker's text: the CPUs a counted phase takes ("..., counted, CPUs 0,2"). */
void session_experiment_phase_cpus(struct xrun *x, const char *text);

/*
 * The session's hooks (ctx: struct xrun): a period, SMIs (and the watchdog's
 * visits) into the block of x->ph, and, when the session puts its periods down to their causes
 * (session_causes()), into the arm of that block (x->why, made at the first).
 */
void session_experiment_hook_osnoise(void *ctx, const struct session *s, const struct osn_sample *smp,
		      bool counted);
void session_experiment_hook_smi(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted);
/* The clocksource watchdog's visits of a tick (evidence_cpu's tscwd), as SMIs are taken. */
void session_experiment_hook_evidence(void *ctx, const struct session *s, int cpu,
				      const struct evidence_cpu *ev);

/*
 * The end of the experiment's periods (done, cut, the recording's end): x->why flushed,
 * the first x->r->done blocks counted (set it first).
 */
void session_experiment_over(struct xrun *x);

/* The experiment of s as it stands (NULL: none was started). */
const struct xrun *session_experiment_run(const struct session *s);
/* session_finish(): the run ended with the experiment under way: its cut, in the recording too. */
void session_experiment_ended(struct session *s);

#endif
