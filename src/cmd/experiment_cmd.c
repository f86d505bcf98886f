/*
 * experiment_cmd: "hwnoisetop experiment --knob NAME [--values A,B]
 * [--blocks N] [--block TIME] [--settle TIME] [--seed S] [OPTIONS]": an
 * interleaved A/B experiment on a system-panel knob (experiment.h), one
 * session a knob, the knob switched at the blocks' edges through the
 * session (and so the settings ledger, which puts it back on every way
 * out), and the report of exp_report.h.  OPTIONS are the main command's;
 * -d is refused (the blocks set the length).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "env.h"
#include "exp_report.h"
#include "experiment_int.h"
#include "experiment.h"
#include "knobs.h"
#include "ledger_guard.h"
#include "osnoise.h"
#include "outopts.h"
#include "rec_writer.h"
#include "parse.h"
#include "session.h"
#include "session_knobs.h"
#include "stopwatch.h"

/* The command line's knob names, as the panel's rows. */
static const char *const knob_names[KNOB_COUNT] = {
	[KNOB_SMT] = "smt",
	[KNOB_CLOCKSOURCE] = "clocksource",
	[KNOB_NMI_WATCHDOG] = "nmi_watchdog",
	[KNOB_GOVERNOR] = "governor",
	[KNOB_DEEP_IDLE] = "deep_idle",
	[KNOB_IDLE_LATENCY] = "idle_latency",
	[KNOB_TIMER_MIGRATION] = "timer_migration",
	[KNOB_RT_THROTTLING] = "rt_throttling",
};

#define STEPS_MAX 8	/* a knob's choices, stepped through to reach a value */

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

static int knob_id(const char *name)
{
	for (int i = 0; i < KNOB_COUNT; i++)
		if (strcmp(name, knob_names[i]) == 0)
			return i;
	return -1;
}

