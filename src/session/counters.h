/*
 * counters: the machine's own counters kept beside the tracer during a
 * session: SMIs per CPU (smi.h) and the TSC watchdog's visits (tscwd.h).
 * The session (session_lifecycle.c, session.c, session_sink.c, session_loop.c) calls these hooks
 * at its start, on each summary, on its tick, around a tracer switch and
 * at its end; the counts go into the running source's view (its
 * count_smi, session.h).
 */
#ifndef HWN_COUNTERS_H
#define HWN_COUNTERS_H

#include <stdbool.h>
#include <stdint.h>

#include "stats.h"

struct session;

/* Open what conf asks for and read the baselines (no tracer running yet). */
void counters_start(struct session *s);
/* The tracer's instance exists and does not trace yet (start and switch): its smi_ready. */
void counters_tracer_ready(struct session *s);
/* A period summary arrived: ask for its CPU's SMI count if in the sleep gap. */
void counters_sample(struct session *s, const struct osn_sample *smp, uint64_t now_ns);
/*
 * The loop's tick, and after summaries (now_ns: CLOCK_MONOTONIC): pick up
 * counts; on a tick, ask for reads when the source wants them so (smi_each_tick).
 */
void counters_poll(struct session *s, uint64_t now_ns, bool tick);
/* SMIs counted on cpu, into the statistics as a read of the counter gives them (replay). */
void counters_add_smi(struct session *s, int cpu, uint64_t count);
/* The tracer stopped (switch or end): read every CPU now, to the tracer leaving. */
void counters_tracer_stopped(struct session *s, uint64_t now_ns);
/* The end: stop the reads and remove the watchdog's instance. */
void counters_finish(struct session *s);

#endif
