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
#include "compare_table.h"
#include "env.h"
#include "hwlat_cli.h"
#include "osnoise.h"
#include "source_replay.h"
#include "prom.h"
#include "rec_writer.h"
#include "rec_reader.h"
#include "report.h"
#include "session.h"
#include "smi.h"
#include "summary.h"
#include "dashboard.h"

/* The dashboard's trace recording per CPU: recent detail, quick to save. */
#define DASHBOARD_RECORD_KB 256
#define DASHBOARD_HWLAT_KEEP 1024

/* -q and redirected output: no screen, but -n still ends the run. */
static void quiet_update(void *ctx)
{
	struct session *req = ctx;	/* for the request only */
	const struct session *s = req;
	char why[64];

	if (!s->quit && session_periods_done(s, s->conf.iterations)) {
		snprintf(why, sizeof(why), "%llu periods done", (unsigned long long)s->conf.iterations);
		session_request_stop(req, why);
	}
}

/*
 * --replay FILE on a terminal without -q: the dashboard plays it back; at
 * its end (q), the report --replay -q prints, the rest of the file read.
 */
static int replay_dashboard(const struct cli *cli)
{
	struct dashboard_conf dc = { .color = !getenv("NO_COLOR") };
	uint64_t frames, lines, wakeups;
	struct replay *r;
	char err[512];

	dc.play = playback_open(cli->replay, err, sizeof(err));
	if (!dc.play) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		return HWN_EXIT_USAGE;
	}
	dc.debug = cli->sc.debug;
	if (dashboard_run(playback_session(dc.play), &dc, err, sizeof(err)) < 0)
		fprintf(stderr, "hwnoisetop: %s: showing only the report\n", err);
	if (cli->sc.debug) {
		playback_counts(dc.play, &frames, &lines, &wakeups);
		fprintf(stderr, "hwnoisetop: debug: playback: %llu frames, %llu lines fed, %llu "
			"wake-ups\n", (unsigned long long)frames, (unsigned long long)lines,
			(unsigned long long)wakeups);
	}
	if (playback_finish(dc.play, &r, err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		replay_free(r);
		free(r);
		return HWN_EXIT_USAGE;
	}
	return replay_report(r, cli->replay, false, false);
}

