/*
 * report_collect: what hwnoisetop report gathers from a recording as it is
 * read back, through a session hook: the CPU x time grid of noise
 * (heatgrid.h), where each marker fell on it, and each segment's
 * distributions, so that every segment can be set against the one before
 * it (compare_table_rows(), the marks of compare) as its marker closes it; the
 * forest plot of each pair is written as it is found (report_forest.h),
 * so only two segments' distributions are held at a time.
 */
#ifndef HWN_REPORT_COLLECT_H
#define HWN_REPORT_COLLECT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "heatgrid.h"
#include "session.h"
#include "verdict.h"

/* Heatmap cells at most (CPUs x columns): what keeps 1024 CPUs under 5 MB. */
#define REPORT_CELLS 20480
#define REPORT_COLS_MAX 600
/* Before/after pairs drawn at most; the rest are counted. */
#define REPORT_PAIRS_MAX 64
/* Forest rows drawn at most, all pairs together (report_forest()). */
#define REPORT_FOREST_ROWS 8000

struct report_mark {
	unsigned num;		/* the marker's number (session_segments()'s marks) */
	uint64_t t_ns;		/* the last period's end before it, from the first */
};

struct report_data {
	struct heatgrid g;
	int ncpus;
	double margin;
	bool started;
	uint64_t t0, last;	/* the first period's start, the last period's end (trace ns) */
	struct report_mark *marks;
	unsigned nmarks;
	/* The segment before (prev, opened by marker prev_k) and the open one (cur). */
	struct verdict_series *prev, *cur;
	bool have_prev, smi;
	unsigned prev_k, cur_k;
	uint64_t cur_periods;
	/* The pairs' sections, written as they close. */
	FILE *forest;
	char *forest_buf;
	size_t forest_len;
	unsigned pairs, pairs_left_out;
	unsigned rows_left;	/* of REPORT_FOREST_ROWS */
	unsigned seen;		/* the session's markers taken */
};

/*
 * For a recording of ncpus CPUs, periods of period_ns, duration_s long
 * (0: unknown): 0, or -1 without memory.  margin: compare's (a fraction).
 */
int report_collect_init(struct report_data *d, int ncpus, uint64_t period_ns, uint64_t duration_s,
		     double margin);
/* Its hook, to add to the replay's session before reading. */
struct session_hook report_collect_hook(struct report_data *d);
/*
 * The markers the session has and d has not seen yet, each closing a
 * segment (a replay sets its markers without the hook's call: after each
 * line taken).
 */
void report_collect_sync(struct report_data *d, const struct session *s);
/* After the last line: the open segment against the one before; the forest closed. */
void report_collect_finish(struct report_data *d, const struct session *s);
void report_collect_free(struct report_data *d);

#endif
