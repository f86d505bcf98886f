/*
 * orphans: osnoise and timerlat instances that other tools left running
 * with nobody reading them.  rtla restores only on SIGINT: a closed
 * terminal (SIGHUP) leaves its instance, e.g. osnoise_top, measuring on,
 * its CPUs spinning (with interrupts off under OSNOISE_IRQ_DISABLE).
 *
 * An instance is an orphan when no process has any of its files open
 * (every /proc/PID/fd is looked at) and none of its per-CPU buffers is
 * read during a short watch (rtla opens its buffers only while it reads,
 * once a second) although events were written to them.  A user that
 * reads once a second finds nothing to read between long osnoise
 * periods: when nothing is written during the watch, it goes on for one
 * period more; when still nothing is written (and tracing is on), a live
 * user between two reads can not be told from an orphan: it counts as in
 * use (idle).  Our own instances (hwnoisetop-*) are never orphans.
 */
#ifndef HWN_ORPHANS_H
#define HWN_ORPHANS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* How long a foreign instance's buffers are watched for a reader. */
#define ORPHANS_WATCH_MS 2500
/* A reader's time to read what was written (rtla reads once a second). */
#define ORPHANS_READ_MS 1500
/* The longest watch, for a long osnoise period. */
#define ORPHANS_WATCH_MAX_MS 12000
/* How often the buffers' counts are looked at during the watch. */
#define ORPHANS_STEP_MS 250

struct orphan {
	char name[256];		/* the instance directory's name */
	char tracer[32];	/* osnoise or timerlat */
	bool in_use;		/* someone has its files open or reads it, or idle */
	bool idle;		/* nothing written while watched: can not tell (in use) */
	unsigned watched_ms;	/* how long it was watched */
	pid_t user;		/* a process holding one of its files, or 0 */
};

/*
 * Is the instance name a foreign osnoise/timerlat one?  Then fill o (in_use
 * decided, watching up to ORPHANS_WATCH_MS) and return 0; else -1.
 */
int orphans_check(const char *tracing, const char *name, struct orphan *o);

/*
 * Foreign instances (not hwnoisetop-*) whose tracer is osnoise or timerlat,
 * each with in_use decided (orphans_check).  Returns how many (at most
 * max), or -1.
 */
int orphans_find(const char *tracing, struct orphan *out, int max);

/*
 * What an orphan costs, in words: "CPUs 1 spin with interrupts off 750000
 * of every 1000000 us" (from the shared osnoise settings, hwlat's for a
 * hwlat tracer); o->name "": the top level's.
 */
void orphans_cost(const char *tracing, const struct orphan *o, char *buf, size_t len);

/*
 * --cleanup --orphans: remove every unused foreign osnoise/timerlat
 * instance (tracing off, tracer nop, rmdir), then, when no osnoise or
 * timerlat user is left, put the osnoise settings back to the kernel's
 * defaults, saying on out each instance removed and each value written.
 * An osnoise, timerlat or hwlat tracer at the top level is said in one
 * line with the command that stops it, and left alone (hwnoisetop never
 * sets it).  Returns the number of failures.
 */
int orphans_cleanup(FILE *out, const char *tracing, int *done);

#endif
