/*
 * main: hwnoisetop's entry point.  Parses the command line, checks the
 * environment, runs one session with the dashboard or quietly, prints the
 * summary table, and leaves the kernel as it found it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"
#include "cli.h"
#include "env.h"
#include "hwlat_cli.h"
#include "osnoise.h"
#include "report.h"
#include "session.h"

static void print_table(struct session *s, bool pretty)
{
	struct report_opts ro = {
		.osnoise = !s->osn.conf.irq_disable,
		.pretty = pretty,
		.elapsed = session_elapsed(s),
	};

	report_table(stdout, &s->stats, &s->conf.osn.cpus, &ro);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct session s;
	struct cli cli;
	char err[512];
	int rc;

	if (argc > 1 && strcmp(argv[1], "hwlat") == 0)
		return hwlat_main(argc - 1, argv + 1);
	/* Before anything can change: signals wait for the loop's signalfd. */
	session_block_signals();
	rc = cli_parse(&cli, argc, argv);
	if (rc >= 0) {
		cli_free(&cli);
		return rc;
	}
	if (cli.cleanup)
		return cleanup_run(stdout);
	if (osnoise_check(cli.sc.osn.irq_disable, err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		cli_free(&cli);
		return HWN_EXIT_ENV;
	}
	if (session_start(&s, &cli.sc) < 0) {
		snprintf(err, sizeof(err), "%s", s.err);
		rc = s.exit_status ? s.exit_status : HWN_EXIT_ENV;
		session_finish(&s);
		fprintf(stderr, "hwnoisetop: %s\n", err);
		stats_free(&s.stats);
		cli_free(&cli);
		return rc;
	}
	rc = session_run(&s, NULL);
	session_finish(&s);
	print_table(&s, !cli.quiet && isatty(STDOUT_FILENO) && !getenv("NO_COLOR"));
	if (s.stop_hit)
		printf("hwnoisetop hit stop tracing: %s\n", s.stop_reason);
	fputs(s.notes, stdout);
	if (s.err[0] && rc && !s.stop_hit)
		fprintf(stderr, "hwnoisetop: %s\n", s.err);
	stats_free(&s.stats);
	cli_free(&cli);
	return s.exit_status;
}
