/*
 * neighbours: another user of the osnoise tracer beside this run.  The
 * kernel lets a second osnoise tracer start next to ours (rtla hwnoise or
 * osnoise in their own instance, or the top level's current_tracer) and
 * the two share the osnoise settings (period, runtime, options, CPUs):
 * from then on neither measures what it set up.  Looked for on the loop's
 * 1 s tick, in the top level and every instance that is not this run's.
 */
#ifndef HWN_NEIGHBOURS_H
#define HWN_NEIGHBOURS_H

#include <stddef.h>

struct session;

/*
 * Who uses osnoise beside us now, in words ("instance rtla_hwnoise",
 * "the top level"), "" for nobody; only names not in ours[] (NULL-ended
 * list of our instances' names) count.  tracing is the tracefs directory.
 */
void neighbours_find(const char *tracing, const char *const *ours, char *who, size_t len);

/*
 * The tick's look: when another user appears or goes, a marker (origin
 * "kernel"), s->neighbour holds it while it runs (for a header line), and
 * a line for the exit report is added to s->neighbour_log.
 */
void neighbours_check(struct session *s);

#endif
