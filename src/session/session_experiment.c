/*
 * session_experiment: the block driver of the interleaved A/B experiment
 * (experiment.h), on the loop's tick: when a block ends, the knob's
 * switch at the edges of the blocks (through the session, and so the
 * settings ledger, which puts it back on every way out), the settle, and
 * each period and SMI count into its block.  hwnoisetop experiment and
 * the dashboard's x both drive it.  The markers it sets are what the
 * replay (exp_replay.c) reads back.  See session_exp.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "evidence.h"
#include "session_exp.h"
#include "session_int.h"
#include "session_knobs.h"
#include "smi.h"
#include "stopwatch.h"

#define STEPS_MAX 8	/* a knob's choices, stepped through to reach a value */

static const struct sysknob *knob_now(const struct session *s, enum sysknob_id id)
{
	return &session_tuning(s)->knobs.k[id];
}

/* One line the user must see now: the front end's, or stderr. */
static void say(struct session *s, const char *text)
{
	if (s->ui && s->ui->note)
		s->ui->note(s->ui->ctx, text);
	else
		fprintf(stderr, "hwnoisetop: experiment: %s\n", text);
}

/* Step the knob until it reads want ("": one step); -1 with one line in err. */
static int set_value(struct session *s, struct xrun *x, const char *want)
{
	for (int i = 0; i < STEPS_MAX; i++) {
		if (want[0] && strcmp(knob_now(s, x->id)->value, want) == 0)
			break;
		int rc;

		x->switching = true;	/* the CPUs it takes offline are its, too */
		rc = session_knob_step(s, x->id, "experiment");
		x->switching = false;
		if (rc < 0) {
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

/*
 * A counted time that ended after counted_ns, when it was not as designed:
 * its marker (the replay reads it back) and the run's figure.  cut: the run
 * ends in it, which counts it shortened from half of it on, unless keep is
 * false (the conditions changed in it).
 */
static void counted_end(struct session *s, struct xrun *x, unsigned block, uint64_t counted_ns,
			bool cut, bool keep)
{
	const struct exp_design *d = &x->r->d;
	uint64_t t = block < d->n ? exp_counted_kept(d, counted_ns, cut) : 0;

	if (!t)
		return;
	x->r->counted_ns[block] = t;
	session_mark(s, "experiment", "experiment: block %u counted %.1f s of %.1f s", block + 1,
		     (double)t / 1e9, (double)d->block_ns / 1e9);
	if (cut && keep && 2 * t >= d->block_ns)
		x->r->done = block + 1;
}

/* The run ends in a counted time: how much of it ran. */
static void cut_counted(struct session *s, struct xrun *x)
{
	if (x->begun && !x->ph.done && !x->ph.settling)
		counted_end(s, x, x->ph.block, stopwatch_now() - x->clk.start_ns, true,
			    !x->r->change_block);
}

static void end(struct session *s, struct xrun *x, const char *why)
{
	if (why)
		snprintf(x->r->cut, sizeof(x->r->cut), "%.250s", why);
	/*
	 * In the recording: where the counted blocks end, and why (exp_replay.c).
	 * The periods read before the marker still count, as in the replay.
	 */
	if (why) {
		cut_counted(s, x);
		session_mark(s, "experiment", "experiment: cut: %.90s", why);
	} else {
		session_mark(s, "experiment", "experiment: done");
	}
	session_experiment_over(x);
	if (x->end_run) {
		session_request_stop(s, why ? why : "the experiment's blocks are done");
		return;
	}
	/* The run goes on: the knob back to its value at the start, unless it is the user's now. */
	if (!x->outside && x->begun && set_value(s, x, x->orig) < 0)
		say(s, x->err);
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
	session_experiment_phase_cpus(x, text);
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
		/* Its settle begins once the knob is switched, however long that took. */
		exp_clock_restart(&x->clk, &x->r->d, stopwatch_now());
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

/* A condition it did not change changed: it stops, the blocks before are its report. */
static void conditions_changed(struct session *s, struct xrun *x)
{
	char why[256];

	snprintf(x->r->change, sizeof(x->r->change), "%s", x->changed);
	x->r->change_block = x->change_block;
	snprintf(why, sizeof(why), "conditions changed in block %u: %s", x->change_block,
		 x->changed);
	say(s, why);
	end(s, x, why);
}

/* The first tick: the design's header, block 1 from now. */
static void begin(struct session *s, struct xrun *x)
{
	header_mark(s, x);
	exp_clock_start(&x->clk, &x->r->d, stopwatch_now());
	x->begun = true;
	x->r->done = 0;
	enter_block(s, x, &x->clk.ph);
}

static void x_tick(void *ctx, struct session *s)
{
	struct xrun *x = ctx;
	unsigned was;
	uint64_t counted;

	if (session_warming(s) || x->over)
		return;
	if (s->state == SESSION_STOPPED) {	/* the dashboard holds a run its stop condition ended */
		end(s, x, "the measurement stopped");
		return;
	}
	if (x->begun && strcmp(knob_now(s, x->id)->value, x->expect) != 0) {
		char why[256];

		snprintf(why, sizeof(why), "%s changed from outside (%s -> %s): it is yours now",
			 x->r->name, x->expect, knob_now(s, x->id)->value);
		x->outside = true;
		say(s, why);
		end(s, x, why);
		return;
	}
	if (x->changed[0]) {
		conditions_changed(s, x);
		return;
	}
	if (!x->begun) {
		begin(s, x);
		return;
	}
	was = x->clk.ph.block;
	if (!exp_clock_tick(&x->clk, &x->r->d, stopwatch_now(), &counted)) {
		x->ph.left_ns = x->clk.ph.left_ns;
		return;
	}
	if (counted)
		counted_end(s, x, was, counted, false, true);
	x->r->done = x->clk.ph.block;
	if (x->clk.ph.done) {
		end(s, x, NULL);
		x->ph = x->clk.ph;
	} else if (x->clk.ph.block != was) {
		enter_block(s, x, &x->clk.ph);
	} else {
		phase_mark(s, x, &x->clk.ph);
	}
}

/* The origins of the markers of a condition that changed (session_knobs.c, neighbours.c). */
static bool condition(const struct marker *m)
{
	if (strcmp(m->origin, "outside") == 0 || strcmp(m->origin, "hotplug") == 0 ||
	    strcmp(m->origin, "key") == 0)
		return true;
	if (strcmp(m->origin, "kernel") != 0)
		return false;
	return strncmp(m->text, "another osnoise user", 20) == 0 ||
	       strncmp(m->text, "the other osnoise user", 22) == 0;
}

/*
 * A marker was set: a change the experiment did not make (a knob from
 * outside, the kernel's own clocksource switch, CPUs coming or going,
 * another tracer user) is noted here and stops it at the tick.  Its own
 * knob from outside is the tick's to say.
 */
static void x_mark(void *ctx, const struct session *s)
{
	struct xrun *x = ctx;
	const struct marker *m;
	const char *tag;
	size_t n;

	if (!x->begun || x->over || x->switching || x->changed[0] || !s->seg.marks.n)
		return;
	m = &s->seg.marks.m[s->seg.marks.n - 1];
	tag = knob_now(s, x->id)->tag;
	n = strlen(tag);
	if (!condition(m) || (strcmp(m->origin, "outside") == 0 && strncmp(m->text, tag, n) == 0 &&
			      m->text[n] == ' '))
		return;
	snprintf(x->changed, sizeof(x->changed), "%.48s (%s)", m->text, m->origin);
	x->change_block = x->ph.block + 1;
}

/*
 * A counted period into the arm whose block counts it (-1: none does), with
 * the evidence and the SMI rule of the session's causes, as causes_sample()
 * is given them (session_sink.c).  The arms are made at the first such
 * period: the session's causes are there from the start (counters.c), or,
 * in a replay, from the recording's first "ev" line.
 */
static void why_period(struct xrun *x, const struct session *s, const struct osn_sample *smp,
		       int arm)
{
	if (!s->causes || !x->r || x->r->ncpus <= 0)
		return;
	if (!x->why && !(x->why = exp_causes_new(x->r->ncpus)))
		return;
	exp_causes_period(x->why, x->ph.block, arm, smp, s->causes,
			  smi_ok(s->smi) || s->smi_recorded);
}

void session_experiment_hook_osnoise(void *ctx, const struct session *s, const struct osn_sample *smp,
		      bool counted)
{
	struct xrun *x = ctx;
	struct verdict_period p = { smp->runtime, smp->noise, smp->max_sample, smp->hw_count,
				    smp->nmi_count };
	bool taken;

	if (!counted || x->over || smp->cpu < 0 || smp->cpu >= x->r->ncpus)
		return;
	taken = x->take_all || cpuset_has(&x->take, smp->cpu);
	why_period(x, s, smp, taken && !x->ph.settling && !x->ph.done &&
		   x->ph.block < EXP_MAX_BLOCKS ? (int)x->ph.side : -1);
	if (!x->ph.settling && !taken)
		return;
	exp_cpu_add(&x->r->cpu[smp->cpu], &x->ph, &p);
}

void session_experiment_hook_smi(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted)
{
	struct xrun *x = ctx;

	(void)s;
	if (counted && !x->over)
		exp_causes_smi(x->why, cpu, count);
	if (counted && !x->over && cpu >= 0 && cpu < x->r->ncpus &&
	    (x->ph.settling || x->take_all || cpuset_has(&x->take, cpu)))
		exp_cpu_smi(&x->r->cpu[cpu], &x->ph, count);
}

void session_experiment_hook_evidence(void *ctx, const struct session *s, int cpu,
				      const struct evidence_cpu *ev)
{
	struct xrun *x = ctx;

	(void)s;
	if (x->over)
		return;
	if (ev->tscwd >= 0)	/* given only while counted */
		exp_causes_tscwd(x->why, cpu, (uint64_t)ev->tscwd);
	else
		exp_causes_tscwd_lost(x->why, cpu);
}

void session_experiment_over(struct xrun *x)
{
	x->over = true;
	exp_causes_flush(x->why, x->r ? x->r->done : 0);
}

void session_experiment_phase_cpus(struct xrun *x, const char *text)
{
	const char *list = strstr(text, ", counted, CPUs ");
	struct why why;

	x->take_all = true;
	if (list && strcmp(list + 16, "any") != 0 && cpuset_parse(list + 16, &x->take, &why) == 0)
		x->take_all = false;
}

/* The run's values: A now or the given A (set in block 1), B the given or the next. */
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

/* A new run's figures in r (its cpu array freed first when the session owns it). */
static int run_init(struct session *s, struct xrun *x, const struct session_exp_conf *c,
		    struct exp_run *r)
{
	if (!r) {
		free(x->own.cpu);
		r = &x->own;
	}
	memset(r, 0, sizeof(*r));
	r->knob = sysknobs_cli_name(c->id);
	r->ncpus = env_possible_cpus();
	r->cpu = r->ncpus > 0 ? calloc((size_t)r->ncpus, sizeof(*r->cpu)) : NULL;
	if (!r->cpu) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return -1;
	}
	for (int i = 0; i < r->ncpus; i++)
		exp_cpu_init(&r->cpu[i]);
	if (exp_design_init(&r->d, c->blocks, c->block_s * 1000000000ULL,
			    c->settle_s * 1000000000ULL, c->seeded, c->seed) < 0) {
		snprintf(s->err, sizeof(s->err), "experiment: %u blocks of %llu s after %llu s: "
			 "out of range", c->blocks, (unsigned long long)c->block_s,
			 (unsigned long long)c->settle_s);
		return -1;
	}
	x->r = r;
	return 0;
}

int session_experiment_start(struct session *s, const struct session_exp_conf *c,
			     struct exp_run *r)
{
	struct xrun *x = s->exp;

	if (!s->tuning || c->id >= KNOB_COUNT) {
		snprintf(s->err, sizeof(s->err), "experiment: no such knob here");
		return -1;
	}
	if (knob_now(s, c->id)->na[0]) {
		snprintf(s->err, sizeof(s->err), "%s: %s", knob_now(s, c->id)->name,
			 knob_now(s, c->id)->na);
		return -1;
	}
	if (x && !x->over) {
		snprintf(s->err, sizeof(s->err), "an experiment runs already: x stops it");
		return -1;
	}
	if (!x && !(x = s->exp = calloc(1, sizeof(*x)))) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return -1;
	}
	if (!x->hooked) {
		x->hook = (struct session_hook){ .ctx = x, .osnoise = session_experiment_hook_osnoise,
						 .smi = session_experiment_hook_smi, .tick = x_tick,
						 .evidence = session_experiment_hook_evidence,
						 .mark = x_mark };
		if (session_add_hook(s, &x->hook) < 0) {
			snprintf(s->err, sizeof(s->err), "experiment: too many hooks");
			return -1;
		}
		x->hooked = true;
	}
	{
		struct exp_run own = x->own;
		struct session_hook hook = x->hook;

		exp_causes_free(x->why);
		*x = (struct xrun){ .own = own, .hook = hook, .hooked = true };
	}
	if (run_init(s, x, c, r) < 0) {
		x->over = true;
		return -1;
	}
	x->id = c->id;
	x->quiet = c->quiet;
	x->end_run = c->end_run;
	x->ph.done = true;
	values(x, s, c->values);
	snprintf(x->orig, sizeof(x->orig), "%s", knob_now(s, x->id)->value);
	return 0;
}

void session_experiment_cut(struct session *s, const char *why)
{
	struct xrun *x = s->exp;

	if (!x || x->over)
		return;
	end(s, x, why);
}

void session_experiment_ended(struct session *s)
{
	struct xrun *x = s->exp;
	const char *why = s->stop_reason[0] ? s->stop_reason : "interrupted";

	if (!x || x->over || !x->begun)
		return;
	cut_counted(s, x);
	session_mark(s, "experiment", "experiment: cut: %.90s", why);
	/* The replay's arms end at this marker: so do these. */
	exp_causes_flush(x->why, x->r->done);
	if (!x->r->cut[0])
		snprintf(x->r->cut, sizeof(x->r->cut), "%s", why);
}

const struct xrun *session_experiment_run(const struct session *s)
{
	return s->exp;
}

const struct exp_run *session_experiment(const struct session *s, struct exp_phase *ph,
					 bool *running)
{
	const struct xrun *x = s->exp;

	if (ph && x)
		*ph = x->ph;
	if (running)
		*running = x && !x->over;
	return x && x->r ? x->r : NULL;
}

const struct exp_causes *session_experiment_causes(const struct session *s)
{
	return s->exp ? s->exp->why : NULL;
}

struct exp_causes *session_experiment_take_causes(struct session *s)
{
	struct exp_causes *e = s->exp ? s->exp->why : NULL;

	if (e) {
		exp_causes_flush(e, s->exp->r ? s->exp->r->done : 0);
		s->exp->why = NULL;
	}
	return e;
}

void session_experiment_free(struct session *s)
{
	if (!s->exp)
		return;
	exp_causes_free(s->exp->why);
	free(s->exp->own.cpu);
	free(s->exp);
	s->exp = NULL;
}
