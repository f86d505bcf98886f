/*
 * rec_reader: the recordings' reader (struct replay): --replay FILE, a
 * recording (rec_writer.h) read back and fed through the session's own
 * sink and statistics, then the end-of-run report printed as the live run
 * printed it (summary.h).  No root, no tracefs, no tracer: a recording is
 * just another source of summaries.
 */
#ifndef HWN_REPLAY_H
#define HWN_REPLAY_H

#include <stdbool.h>
#include <stdio.h>

#include "jsonread.h"
#include "reader.h"
#include "machine_id.h"
#include "session.h"
#include "run_end.h"

/* The format's version: the one this reader reads and rec_writer.c writes. */
#define RECORDING_VERSION 1

struct replay {
	struct session *s;	/* the replay's session (session_new()) */
	struct summary_opts end;
	bool hwlat_mode;	/* hwnoisetop hwlat's recording */
	bool footer;		/* the footer was read */
	bool live_quiet;	/* the live run was -q */
	struct hwlat_end hwlat_end;	/* hwnoisetop hwlat's options (its header, footer) */
	char report[256];	/* its --report FILE */
	/* Which run it is: the recording program's version, the kernel, the start (s). */
	char version[32], kernel[96];
	int64_t time;
	struct machine_id mid;	/* "" where the recording (an older one) has no such field */
	unsigned long lines;	/* lines read */
	unsigned long cut;	/* the last line, cut short (not replayed); 0: none */
	uint64_t ticks;		/* tick lines taken (seconds of the live run) */
	char err[256];		/* "line N: why" */
	char *audit;		/* the machine's audit as the run started (text), NULL none */
	/* Reading it line by line (rec_reader_open, rec_reader_next, rec_reader_take). */
	FILE *f;
	char *line;
	size_t cap;
	struct jsonr_obj *o;	/* the line read ahead */
	struct reader_sink k;	/* the session's sink */
	bool pending;		/* a line is read ahead, not yet taken */
	uint64_t next_ns;	/* its recorded time (a summary's ts), 0: none */
	bool next_hwlat;	/* it is a hwlat sample's (a window's) */
};

/*
 * Line by line, so that a front end can play it back at its own pace with
 * the memory of one line: rec_reader_open() reads the header (0, or -1 with
 * r->err); rec_reader_next() reads the next line ahead (1, or 0 at the end of
 * the file, or at its last line when that is cut short: r->cut; or -1 with
 * r->err naming the line) and gives its recorded time
 * in r->next_ns (and whether a hwlat sample's in r->next_hwlat); rec_reader_take() feeds it to the statistics (0 or -1).
 * rec_reader_end(): the file is played: the last periods' evidence goes into
 * the attribution (a period waits for the SMIs read after it).
 * rec_reader_close() ends it so, then frees the line buffers (rec_reader_free()
 * too); f stays open.
 */
int rec_reader_open(struct replay *r, FILE *f);
/* Keep only the whole run's distributions (compare reads no segment's). */
void rec_reader_keep_run_only(struct replay *r);
int rec_reader_next(struct replay *r);
int rec_reader_take(struct replay *r);
void rec_reader_end(struct replay *r);
void rec_reader_close(struct replay *r);

/*
 * Read the recording from f into r (its statistics, its end).  0; or -1
 * with r->err naming the line.  A recording without its footer (the run
 * was cut short) is read up to its last whole line: 0 with r->footer false
 * (and r->cut, the line number, when the last line has no end of line).
 */
int rec_reader_read(struct replay *r, FILE *f);
void rec_reader_free(struct replay *r);
/* Is path hwnoisetop hist's recording (its header says so)?  false when unreadable. */
bool rec_reader_file_is_hist(const char *path);

/*
 * The one-line note on a recording read to its end without its footer, in
 * buf (returned): "PATH: line N is cut short: VERB up to line N-1 (...)"
 * when its last line has no end of line (r->cut), else "PATH ends at line
 * N without its footer (...): VERB up to there"; "" with its footer.
 */
const char *rec_reader_end_note(const struct replay *r, const char *path, const char *verb,
			    char *buf, size_t len);


#endif
