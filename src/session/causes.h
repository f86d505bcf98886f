/*
 * causes: each measured CPU's periods paired with the evidence seen beside
 * them (evidence.h live, the recording's "ev" lines in a replay, the SMI
 * counts) and put down to their causes (cause.h), with conf.why; driven by
 * counters.c and the sink, held by the session (session_causes()).  A period waits for its SMI count (read in the gap after it)
 * until the CPU's next period or the end of the run; the clocksource
 * watchdog's visits (tscwd.h), read once a tick, go to the period whose
 * summary the read is the first to follow (with those of the reads that
 * came while it ran): a period that no read follows before the next one's
 * summary is not measured (causes.c says why).  Live with
 * osnoise:nmi_noise, each NMI's time waits for its period's summary, which
 * the ring buffer gives after them (causes_nmi_take()); in a replay the
 * recorded summaries carry it.
 */
#ifndef HWN_CAUSES_H
#define HWN_CAUSES_H

#include <stdbool.h>
#include <stdint.h>

#include "cause.h"
#include "cpuset.h"
#include "evidence.h"
#include "stats.h"

struct causes;

/*
 * measured: the CPUs measured; live: read the machine's evidence (a replay
 * gives it with causes_evidence()).  NULL without memory.
 */
struct causes *causes_new(int ncpus, const struct cpuset *measured, bool live);
/*
 * The tick: read the evidence of the measured CPUs and, from wd (NULL:
 * none), the watchdog's visits since the last tick (causes_tscwd() when
 * counted, else causes_tscwd_lost()).  False in a replay (nothing read).
 */
struct tscwd;
bool causes_tick(struct causes *c, const struct cpuset *measured, const struct tscwd *wd,
		 bool counted);
/* A counted period summary; smi: the SMIs are counted (the waiting period's are in). */
void causes_sample(struct causes *c, const struct osn_sample *smp, bool smi);
/*
 * Live: on, osnoise:nmi_noise is recorded (each NMI's time is given to
 * causes_nmi()); off, it is not available.  The times waiting are dropped.
 */
void causes_nmi_time(struct causes *c, bool on);
/*
 * The NMI times waiting dropped: tracing resumed after a pause, whose cut
 * window's NMIs would go to the next period's summary.
 */
void causes_nmi_drop(struct causes *c);
/* An NMI of ns on cpu (live, on): its period's, whose summary comes next. */
void causes_nmi(struct causes *c, int cpu, uint64_t ns);
/*
 * Live, on: the NMI time waiting for smp's CPU into smp (nmi_ns, nmi_time),
 * counted or not (so that a warm-up's stays out); nothing otherwise.
 */
void causes_nmi_take(struct causes *c, struct osn_sample *smp);
/* Why the NMI time is not measured, where it was not ("" without c). */
const char *causes_why_nmi_time(const struct causes *c);
/*
 * SMIs counted on cpu since the previous read: the waiting period's.  A
 * period is measured for SMIs when a read came while it waited and one
 * came while the period before it waited (the count is then its alone).
 */
void causes_smi(struct causes *c, int cpu, uint64_t count);
/*
 * A read of the clocksource watchdog's visits to cpu since the previous
 * one, the latest evidence's tscwd: the waiting period's if it is the
 * first read after its summary (the period is measured), else the next
 * period's; dropped before cpu's first period.
 */
void causes_tscwd(struct causes *c, int cpu, uint64_t visits);
/*
 * A read of cpu not counted (a pause, the warm-up, no count; null in the
 * recording): the waiting period, if no read came after it yet, is not
 * measured, and the visits read for the next period are dropped.
 */
void causes_tscwd_lost(struct causes *c, int cpu);
/*
 * An experiment's arm, before it is given cpu's next period: the visits
 * the reads gave while that period ran (reads after its predecessor's
 * first), in place of what the arm held for it (exp_causes.c).
 */
void causes_tscwd_next(struct causes *c, int cpu, uint64_t visits);
/* A replay's recorded evidence of cpu (evidence_cpu's -1: not measured). */
void causes_evidence(struct causes *c, int cpu, const struct evidence_cpu *ev);
/* The end: the waiting periods are counted; why_smi: why SMIs are not, if not. */
void causes_flush(struct causes *c, bool smi, const char *why_smi);
void causes_free(struct causes *c);
/*
 * A recording's "ev" line o (a replay): into *cp, made at the first for
 * ncpus CPUs; its CPU into *cpu, its visits ("tscwd") to the waiting
 * period.  -1 and *why on a line that is not one.
 */
struct jsonr_obj;
int causes_read(struct causes **cp, int ncpus, const struct jsonr_obj *o, int *cpu,
		const char **why);

/*
 * cpu's answer; false when none of its periods was counted.  Every CPU's
 * credits are held to the false discovery rate over all of this causes'
 * judgements (cause_adjust(), VERDICT_FDR), and its partner's
 * (causes_pair()): the answers are computed together once after each
 * change of the tallies and served from a cache.
 */
bool causes_answer(const struct causes *c, int cpu, struct cause_answer *a);
/*
 * a and b one family from now on: the two arms of an experiment, whose
 * credits are held to one false discovery rate over both arms' judgements
 * (an experiment's report reads both).  Freeing one leaves the other
 * alone again.
 */
void causes_pair(struct causes *a, struct causes *b);
/* Why cause k is not measured on cpu ("" when it is). */
const char *causes_why(const struct causes *c, int cpu, enum cause_kind k);
/* The latest evidence of cpu (all -1 before any). */
void causes_latest(const struct causes *c, int cpu, struct evidence_cpu *ev);

#endif
