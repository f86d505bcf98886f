/*
 * evidence: what the machine shows beside the tracer of each CPU's causes
 * of noise, read from the housekeeping CPU once a tick, never on a
 * measured CPU: the SMT siblings (topology) and their busy share since the
 * last read, the CPU's steal time (/proc/stat, in a guest only), thermal
 * throttling events (thermal_throttle/{core,package}_throttle_count).  The files are
 * read under a root ("" for the machine; a folder of recorded files for
 * the tests).  And the system's clocksource
 * (clocksource0/current_clocksource): changed or not from the first read.
 * The clocksource watchdog's visits (tscwd.h) travel in the same reading;
 * the session's causes fill them, evidence_get() leaves -1.
 */
#ifndef HWN_EVIDENCE_H
#define HWN_EVIDENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"

struct evidence;

/* The reading of one CPU since the previous evidence_read(); -1: not measured. */
struct evidence_cpu {
	int sibling_pm;		/* the busiest unmeasured sibling's busy share, per mille */
	int64_t steal_us;	/* steal time, us */
	int64_t throttle;	/* thermal throttling events */
	int64_t tscwd;		/* the clocksource watchdog's visits (causes.c fills it) */
	int clocksource;	/* 1: not the first read's clocksource, 0: the same */
};

/* measured: the CPUs measured (a sibling among them is busy with the measurement). */
struct evidence *evidence_open(const char *root, int ncpus, const struct cpuset *measured);
void evidence_close(struct evidence *e);
/* Read every CPU's counters now. */
void evidence_read(struct evidence *e);
/* Since the read before the last; all -1 before two reads. */
void evidence_get(const struct evidence *e, int cpu, struct evidence_cpu *out);
/* Why a figure is not measured on cpu: "no SMT sibling", "not a guest", ... ("" if it is). */
const char *evidence_why_sibling(const struct evidence *e, int cpu);
const char *evidence_why_steal(const struct evidence *e);
const char *evidence_why_thermal(const struct evidence *e, int cpu);
const char *evidence_why_clocksource(const struct evidence *e);
/* The clocksource of the first read and of the latest ("" where not read). */
const char *evidence_clocksource_first(const struct evidence *e);
const char *evidence_clocksource_now(const struct evidence *e);
bool evidence_guest(const struct evidence *e);

#endif
