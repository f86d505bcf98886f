/*
 * hwlat: control of the kernel's hwlat tracer (the hardware latency
 * detector) through a private instance.
 *
 * The tracer spins with interrupts off for "width" microseconds of every
 * "window" on one CPU at a time (mode round-robin, or none: no moving) or
 * on every CPU of the mask at once (per-cpu), and records a sample when a
 * gap between two clock reads exceeds tracing_thresh.  Its files
 * (hwlat_detector/width, window, mode, tracing_thresh) are global and are
 * changed only through settings, so they are saved first and restored on
 * every way out; the CPU mask is the private instance's own
 * tracing_cpumask, removed with it.  The kernel runs one hwlat tracer at a
 * time: a second one gets EBUSY.
 *
 * The kernel also remembers the threshold of the last hwlat run and uses
 * it when a run starts with tracing_thresh 0; the teardown leaves that
 * remembered value as it found it.
 */
#ifndef HWN_HWLAT_H
#define HWN_HWLAT_H

#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"
#include "tracer_conf.h"

struct tracefs_instance;

struct ledger;

struct hwlat {
	struct tracefs_instance *inst;
	/* The run's configuration (the session's): each live change is made in it. */
	struct hwlat_conf *conf;
	struct ledger *ledger;	/* the session's: every write goes through it */
	int dma_fd;		/* /dev/cpu_dma_latency held at 0 while on, or -1 */
	uint64_t last_thresh;	/* the kernel's remembered hwlat threshold, 0 = unknown */
	bool debug;
};

/*
 * Everything checked before any change: root, tracefs, the hwlat tracer,
 * and no other hwlat tracer running (top level or any instance).
 */
int hwlat_check(struct ledger *l, char *err, size_t errlen);

/*
 * Create the instance and write the configuration c (tracing still off); c
 * is kept in h->conf and follows the live changes.
 */
int hwlat_setup(struct hwlat *h, struct ledger *l, struct hwlat_conf *c, bool debug, char *err,
		size_t errlen);
/* Turn tracing on (and hold the CPUs out of deep idle states, as hwlatdetect). */
int hwlat_start(struct hwlat *h, char *err, size_t errlen);
void hwlat_stop(struct hwlat *h);
/* Remove the instance (settings_restore() puts the tracer's settings back). */
void hwlat_teardown(struct hwlat *h);

/* Live changes; each returns 0 or -1 with err. */
int hwlat_set_threshold(struct hwlat *h, uint64_t us, char *err, size_t errlen);
int hwlat_set_timing(struct hwlat *h, uint64_t window_us, uint64_t width_us, char *err,
		     size_t errlen);
int hwlat_set_mode(struct hwlat *h, enum hwlat_mode mode, char *err, size_t errlen);
int hwlat_set_cpus(struct hwlat *h, const struct cpuset *cpus, char *err, size_t errlen);

#endif
