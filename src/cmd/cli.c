/*
 * cli: option parsing for hwnoisetop, over the table of cli_options.c.  See
 * cli.h.
 *
 * The table follows rtla-hwnoise(1)'s order and meanings; each entry also
 * carries a man-page example and, for error messages, what its argument
 * may be.  Errors are one line: the option, the argument, why, and what
 * the option accepts.
 */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "env.h"
#include "parse.h"
#include "outopts.h"
#include "rec_writer.h"
#include "tracedat.h"

#include "cli_int.h"

static const struct opt_def *def_of(int id)
{
	return opt_find(cli_options_of(OPT_MAIN), id);
}

/* The subcommands' usage lines (commands_usage(), the command table's), from main(). */
static void (*commands_lines)(FILE *out);

void cli_usage_commands(void (*print)(FILE *out))
{
	commands_lines = print;
}

void cli_usage(FILE *out)
{
	/* rtla hwnoise's first line, so that a script that checks for it finds it. */
	fprintf(out, "hwnoisetop: a summary of hardware-related noise (version %s)\n"
		"Usage: hwnoisetop [OPTIONS]\n", PACKAGE_VERSION);
	if (commands_lines)
		commands_lines(out);
	fprintf(out,
		"Measure the hardware-related noise (SMIs, NMIs, SMT siblings, hypervisor exits)\n"
		"on each CPU with the kernel's osnoise tracer running with interrupts disabled.\n\n");
	opt_print_help(out, cli_options_of(OPT_MAIN));
	fprintf(out, "\nExamples:\n");
	for (const struct cli_example *e = cli_options_examples; e->cmd; e++) {
		const char *nl = strchr(e->cmd, '\n');

		if (e->brief)	/* the first line of cmd: the rest is in the man page */
			fprintf(out, "  %-*.*s  %s\n", 36, nl ? (int)(nl - e->cmd) : (int)strlen(e->cmd),
				e->cmd, e->brief);
	}
}

void cli_free(struct cli *cli)
{
	events_free(&cli->events);
	actions_free(&cli->on_threshold);
	actions_free(&cli->on_end);
}

/* --on-threshold, --on-end: one action more; a trace's file must be writable now. */
static int add_action(struct cli *cli, const struct opt_def *d, const char *arg)
{
	struct actions *list = d->id == O_ON_END ? &cli->on_end : &cli->on_threshold;
	const char *why;
	char cant[300];

	if (actions_parse(list, arg, d->id == O_ON_THRESHOLD, DEFAULT_TRACE, &why))
		return opt_bad(d, arg, why);
	if (list->v[list->n - 1].kind == ACTION_TRACE &&
	    env_check_output(list->v[list->n - 1].text, cant, sizeof(cant)) < 0)
		return opt_bad(d, arg, cant);
	return -1;
}

/*
 * Once every option is read: -t and -a save their trace as the last
 * --on-threshold action (--trace-always saves it at every end instead),
 * and a trace action needs the recording instance.
 */
static int finish_actions(struct cli *cli)
{
	if (cli->sc.trace_file && !cli->sc.trace_always &&
	    actions_add_trace(&cli->on_threshold, cli->sc.trace_file) < 0) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	if (actions_have(&cli->on_threshold, ACTION_TRACE) ||
	    actions_have(&cli->on_end, ACTION_TRACE))
		cli->sc.record = true;
	cli->sc.on_threshold = cli->on_threshold.n ? &cli->on_threshold : NULL;
	cli->sc.on_end = cli->on_end.n ? &cli->on_end : NULL;
	return 0;
}

/* CPUs must exist and be online: the kernel would silently skip the others. */
static int check_cpus(const struct opt_def *d, const char *arg, const struct cpuset *set)
{
	struct cpuset online, missing;
	char list[128], on[128], why[300];

	env_online_cpus(&online);
	cpuset_andnot(&missing, set, &online);
	if (cpuset_empty(&missing))
		return 0;
	snprintf(why, sizeof(why), "names CPUs that do not exist or are offline (%s); online CPUs: %s",
		 cpuset_format(&missing, list, sizeof(list)), cpuset_format(&online, on, sizeof(on)));
	return opt_bad(d, arg, why);
}

