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
struct session;

struct summary_opts {
	bool quiet;		/* -q: the neighbours' log to stderr */
	bool json;		/* --json: the object on stdout instead of the table, the rest on stderr */
	bool pretty;		/* highlight the table's header */
	bool segments;		/* the per-segment tables (not -q): text, or --json's "segments" */
	bool smi;		/* the SMI column */
	bool hwlat_view;	/* the dashboard's hwlat view ran: its figures */
	uint64_t elapsed_s;	/* the hwnoise view's measured seconds */
	uint64_t run_ns;	/* the markers' clock at the end */
};

void summary_print(const struct session *s, const struct summary_opts *o);

/* hwnoisetop hwlat's end: "test finished", the summary, SMIs, the samples. */
void summary_hwlat(const struct session *s, bool smi, const struct cpuset *cpus, bool samples);

#endif
