/*
 * experiment_cmd: "hwnoisetop experiment --knob NAME [--values A,B]
 * [--blocks N] [--block TIME] [--settle TIME] [--seed S] [OPTIONS]": an
 * interleaved A/B experiment on a system-panel knob (experiment.h), one
 * session a knob, the knob switched at the blocks' edges through the
 * session (and so the settings ledger, which puts it back on every way
 * out), and the report of exp_report.h.  OPTIONS are the main command's;
 * -d is refused (the blocks set the length).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_int.h"
#include "commands.h"
#include "env.h"
#include "exp_report.h"
#include "experiment_int.h"
#include "experiment.h"
#include "sysknobs.h"
#include "ledger_guard.h"
#include "osnoise.h"
#include "outopts.h"
#include "rec_writer.h"
#include "parse.h"
#include "session.h"


struct xopts {
	enum sysknob_id knob[KNOB_COUNT];
	const char *values[KNOB_COUNT];	/* "A,B" or NULL */
	int nknobs;
	unsigned blocks;
	uint64_t block_s, settle_s, seed;
	bool seeded;
};


static int bad(const char *opt, const char *arg, const char *accepts)
{
	if (arg && arg[0])
		fprintf(stderr, "hwnoisetop: experiment: %s '%s': %s\n", opt, arg, accepts);
	else
		fprintf(stderr, "hwnoisetop: experiment: %s %s\n", opt, accepts);
	return HWN_EXIT_USAGE;
}

static int take_time(const char *opt, const char *arg, uint64_t min, uint64_t *s)
{
	struct why why;

	if (!arg || (min ? parse_duration(arg, false, s, &why) : parse_duration0(arg, s, &why)) ||
	    *s < min || *s > 3600)
		return bad(opt, arg, min ? "a time from 1 s to 1 h: 20, 20s, 2m" :
			   "a time up to 1 h: 0, 5, 5s, 1m");
	return 0;
}

enum { X_KNOB = 0x500, X_VALUES, X_BLOCKS, X_BLOCK, X_SETTLE, X_SEED };

#define NOWN 6
static struct opt_def own[NOWN + 1] = {
	{ .id = X_KNOB, .long_name = "knob", .arg = OPT_REQUIRED, .arg_name = "NAME" },
	{ .id = X_VALUES, .long_name = "values", .arg = OPT_REQUIRED, .arg_name = "A,B",
	  .help = "the two values, after its --knob (default: now, the next)" },
	{ .id = X_BLOCKS, .long_name = "blocks", .arg = OPT_REQUIRED, .arg_name = "N" },
	{ .id = X_BLOCK, .long_name = "block", .arg = OPT_REQUIRED, .arg_name = "TIME" },
	{ .id = X_SETTLE, .long_name = "settle", .arg = OPT_REQUIRED, .arg_name = "TIME" },
	{ .id = X_SEED, .long_name = "seed", .arg = OPT_REQUIRED, .arg_name = "S",
	  .help = "each pair of blocks AB or BA at random (default ABBA...)" },
	{ 0 }
};

/*
 * The main command's options it hands on to the main command's parser
 * (-d and --cleanup too, which refused() turns down with the reason).
 */
#define NOPTS (NOWN + 128)

const struct opt_def *experiment_cmd_options(void)
{
	static struct opt_def table[NOPTS];
	static char help[3][80], knobs[256];
	const struct opt_def *m = cli_options_of(OPT_MAIN);
	size_t n = 0;

	if (table[0].id)
		return table;
	sysknobs_cli_names(knobs, sizeof(knobs));
	snprintf(knobs + strlen(knobs), sizeof(knobs) - strlen(knobs), " (several: one after "
		 "another, ranked by the noise change)");
	own[0].help = knobs;
	snprintf(help[0], sizeof(help[0]), "blocks, even, %d to %d (default %d)", EXP_MIN_BLOCKS,
		 EXP_MAX_BLOCKS, EXP_DEFAULT_BLOCKS);
	snprintf(help[1], sizeof(help[1]), "a block's counted time (default %d s)",
		 EXP_DEFAULT_BLOCK_S);
	snprintf(help[2], sizeof(help[2]), "measured but not counted before each block "
		 "(default %d s)", EXP_DEFAULT_SETTLE_S);
	for (int i = 0; i < 3; i++)
		own[2 + i].help = help[i];
	for (; n < NOWN; n++)
		table[n] = own[n];
	for (; m->id && n + 1 < NOPTS; m++)
		table[n++] = *m;
	return table;
}

