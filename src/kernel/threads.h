/*
 * threads: the osnoise/N kernel threads' scheduling (-P) and cgroup (-C).
 *
 * The kernel creates one "osnoise/N" thread per measured CPU when tracing
 * starts, and creates them anew whenever osnoise/cpus or osnoise/options
 * is written or tracing is paused and resumed: what was applied to the
 * old threads is then lost.  threads_apply() finds the current threads
 * (children of kthreadd whose comm starts "osnoise/") and applies the
 * policy and the cgroup to every thread it has not seen before.
 */
#ifndef HWN_THREADS_H
#define HWN_THREADS_H

#include "why.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum threads_policy { THREADS_KEEP, THREADS_OTHER, THREADS_RR, THREADS_FIFO, THREADS_DEADLINE };

struct threads_sched {
	enum threads_policy policy;
	int prio;		/* nice for OTHER, 1-99 for RR/FIFO */
	uint64_t runtime_ns;	/* DEADLINE */
	uint64_t period_ns;	/* DEADLINE (deadline = period) */
};

/*
 * Parse "o:nice", "r:prio", "f:prio" or "d:runtime:period" (times in ns,
 * or with a us/ms/s suffix).  0, or -1 with a reason in *why.
 */
int threads_parse_priority(const char *arg, struct threads_sched *s, struct why *why);

/*
 * The cgroup.procs directory for -C: <cgroup2 mount>/<name>, or this
 * process's own cgroup when name is NULL or empty.  Nothing is changed.
 * 0, or -1 with a reason in *why.
 */
int threads_cgroup_dir(const char *name, char *dir, size_t size, struct why *why);

struct threads;

/* sched may be NULL or THREADS_KEEP; cgroup_dir may be NULL or "". */
struct threads *threads_new(const struct threads_sched *sched, const char *cgroup_dir);
void threads_free(struct threads *t);

/*
 * Apply to every osnoise/N thread not seen before.  Returns the number of
 * threads changed, or -1 with err.
 */
int threads_apply(struct threads *t, bool debug, char *err, size_t errlen);

/* The pids of the current osnoise/N threads, at most max.  Count. */
int threads_find(pid_t *pids, int max);

#endif
