/*
 * summary: what a run prints at its end (the table, the per-segment
 * tables, the hwlat view's figures, the stop and the notes), from a
 * session's statistics.  The live run and its replay (replay.h) print
 * through the same code, so their output is the same byte for byte.
 */
#ifndef HWN_SUMMARY_H
#define HWN_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

struct cpuset;
struct hwlat_conf;
struct session;

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

void summary_print(const struct session *s, const struct summary_opts *o);

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

/*
 * hwnoisetop hwlat's end: "test finished", the summary, SMIs, the report
 * file's line and the samples, or --json's object.
 */
void summary_hwlat(const struct session *s, const struct hwlat_end *e);

struct replay;
struct run_origin;
/*
 * The end-of-run report of a replay read to its end (r allocated, freed
 * here); path for the note of a cut file.  The exit status.
 */
int replay_report(struct replay *r, const char *path, bool quiet, bool json, bool pcts);
/* --replay FILE: read it, print the report (json: as --json); the exit status. */
int replay_main(const char *path, bool quiet, bool json, bool pcts);

#endif