/* The trace file must be writable now: not a directory, nor where nothing can be created. */
static int set_trace_file(struct cli *cli, const struct opt_def *d, const char *arg)
{
	char why[300];
	const char *text;

	if (!arg)
		arg = DEFAULT_TRACE;
	else if (arg[0] == '=')	/* "-t=file", as rtla takes it */
		arg++;
	if (!*arg)
		return opt_bad(d, "", "is empty");
	if (strlen(arg) >= sizeof(cli->trace_file))
		return opt_bad(d, arg, "is too long");
	if (env_check_output(arg, why, sizeof(why)) < 0)
		return opt_bad(d, arg, why);
	if (tracedat_wanted(arg) && !tracedat_available(&text))
		return opt_bad(d, arg, text);
	snprintf(cli->trace_file, sizeof(cli->trace_file), "%s", arg);
	cli->sc.trace_file = cli->trace_file;
	cli->sc.record = true;
	return 0;
}

static int parse_us(const struct opt_def *d, const char *arg, uint64_t min, uint64_t *out)
{
	struct why why;
	uint64_t v;

	if (parse_u64(arg, min, PERIOD_MAX, &v, &why))
		return opt_bad(d, arg, why.text);
	*out = v;
	return 0;
}

int cli_margin(const char *arg, double *margin)
{
	const struct opt_def *d = opt_find(cli_options, O_MARGIN);
	char *end;
	double v;

	if (!arg || !*arg)
		return opt_bad(d, NULL, "needs a percentage");
	errno = 0;
	v = strtod(arg, &end);
	if (*end || errno || !(v > 0 && v < 100))
		return opt_bad(d, arg, *end || errno ? "is not a number" :
			       "is out of range");
	*margin = v / 100;
	return 0;
}

/* --report's file: a page that can be written, not the recording.  0, or after one line. */
static int check_report(const struct cli *cli)
{
	const struct opt_def *d = def_of(O_HTML_REPORT);
	char why[PATH_MAX + 128];

	if (strcmp(cli->report, "-") == 0)
		return opt_bad(d, cli->report, "writes a file (hwnoisetop report REC.jsonl -o - "
			       "writes the page to standard output)");
	if ((cli->out.record && strcmp(cli->report, cli->out.record) == 0) ||
	    (cli->replay && strcmp(cli->report, cli->replay) == 0))
		return opt_bad(d, cli->report, "is the recording: the page needs a file of its own");
	if (outopts_record_check(cli->report, true, why, sizeof(why)) < 0)
		return opt_bad(d, cli->report, why);
	return 0;
}

/*
 * Options that make sense only together, checked once all are read;
 * not_replay: the first option that --replay cannot take, or NULL.
 */
static int check_combinations(struct cli *cli, int nopts, bool bufsize_set,
			      const struct opt_def *not_replay)
{
	if (cli->orphans && !cli->cleanup)
		return opt_bad(def_of(O_ORPHANS), NULL, "needs --cleanup (hwnoisetop --cleanup --orphans)");
	if (cli->cleanup && nopts > 1 + cli->orphans)
		return opt_bad(def_of(O_CLEANUP), NULL, "takes no other option but --orphans");
	if (outopts_check(&cli->out, cli_options_of(OPT_MAIN)))
		return HWN_EXIT_USAGE;
	if (cli->out.record && cli->replay)
		return opt_bad(def_of(O_REPLAY), NULL, "reads a recording: not with --record");
	if (cli->report && check_report(cli))
		return HWN_EXIT_USAGE;
	if (cli->replay && not_replay && not_replay->id == O_REPLAY) {
		fprintf(stderr, "hwnoisetop: --replay: a second --replay: one recording at a time "
			"(hwnoisetop compare A B puts two side by side)\n");
		return HWN_EXIT_USAGE;
	}
	if (cli->replay && not_replay) {
		fprintf(stderr, "hwnoisetop: --replay: %s cannot be used with a recording (it takes "
			"only -q, --json, -D and the budgets)\n",
			opt_label(not_replay, &(struct opt_text){ 0 }));
		return HWN_EXIT_USAGE;
	}
	if (cli->events.n && !cli->sc.record)
		return opt_bad(def_of(O_EVENT), NULL, "works only with -t/--trace or -a/--auto");
	if (bufsize_set && !cli->sc.record)
		return opt_bad(def_of(O_BUFSIZE), NULL, "works only with -t/--trace or -a/--auto");
	if (cli->period_set && !cli->runtime_set)
		cli->sc.osn.runtime_us = cli->sc.osn.period_us * 3 / 4 < RUNTIME_MIN ?
					 RUNTIME_MIN : cli->sc.osn.period_us * 3 / 4;
	if (cli->sc.osn.runtime_us > cli->sc.osn.period_us) {
		char reason[128], val[32];

		snprintf(reason, sizeof(reason), "must not exceed the period (%llu us)",
			 (unsigned long long)cli->sc.osn.period_us);
		snprintf(val, sizeof(val), "%llu", (unsigned long long)cli->sc.osn.runtime_us);
		return opt_bad(def_of(O_RUNTIME), val, reason);
	}
	return 0;
}

