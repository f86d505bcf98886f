/*
 * hwnoise_cmd: the main command, "hwnoisetop [OPTIONS]" (and the live side
 * of "compare A --live").  Parses the command line, checks the
 * environment, runs one session with the dashboard or quietly, prints the
 * summary table, and leaves the kernel as it found it.  See commands.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "cleanup.h"
#include "cli.h"
#include "cli_int.h"
#include "compare_cmd.h"
#include "compare_table.h"
#include "hist_cmd.h"
#include "hist_report.h"
#include "env.h"
#include "hwlat_cli.h"
#include "ledger_guard.h"
#include "live_report.h"
#include "osnoise.h"
#include "rec_player.h"
#include "prom.h"
#include "rec_writer.h"
#include "rec_reader.h"
#include "report.h"
#include "session.h"
#include "smi.h"
#include "summary.h"
#include "exp_report.h"
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

	if (!session_quitting(s) && session_periods_done(s, session_conf(s)->iterations)) {
		snprintf(why, sizeof(why), "%llu periods done", (unsigned long long)session_conf(s)->iterations);
		session_request_stop(req, why);
	}
}

/*
 * --replay FILE on a terminal without -q: the dashboard plays it back; at
 * its end (q), the report --replay -q prints, the rest of the file read.
 */
static int replay_dashboard(const struct cli *cli, struct live_report *lr)
{
	struct dashboard_conf dc = { .color = !getenv("NO_COLOR"),
				     .single_budget_us = cli->single_budget_us,
				     .period_budget_us = cli->period_budget_us,
				     .margin = cli->margin };
	uint64_t frames, lines, wakeups;
	struct replay *r;
	char err[512];

	dc.play = rec_player_open(cli->replay, err, sizeof(err));
	if (!dc.play) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		return HWN_EXIT_USAGE;
	}
	dc.debug = cli->sc.debug;
	dc.page = live_report_page;
	dc.page_ctx = lr;
	lr->play = dc.play;
	if (dashboard_run(rec_player_session(dc.play), &dc, err, sizeof(err)) < 0)
		fprintf(stderr, "hwnoisetop: %s: showing only the report\n", err);
	if (cli->sc.debug) {
		rec_player_counts(dc.play, &frames, &lines, &wakeups);
		fprintf(stderr, "hwnoisetop: debug: playback: %llu frames, %llu lines fed, %llu "
			"wake-ups\n", (unsigned long long)frames, (unsigned long long)lines,
			(unsigned long long)wakeups);
	}
	lr->play = NULL;
	if (rec_player_finish(dc.play, &r, err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		rec_reader_free(r);
		free(r);
		return HWN_EXIT_USAGE;
	}
	return summary_replay_report(r, cli->replay, false, false, cli->percentiles);
}

/* --replay FILE: the dashboard or the report; with --report, the page of FILE. */
static int replay(const struct cli *cli, struct live_report *lr, bool tty)
{
	int rc, page_rc;

	/* hwnoisetop hist's recording prints its histogram, as its run did. */
	if (!cli->out.quiet && !cli->out.json && tty && !rec_reader_file_is_hist(cli->replay))
		rc = replay_dashboard(cli, lr);
	else
		rc = summary_replay_main(cli->replay, cli->out.quiet, cli->out.json, cli->percentiles);
	if (rc == HWN_EXIT_USAGE)
		return rc;	/* the recording did not read: said */
	page_rc = live_report_end(lr, cli->replay);
	return rc ? rc : page_rc;
}

/*
 * compare A --live: the recording's mode must be the run's, and the run a
 * dashboard on a terminal.  -1 after one line saying why not.
 */
static int live_refused(const struct cli *cli, const struct replay *ref, const char *ref_path,
			bool tty)
{
	const char *why = cli->cleanup ? "does not take --cleanup" :
			  cli->replay ? "does not take --replay" :
			  cli->out.quiet ? "shows the dashboard: not with -q" :
			  !tty ? "shows the dashboard: standard input and output must be a terminal" :
			  NULL;

	/* The modes first, before the terminal's and the environment's checks. */
	if (!cli->cleanup && !cli->replay &&
	    compare_cmd_live_mode(ref, ref_path, cli->sc.osn.irq_disable) < 0)
		return -1;
	if (why) {
		fprintf(stderr, "hwnoisetop: compare --live %s\n", why);
		return -1;
	}
	return 0;
}

