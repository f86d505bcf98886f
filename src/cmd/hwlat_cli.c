/*
 * hwlat_cli: "hwnoisetop hwlat".  See hwlat_cli.h.
 *
 * The run: parse, check the environment (root, tracefs, the hwlat tracer,
 * nobody else's hwlat), open the report file, then one session with the
 * hwlat tracer; samples are printed as they arrive with --watch, else
 * after the summary.  The session restores every setting on every way
 * out before anything is printed.
 */
#include "hwlat_cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"
#include "env.h"
#include "hwlat.h"
#include "ledger_guard.h"
#include "parse.h"
#include "outfile.h"
#include "prom.h"
#include "rec_writer.h"
#include "smi.h"
#include "hwlat_report.h"
#include "summary.h"

#include "cli.h"
#include "cli_int.h"

#define THRESHOLD_MAX 10000000ULL	/* 10 s */
#define WINDOW_MAX 3600000000ULL	/* 1 h */

static const struct opt_def *hwlat_options(void)
{
	return cli_options_of(OPT_HWLAT);
}

static const struct opt_def *def_of(int id)
{
	return opt_find(hwlat_options(), id);
}

/* One line: the option, the argument, why, and what the option accepts. */
void hwlat_cli_usage(FILE *out)
{
	fprintf(out,
		"Usage: hwnoisetop hwlat [OPTIONS]\n"
		"Detect hardware latencies (SMIs and other firmware or hypervisor stalls) with the\n"
		"kernel's hwlat tracer, as hwlatdetect does, and put every setting back afterwards.\n\n");
	opt_print_help(out, hwlat_options());
}

/* --report FILE: a file that can be written, checked now. */
static int take_report(struct hwlat_cli *cli, const struct opt_def *def, const char *arg)
{
	char reason[300];

	cli->report = arg;
	if (!*arg)
		return opt_bad(def, arg, "is empty");
	if (env_check_output(arg, reason, sizeof(reason)) < 0)
		return opt_bad(def, arg, reason);
	return -1;
}

/*
 * The older hwlatdetect's --interval and --sample_width, in milliseconds:
 * kept apart until every option is read, then put on the window and width.
 */
struct old_spellings {
	const struct opt_def *interval_def, *width_def;
	const char *interval_arg, *width_arg;
	uint64_t interval_ms, width_ms;
};

#define OLD_MS_MAX 1800000ULL	/* 30 min: their sum stays within WINDOW_MAX */

static int take_ms(struct old_spellings *old, const struct opt_def *def, const char *arg)
{
	bool interval = def->id == O_INTERVAL;
	struct why why;

	if (parse_u64(arg, 1, OLD_MS_MAX, interval ? &old->interval_ms : &old->width_ms, &why))
		return opt_bad(def, arg, why.text);
	if (interval)
		old->interval_def = def, old->interval_arg = arg;
	else
		old->width_def = def, old->width_arg = arg;
	return -1;
}

/*
 * Each older spelling replaces its new one (not both): the width is
 * --sample_width, the window the width plus --interval (the gap between
 * two samples, hwlatdetect's "Non-sampling gap"); the one not given keeps
 * its default.  0, or -1 after one line.
 */
static int old_spellings_apply(struct hwlat_cli *cli, const struct old_spellings *old,
			       const char **window_arg, const char **width_arg)
{
	struct hwlat_conf *h = &cli->sc.hwl;
	uint64_t gap_us = h->window_us - h->width_us;

	if (old->interval_arg && *window_arg)
		return opt_bad(old->interval_def, old->interval_arg,
			       "sets the window (width + interval): not with --window"), -1;
	if (old->width_arg && *width_arg)
		return opt_bad(old->width_def, old->width_arg,
			       "is the width in milliseconds: not with --width"), -1;
	if (!old->interval_arg && !old->width_arg)
		return 0;
	if (old->width_arg) {
		h->width_us = old->width_ms * 1000;
		*width_arg = old->width_arg;
	}
	if (old->interval_arg)
		gap_us = old->interval_ms * 1000;
	if (*window_arg && old->width_arg && h->width_us >= h->window_us) {
		char reason[96];

		/* The older spelling's rule: a gap in each window, or it never pauses. */
		snprintf(reason, sizeof(reason), "leaves no gap in the window of %" PRIu64 " us",
			 h->window_us);
		return opt_bad(old->width_def, old->width_arg, reason), -1;
	}
	if (*window_arg)	/* --sample_width with --window: the window is given */
		return 0;
	h->window_us = h->width_us + gap_us;
	*window_arg = old->interval_arg ? old->interval_arg : old->width_arg;
	return 0;
}

