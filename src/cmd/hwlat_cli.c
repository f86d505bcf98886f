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

#include "env.h"
#include "parse.h"
#include "outfile.h"
#include "prom.h"
#include "rec_writer.h"
#include "smi.h"
#include "hwlat_report.h"
#include "summary.h"

enum {
	O_CPUS = 'c', O_HELP = 'h',
	O_DURATION = 256, O_THRESHOLD, O_HARDLIMIT, O_WINDOW, O_WIDTH, O_REPORT, O_MODE,
	O_WATCH, O_QUIET, O_DEBUG, O_SMI,
};

#define THRESHOLD_MAX 10000000ULL	/* 10 s */
#define WINDOW_MAX 3600000000ULL	/* 1 h */

const struct opt_def hwlat_options[] = {
	{ .id = O_DURATION, .long_name = "duration", .arg = OPT_REQUIRED,
	  .arg_name = "time[s|m|h|d|w]",
	  .help = "total time to test for hardware latency (default 120 s)",
	  .example = "hwnoisetop hwlat --duration 1h",
	  .accepts = "a time from 1 s, in s (the default unit), m, h, d or w" },
	{ .id = O_THRESHOLD, .long_name = "threshold", .arg = OPT_REQUIRED, .arg_name = "us",
	  .help = "a gap above this is a hardware latency (default 10 us)",
	  .more = "Written to tracing_thresh; the previous value is restored at exit.",
	  .example = "hwnoisetop hwlat --threshold 5",
	  .accepts = "microseconds from 1 to 10000000, or a time in us, ms or s" },
	{ .id = O_HARDLIMIT, .long_name = "hardlimit", .arg = OPT_REQUIRED, .arg_name = "us",
	  .help = "exit status 1 when the max latency exceeds this (default: the threshold)",
	  .example = "hwnoisetop hwlat --threshold 10 --hardlimit 50",
	  .accepts = "microseconds from 0 to 3600000000, or a time in us, ms or s" },
	{ .id = O_WINDOW, .long_name = "window", .arg = OPT_REQUIRED, .arg_name = "us",
	  .help = "length of each sampling window (default 1000000 us)",
	  .more = "With --window alone below the default width, the width becomes half the "
		  "window, as with hwlatdetect.",
	  .example = "hwnoisetop hwlat --window 100ms --width 80ms",
	  .accepts = "microseconds from 1 to 3600000000, or a time in us, ms or s" },
	{ .id = O_WIDTH, .long_name = "width", .arg = OPT_REQUIRED, .arg_name = "us",
	  .help = "time measured, interrupts off, in each window (default 500000 us)",
	  .more = "At most the window: a larger width is refused.  With --width alone above the "
		  "default window, the window becomes twice the width, as with hwlatdetect.  The "
		  "CPU measured runs nothing else for that time.",
	  .example = "hwnoisetop hwlat --window 1s --width 950ms",
	  .accepts = "microseconds from 1 to the window, or a time in us, ms or s" },
	{ .id = O_MODE, .long_name = "mode", .arg = OPT_REQUIRED,
	  .arg_name = "none|round-robin|per-cpu",
	  .help = "where the detector runs (default round-robin)",
	  .more = "round-robin: one CPU at a time, moving to the next listed CPU after each "
		  "window; none: one CPU, without moving; per-cpu: every listed CPU at once.",
	  .example = "hwnoisetop hwlat --mode per-cpu -c 2-3",
	  .accepts = "none, round-robin or per-cpu" },
	{ .id = O_CPUS, .short_name = 'c', .long_name = "cpu-list", .arg = OPT_REQUIRED,
	  .arg_name = "cpu-list",
	  .help = "test these CPUs, e.g. 1-3,5 (default: every online CPU)",
	  .example = "hwnoisetop hwlat -c 1-3,5",
	  .accepts = "a list of online CPUs such as 0-3,5" },
	{ .id = O_REPORT, .long_name = "report", .arg = OPT_REQUIRED, .arg_name = "file",
	  .help = "write the samples to file, one line each, as printed",
	  .example = "hwnoisetop hwlat --duration 10m --report smi.txt",
	  .accepts = "a file name" },
	{ .id = O_SMI, .long_name = "smi", .arg = OPT_NONE,
	  .help = "also count each tested CPU's SMIs during the test (MSR 0x34, through "
		  "/dev/cpu/N/msr; loads the msr module when needed)",
	  .more = "Printed after the summary, one line per CPU: \"SMIs on CPU N: count\". The "
		  "counter is read before the test, every second from a thread of hwnoisetop's "
		  "(the read's interrupt waits for the end of the width, so it never falls inside "
		  "a sample) and after the test. A module loaded by hwnoisetop is unloaded at the "
		  "end. Where the counter can not be read (no MSR 0x34 on AMD, no msr module, not "
		  "permitted) one line on stderr says why and the exit status does not change.",
	  .example = "hwnoisetop hwlat --smi -c 0 --duration 30" },
	{ .id = O_WATCH, .long_name = "watch", .arg = OPT_NONE,
	  .help = "print each sample as it arrives",
	  .example = "hwnoisetop hwlat --watch --threshold 5" },
	RECORDING_OPTIONS(OUT_RECORD, OUT_FORCE, "hwnoisetop hwlat --quiet"),
	{ .id = O_QUIET, .long_name = "quiet", .arg = OPT_NONE,
	  .help = "print nothing (the exit status tells the result)",
	  .example = "hwnoisetop hwlat --quiet --hardlimit 50 || echo too slow" },
	{ .id = OUT_JSON, .long_name = "json", .arg = OPT_NONE,
	  .help = "print only the result, at the end, as one JSON object",
	  .more = "The parameters, the summary, the per-CPU figures and every sample (see JSON "
		  "OUTPUT); the exit status is the same. Not with --watch or --quiet.",
	  .example = "hwnoisetop hwlat --duration 1m --json | jq .max_latency_us" },
	PROMETHEUS_OPTION("As hwnoisetop --prometheus: the hwlat counters and gauges (see PROMETHEUS).",
			  "hwnoisetop hwlat --duration 1h --prometheus /var/lib/prometheus/node-exporter/hwlat.prom"),
	{ .id = O_DEBUG, .long_name = "debug", .arg = OPT_NONE,
	  .help = "print each setting written, on stderr",
	  .example = "hwnoisetop hwlat --debug --duration 10" },
	{ .id = O_HELP, .short_name = 'h', .long_name = "help", .arg = OPT_NONE,
	  .help = "print this help and exit",
	  .example = "hwnoisetop hwlat --help" },
	{ 0 }
};