/* One of our options: -1 taken, or an exit status. */
static int take_ours(struct xopts *x, const struct opt_def *d, const char *v)
{
	struct why why;
	uint64_t n;
	int id, rc;

	switch (d->id) {
	case X_KNOB:
		if ((id = sysknobs_by_cli_name(v)) < 0) {
			char names[256];

			sysknobs_cli_names(names, sizeof(names));
			return bad("--knob", v, names);
		}
		for (int k = 0; k < x->nknobs; k++)
			if (x->knob[k] == (enum sysknob_id)id)
				return bad("--knob", v, "each knob once");
		x->knob[x->nknobs++] = (enum sysknob_id)id;
		return -1;
	case X_VALUES:
		if (!x->nknobs || !strchr(v, ',') || strchr(v, ',') == v || !strchr(v, ',')[1] ||
		    strchr(strchr(v, ',') + 1, ','))
			return bad("--values", v, "takes A,B after its --knob, as the panel shows "
				   "them (on,off)");
		x->values[x->nknobs - 1] = v;
		return -1;
	case X_BLOCKS:
		if (parse_u64(v, EXP_MIN_BLOCKS, EXP_MAX_BLOCKS, &n, &why) || n % 2) {
			char accepts[64];

			snprintf(accepts, sizeof(accepts), "an even number from %d to %d",
				 EXP_MIN_BLOCKS, EXP_MAX_BLOCKS);
			return bad("--blocks", v, accepts);
		}
		x->blocks = (unsigned)n;
		return -1;
	case X_BLOCK:
		return (rc = take_time("--block", v, 1, &x->block_s)) ? rc : -1;
	case X_SETTLE:
		return (rc = take_time("--settle", v, 0, &x->settle_s)) ? rc : -1;
	}
	if (parse_u64(v, 0, UINT64_MAX, &x->seed, &why))
		return bad("--seed", v, "a number from 0 to 18446744073709551615");
	x->seeded = true;
	return -1;
}

static void usage(void)
{
	printf("Usage: hwnoisetop experiment --knob NAME [--values A,B] [--blocks N] [--block TIME]\n"
	       "                             [--settle TIME] [--seed S] [OPTIONS]\n"
	       "       hwnoisetop experiment --replay FILE [-q] [--json]\n"
	       "An interleaved A/B experiment on a knob of the system panel: blocks in state A and\n"
	       "B in a balanced order, a verdict per CPU and for all CPUs, how to keep the winner.\n");
	experiment_cmd_options();
	opt_print_help_at(stdout, own, 19, false);
	printf("OPTIONS: hwnoisetop's measuring and output options (see hwnoisetop --help); -d is\n"
	       "refused; with several --knob, --record FILE writes one file a knob (x.jsonl:\n"
	       "x.smt.jsonl, ...). Exit status: 0 done, 1 usage, 2 -s/-S, 3 did not run, 4 cut short.\n");
}

/*
 * Our options out of argv, over the table; the main command's, as they
 * were written, and any word after the options into rest (argv[0] first)
 * for the main command's parser.  -1 to go on, or an exit status.
 */
static int parse_ours(struct xopts *x, int argc, char **argv, char **rest, int *nrest)
{
	struct opt_parser *p = opt_parser_new(experiment_cmd_options(), "hwnoisetop experiment");
	const struct opt_def *d;
	const char *arg;
	int c, at = 1, first = argc, rc = -1;

	*x = (struct xopts){ .blocks = EXP_DEFAULT_BLOCKS, .block_s = EXP_DEFAULT_BLOCK_S,
			     .settle_s = EXP_DEFAULT_SETTLE_S };
	*nrest = 0;
	rest[(*nrest)++] = argv[0];
	if (!p)
		return HWN_EXP_FAILED;
	while (rc < 0 && (c = opt_next(p, argc, argv, &d, &arg, &first)) != -1) {
		if (c == '?')
			rc = HWN_EXIT_USAGE;
		else if (c == O_HELP)
			usage(), rc = 0;
		else if (c >= X_KNOB && c <= X_SEED)
			rc = take_ours(x, d, arg);
		else	/* the main command's: its words as written */
			for (; at < opt_index(p); at++)
				rest[(*nrest)++] = argv[at];
		at = opt_index(p);
	}
	opt_parser_free(p);
	for (int i = first; rc < 0 && i < argc; i++)
		rest[(*nrest)++] = argv[i];
	rest[*nrest] = NULL;
	return rc;
}