/* What the dashboard's session runs besides the measurement. */
static void dashboard_conf_session(struct session_conf *sc)
{
	/* It keeps a trace recording for its one-key capture. */
	sc->record = true;
	if (!sc->rec.buffer_kb)
		sc->rec.buffer_kb = DASHBOARD_RECORD_KB;
	/* Its hwlat view (w) starts as hwnoisetop hwlat does, on the same CPUs. */
	sc->hwl.cpus = sc->osn.cpus;
	sc->hwl.threshold_us = HWLAT_DEFAULT_THRESHOLD;
	sc->hwl.window_us = HWLAT_DEFAULT_WINDOW;
	sc->hwl.width_us = HWLAT_DEFAULT_WIDTH;
	sc->hwl.mode = HWLAT_MODE_ROUND_ROBIN;
	sc->hwl.buffer_kb = sc->osn.buffer_kb;
	/* Its SMI and TSC watchdog columns, whenever they can be counted. */
	sc->smi = true;
	sc->tscwd = true;
	/* It shows per-CPU sums: keep only the latest samples, not every one. */
	sc->hwlat_keep = DASHBOARD_HWLAT_KEEP;
	/*
	 * Its D view shows the selected CPU's single noises, counted as hist
	 * counts them, once its key asks (counting adds noise): not at the start.
	 */
	sc->hist_view = false;
	sc->hist.bucket_us = HISTO_BUCKET_DEFAULT;
	sc->hist.entries = HISTO_ENTRIES_DEFAULT;
}

/* The live dashboard, beside the recording ref with compare --live; < 0: none shown. */
static int show_dashboard(struct session *s, const struct cli *cli, const struct replay *ref,
			  const char *ref_path, struct live_report *lr)
{
	struct dashboard_conf dc = { .page = live_report_page, .page_ctx = lr,
				     .iterations = cli->sc.iterations,
				     .color = !getenv("NO_COLOR"), .debug = cli->sc.debug,
				     .single_budget_us = cli->single_budget_us,
				     .period_budget_us = cli->period_budget_us,
				     .margin = cli->margin };
	char err[512];
	int rc;

	if (ref) {
		dc.ref = session_stats(ref->s);
		dc.ref_name = ref_path;
		dc.ref_elapsed_s = ref->end.elapsed_s;
		dc.ref_osnoise = !session_osnoise_conf(ref->s)->irq_disable;
		dc.ref_osn = session_osnoise_conf(ref->s);
		dc.ref_smi = ref->end.smi;
		dc.ref_series = segments_series(session_segments(ref->s), SEGMENTS_RUN, 0);
		dc.ref_nseries = session_segments(ref->s)->cur.ncpus;
		dc.ref_mid = &ref->mid;
	}
	rc = dashboard_run(s, &dc, err, sizeof(err));
	if (rc < 0)
		fprintf(stderr, "hwnoisetop: %s: showing only the summary table\n", err);
	return rc;
}

/* The run ended: the recording's end and the table (or hist's histogram). */
static void finish_run(struct session *s, struct cli *cli, struct outputs *out,
		       const struct histo_conf *hist)
{
	const struct exp_causes *why = session_experiment_causes(s);	/* with --why */
	char err[512];
	struct summary_opts so = {
		.quiet = cli->out.quiet,
		.json = cli->out.json,
		.pretty = !cli->out.quiet && isatty(STDOUT_FILENO) && !getenv("NO_COLOR"),
		.segments = !cli->out.quiet,
		.smi = cli->smi && smi_ok(session_smi(s)),
		.hwlat_view = session_hwl_stats(s)->cpu,
		.elapsed_s = session_elapsed_of(s, SESSION_OSNOISE),
		.run_ns = session_run_ns(s),
		.width = report_width(stdout, cli->out.quiet || cli->out.json),
		.percentiles = cli->percentiles,
	};
	struct recording_end re = { so.elapsed_s, so.run_ns, so.smi, so.hwlat_view, false };

	if (outopts_end(out, s, &re, err, sizeof(err)) < 0) {
		session_add_note(s, "%s\n", err);
		session_set_exit_status(s, session_exit_status(s) ? session_exit_status(s) :
						      HWN_EXIT_ENV);
	}
	if (hist)
		hist_report(s, hist, cli->out.json, so.elapsed_s);
	else
		summary_print(s, &so);
	/* The dashboard's experiment (x): its report, as hwnoisetop experiment prints it. */
	if (!hist && !cli->out.json && session_experiment(s, NULL, NULL) &&
	    session_experiment(s, NULL, NULL)->ran)
		exp_report_text(stdout, session_experiment(s, NULL, NULL), &why, 1);
}

