/*
 * hwlat_stats: the hwlat tracer's samples and their per-CPU sums.
 *
 * Samples in, statistics out: a struct hwl_sample is one ftrace:hwlat
 * record, already decoded (one per window whose largest gap exceeded the
 * threshold).  The statistics keep every sample in arrival order (for the
 * report), or only the latest limit of them (the dashboard's view) and, per CPU, the figures of the dashboard's hwlat view.  The
 * summary follows hwlatdetect: Max Latency = the largest inner or outer
 * gap, Samples recorded = samples, Samples exceeding threshold = the sum
 * of their counts (iterations over the threshold); beside them the average
 * interval between two samples (the old detector's avg_smi_interval_us).
 */
#ifndef HWN_HWLAT_STATS_H
#define HWN_HWLAT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stats.h"

struct hwl_sample {
	int cpu;
	uint32_t seqnum;
	int64_t ts_sec;		/* wall-clock time of the window */
	long ts_nsec;
	uint64_t inner;		/* largest gap between two clock reads, us */
	uint64_t outer;		/* largest gap between two loop iterations, us */
	uint64_t count;		/* iterations over the threshold in the window */
	uint64_t nmi_total;	/* time spent in NMIs during the window, us */
	uint64_t nmi_count;	/* NMIs during the window */
};

struct hwl_cpu_stats {
	uint64_t samples;
	uint64_t max_inner;
	uint64_t max_outer;
	uint64_t count;		/* sum of counts */
	uint64_t nmi_count;	/* sum */
	uint64_t nmi_total;	/* sum, us */
	uint64_t smi;		/* SMIs counted in MSR 0x34 (see smi.h) */
	int64_t last_sec;	/* time of the latest sample; 0 = none yet */
	long last_nsec;
};

struct hwl_stats {
	int ncpus;			/* rows in cpu[] */
	struct hwl_cpu_stats *cpu;
	struct hwl_sample *sample;	/* the samples kept: see hwlat_stats_sample() */
	size_t nsamples, cap;		/* kept; below samples past limit or without memory */
	size_t limit;			/* 0: keep every sample; else only the latest limit */
	size_t head;			/* with limit: where the oldest kept one is */
	uint64_t samples;		/* samples received */
	uint64_t max;			/* largest inner or outer */
	uint64_t count;			/* sum of counts */
	uint64_t first_ns, last_ns;	/* the earliest and latest sample's time */
	struct lost lost;		/* events dropped and read meanwhile */
};

/* A zeroed struct (never initialised) is valid for reset, add and free. */
int hwlat_stats_init(struct hwl_stats *st, int ncpus);
void hwlat_stats_free(struct hwl_stats *st);
void hwlat_stats_reset(struct hwl_stats *st);
/* Account one sample; -1 when out of memory (the sums still count it). */
int hwlat_stats_add(struct hwl_stats *st, const struct hwl_sample *s);
/* Account SMIs counted on cpu since the previous read. */
void hwlat_stats_add_smi(struct hwl_stats *st, int cpu, uint64_t count);
/*
 * The average interval between two latency spikes (samples), in us: the
 * time from the earliest sample to the latest over the samples less one,
 * the old hwlat detector's avg_smi_interval_us.  false with fewer than two.
 */
bool hwlat_stats_avg_interval(const struct hwl_stats *st, uint64_t *us);
/* The i-th kept sample (0: the oldest kept), i < nsamples. */
const struct hwl_sample *hwlat_stats_sample(const struct hwl_stats *st, size_t i);

/*
 * One sample as a report line (no newline):
 * "ts: SEC.NSEC, inner:N, outer:N, cpu:N, count:N, nmi-total:N, nmi-count:N"
 * (hwlatdetect's line plus the NMI figures; nmi-total in us).
 */
char *hwlat_stats_format_sample(const struct hwl_sample *s, char *buf, size_t size);
/* Parse such a line back; 0 or -1. */
int hwlat_stats_parse_sample(const char *line, struct hwl_sample *s);

#endif