/* ---- the run ---- */

/* Can the knob change here?  Read-only: nothing is written.  -1 after one line. */
static int knob_usable(enum sysknob_id id, const struct cpuset *cpus)
{
	struct sysknobs *kn = calloc(1, sizeof(*kn));
	int rc = 0;

	if (!kn)
		return -1;
	sysknobs_init(kn, NULL, cpus);
	if (kn->k[id].na[0]) {
		fprintf(stderr, "hwnoisetop: experiment: %s: %s\n", kn->k[id].name, kn->k[id].na);
		rc = -1;
	}
	sysknobs_close(kn);
	free(kn);
	return rc;
}

/* The exit status of a knob's run once its session ended. */
static int outcome(const struct xrun *x, struct exp_run *r, const struct session *s)
{
	int rc = x->failed && !r->done ? HWN_EXP_FAILED : session_exit_status(s) == HWN_EXIT_STOPPED ?
		 HWN_EXIT_STOPPED : x->over && !r->cut[0] ? HWN_EXP_DONE : HWN_EXP_CUT;

	if (rc == HWN_EXP_FAILED) {
		fprintf(stderr, "hwnoisetop: experiment: %s\n", r->cut);
		r->ran = false;
	}
	if (!r->cut[0] && rc != HWN_EXP_DONE)
		snprintf(r->cut, sizeof(r->cut), "%s", session_stop_reason(s)[0] ?
			 session_stop_reason(s) : "interrupted");
	return rc;
}

/*
 * With several --knob, --record FILE keeps one recording a knob: FILE with
 * the knob's name before its extension (x.jsonl: x.smt.jsonl), each of
 * which replays to its knob's report.
 */
static void knob_record(const char *file, enum sysknob_id id, char *buf, size_t len)
{
	const char *base = strrchr(file, '/'), *dot;

	base = base ? base + 1 : file;
	dot = strrchr(base, '.');
	if (!dot || dot == base)
		snprintf(buf, len, "%s.%s", file, sysknobs_cli_name(id));
	else
		snprintf(buf, len, "%.*s.%s%s", (int)(dot - file), file, sysknobs_cli_name(id),
			 dot);
}

/* One knob's experiment in a session of its own; its exit status. */
static int run_knob(struct cli *cli, const struct xopts *o, int k, struct exp_run *r,
		    struct exp_causes **why, bool first, int argc, char **argv)
{
	struct session_exp_conf xc = { .id = o->knob[k], .values = o->values[k],
				       .blocks = o->blocks, .block_s = o->block_s,
				       .settle_s = o->settle_s, .seed = o->seed,
				       .seeded = o->seeded, .quiet = cli->out.quiet || cli->out.json,
				       .end_run = true };
	struct session_conf sc = cli->sc;
	struct out_opts oo = cli->out;
	char err[512], path[PATH_MAX];
	struct outputs out;
	struct session *s;
	int rc;

	r->knob = sysknobs_cli_name(xc.id);
	if (knob_usable(xc.id, &sc.osn.cpus) < 0)
		return HWN_EXP_FAILED;
	if (!first)
		sc.warmup_s = 0;	/* --warm-up: before the first block only */
	if (oo.record && o->nknobs > 1) {
		knob_record(oo.record, xc.id, path, sizeof(path));
		oo.record = path;
	}
	if ((rc = outopts_open(&out, &oo)))
		return rc;
	if (!(s = outopts_session_start(&out, &sc, &rc)))
		return rc == HWN_EXIT_USAGE ? HWN_EXIT_USAGE : HWN_EXP_FAILED;
	outopts_begin(&out, s, argc, argv, &(struct recording_cli){ .quiet = true });
	rc = -1;
	if (session_experiment_start(s, &xc, r) < 0) {
		fprintf(stderr, "hwnoisetop: experiment: %s\n", session_err(s));
		rc = HWN_EXP_FAILED;
	} else {
		session_run(s, NULL);
	}
	session_finish(s);
	*why = session_experiment_take_causes(s);	/* with --why: the arms' causes */
	if (rc < 0)
		rc = outcome(session_experiment_run(s), r, s);
	{
		struct recording_end re = { session_elapsed_of(s, SESSION_OSNOISE), session_run_ns(s),
					    false, false, false };

		if (outopts_end(&out, s, &re, err, sizeof(err)) < 0)
			fprintf(stderr, "hwnoisetop: %s\n", err);
	}
	session_free(s);
	return rc;
}