/*
 * After the options: the combinations, the window and width as hwlatdetect
 * adjusts them, the CPUs (cpus_arg: given), the hard limit's default.
 * -1 to run, else the exit status after one line.
 */
static int finish(struct hwlat_cli *cli, const char *window_arg, const char *width_arg,
		  const char *cpus_arg, bool hardlimit_set)
{
	struct hwlat_conf *h = &cli->sc.hwl;

	if (cli->out.json && (cli->watch || cli->out.quiet)) {
		fprintf(stderr, "hwnoisetop: --json does not go with %s (it prints one object at the end)\n",
			cli->watch ? "--watch" : "--quiet");
		return HWN_EXIT_USAGE;
	}
	if (cli->brief && (cli->watch || cli->out.quiet)) {
		fprintf(stderr, "hwnoisetop: -q prints only the summary at the end: not with %s\n",
			cli->watch ? "--watch" : "--quiet (which prints nothing)");
		return HWN_EXIT_USAGE;
	}
	if (outopts_check(&cli->out, hwlat_options()))
		return HWN_EXIT_USAGE;
	/* hwlatdetect's adjustments when only one of the two is given. */
	if (window_arg && !width_arg && h->width_us > h->window_us)
		h->width_us = h->window_us / 2 ? h->window_us / 2 : 1;
	if (width_arg && !window_arg && h->width_us > h->window_us) {
		if (h->width_us > WINDOW_MAX / 2)
			return opt_bad(def_of(O_WIDTH), width_arg, "must be at most 1800000000 us without --window");
		h->window_us = h->width_us * 2;
	}
	if (h->width_us > h->window_us) {
		char reason[96];

		snprintf(reason, sizeof(reason), "is above the window of %" PRIu64 " us",
			 h->window_us);
		return opt_bad(def_of(O_WIDTH), width_arg, reason);
	}
	if (cpus_arg) {
		char reason[320];

		if (env_check_online(&h->cpus, reason, sizeof(reason)))
			return opt_bad(def_of(O_CPUS), cpus_arg, reason);
	} else {
		env_online_cpus(&h->cpus);
	}
	if (!hardlimit_set)
		cli->hardlimit_us = h->threshold_us;
	return -1;
}

/* What the options gave, for the checks once all are read. */
struct seen {
	const char *window_arg, *width_arg, *cpus_arg;
	bool hardlimit_set;
	int nopts;
	struct old_spellings old;
};

/* Measure settings: -1 to go on, else an exit status after one line. */
static int take_measure(struct hwlat_cli *cli, struct seen *sn, int c, const struct opt_def *def,
			const char *arg)
{
	struct hwlat_conf *h = &cli->sc.hwl;
	struct why why = { 0 };

	switch (c) {
	case O_DURATION:
		return parse_duration(arg, true, &cli->sc.duration_s, &why) ? opt_bad(def, arg, why.text) : -1;
	case O_THRESHOLD:
		return parse_time_us(arg, 1, THRESHOLD_MAX, &h->threshold_us, &why) ?
		       opt_bad(def, arg, why.text) : -1;
	case O_HARDLIMIT:
		sn->hardlimit_set = true;
		return parse_time_us(arg, 0, WINDOW_MAX, &cli->hardlimit_us, &why) ?
		       opt_bad(def, arg, why.text) : -1;
	case O_WINDOW:
		sn->window_arg = arg;
		return parse_time_us(arg, 1, WINDOW_MAX, &h->window_us, &why) ?
		       opt_bad(def, arg, why.text) : -1;
	case O_WIDTH:
		sn->width_arg = arg;
		return parse_time_us(arg, 1, WINDOW_MAX, &h->width_us, &why) ?
		       opt_bad(def, arg, why.text) : -1;
	case O_INTERVAL:
	case O_SAMPLE_WIDTH:
		return take_ms(&sn->old, def, arg);
	case O_MODE:
		return tracer_conf_hwlat_mode_parse(arg, &h->mode) ?
		       opt_bad(def, arg, "is not a mode") : -1;
	case O_CPUS:
		sn->cpus_arg = arg;
		if (cpuset_parse(arg, &h->cpus, &why))
			return opt_bad(def, arg, why.text);
		return cpuset_empty(&h->cpus) ? opt_bad(def, arg, "names no CPU") : -1;
	case O_SMI:
		cli->sc.smi = cli->sc.smi_load = true;
		return -1;
	}
	return -2;
}