static int run(int argc, char **argv, const struct replay *ref, const char *ref_path)
{
	struct session s;
	struct cli cli;
	struct session_ui quiet_ui = { .ctx = &s, .input_fd = -1, .update = quiet_update };
	struct outputs out;
	char err[512];
	bool dashboard, tty;
	int rc;

	/* Before anything can change: signals wait for the loop's signalfd. */
	session_block_signals();
	rc = cli_parse(&cli, argc, argv);
	if (rc >= 0) {
		cli_free(&cli);
		return rc;
	}
	/* A terminal to show the dashboard on (live, replayed or compared). */
	tty = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO);
	/* The modes first, before the terminal's and the environment's checks. */
	if (ref && !cli.cleanup && !cli.replay &&
	    cmptable_live_mode(ref, ref_path, cli.sc.osn.irq_disable) < 0) {
		cli_free(&cli);
		return HWN_EXIT_USAGE;
	}
	if (ref) {
		const char *why = cli.cleanup ? "does not take --cleanup" :
				  cli.replay ? "does not take --replay" :
				  cli.out.quiet ? "shows the dashboard: not with -q" :
				  !tty ?
				  "shows the dashboard: standard input and output must be a terminal" :
				  NULL;

		if (why) {
			fprintf(stderr, "hwnoisetop: compare --live %s\n", why);
			cli_free(&cli);
			return HWN_EXIT_USAGE;
		}
	}
	if (cli.cleanup)
		return cleanup_run(stdout, cli.orphans);
	if (cli.replay) {
		if (!cli.out.quiet && !cli.out.json && tty)
			rc = replay_dashboard(&cli);
		else
			rc = replay_main(cli.replay, cli.out.quiet, cli.out.json);
		cli_free(&cli);
		return rc;
	}
	if (osnoise_check(cli.sc.osn.irq_disable, err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		cli_free(&cli);
		return HWN_EXIT_ENV;
	}
	if ((rc = outputs_open(&out, &cli.out))) {
		cli_free(&cli);
		return rc;
	}
	/* The dashboard keeps a trace recording for its one-key capture. */
	dashboard = !cli.out.quiet && tty;
	if (dashboard) {
		cli.sc.record = true;
		if (!cli.sc.rec.buffer_kb)
			cli.sc.rec.buffer_kb = DASHBOARD_RECORD_KB;
		/* Its hwlat view (w) starts as hwnoisetop hwlat does, on the same CPUs. */
		cli.sc.hwl.cpus = cli.sc.osn.cpus;
		cli.sc.hwl.threshold_us = HWLAT_DEFAULT_THRESHOLD;
		cli.sc.hwl.window_us = HWLAT_DEFAULT_WINDOW;
		cli.sc.hwl.width_us = HWLAT_DEFAULT_WIDTH;
		cli.sc.hwl.mode = HWLAT_MODE_ROUND_ROBIN;
		cli.sc.hwl.buffer_kb = cli.sc.osn.buffer_kb;
		/* Its SMI and TSC watchdog columns, whenever they can be counted. */
		cli.sc.smi = true;
		cli.sc.tscwd = true;
		/* It shows per-CPU sums: keep only the latest samples, not every one. */
		cli.sc.hwlat_keep = DASHBOARD_HWLAT_KEEP;
	}
	if (session_start(&s, &cli.sc) < 0) {
		rc = s.exit_status ? s.exit_status : HWN_EXIT_ENV;
		session_finish(&s);
		outputs_abandon(&out);
		fprintf(stderr, "hwnoisetop: %s\n", s.err);
		session_free_results(&s);
		cli_free(&cli);
		return rc;
	}
	outputs_begin(&out, &s, argc, argv, &(struct recording_cli){ .quiet = cli.out.quiet });
	if (cli.smi && !smi_ok(s.smi))
		fprintf(stderr, "hwnoisetop: no SMI column: %s\n", smi_why(s.smi));
	rc = -1;
	if (dashboard) {
		struct dashboard_conf dc = { .iterations = cli.sc.iterations,
					     .color = !getenv("NO_COLOR"), .debug = cli.sc.debug };

		if (ref) {
			dc.ref = &ref->s.stats;
			dc.ref_name = ref_path;
			dc.ref_elapsed_s = ref->end.elapsed_s;
			dc.ref_osnoise = !session_osnoise_conf(&ref->s)->irq_disable;
			dc.ref_osn = session_osnoise_conf(&ref->s);
			dc.ref_smi = ref->end.smi;
		}

		rc = dashboard_run(&s, &dc, err, sizeof(err));
		if (rc < 0)
			fprintf(stderr, "hwnoisetop: %s: showing only the summary table\n", err);
	}
	if (rc < 0)
		rc = session_run(&s, cli.sc.iterations ? &quiet_ui : NULL);
	session_finish(&s);
	{
		struct summary_opts so = {
			.quiet = cli.out.quiet,
			.json = cli.out.json,
			.pretty = !cli.out.quiet && isatty(STDOUT_FILENO) && !getenv("NO_COLOR"),
			.segments = !cli.out.quiet,
			.smi = cli.smi && smi_ok(s.smi),
			.hwlat_view = s.hwl_stats.cpu,
			.elapsed_s = session_elapsed_of(&s, SESSION_OSNOISE),
			.run_ns = session_run_ns(&s),
		};
		struct recording_end re = { so.elapsed_s, so.run_ns, so.smi, so.hwlat_view, false };

		if (outputs_end(&out, &s, &re, err, sizeof(err)) < 0) {
			textbuf_printf(&s.notes, "%s\n", err);
			s.exit_status = s.exit_status ? s.exit_status : HWN_EXIT_ENV;
		}
		summary_print(&s, &so);
	}
	if (s.err[0] && rc && !s.stop_hit)
		fprintf(stderr, "hwnoisetop: %s\n", s.err);
	session_free_results(&s);
	cli_free(&cli);
	return s.exit_status;
}

int main(int argc, char **argv)
{
	struct replay *ref = NULL;
	const char *ref_path = NULL;
	int rc;

	if (argc > 1 && strcmp(argv[1], "hwlat") == 0)
		return hwlat_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "compare") == 0) {
		int skip = cmptable_live(argc - 1, argv + 1, &ref, &ref_path);

		if (skip <= 0)
			return skip ? HWN_EXIT_USAGE : cmptable_main(argc - 1, argv + 1);
		/* "hwnoisetop compare A --live OPTIONS" runs as "hwnoisetop OPTIONS". */
		argv[skip] = argv[0];
		argv += skip;
		argc -= skip;
	}
	rc = run(argc, argv, ref, ref_path);
	if (ref) {
		replay_free(ref);
		free(ref);
	}
	return rc;
}
