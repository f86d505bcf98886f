/*
 * summary: what a run prints at its end (the table, the per-segment
 * tables, the hwlat view's figures, the stop and the notes), from a
 * session's statistics.  The live run and its replay (rec_reader.h) print
 * through the same code, so their output is the same byte for byte.
 */
#ifndef HWN_SUMMARY_H
#define HWN_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

struct cpuset;
struct hwlat_conf;
struct session;

#include "run_end.h"


void summary_print(const struct session *s, const struct summary_opts *o);


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
int summary_replay_report(struct replay *r, const char *path, bool quiet, bool json, bool pcts);
/* --replay FILE: read it, print the report (json: as --json); the exit status. */
int summary_replay_main(const char *path, bool quiet, bool json, bool pcts);

#endif
