/*
 * live_report: --report and the dashboard's P.  See live_report.h.
 */
#include "config.h"
#include "live_report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "compare_table.h"
#include "env.h"
#include "outopts.h"
#include "rec_writer.h"
#include "report_cmd.h"
#include "rec_player.h"

/* What the page calls a recording that is not kept. */
#define NOT_KEPT "this run (its recording was not kept)"

int live_report_prepare(struct live_report *lr, struct cli *cli, int argc, char **argv)
{
	const char *slash;
	int fd;

	memset(lr, 0, sizeof(*lr));
	lr->cli = cli;
	lr->argc = argc;
	lr->argv = argv;
	if (!cli->report || cli->out.record || cli->replay)
		return 0;
	slash = strrchr(cli->report, '/');
	snprintf(lr->tmp, sizeof(lr->tmp), "%.*s.hwnoisetop-XXXXXX.jsonl",
		 slash ? (int)(slash - cli->report + 1) : 0, cli->report);
	fd = mkostemps(lr->tmp, 6, O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "hwnoisetop: --report: cannot create its recording %s: %s\n",
			lr->tmp, strerror(errno));
		lr->tmp[0] = 0;
		return HWN_EXIT_USAGE;
	}
	close(fd);
	cli->out.record = lr->tmp;
	cli->out.force = true;	/* the file just made */
	return 0;
}

/* The page of path (lines: its first lines; 0 all) to out: 0, or a status with msg. */
static int page(const struct live_report *lr, const char *path, unsigned long lines,
		const char *out, char *msg, size_t len)
{
	char cmd[1024];

	report_cmd_command_line(cmd, sizeof(cmd), "hwnoisetop ", lr->argc - 1, lr->argv + 1);
	return report_cmd_page(&(struct report_req){
		.path = path, .name = strcmp(path, lr->tmp) == 0 ? NOT_KEPT : path, .out = out,
		.margin = lr->cli->margin ? lr->cli->margin : CMPTABLE_MARGIN, .command = cmd,
		.lines = lines }, msg, len);
}

int live_report_page(void *ctx, char *path, size_t len)
{
	struct live_report *lr = ctx;
	const char *rec = lr->play ? lr->cli->replay : lr->out ? lr->out->record_path : NULL;
	uint64_t frames, lines = 0, wakeups;
	char name[64], msg[1024];
	time_t now = time(NULL);
	struct tm tm;

	if (!rec) {
		snprintf(path, len, "no recording to make it of: run with --record FILE or "
			 "--report FILE");
		return -1;
	}
	if (lr->play) {
		rec_player_counts(lr->play, &frames, &lines, &wakeups);
		lines++;	/* the header, then the lines fed */
	} else {
		rec_writer_flush(lr->out->rec);
	}
	localtime_r(&now, &tm);
	strftime(name, sizeof(name), "hwnoisetop-report-%Y%m%d-%H%M%S.html", &tm);
	if (page(lr, rec, (unsigned long)lines, name, msg, sizeof(msg)) != 0) {
		snprintf(path, len, "%s", msg);
		return -1;
	}
	snprintf(path, len, "%s", name);
	return 0;
}

int live_report_end(struct live_report *lr, const char *path)
{
	char msg[1024];
	int rc;

	if (!lr->cli->report)
		return 0;
	rc = page(lr, path, 0, lr->cli->report, msg, sizeof(msg));
	fprintf(stderr, "hwnoisetop: --report: %s\n", msg);
	live_report_abandon(lr);
	return rc;
}

void live_report_abandon(struct live_report *lr)
{
	if (lr->tmp[0])
		unlink(lr->tmp);
	lr->tmp[0] = 0;
}