/* What the run prints and the rest: -1 to go on, else an exit status. */
static int take_other(struct hwlat_cli *cli, int c, const struct opt_def *def, const char *arg)
{
	switch (c) {
	case O_REPORT:
		return take_report(cli, def, arg);
	case O_WATCH:
		cli->watch = true;
		break;
	case O_QUIET:
		cli->brief = true;
		break;
	case O_NOTHING:
		cli->out.quiet = true;
		break;
	case O_CLEANUP:
		cli->cleanup = true;
		break;
	case O_DEBUG:
		cli->sc.debug = true;
		break;
	case O_HELP:
		hwlat_cli_usage(stdout);
		return HWN_EXIT_OK;
	default:
		return HWN_EXIT_USAGE;	/* '?': opt_next() said why */
	}
	return -1;
}

/* Once every option is read: -1 to run, else the exit status after one line. */
static int after_options(struct hwlat_cli *cli, struct seen *sn)
{
	if (cli->cleanup && sn->nopts > 1)
		return opt_bad(opt_find(hwlat_options(), O_CLEANUP), NULL, "takes no other option");
	if (old_spellings_apply(cli, &sn->old, &sn->window_arg, &sn->width_arg) < 0)
		return HWN_EXIT_USAGE;
	return finish(cli, sn->window_arg, sn->width_arg, sn->cpus_arg, sn->hardlimit_set);
}

int hwlat_cli_parse(struct hwlat_cli *cli, int argc, char **argv)
{
	const struct opt_def *def = NULL;
	const char *arg = NULL;
	struct hwlat_conf *h = &cli->sc.hwl;
	struct seen sn = { 0 };
	struct opt_parser *p;
	int c, first = argc, rc = -1;

	memset(cli, 0, sizeof(*cli));
	cli->sc.tracer = SESSION_HWLAT;
	cli->sc.duration_s = HWLAT_DEFAULT_DURATION;
	h->threshold_us = HWLAT_DEFAULT_THRESHOLD;
	h->window_us = HWLAT_DEFAULT_WINDOW;
	h->width_us = HWLAT_DEFAULT_WIDTH;
	h->mode = HWLAT_MODE_ROUND_ROBIN;
	h->buffer_kb = 256;

	p = opt_parser_new(hwlat_options(), "hwnoisetop hwlat");
	if (!p) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	optind = 0;	/* a fresh getopt scan, also when called more than once */
	while (rc < 0 && (c = opt_next(p, argc, argv, &def, &arg, &first)) != -1) {
		sn.nopts++;
		if (c != '?' && outopts_take(&cli->out, def, arg, &rc))
			continue;
		if ((rc = take_measure(cli, &sn, c, def, arg)) == -2)
			rc = take_other(cli, c, def, arg);
	}
	opt_parser_free(p);
	if (rc >= 0)
		return rc;
	if (first < argc) {
		fprintf(stderr, "hwnoisetop: unexpected argument '%s' (see hwnoisetop hwlat --help)\n",
			opt_quote(argv[first], &(struct opt_text){ 0 }));
		return HWN_EXIT_USAGE;
	}
	return after_options(cli, &sn);
}

void hwlat_cli_print_params(FILE *out, const struct hwlat_cli *cli)
{
	const struct hwlat_conf *h = &cli->sc.hwl;
	char list[256];

	fprintf(out, "hwnoisetop hwlat:  test duration %" PRIu64 " seconds\n", cli->sc.duration_s);
	fprintf(out, "   detector: tracer\n");
	fprintf(out, "   parameters:\n");
	fprintf(out, "        CPU list:          %s\n", cpuset_format(&h->cpus, list, sizeof(list)));
	fprintf(out, "        Latency threshold: %" PRIu64 "us\n", h->threshold_us);
	fprintf(out, "        Hard limit:        %" PRIu64 "us\n", cli->hardlimit_us);
	fprintf(out, "        Sample window:     %" PRIu64 "us\n", h->window_us);
	fprintf(out, "        Sample width:      %" PRIu64 "us\n", h->width_us);
	fprintf(out, "     Non-sampling period:  %" PRIu64 "us\n", h->window_us - h->width_us);
	fprintf(out, "        Mode:              %s\n", tracer_conf_hwlat_mode_name(h->mode));
	fprintf(out, "        Output File:       %s\n", cli->report ? cli->report : "None");
}

