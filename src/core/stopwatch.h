/*
 * stopwatch: measured time that starts, stops and restarts.  The session keeps
 * one per tracer view, restarted with that view's statistics, so that the
 * duration printed beside the figures is the time those figures took.
 */
#ifndef HWN_METER_H
#define HWN_METER_H

#include <stdint.h>

struct stopwatch {
	uint64_t total_ns;	/* measured before the current stint */
	uint64_t since_ns;	/* the current stint's start; 0: not running */
};

/* The clock stopwatches run on: CLOCK_MONOTONIC, in ns. */
uint64_t stopwatch_now(void);
/* Start (when stopped) and stop (when running) at now, in ns (never 0). */
void stopwatch_run(struct stopwatch *m, uint64_t now);
void stopwatch_halt(struct stopwatch *m, uint64_t now);
/* Forget what was measured; a running stopwatch goes on from now. */
void stopwatch_reset(struct stopwatch *m, uint64_t now);
/* Nanoseconds measured up to now. */
uint64_t stopwatch_ns(const struct stopwatch *m, uint64_t now);

#endif