static int run_in(struct ledger *l, int argc, char **argv, const struct replay *ref,
		  const char *ref_path, const struct histo_conf *hist)
{
	struct session *s;
	struct cli cli;
	struct session_ui quiet_ui = { .input_fd = -1, .update = quiet_update };
	struct outputs out;
	struct live_report lr;
	const char *record;
	char err[512];
	bool dashboard, tty;
	int rc, page_rc;

	/* Before anything can change: signals wait for the loop's signalfd. */
	session_block_signals();
	rc = cli_parse(&cli, argc, argv);
	if (rc >= 0) {
		cli_free(&cli);
		return rc;
	}
	if (hist) {
		cli.sc.hist = *hist;
		cli.sc.osn.aligned = true;	/* every sample in a summary: count = HW + NMI gaps */
	}
	/* A terminal to show the dashboard on (live, replayed or compared). */
	tty = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO);
	if (ref && live_refused(&cli, ref, ref_path, tty) < 0) {
		cli_free(&cli);
		return HWN_EXIT_USAGE;
	}
	if (cli.cleanup)
		return cleanup_run(stdout, cli.orphans);
	if (cli.replay) {
		live_report_prepare(&lr, &cli, argc, argv);	/* a replay records nothing */
		rc = replay(&cli, &lr, tty);
		cli_free(&cli);
		return rc;
	}
	cli.sc.ledger = l;
	if (osnoise_check(l, cli.sc.osn.irq_disable, err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		cli_free(&cli);
		return HWN_EXIT_ENV;
	}
	/* --report without --record: the run records to a hidden file beside the page. */
	if ((rc = live_report_prepare(&lr, &cli, argc, argv)) ||
	    (rc = outopts_open(&out, &cli.out))) {
		live_report_abandon(&lr);
		cli_free(&cli);
		return rc;
	}
	lr.out = &out;
	/* The dashboard keeps a trace recording for its one-key capture. */
	dashboard = !cli.out.quiet && tty;
	if (dashboard)
		dashboard_conf_session(&cli.sc);
	/* The dashboard's screen is no place for a shell action's output. */
	if (dashboard && (actions_have(cli.sc.on_threshold, ACTION_SHELL) ||
			  actions_have(cli.sc.on_end, ACTION_SHELL)))
		cli.sc.actions_log = ACTIONS_LOG;
	if (!(s = outopts_session_start(&out, &cli.sc, &rc))) {
		live_report_abandon(&lr);
		cli_free(&cli);
		return rc ? rc : HWN_EXIT_ENV;
	}
	quiet_ui.ctx = s;
	outopts_begin(&out, s, argc, argv, &(struct recording_cli){ .quiet = cli.out.quiet });
	if (cli.smi && !smi_ok(session_smi(s)))
		fprintf(stderr, "hwnoisetop: no SMI column: %s\n", smi_why(session_smi(s)));
	rc = -1;
	if (dashboard)
		rc = show_dashboard(s, &cli, ref, ref_path, &lr);
	if (rc < 0)
		rc = session_run(s, cli.sc.iterations ? &quiet_ui : NULL);
	session_finish(s);
	record = out.record_path;	/* finish_run() closes the outputs */
	finish_run(s, &cli, &out, hist);
	if (session_err(s)[0] && rc && !session_stop_hit(s))
		fprintf(stderr, "hwnoisetop: %s\n", session_err(s));
	rc = session_exit_status(s);
	page_rc = live_report_end(&lr, record);
	rc = rc ? rc : page_rc;
	session_free(s);
	cli_free(&cli);
	return rc;
}

/* The run's settings ledger, from the tracer check (which may mount tracefs) to the end. */
static int run(int argc, char **argv, const struct replay *ref, const char *ref_path,
	       const struct histo_conf *hist)
{
	struct ledger *l = outopts_ledger();
	int rc;

	if (!l)
		return HWN_EXIT_ENV;
	rc = run_in(l, argc, argv, ref, ref_path, hist);
	ledger_guard_release(l);
	return rc;
}

int hwnoise_cmd_main(int argc, char **argv)
{
	return run(argc, argv, NULL, NULL, NULL);
}

int hwnoise_cmd_run_hist(int argc, char **argv, const struct histo_conf *hist)
{
	return run(argc, argv, NULL, NULL, hist);
}

int hwnoise_cmd_compare(int argc, char **argv, const char *prog)
{
	struct replay *ref = NULL;
	const char *ref_path = NULL;
	int skip = compare_cmd_live(argc, argv, &ref, &ref_path);
	int rc;

	if (skip <= 0)
		return skip ? HWN_EXIT_USAGE : compare_cmd_main(argc, argv);
	/*
	 * "hwnoisetop compare A --live OPTIONS" runs as "hwnoisetop OPTIONS":
	 * skip counts from main's argv, whose argv[1] is this argv[0].
	 */
	argv[skip - 1] = (char *)prog;
	rc = run(argc - skip + 1, argv + skip - 1, ref, ref_path, NULL);
	rec_reader_free(ref);
	free(ref);
	return rc;
}
