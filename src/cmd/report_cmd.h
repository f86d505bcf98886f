/*
 * report_cmd: "hwnoisetop report REC.jsonl [-o FILE.html]": one
 * self-contained HTML page of a recording (report_html.h).  Its option
 * table drives its --help, the man page's REPORT section and the completion.
 */
#ifndef HWN_REPORT_CMD_H
#define HWN_REPORT_CMD_H

#include <stddef.h>

#include "opt.h"

/* The table, ended by { 0 }. */
const struct opt_def *report_cmd_options(void);

/* What report_cmd_page() reads and writes. */
struct report_req {
	const char *path;	/* the recording */
	const char *name;	/* what the page calls it; NULL: path */
	const char *out;	/* the page; "-": standard output; NULL: path with .html */
	double margin;		/* compare's, a fraction */
	const char *command;	/* the command line that made the page */
	/*
	 * Only the recording's first lines, the header's included (the part of
	 * it a playback has fed); 0: all its whole lines, footer or none (a
	 * live run's, flushed so far).
	 */
	unsigned long lines;
};

/*
 * The page of q->path, written to q->out.tmp and renamed: hwnoisetop
 * report's pipeline, and --report's and the dashboard's.  0, with
 * "wrote FILE" in msg ("" for standard output); else HWN_EXIT_USAGE (the
 * recording does not read) or HWN_EXIT_ENV (the page cannot be written),
 * with one line in msg.  No file is left on failure.
 */
int report_cmd_page(const struct report_req *q, char *msg, size_t len);

/* argv as one command line ("hwnoisetop report ..."), cut to fit buf. */
void report_cmd_command_line(char *buf, size_t len, const char *first, int argc, char **argv);

/* The command: argv[0] is "report", prog main's argv[0].  Its exit status. */
int report_cmd_main(int argc, char **argv, const char *prog);

#endif