static const struct opt_def *def_of(int id)
{
	return opt_find(hwlat_options, id);
}

/* One line: the option, the argument, why, and what the option accepts. */
void hwlat_cli_usage(FILE *out)
{
	fprintf(out,
		"Usage: hwnoisetop hwlat [OPTIONS]\n"
		"Detect hardware latencies (SMIs and other firmware or hypervisor stalls) with the\n"
		"kernel's hwlat tracer, as hwlatdetect does, and put every setting back afterwards.\n\n");
	opt_print_help(out, hwlat_options);
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
	if (out_opts_check(&cli->out, hwlat_options))
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

int hwlat_cli_parse(struct hwlat_cli *cli, int argc, char **argv)
{
	const struct opt_def *def = NULL;
	const char *arg = NULL, *cpus_arg = NULL;
	struct why why;
	const char *window_arg = NULL, *width_arg = NULL;
	struct hwlat_conf *h = &cli->sc.hwl;
	bool hardlimit_set = false, cpus_set = false;
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

	p = opt_parser_new(hwlat_options, "hwnoisetop hwlat");
	if (!p) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	optind = 0;	/* a fresh getopt scan, also when called more than once */
	while (rc < 0 && (c = opt_next(p, argc, argv, &def, &arg, &first)) != -1) {
		if (c != '?' && out_opts_take(&cli->out, def, arg, &rc))
			continue;
		switch (c) {
		case '?':
			rc = HWN_EXIT_USAGE;
			break;
		case O_DURATION:
			if (parse_duration(arg, true, &cli->sc.duration_s, &why))
				rc = opt_bad(def, arg, why.text);
			break;
		case O_THRESHOLD:
			if (parse_time_us(arg, 1, THRESHOLD_MAX, &h->threshold_us, &why))
				rc = opt_bad(def, arg, why.text);
			break;
		case O_HARDLIMIT:
			if (parse_time_us(arg, 0, WINDOW_MAX, &cli->hardlimit_us, &why))
				rc = opt_bad(def, arg, why.text);
			hardlimit_set = true;
			break;
		case O_WINDOW:
			if (parse_time_us(arg, 1, WINDOW_MAX, &h->window_us, &why))
				rc = opt_bad(def, arg, why.text);
			window_arg = arg;
			break;
		case O_WIDTH:
			if (parse_time_us(arg, 1, WINDOW_MAX, &h->width_us, &why))
				rc = opt_bad(def, arg, why.text);
			width_arg = arg;
			break;
		case O_MODE:
			if (hwlat_mode_parse(arg, &h->mode))
				rc = opt_bad(def, arg, "is not a mode");
			break;
		case O_CPUS:
			if (cpuset_parse(arg, &h->cpus, &why))
				rc = opt_bad(def, arg, why.text);
			else if (cpuset_empty(&h->cpus))
				rc = opt_bad(def, arg, "names no CPU");
			cpus_set = true;
			cpus_arg = arg;
			break;
		case O_REPORT:
			rc = take_report(cli, def, arg);
			break;
		case O_WATCH:
			cli->watch = true;
			break;
		case O_QUIET:
			cli->out.quiet = true;
			break;
		case O_DEBUG:
			cli->sc.debug = true;
			break;
		case O_SMI:
			cli->sc.smi = cli->sc.smi_load = true;
			break;
		case O_HELP:
			hwlat_cli_usage(stdout);
			rc = HWN_EXIT_OK;
			break;
		}
	}
	opt_parser_free(p);
	if (rc >= 0)
		return rc;
	if (first < argc) {
		fprintf(stderr, "hwnoisetop: unexpected argument '%s' (see hwnoisetop hwlat --help)\n",
			opt_quote(argv[first], &(struct opt_text){ 0 }));
		return HWN_EXIT_USAGE;
	}
	return finish(cli, window_arg, width_arg, cpus_set ? cpus_arg : NULL, hardlimit_set);
}

void hwlat_print_params(FILE *out, const struct hwlat_cli *cli)
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
	fprintf(out, "        Mode:              %s\n", hwlat_mode_name(h->mode));
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

	hwlat_print_samples(stdout, session_hwl_stats(w->s), w->printed);
	w->printed = session_hwl_stats(w->s)->nsamples;
	fflush(stdout);
}

