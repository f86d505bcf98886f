/*
 * export_json: the end-of-run summary as one JSON object (--json), for
 * scripts: the table's figures, row by row as report.c selects and
 * computes them, and the configuration they were measured with.  The
 * object's fields are described in the man page (src/mkexport.c).
 */
#ifndef HWN_EXPORT_JSON_H
#define HWN_EXPORT_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwlat_stats.h"
#include "report.h"
#include "segments.h"
#include "stats.h"
#include "tracer_conf.h"

struct causes;

/* The version of both objects' layout ("version"). */
#define EXPORT_JSON_VERSION 1

/* A replay's object says which run the recording holds (a live run: none). */
struct run_origin {
	const char *file;	/* the recording */
	const char *version;	/* the recording program's */
	const char *kernel, *host;
	int64_t time;		/* the run's start, seconds since 1970 */
};

/* What the osnoise/hwnoise summary says besides the table. */
struct export_run {
	const struct osnoise_conf *conf;	/* measured CPUs (the rows), period, ... */
	uint64_t duration_s;			/* -d; 0: until stopped */
	uint64_t warmup_s;			/* --warm-up; 0: none */
	const char *stop_reason;		/* why the run ended early; NULL or "": it did not */
	bool stop_hit;				/* the kernel's stop condition (-s, -S) */
	int exit_status;
	/* The dashboard's hwlat view ran: its figures (NULL: it did not). */
	const struct hwl_stats *hwlat;
	const struct hwlat_conf *hwlat_conf;
	/* The tables between markers (NULL, or fewer than two segments: null). */
	const struct segments *seg;
	/* The distributions: each CPU's percentiles (NULL: none). */
	const struct segments *dist;
	uint64_t run_ns;			/* the markers' clock at the end */
	const struct run_origin *origin;	/* a replay's; NULL: a live run */
	const struct causes *causes;		/* --why's (why_report.h); NULL: no "why" */
};

/* The object and a newline: the table of st over run->conf->cpus with ro's columns. */
void export_json_summary(FILE *out, const struct stats *st, const struct report_opts *ro,
			 const struct export_run *run);

/* What "hwnoisetop hwlat --json" says besides its summary. */
struct export_hwlat_run {
	const struct hwlat_conf *conf;
	uint64_t hardlimit_us;
	uint64_t duration_s;
	const char *stop_reason;		/* NULL or "": the test finished */
	bool smi;				/* the SMI counts were read */
	int exit_status;
	const struct run_origin *origin;	/* a replay's; NULL: a live run */
};

/* The object and a newline: the summary, per-CPU figures and every sample kept. */
void export_json_hwlat(FILE *out, const struct hwl_stats *st, const struct export_hwlat_run *run);

#endif
