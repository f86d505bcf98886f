/*
 * run_end: what a run's end prints depends on besides the statistics: the
 * options of the table (struct summary_opts) and of hwnoisetop hwlat's
 * report (struct hwlat_end).  A live run fills them from its command line,
 * a replay from the recording's header and footer (rec_reader.h); the end
 * itself is printed a layer up (src/output/summary.h).
 */
#ifndef HWN_RUN_END_H
#define HWN_RUN_END_H

#include <stdbool.h>
#include <stdint.h>

struct hwlat_conf;
struct run_origin;

struct summary_opts {
	bool quiet;		/* -q: the neighbours' log to stderr */
	bool json;		/* --json: the object on stdout instead of the table, the rest on stderr */
	bool pretty;		/* highlight the table's header */
	bool segments;		/* the per-segment tables (not -q): text, or --json's "segments" */
	bool smi;		/* the SMI column */
	bool percentiles;	/* the whole run's percentiles after its table (report_pcts()) */
	bool hwlat_view;	/* the dashboard's hwlat view ran: its figures */
	uint64_t elapsed_s;	/* the hwnoise view's measured seconds */
	uint64_t run_ns;	/* the markers' clock at the end */
	const struct run_origin *origin;	/* a replay's: which run (--json's "recording") */
	int width;		/* the terminal's columns: the compact table (report.h); 0: rtla's */
};

/* What hwnoisetop hwlat's end depends on besides the statistics (its options). */
struct hwlat_end {
	const struct hwlat_conf *conf;	/* the CPUs, threshold, window, width, mode */
	uint64_t hardlimit_us;
	uint64_t duration_s;
	const char *report;	/* --report FILE, written: its line; NULL: none */
	bool quiet;		/* --quiet: nothing */
	bool brief;		/* -q: the summary, not the samples */
	bool json;		/* --json: the object on stdout, the report's line on stderr */
	bool watch;		/* --watch: the samples were printed as they came */
	bool smi;		/* the SMI counts were read */
	int status;		/* the exit status */
	const struct run_origin *origin;	/* a replay's: which run (--json's "recording") */
};

#endif