/* An option of ours at argv[*i] ("--opt V" or "--opt=V"): its value, *i moved on. */
static const char *take(int argc, char **argv, int *i, const char *name, bool *hit)
{
	size_t n = strlen(name);

	*hit = false;
	if (strncmp(argv[*i], name, n) != 0)
		return NULL;
	if (argv[*i][n] == '=') {
		*hit = true;
		return argv[*i] + n + 1;
	}
	if (argv[*i][n] != '\0')
		return NULL;
	*hit = true;
	if (*i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

static int take_time(const char *opt, const char *arg, uint64_t min, uint64_t *s)
{
	struct why why;

	if (!arg || parse_duration(arg, false, s, &why) || *s < min || *s > 3600)
		return bad(opt, arg, min ? "a time from 1 s to 1 h: 20, 20s, 2m" :
			   "a time up to 1 h: 0, 5, 5s, 1m");
	return 0;
}

/* One of our options at argv[*i]: 1 taken, 0 not ours, or an exit status + 1 << 8. */
static int take_ours(struct xopts *x, int argc, char **argv, int *i)
{
	const char *v;
	struct why why;
	uint64_t n;
	bool hit;
	int id, rc;

	if ((v = take(argc, argv, i, "--knob", &hit)), hit) {
		if (!v || (id = knob_id(v)) < 0)
			return 256 + bad("--knob", v, "smt, clocksource, nmi_watchdog, governor, "
					 "deep_idle, idle_latency, timer_migration or rt_throttling");
		for (int k = 0; k < x->nknobs; k++)
			if (x->knob[k] == (enum sysknob_id)id)
				return 256 + bad("--knob", v, "each knob once");
		x->knob[x->nknobs++] = (enum sysknob_id)id;
		return 1;
	}
	if ((v = take(argc, argv, i, "--values", &hit)), hit) {
		if (!x->nknobs || !v || !strchr(v, ',') || strchr(v, ',') == v || !strchr(v, ',')[1] ||
		    strchr(strchr(v, ',') + 1, ','))
			return 256 + bad("--values", v, "takes A,B after its --knob, as the panel shows "
					 "them (on,off)");
		x->values[x->nknobs - 1] = v;
		return 1;
	}
	if ((v = take(argc, argv, i, "--blocks", &hit)), hit) {
		if (!v || parse_u64(v, EXP_MIN_BLOCKS, EXP_MAX_BLOCKS, &n, &why) || n % 2) {
			char accepts[64];

			snprintf(accepts, sizeof(accepts), "an even number from %d to %d",
				 EXP_MIN_BLOCKS, EXP_MAX_BLOCKS);
			return 256 + bad("--blocks", v, accepts);
		}
		x->blocks = (unsigned)n;
		return 1;
	}
	if ((v = take(argc, argv, i, "--block", &hit)), hit)
		return (rc = take_time("--block", v, 1, &x->block_s)) ? 256 + rc : 1;
	if ((v = take(argc, argv, i, "--settle", &hit)), hit)
		return (rc = take_time("--settle", v, 0, &x->settle_s)) ? 256 + rc : 1;
	if ((v = take(argc, argv, i, "--seed", &hit)), hit) {
		if (!v || parse_u64(v, 0, UINT64_MAX, &x->seed, &why))
			return 256 + bad("--seed", v, "a number from 0 to 18446744073709551615");
		x->seeded = true;
		return 1;
	}
	return 0;
}

static void usage(void)
{
	printf("Usage: hwnoisetop experiment --knob NAME [--values A,B] [--blocks N] [--block TIME]\n"
	       "                             [--settle TIME] [--seed S] [OPTIONS]\n"
	       "       hwnoisetop experiment --replay FILE [-q] [--json]\n"
	       "An interleaved A/B experiment on a knob of the system panel: blocks in state A and\n"
	       "B in a balanced order, a verdict per CPU and for all CPUs, how to keep the winner.\n"
	       "  --knob NAME      smt, clocksource, nmi_watchdog, governor, deep_idle,\n"
	       "                   idle_latency, timer_migration or rt_throttling (several: one\n"
	       "                   after another, ranked by the noise change)\n"
	       "  --values A,B     the two values, after its --knob (default: now, the next)\n"
	       "  --blocks N       blocks, even, %d to %d (default %d)\n"
	       "  --block TIME     a block's counted time (default %d s)\n"
	       "  --settle TIME    measured but not counted before each block (default %d s)\n"
	       "  --seed S         each pair of blocks AB or BA at random (default ABBA...)\n"
	       "OPTIONS: hwnoisetop's measuring and output options (see hwnoisetop --help); -d is\n"
	       "refused. Exit status: 0 done, 1 usage, 2 -s/-S, 3 did not run, 4 cut short.\n",
	       EXP_MIN_BLOCKS, EXP_MAX_BLOCKS, EXP_DEFAULT_BLOCKS, EXP_DEFAULT_BLOCK_S,
	       EXP_DEFAULT_SETTLE_S);
}

/*
 * Our options out of argv; the rest (argv[0] first) into rest for the main
 * command's parser.  -1 to go on, or an exit status.
 */
static int parse_ours(struct xopts *x, int argc, char **argv, char **rest, int *nrest)
{
	*x = (struct xopts){ .blocks = EXP_DEFAULT_BLOCKS, .block_s = EXP_DEFAULT_BLOCK_S,
			     .settle_s = EXP_DEFAULT_SETTLE_S };
	*nrest = 0;
	rest[(*nrest)++] = argv[0];
	for (int i = 1; i < argc; i++) {
		int rc;

		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage();
			return 0;
		}
		rc = take_ours(x, argc, argv, &i);

		if (rc > 1)
			return rc - 256;
		if (!rc)
			rest[(*nrest)++] = argv[i];
	}
	rest[*nrest] = NULL;
	return -1;
}

/* ---- the run ---- */

static const struct sysknob *knob_now(const struct session *s, enum sysknob_id id)
{
	return &session_tuning(s)->knobs.k[id];
}

/* Step the knob until it reads want ("": one step); -1 with one line in err. */
static int set_value(struct session *s, struct xrun *x, const char *want)
{
	for (int i = 0; i < STEPS_MAX; i++) {
		if (want[0] && strcmp(knob_now(s, x->id)->value, want) == 0)
			break;
		if (session_knob_step(s, x->id, "experiment") < 0) {
			snprintf(x->err, sizeof(x->err), "%s", session_err(s));
			return -1;
		}
		x->r->switches++;
		if (!want[0])
			break;
	}
	if (want[0] && strcmp(knob_now(s, x->id)->value, want) != 0) {
		snprintf(x->err, sizeof(x->err), "%s: %s is not one of its values here",
			 x->r->name, want);
		return -1;
	}
	snprintf(x->expect, sizeof(x->expect), "%s", knob_now(s, x->id)->value);
	return 0;
}

static void end(struct session *s, struct xrun *x, const char *why)
{
	if (why)
		snprintf(x->r->cut, sizeof(x->r->cut), "%.250s", why);
	/*
	 * In the recording: where the counted blocks end, and why (exp_replay.c).
	 * The periods read before the marker still count, as in the replay.
	 */
	if (why)
		session_mark(s, "experiment", "experiment: cut: %.90s", why);
	else
		session_mark(s, "experiment", "experiment: done");
	x->over = true;
	session_request_stop(s, why ? why : "the experiment's blocks are done");
}

/* The phase from here on, as a marker the replay reads back (exp_replay.c). */
static void phase_mark(struct session *s, struct xrun *x, const struct exp_phase *ph)
{
	char cpus[CPUSET_LIST_MAX] = "any", text[MARKER_TEXT + 64];
	struct cpuset online;

	/*
	 * Counted: the CPUs online now, whose periods it takes (a CPU that went
	 * offline at the switch may still deliver its last period late).
	 */
	if (!ph->settling && env_online_cpus(&online) > 0) {
		cpuset_format(&online, cpus, sizeof(cpus));
		if (strlen(cpus) > EXP_CPUS_TEXT)
			snprintf(cpus, sizeof(cpus), "any");
	}
	snprintf(text, sizeof(text), "experiment: block %u of %u, %c (%.30s), %s%s%s", ph->block + 1,
		 x->r->d.n, ph->side == EXP_A ? 'A' : 'B', knob_now(s, x->id)->value,
		 ph->settling ? "settling" : "counted", ph->settling ? "" : ", CPUs ",
		 ph->settling ? "" : cpus);
	session_mark(s, "experiment", "%s", text);
	exp_phase_cpus(x, text);
	x->ph = *ph;
}

/* Into the block now due: switch the knob when its side changes. */
static void enter_block(struct session *s, struct xrun *x, const struct exp_phase *ph)
{
	const char *want = ph->side == EXP_A ? x->r->a : x->want_b;

	if (ph->block == 0 || ph->side != x->ph.side) {
		if (set_value(s, x, want) < 0) {
			x->failed = true;
			end(s, x, x->err);
			return;
		}
		if (ph->side == EXP_B && !x->r->b[0])
			snprintf(x->r->b, sizeof(x->r->b), "%s", knob_now(s, x->id)->value);
		if (ph->side == EXP_B)
			snprintf(x->want_b, sizeof(x->want_b), "%s", x->r->b);
	}
	x->r->ran = true;
	phase_mark(s, x, ph);
	if (!x->quiet)
		fprintf(stderr, "hwnoisetop: experiment: block %u of %u: %c (%s %s), %llu s left\n",
			ph->block + 1, x->r->d.n, ph->side == EXP_A ? 'A' : 'B', x->r->name,
			knob_now(s, x->id)->value, (unsigned long long)(ph->left_ns / 1000000000ULL));
}

/* The design, as the first marker: what the replay needs to make the same report. */
static void header_mark(struct session *s, struct xrun *x)
{
	const struct exp_design *d = &x->r->d;
	char seed[24] = "none";

	if (d->randomized)
		snprintf(seed, sizeof(seed), "%llu", (unsigned long long)d->seed);
	session_mark(s, "experiment", "experiment %s (%s): blocks=%u; block=%llus; settle=%llus; "
		     "seed=%s; A=%.40s", x->r->knob, x->r->name, d->n,
		     (unsigned long long)(d->block_ns / 1000000000ULL),
		     (unsigned long long)(d->settle_ns / 1000000000ULL), seed, x->r->a);
}

static void x_tick(void *ctx, struct session *s)
{
	struct xrun *x = ctx;
	struct exp_phase ph;
	uint64_t now = stopwatch_now();

	if (session_warming(s) || x->over)
		return;
	if (x->begun && strcmp(knob_now(s, x->id)->value, x->expect) != 0) {
		char why[256];

		snprintf(why, sizeof(why), "%s changed from outside (%s -> %s): it is yours now",
			 x->r->name, x->expect, knob_now(s, x->id)->value);
		x->outside = true;
		fprintf(stderr, "hwnoisetop: experiment: %s\n", why);
		end(s, x, why);
		return;
	}
	if (!x->begun) {
		header_mark(s, x);
		x->t0 = now;
		x->begun = true;
	}
	exp_design_at(&x->r->d, now - x->t0, &ph);
	x->r->done = ph.block;
	if (ph.done) {
		end(s, x, NULL);
		x->ph = ph;
		return;
	}
	if (ph.block != x->ph.block || x->ph.done || !x->r->ran)
		enter_block(s, x, &ph);
	else if (ph.settling != x->ph.settling)
		phase_mark(s, x, &ph);
	x->ph.left_ns = ph.left_ns;
}

void exp_hook_osnoise(void *ctx, const struct session *s, const struct osn_sample *smp,
		      bool counted)
{
	struct xrun *x = ctx;
	struct verdict_period p = { smp->runtime, smp->noise, smp->max_sample, smp->hw_count,
				    smp->nmi_count };

	(void)s;
	if (!counted || x->over || smp->cpu < 0 || smp->cpu >= x->r->ncpus)
		return;
	if (!x->ph.settling && !x->take_all && !cpuset_has(&x->take, smp->cpu))
		return;
	exp_cpu_add(&x->r->cpu[smp->cpu], &x->ph, &p);
}

void exp_hook_smi(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted)
{
	struct xrun *x = ctx;

	(void)s;
	if (counted && !x->over && cpu >= 0 && cpu < x->r->ncpus &&
	    (x->ph.settling || x->take_all || cpuset_has(&x->take, cpu)))
		exp_cpu_smi(&x->r->cpu[cpu], &x->ph, count);
}

void exp_phase_cpus(struct xrun *x, const char *text)
{
	const char *list = strstr(text, ", counted, CPUs ");
	struct why why;

	x->take_all = true;
	if (list && strcmp(list + 16, "any") != 0 && cpuset_parse(list + 16, &x->take, &why) == 0)
		x->take_all = false;
}

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
static int outcome(struct xrun *x, const struct session *s)
{
	struct exp_run *r = x->r;
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

/* The run's values: A now or --values' A (set in block 1), B --values' or the next. */
static void values(struct xrun *x, const struct session *s, const char *given)
{
	const char *comma = given ? strchr(given, ',') : NULL;

	x->r->name = knob_now(s, x->id)->name;
	snprintf(x->r->a, sizeof(x->r->a), "%s", knob_now(s, x->id)->value);
	if (!comma)
		return;
	snprintf(x->r->a, sizeof(x->r->a), "%.*s", (int)(comma - given), given);
	snprintf(x->want_b, sizeof(x->want_b), "%s", comma + 1);
	snprintf(x->r->b, sizeof(x->r->b), "%s", comma + 1);
}

/* One knob's experiment in a session of its own; its exit status. */
static int run_knob(struct cli *cli, const struct xopts *o, int k, struct exp_run *r, bool first,
		    int argc, char **argv)
{
	struct xrun x = { .r = r, .id = o->knob[k], .quiet = cli->out.quiet || cli->out.json,
			  .ph = { .done = true } };
	struct session_hook hook = { .ctx = &x, .osnoise = exp_hook_osnoise, .smi = exp_hook_smi,
				     .tick = x_tick };
	struct session_conf sc = cli->sc;
	struct outputs out;
	struct session *s;
	char err[512];
	int rc;

	r->knob = knob_names[x.id];
	r->ncpus = env_possible_cpus();
	r->cpu = calloc((size_t)r->ncpus, sizeof(*r->cpu));
	if (!r->cpu)
		return HWN_EXP_FAILED;
	for (int c = 0; c < r->ncpus; c++)
		exp_cpu_init(&r->cpu[c]);
	exp_design_init(&r->d, o->blocks, o->block_s * 1000000000ULL,
			o->settle_s * 1000000000ULL, o->seeded, o->seed);
	if (knob_usable(x.id, &sc.osn.cpus) < 0)
		return HWN_EXP_FAILED;
	if (!first)
		sc.warmup_s = 0;	/* --warm-up: before the first block only */
	if ((rc = outputs_open(&out, &cli->out)))
		return rc;
	if (!(s = outputs_session_start(&out, &sc, &rc)))
		return rc == HWN_EXIT_USAGE ? HWN_EXIT_USAGE : HWN_EXP_FAILED;
	outputs_begin(&out, s, argc, argv, &(struct recording_cli){ .quiet = true });
	values(&x, s, o->values[k]);
	session_add_hook(s, &hook);
	session_run(s, NULL);
	if (!x.over && x.begun)
		session_mark(s, "experiment", "experiment: cut: %.90s",
			     session_stop_reason(s)[0] ? session_stop_reason(s) : "interrupted");
	session_finish(s);
	rc = outcome(&x, s);
	{
		struct recording_end re = { session_elapsed_of(s, SESSION_OSNOISE), session_run_ns(s),
					    false, false, false };

		if (outputs_end(&out, s, &re, err, sizeof(err)) < 0)
			fprintf(stderr, "hwnoisetop: %s\n", err);
	}
	session_free(s);
	return rc;
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
	if (cli->replay)
		return -1;
	if (!o->nknobs)
		return bad("--knob", "", "is needed: the knob to experiment on (smt, clocksource, ...)");
	if (cli->sc.duration_s)
		return bad("-d", "", "is not taken: the blocks set the length");
	if (cli->cleanup)
		return bad("--cleanup", "", "is not taken by experiment: run hwnoisetop --cleanup");
	if (cli->out.record && o->nknobs > 1)
		return bad("--record", "", "takes one --knob");
	return -1;
}

int experiment_main(int argc, char **argv, const char *prog)
{
	char **rest = calloc((size_t)argc + 1, sizeof(*rest));
	struct exp_run runs[KNOB_COUNT];
	struct xopts o;
	struct cli cli;
	struct ledger *l;
	int nrest, rc;

	(void)prog;
	session_block_signals();
	memset(runs, 0, sizeof(runs));
	if (!rest || !(l = outputs_ledger())) {
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
		rc = exp_replay(cli.replay, cli.out.json);
	else if (osnoise_check(l, cli.sc.osn.irq_disable, runs[0].cut, sizeof(runs[0].cut)) < 0) {
		fprintf(stderr, "hwnoisetop: %s\n", runs[0].cut);
		rc = HWN_EXP_FAILED;
	} else {
		rc = HWN_EXP_DONE;
		for (int k = 0; k < o.nknobs && rc == HWN_EXP_DONE; k++)
			rc = run_knob(&cli, &o, k, &runs[k], k == 0, argc, argv);
		if (any_ran(runs, o.nknobs) && cli.out.json)
			exp_report_json(stdout, runs, o.nknobs);
		else if (any_ran(runs, o.nknobs))
			exp_report_text(stdout, runs, o.nknobs);
	}
	for (int k = 0; k < o.nknobs; k++)
		free(runs[k].cpu);
	cli_free(&cli);
	free(rest);
	ledger_release(l);
	return rc;
}
