/*
 * prom_int: the --prometheus file's totals, shared by prom.c (adding and
 * rendering) and prom_hook.c (the session's hook that feeds and writes it).
 */
#ifndef HWN_PROM_INT_H
#define HWN_PROM_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "markers.h"
#include "prom.h"
#include "session.h"

#define PROM_SUFFIX ".prom"
#define MIN_INTERVAL_NS 900000000ULL	/* the tick is 1 s: never write twice in one */

enum { MODE_HWNOISE, MODE_OSNOISE, MODES };

/* osnoise/hwnoise totals of one CPU in one mode. */
struct osn_tot {
	bool seen;
	uint64_t periods, runtime, noise, hw, nmi, irq, softirq, thread;
	uint64_t last_noise, last_single;	/* the latest period's, us */
};

struct hwl_tot {
	bool seen;
	uint64_t samples, count, nmi, nmi_total;
};

struct prom_cpu {
	struct osn_tot m[MODES];
	struct hwl_tot hwl;
	bool smi_seen;
	uint64_t smi;
	bool missed_seen;
	uint64_t missed;		/* events dropped, as counted by the kernel */
	uint64_t missed_unknown;	/* drops the kernel did not count */
};

struct prom {
	char *path;
	char *tmp;			/* path.PID.tmp: no .prom suffix, same directory */
	struct prom_cpu *cpu;
	int ncpus;
	uint64_t markers;		/* markers set since the start */
	uint64_t marker_ms;		/* the latest one's wall-clock time, ms since the epoch */
	char marker_origin[MARKER_ORIGIN], marker_text[MARKER_TEXT];
	uint64_t last_write_ns;
	bool failing;			/* a write failed and was said; quiet until one works */
	struct session_hook hook;
};

#endif
