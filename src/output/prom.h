/*
 * prom: --prometheus FILE, the run's figures in the Prometheus text
 * exposition format for node_exporter's textfile collector, rewritten
 * atomically about once a second (a temporary file in the same directory,
 * fsync, rename: a reader sees the old file or the new one, never half).
 *
 * Counters (_total) count every summary and sample the kernel gave since
 * the program started, from totals kept here: a reset of the view's
 * statistics (R, i, w, the end of a warm-up) never takes them down.
 * Gauges are the view's figures, the table's rows (report_row()).
 * Metric names and meanings: the man page's PROMETHEUS section
 * (src/mkexport.c).
 */
#ifndef HWN_PROM_H
#define HWN_PROM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cpuset.h"
#include "hwlat_stats.h"
#include "markers.h"
#include "stats.h"

/* The longest FILE taken, with its NUL. */
#define PROM_PATH_MAX 1024

struct prom;
struct session;
struct causes;
struct session_conf;

/*
 * The file must end in ".prom" (and be more than that), be shorter than
 * PROM_PATH_MAX and be writable
 * (env_check_output()): 0, or -1 with why.
 */
int prom_check_path(const char *path, char *why, size_t len);

struct prom *prom_new(const char *path);
void prom_free(struct prom *p);

/* The totals: one summary measured in osnoise mode (osnoise) or hwnoise. */
void prom_add_osnoise(struct prom *p, bool osnoise, const struct osn_sample *smp);
void prom_add_hwlat(struct prom *p, const struct hwl_sample *smp);
void prom_add_smi(struct prom *p, int cpu, uint64_t count);
/* Events the ring buffer dropped: count, or LOST_UNKNOWN. */
void prom_add_missed(struct prom *p, int cpu, uint64_t count);
/* A marker set at unix_ms (wall clock, ms since the epoch): counted, the latest kept. */
void prom_add_marker(struct prom *p, uint64_t unix_ms, const char *origin, const char *text);

/* What the gauges show: the view of the run now. */
struct prom_view {
	bool osnoise;			/* the osnoise/hwnoise view's mode */
	bool hwlat_running;		/* the hwlat tracer runs now */
	const struct stats *st;		/* the osnoise/hwnoise view's figures */
	const struct cpuset *cpus;	/* its measured CPUs */
	uint64_t period_us, runtime_us, threshold_us;
	uint64_t elapsed_s;		/* the table's duration */
	const struct hwl_stats *hwl;	/* the hwlat view's figures, or NULL */
	const struct cpuset *hwl_cpus;
	const struct causes *causes;	/* --why's attribution, or NULL */
};

/* The whole exposition, as the file holds it. */
void prom_render(const struct prom *p, const struct prom_view *v, FILE *out);
/* Replace the file with the rendering, atomically; -1 with errno. */
int prom_write(struct prom *p, const struct prom_view *v);

/*
 * Glue to a started session: a hook feeds the totals and writes the file on the
 * loop's tick (at most once in 0.9 s).  A failed write is said once, on
 * the front end's note line or stderr, until a write works again.
 */
void prom_hook_attach(struct prom *p, struct session *s);
/* The view of a session now. */
void prom_hook_session_view(const struct session *s, struct prom_view *v);
/* After session_finish(): the last write (s NULL: none), said on stderr if it fails; frees p. */
void prom_hook_end(struct prom *p, const struct session *s);

#endif