/* What cli_parse() keeps between options: the CPU lists to check at the end. */
struct parse_state {
	const struct opt_def *cpus_def, *hk_def;
	const char *cpus_arg, *hk_arg;
	bool bufsize_set;
};

/*
 * The measuring options (the tracer's settings, the trace, the CPUs, the
 * events): -1 to go on, else the exit status.  Not one of them: -2.
 */
static int take_measure(struct cli *cli, struct parse_state *ps, int c, const struct opt_def *def,
			const char *arg)
{
	struct why why;
	int rc = -1;
	uint64_t v;

	switch (c) {
	case O_AUTO:	/* = -s us -T 1 -t */
		if ((rc = parse_us(def, arg, 1, &cli->sc.osn.stop_us)))
			break;
		rc = -1;
		cli->sc.osn.threshold_us = 1;
		if (!cli->sc.trace_file && set_trace_file(cli, def, NULL))
			rc = HWN_EXIT_USAGE;
		break;
	case O_PERIOD:
		if (!(rc = parse_us(def, arg, RUNTIME_MIN, &cli->sc.osn.period_us)))
			rc = -1;
		cli->period_set = true;
		break;
	case O_RUNTIME:
		if (!(rc = parse_us(def, arg, RUNTIME_MIN, &cli->sc.osn.runtime_us)))
			rc = -1;
		cli->runtime_set = true;
		break;
	case O_STOP:
		if (!(rc = parse_us(def, arg, 1, &cli->sc.osn.stop_us)))
			rc = -1;
		break;
	case O_STOP_TOTAL:
		if (!(rc = parse_us(def, arg, 1, &cli->sc.osn.stop_total_us)))
			rc = -1;
		break;
	case O_THRESHOLD:
		if (!(rc = parse_us(def, arg, 1, &cli->sc.osn.threshold_us)))
			rc = -1;
		break;
	case O_TRACE:
		if (set_trace_file(cli, def, arg))
			rc = HWN_EXIT_USAGE;
		break;
	case O_TRACE_ALWAYS:
		cli->sc.trace_always = true;
		if (!cli->sc.trace_file && set_trace_file(cli, def, NULL))
			rc = HWN_EXIT_USAGE;
		break;
	case O_BUFSIZE:
		if (parse_u64(arg, 1, BUFFER_KB_MAX, &v, &why))
			rc = opt_bad(def, arg, why.text);
		cli->sc.rec.buffer_kb = v;
		ps->bufsize_set = true;
		break;
	case O_CPUS:
		if (cpuset_parse(arg, &cli->sc.osn.cpus, &why))
			rc = opt_bad(def, arg, why.text);
		cli->cpus_set = true;
		ps->cpus_def = def;
		ps->cpus_arg = arg;
		break;
	case O_HOUSEKEEPING:
		if (cpuset_parse(arg, &cli->sc.housekeeping, &why))
			rc = opt_bad(def, arg, why.text);
		cli->sc.housekeeping_set = true;
		ps->hk_def = def;
		ps->hk_arg = arg;
		break;
	case O_DURATION:
		if (parse_duration(arg, false, &cli->sc.duration_s, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_EVENT:
		if (events_add(&cli->events, arg, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_FILTER:
		if (events_set_filter(&cli->events, arg, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_TRIGGER:
		if (events_set_trigger(&cli->events, arg, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	default:
		return -2;
	}
	return rc;
}

/* The other options: the run's threads, its end, replay, cleanup, output, help. */
static int take_run(struct cli *cli, int c, const struct opt_def *def, const char *arg)
{
	struct why why;
	int rc = -1;

	switch (c) {
	case O_PRIORITY:
		if (threads_parse_priority(arg, &cli->sc.sched, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_CGROUP:
		if (arg && arg[0] == '=')
			arg++;
		if (threads_cgroup_dir(arg, cli->sc.cgroup, sizeof(cli->sc.cgroup), &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_WARMUP:
		if (parse_duration_max(arg, false, WARMUP_MAX, "is more than a day",
				       &cli->sc.warmup_s, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_REPLAY:
		cli->replay = arg;
		break;
	case O_HTML_REPORT:
		cli->report = arg;
		break;
	case O_CLEANUP:
		cli->cleanup = true;
		break;
	case O_ORPHANS:
		cli->orphans = true;
		break;
	case O_KEEP_TUNING:
		cli->sc.keep_tuning = true;
		break;
	case O_ITERATIONS:
		if (parse_u64(arg, 1, UINT32_MAX, &cli->sc.iterations, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_CAPTURE_FORMAT:
		if (strcmp(arg, "dat") && strcmp(arg, "text"))
			rc = opt_bad(def, arg, "is not a capture format");
		else if ((cli->sc.capture_dat = !strcmp(arg, "dat")) &&
			 !tracedat_available(&why.text))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_CAPTURE_LAST:
		if (parse_duration(arg, false, &cli->sc.capture_last_s, &why))
			rc = opt_bad(def, arg, why.text);
		break;
	case O_QUIET:
		cli->out.quiet = true;
		break;
	case O_ON_THRESHOLD:
	case O_ON_END:
		rc = add_action(cli, def, arg);
		break;
	case O_SINGLE_BUDGET:
	case O_PERIOD_BUDGET:
		rc = parse_us(def, arg, 1, c == O_SINGLE_BUDGET ? &cli->single_budget_us :
			      &cli->period_budget_us);
		rc = rc ? rc : -1;
		break;
	case O_OSNOISE:
		cli->sc.osn.irq_disable = false;
		break;
	case O_PERCENTILES:
		cli->percentiles = true;
		break;
	case O_MARGIN:
		rc = cli_margin(arg, &cli->margin);
		rc = rc ? rc : -1;
		break;
	case O_SMI:
		cli->smi = cli->sc.smi = cli->sc.smi_load = true;
		break;
	case O_WHY:
		cli->sc.why = cli->sc.smi = true;
		break;
	case O_DEBUG:
		cli->sc.debug = true;
		break;
	case O_HELP:
		cli_usage(stdout);
		rc = HWN_EXIT_OK;
		break;
	case O_VERSION:
		printf("hwnoisetop %s\n", PACKAGE_VERSION);
		rc = HWN_EXIT_OK;
		break;
	}
	return rc;
}

int cli_parse(struct cli *cli, int argc, char **argv)
{
	const struct opt_def *def = NULL, *not_replay = NULL;
	const char *arg = NULL;
	struct parse_state ps = { 0 };
	struct opt_parser *p;
	int c, first, rc = -1, nopts = 0;

	memset(cli, 0, sizeof(*cli));
	cli->sc.osn.period_us = 1000000;
	cli->sc.osn.runtime_us = 750000;
	cli->sc.osn.threshold_us = 1;
	cli->sc.osn.irq_disable = true;
	cli->sc.osn.buffer_kb = 256;
	cli->sc.events = &cli->events;

	p = opt_parser_new(cli_options_of(OPT_MAIN), "hwnoisetop");
	if (!p) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	while (rc < 0 && (c = opt_next(p, argc, argv, &def, &arg, &first)) != -1) {
		nopts++;
		if (c != '?' && !not_replay && c != O_QUIET && c != OUT_JSON && c != O_DEBUG &&
		    c != O_SINGLE_BUDGET && c != O_PERIOD_BUDGET && c != O_PERCENTILES &&
		    c != O_MARGIN && c != O_HTML_REPORT &&
		    (c != O_REPLAY || cli->replay))
			not_replay = def;
		if (c != '?' && outopts_take(&cli->out, def, arg, &rc))
			continue;
		if (c == '?')
			rc = HWN_EXIT_USAGE;
		else if ((rc = take_measure(cli, &ps, c, def, arg)) == -2)
			rc = take_run(cli, c, def, arg);
	}
	opt_parser_free(p);
	if (rc >= 0)
		return rc;
	if (first < argc) {
		fprintf(stderr, "hwnoisetop: unexpected argument '%s' (see --help)\n",
			opt_quote(argv[first], &(struct opt_text){ 0 }));
		return HWN_EXIT_USAGE;
	}
	if ((rc = finish_actions(cli)))
		return rc;
	if (check_combinations(cli, nopts, ps.bufsize_set, not_replay))
		return HWN_EXIT_USAGE;
	if (ps.cpus_def && check_cpus(ps.cpus_def, ps.cpus_arg, &cli->sc.osn.cpus))
		return HWN_EXIT_USAGE;
	if (ps.hk_def && check_cpus(ps.hk_def, ps.hk_arg, &cli->sc.housekeeping))
		return HWN_EXIT_USAGE;
	if (!cli->cpus_set)
		env_online_cpus(&cli->sc.osn.cpus);
	return -1;
}