/* Several knobs and --record: the files, in one line, before anything runs. */
static void say_records(const struct xopts *o, const char *file)
{
	char path[PATH_MAX];

	fprintf(stderr, "hwnoisetop: experiment: one recording a knob:");
	for (int k = 0; k < o->nknobs; k++) {
		knob_record(file, o->knob[k], path, sizeof(path));
		fprintf(stderr, " %s", path);
	}
	fputc('\n', stderr);
}

/* Did any experiment begin?  Else there is no report (one line said why). */
static bool any_ran(const struct exp_run *runs, int n)
{
	for (int k = 0; k < n; k++)
		if (runs[k].ran)
			return true;
	return false;
}

/* Checks of the command line beyond the main command's: -1 to go on, or an exit status. */
static int refused(const struct xopts *o, const struct cli *cli)
{
	if (cli->report)
		return bad("--report", "", "is not taken by experiment: hwnoisetop report REC.jsonl "
			   "writes the page of its --record file");
	if (cli->replay)
		return -1;
	if (!o->nknobs)
		return bad("--knob", "", "is needed: the knob to experiment on (smt, clocksource, ...)");
	if (cli->sc.duration_s)
		return bad("-d", "", "is not taken: the blocks set the length");
	if (cli->cleanup)
		return bad("--cleanup", "", "is not taken by experiment: run hwnoisetop --cleanup");
	for (int k = 0; cli->out.record && o->nknobs > 1 && k < o->nknobs; k++) {
		char path[PATH_MAX], why[PATH_MAX + 128];

		knob_record(cli->out.record, o->knob[k], path, sizeof(path));
		if (outopts_record_check(path, cli->out.force, why, sizeof(why)) < 0)
			return bad("--record", path, why);
	}
	return -1;
}

int experiment_cmd_main(int argc, char **argv, const char *prog)
{
	char **rest = calloc((size_t)argc + 1, sizeof(*rest));
	struct exp_run runs[KNOB_COUNT];
	struct exp_causes *why[KNOB_COUNT] = { 0 };
	struct xopts o;
	struct cli cli;
	struct ledger *l;
	int nrest, rc;

	(void)prog;
	session_block_signals();
	memset(runs, 0, sizeof(runs));
	if (!rest || !(l = outopts_ledger())) {
		free(rest);
		return HWN_EXP_FAILED;
	}
	rc = parse_ours(&o, argc, argv, rest, &nrest);
	if (rc < 0)
		rc = cli_parse(&cli, nrest, rest);
	else
		memset(&cli, 0, sizeof(cli));
	if (rc < 0)
		rc = refused(&o, &cli);
	cli.sc.ledger = l;	/* every knob's session writes through it */
	if (rc >= 0)
		;	/* a usage error, or --help */
	else if (cli.replay)
		rc = exp_replay(cli.replay, cli.out.json, stdout);
	else if (osnoise_check(l, cli.sc.osn.irq_disable, runs[0].cut, sizeof(runs[0].cut)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", runs[0].cut);
		rc = HWN_EXP_FAILED;
	} else {
		rc = HWN_EXP_DONE;
		if (cli.out.record && o.nknobs > 1)
			say_records(&o, cli.out.record);
		for (int k = 0; k < o.nknobs && rc == HWN_EXP_DONE; k++)
			rc = run_knob(&cli, &o, k, &runs[k], &why[k], k == 0, argc, argv);
		if (any_ran(runs, o.nknobs) && cli.out.json)
			exp_report_json(stdout, runs, (const struct exp_causes *const *)why,
					o.nknobs);
		else if (any_ran(runs, o.nknobs))
			exp_report_text(stdout, runs, (const struct exp_causes *const *)why,
					o.nknobs);
	}
	for (int k = 0; k < o.nknobs; k++) {
		free(runs[k].cpu);
		exp_causes_free(why[k]);
	}
	cli_free(&cli);
	free(rest);
	ledger_guard_release(l);
	return rc;
}
