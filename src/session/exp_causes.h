/*
 * exp_causes: --why in an interleaved A/B experiment (experiment.h): the
 * periods of arm A's counted blocks and those of arm B's each put down to
 * their causes, one struct causes (causes.h) an arm.  An arm is fed the
 * very periods its blocks count (settle periods and CPUs a block does not
 * take are left out), each with the evidence the session's own causes saw
 * beside it (its latest "ev", live or recorded) and the session's rule for
 * whether SMIs are counted; an SMI count goes to the arm that holds its
 * CPU's latest period, as causes.h gives it to the period waiting for it;
 * the clocksource watchdog's visits go to the period causes.h gives them
 * to, over all the CPU's periods (the one the read is the first after, or
 * the next), in whichever arm that period is.
 * A block's periods go in once the block is counted (exp_run.done): a
 * block lost, or the one a condition changed in, puts nothing in its arm.
 * The block driver feeds it from its hooks (session_experiment.c), the same
 * in a live run and in the replay of its recording (exp_replay.c), so that
 * both report the same; the report says which cause moved between the arms
 * (why_report_moved(), exp_report.c).  The two arms are one family: their
 * credits are held to one false discovery rate (causes_pair()).
 */
#ifndef HWN_EXP_CAUSES_H
#define HWN_EXP_CAUSES_H

#include <stdbool.h>
#include <stdint.h>

#include "experiment.h"
#include "stats.h"

struct causes;
struct exp_causes;

/* For CPUs 0..ncpus-1; NULL without memory. */
struct exp_causes *exp_causes_new(int ncpus);
/*
 * A counted period of the session (seen: its causes, whose latest evidence
 * of the CPU goes with it; smi: the SMIs are counted, as the session says
 * it): into arm (EXP_A, EXP_B) of block (0..n-1), or -1 when no arm counts
 * it, whose SMIs then go to neither.  A period of a later block counts the
 * blocks before it.
 */
void exp_causes_period(struct exp_causes *e, unsigned block, int arm,
		       const struct osn_sample *smp, const struct causes *seen, bool smi);
/* SMIs counted on cpu since the last read: its latest period's arm's. */
void exp_causes_smi(struct exp_causes *e, int cpu, uint64_t count);
/*
 * The clocksource watchdog's visits to cpu since the last tick (causes_tscwd()):
 * to the arm of the period they are given to, none when it is in no arm.
 */
void exp_causes_tscwd(struct exp_causes *e, int cpu, uint64_t visits);
/* A read of cpu not counted (null in the recording): causes_tscwd_lost(). */
void exp_causes_tscwd_lost(struct exp_causes *e, int cpu);
/*
 * The end, the first done blocks counted (exp_run.done): the last block's
 * periods go in if it is one of them, each arm's waiting periods are
 * counted; nothing is taken after it.
 */
void exp_causes_flush(struct exp_causes *e, unsigned done);
/* Arm side's attribution (causes_answer() reads it). */
const struct causes *exp_causes_arm(const struct exp_causes *e, enum exp_side side);
int exp_causes_ncpus(const struct exp_causes *e);
void exp_causes_free(struct exp_causes *e);

#endif
