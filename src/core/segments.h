/*
 * segments: the statistics of the runs between markers, per CPU, for the
 * before/after view and the per-segment tables at the end.
 *
 * Segment k is opened by marker k (0: the start).  The open segment
 * accumulates into a struct stats like the whole run's (stats_add), so
 * every figure the whole run has, a segment has.  When a marker closes it,
 * only the rows of the CPUs measured in it (or that delivered periods) are
 * kept, packed as struct seg_row (the sums and maxima its table shows, no
 * history): 88 bytes per such CPU per segment, plus one open struct stats.
 * and their percentiles (struct verdict_pcts): 128 bytes.
 * The closed segments' rows are held to SEGMENTS_ROWS_MAX bytes: past it
 * the oldest segments lose their rows (segments_kept() says so; their
 * marker, mode and duration stay), the newest closed one never does.
 *
 * Distributions (verdict.h, a struct verdict_series per CPU: batches for
 * the verdicts, histograms for the percentiles) are kept in full for the
 * whole run, the open segment and the newest closed osnoise segment (the
 * pair the compare view shows): 2.1 KiB a CPU each.  Until the first
 * marker the open segment's is the whole run's (not kept twice).
 * Pure logic: no tracefs.
 */
#ifndef HWN_SEGMENTS_H
#define HWN_SEGMENTS_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"
#include "markers.h"
#include "stats.h"
#include "verdict.h"

/* A closed segment's figures for one CPU: what its table and compare show. */
struct seg_row {
	STATS_SUMS(STATS_FIELD)
};

/*
 * Bytes of closed segments' rows and percentiles kept at most: 8 192 rows,
 * 8 segments of 1024 CPUs (with the three distributions, 6.3 MiB at 1024
 * CPUs, a replay of 1024 CPUs and 999 markers stays under 16 MB).
 */
#define SEGMENTS_ROWS_MAX (1u << 20)

struct segment {
	bool osnoise;		/* osnoise mode: IRQ/Softirq/Thread count */
	bool hwlat;		/* the hwlat view ran: no osnoise figures */
	uint64_t open_ns;	/* measured time (pauses excluded) when it opened */
	uint64_t ns;		/* measured time in it, once closed */
	struct cpuset cpus;	/* CPUs measured in it */
	struct cpuset rows;	/* its CPUs: cpus and any with periods (row[] in order) */
	struct seg_row *row;	/* closed segments only; NULL once dropped */
	struct verdict_pcts *pct;	/* row[]'s percentiles, in its order */
	uint64_t samples;
	struct lost lost;	/* events dropped and read in it */
	bool before_reset;	/* the whole run's statistics were reset after it */
};

struct segments {
	struct markers marks;	/* marks.m[k] opened seg[k] */
	struct segment *seg;
	unsigned cap;
	struct stats cur;	/* the open segment's figures, all CPUs */
	size_t row_bytes;	/* of the closed segments' rows kept */
	unsigned first_kept;	/* segments before it have lost their rows */
	/* Distributions, ncpus each: the whole run's; the open segment's (NULL: the
	 * run's, no marker yet); the newest closed osnoise segment's (before_k). */
	struct verdict_series *run, *open, *before;
	unsigned before_k;	/* UINT_MAX: none */
	bool run_only;		/* keep only the whole run's distribution */
};

/* Open segment 0 (marker 0, "start") at measured time 0. */
int segments_init(struct segments *sg, int ncpus, const struct cpuset *cpus, bool osnoise,
		  bool hwlat);
void segments_free(struct segments *sg);
unsigned segments_count(const struct segments *sg);
/* The open segment (the last one). */
struct segment *segments_open(struct segments *sg);

/* Account a summary / another event read / lost events in the open segment. */
void segments_add(struct segments *sg, const struct osn_sample *s);
/* SMIs counted on cpu since the last read: the open segment's and the run's distribution. */
void segments_smi(struct segments *sg, int cpu, uint64_t count);
/* Keep only the whole run's distributions from now on (hwnoisetop compare). */
void segments_run_only(struct segments *sg);
/*
 * A CPU's distribution: of segment k (the open one, or the newest closed
 * osnoise one), or with k SEGMENTS_RUN the whole run's; NULL when not
 * kept or the CPU is out of range.
 */
#define SEGMENTS_RUN UINT_MAX
const struct verdict_series *segments_series(const struct segments *sg, unsigned k, int cpu);
/* Segment k's percentiles of a CPU (any segment with its rows, or SEGMENTS_RUN); false: none. */
bool segments_pcts(const struct segments *sg, unsigned k, int cpu, struct verdict_pcts *q);
void segments_read(struct segments *sg);
void segments_missed(struct segments *sg, uint64_t count);

/*
 * Close the open segment at measured time now_ns and open the next with a
 * marker at t_ms (run time, for its line), measuring cpus in the given
 * mode.  Returns the marker's number, or -1 (MARKERS_MAX or no memory).
 */
int segments_mark(struct segments *sg, uint64_t t_ms, uint64_t now_ns, const struct cpuset *cpus,
		  bool osnoise, bool hwlat, const char *origin, const char *text);

/*
 * The whole run's statistics were reset: the closed segments are flagged
 * before_reset, and the open one starts again empty (set a marker first
 * to keep what it had).
 */
void segments_reset(struct segments *sg);

/* A CPU's figures as a segment keeps them, packed into r; returns r. */
const struct seg_row *segments_row(const struct cpu_stats *c, struct seg_row *r);
/*
 * Segment k's figures for a CPU: NULL when it had no row for it or its
 * rows were dropped; the open segment's are packed into buf.
 */
const struct seg_row *segments_cpu(const struct segments *sg, unsigned k, int cpu,
				   struct seg_row *buf);
/* Whether segment k still has its rows (false: dropped, SEGMENTS_ROWS_MAX). */
bool segments_kept(const struct segments *sg, unsigned k);
/* Measured nanoseconds of segment k; the open one up to now_ns. */
uint64_t segments_ns(const struct segments *sg, unsigned k, uint64_t now_ns);
/*
 * Segment k's figures unpacked into st (stats_init'ed with as many CPUs
 * as the open one): rows for its CPUs, zero elsewhere (and everywhere
 * when its rows were dropped); no history.
 */
void segments_unpack(const struct segments *sg, unsigned k, struct stats *st);

/*
 * Rates of one CPU's figures, per second of runtime (runtime is in us):
 * noise in us per s, HW, NMI and SMI events per s, scaled by 1e9 (nano-units)
 * so they stay integers and keep 1 NMI in hours; avail as stats_avail().  All 0 without runtime.
 */
struct seg_rates {
	uint64_t noise_per_s_nano;
	uint64_t hw_per_s_nano;
	uint64_t nmi_per_s_nano;
	uint64_t smi_per_s_nano;
	uint64_t avail;
};
void segments_rates(const struct seg_row *c, struct seg_rates *r);

#endif