/* --watch: print what arrived since the last call (it only reads the session). */
struct watch {
	const struct session *s;
	size_t printed;
};

static void watch_update(void *ctx)
{
	struct watch *w = ctx;

	hwlat_report_samples(stdout, session_hwl_stats(w->s), w->printed);
	w->printed = session_hwl_stats(w->s)->nsamples;
	fflush(stdout);
}

static int hwlat_main_in(struct ledger *l, int argc, char **argv)
{
	struct hwlat_cli cli;
	struct session *s;
	struct watch w = { NULL, 0 };
	struct session_ui ui = { .ctx = &w, .input_fd = -1, .update = watch_update };
	struct outputs out;
	struct hwlat_end end;
	FILE *report = NULL;
	char err[512];
	int rc, status;

	/* Before anything can change: signals wait for the loop's signalfd. */
	session_block_signals();
	rc = hwlat_cli_parse(&cli, argc, argv);
	if (rc >= 0)
		return rc == HWN_EXIT_OK ? HWN_HWLAT_BELOW : HWN_HWLAT_FAILED;
	if (cli.cleanup)	/* as hwlatdetect --cleanup: undo what a killed run left */
		return cleanup_run(stdout, false) ? HWN_HWLAT_FAILED : HWN_HWLAT_BELOW;
	cli.sc.ledger = l;
	if (hwlat_check(l, err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		return HWN_HWLAT_FAILED;
	}
	if (outopts_open(&out, &cli.out))
		return HWN_HWLAT_FAILED;
	if (!cli.out.quiet && !cli.out.json && !cli.brief) {
		hwlat_cli_print_params(stdout, &cli);
		printf("\nStarting test\n");
		fflush(stdout);
	}
	if (!(s = outopts_session_start(&out, &cli.sc, &rc)))
		return HWN_HWLAT_FAILED;
	w.s = s;
	outopts_begin(&out, s, argc + 1, argv - 1, &(struct recording_cli){
		.quiet = cli.out.quiet, .brief = cli.brief, .json = cli.out.json, .watch = cli.watch,
		.hardlimit_us = cli.hardlimit_us, .report = cli.report });
	if (cli.sc.smi && !smi_ok(session_smi(s)))
		fprintf(stderr, "hwnoisetop: no SMI count: %s\n", smi_why(session_smi(s)));
	rc = session_run(s, cli.watch && !cli.out.quiet ? &ui : NULL);
	session_finish(s);
	if (cli.watch && !cli.out.quiet)
		watch_update(&w);	/* what the last drain brought */
	end = (struct hwlat_end){ .conf = &cli.sc.hwl, .hardlimit_us = cli.hardlimit_us,
				  .duration_s = cli.sc.duration_s, .quiet = cli.out.quiet, .brief = cli.brief,
				  .json = cli.out.json, .watch = cli.watch, .smi = smi_ok(session_smi(s)) };
	status = session_hwl_stats(s)->samples && session_hwl_stats(s)->max > cli.hardlimit_us ? HWN_HWLAT_ABOVE :
									     HWN_HWLAT_BELOW;
	if (session_exit_status(s))
		status = HWN_HWLAT_FAILED;
	/* Created only now: checked at parse time, never truncated before the test. */
	if (cli.report) {
		int werr = !(report = outfile_open(cli.report)) ||
			   hwlat_report_samples(report, session_hwl_stats(s), 0);

		if ((report && fclose(report) != 0) || werr) {
			fprintf(stderr, "hwnoisetop: cannot write the report to %s: %s\n", cli.report,
				strerror(errno));
			status = HWN_HWLAT_FAILED;
		} else {
			end.report = cli.report;
		}
	}
	/* The recording's footer: the exit status and the report's line, for its replay. */
	session_set_exit_status(s, status);
	if (outopts_end(&out, s, &(struct recording_end){ .smi = end.smi,
			.report_saved = end.report != NULL }, err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		status = HWN_HWLAT_FAILED;
	}
	end.status = status;
	summary_hwlat(s, &end);
	if (session_err(s)[0] && rc)
		fprintf(stderr, "hwnoisetop: %s\n", session_err(s));
	fflush(stdout);
	session_free(s);
	return status;
}

int hwlat_cli_main(int argc, char **argv)
{
	struct ledger *l = outopts_ledger();
	int status;

	if (!l)
		return HWN_HWLAT_FAILED;
	status = hwlat_main_in(l, argc, argv);
	ledger_guard_release(l);
	return status;
}
