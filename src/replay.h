/*
 * replay: --replay FILE, a recording (recording.h) read back and fed
 * through the session's own sink and statistics, then the end-of-run
 * report printed as the live run printed it (summary.h).  No root, no
 * tracefs, no tracer: a recording is just another source of summaries.
 */
#ifndef HWN_REPLAY_H
#define HWN_REPLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "session.h"
#include "summary.h"

struct replay {
	struct session s;
	struct summary_opts end;
	bool hwlat_mode;	/* hwnoisetop hwlat's recording */
	bool footer;		/* the footer was read */
	bool live_quiet;	/* the live run was -q */
	unsigned long lines;	/* lines read */
	char err[256];		/* "line N: why" */
};

/*
 * Read the recording from f into r (its statistics, its end).  0; or -1
 * with r->err naming the line.  A recording without its footer (the run
 * was cut short) is read up to its last line: 0 with r->footer false.
 */
int replay_read(struct replay *r, FILE *f);
void replay_free(struct replay *r);

/* --replay FILE: read it, print the report (json: as --json); the exit status. */
int replay_main(const char *path, bool quiet, bool json);

#endif
