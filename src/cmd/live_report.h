/*
 * live_report: the main command's --report FILE.html and the dashboard's
 * P: hwnoisetop report's page (report_cmd_page()) of the run itself.  The run
 * records for it: to --record's file, else to a hidden file next to the
 * page, removed at the end.  P writes the page of what is recorded so far
 * (flushed first; a playback: the lines it has fed) to
 * hwnoisetop-report-DATE-TIME.html in the current directory.
 */
#ifndef HWN_LIVE_REPORT_H
#define HWN_LIVE_REPORT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct cli;
struct outputs;
struct playback;

struct live_report {
	const struct cli *cli;
	int argc;		/* the run's command line, for the page */
	char **argv;
	char tmp[PATH_MAX];	/* the hidden recording made for --report, or "" */
	struct outputs *out;	/* a live run's outputs (the recording), or NULL */
	struct playback *play;	/* a playback's, or NULL */
};

/*
 * Before the outputs open: with --report and no --record, the run records
 * to a new hidden file beside the page (cli->out.record points to it).
 * 0, or an exit status after one line on stderr.
 */
int live_report_prepare(struct live_report *lr, struct cli *cli, int argc, char **argv);
/* The dashboard's P (dashboard_conf.page, its ctx lr). */
int live_report_page(void *lr, char *path, size_t len);
/*
 * The run ended, its recording closed (or the file replayed): --report's
 * page of path, the hidden recording removed.  0, or an exit status after
 * one line on stderr.  Nothing without --report.
 */
int live_report_end(struct live_report *lr, const char *path);
/* The run did not start: the hidden recording goes. */
void live_report_abandon(struct live_report *lr);

#endif