int hwlat_main(int argc, char **argv)
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
	if (hwlat_check(err, sizeof(err)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		return HWN_HWLAT_FAILED;
	}
	if (outputs_open(&out, &cli.out))
		return HWN_HWLAT_FAILED;
	if (!cli.out.quiet && !cli.out.json) {
		hwlat_print_params(stdout, &cli);
		printf("\nStarting test\n");
		fflush(stdout);
	}
	s = session_new(NULL);
	if (!s || session_start(s, &cli.sc) < 0) {
		if (s)
			session_finish(s);
		outputs_abandon(&out);
		fprintf(stderr, "hwnoisetop: %s\n", s ? session_err(s) : "out of memory");
		session_free(s);
		return HWN_HWLAT_FAILED;
	}
	w.s = s;
	outputs_begin(&out, s, argc + 1, argv - 1, &(struct recording_cli){
		.quiet = cli.out.quiet, .json = cli.out.json, .watch = cli.watch,
		.hardlimit_us = cli.hardlimit_us, .report = cli.report });
	if (cli.sc.smi && !smi_ok(session_smi(s)))
		fprintf(stderr, "hwnoisetop: no SMI count: %s\n", smi_why(session_smi(s)));
	rc = session_run(s, cli.watch && !cli.out.quiet ? &ui : NULL);
	session_finish(s);
	if (cli.watch && !cli.out.quiet)
		watch_update(&w);	/* what the last drain brought */
	end = (struct hwlat_end){ .conf = &cli.sc.hwl, .hardlimit_us = cli.hardlimit_us,
				  .duration_s = cli.sc.duration_s, .quiet = cli.out.quiet,
				  .json = cli.out.json, .watch = cli.watch, .smi = smi_ok(session_smi(s)) };
	status = session_hwl_stats(s)->samples && session_hwl_stats(s)->max > cli.hardlimit_us ? HWN_HWLAT_ABOVE :
									     HWN_HWLAT_BELOW;
	if (session_exit_status(s))
		status = HWN_HWLAT_FAILED;
	/* Created only now: checked at parse time, never truncated before the test. */
	if (cli.report) {
		int werr = !(report = outfile_open(cli.report)) ||
			   hwlat_print_samples(report, session_hwl_stats(s), 0);

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
	if (outputs_end(&out, s, &(struct recording_end){ .smi = end.smi,
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
