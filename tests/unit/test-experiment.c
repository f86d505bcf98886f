/*
 * test-experiment: experiment.h's block design and its verdicts over
 * generated runs with slow drift (fixed seeds).
 *
 * The generator: 1 s periods; per CPU, HW events at about 20 a second
 * whose rate drifts slowly (a linear trend of +-10% over the run, a sine
 * of 10% with a period of 7 minutes, and an AR(1) on the log rate with a
 * minute's memory), noise of 2.5 us a HW event plus a heavy tail, NMIs at
 * a Poisson rate, and a burst of noise in the first periods after every
 * switch to A (what SMT coming back on does): the settle time must keep
 * them out.  The knob (state B) multiplies the HW rate by `effect`.
 *
 * Tolerances: a false verdict must happen at most 5% of the time; over
 * N verdicts the count's spread is sqrt(N p (1 - p)), and the tests allow
 * three of it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp_keep.h"
#include "experiment.h"
#include "randgen.h"
#include "tally.h"
#include "tap.h"

#define NCPU 4

struct model {
	double hw_rate;		/* per period */
	double effect;		/* B's HW rate against A's */
	double trend;		/* the rate's linear change over the run, a fraction */
	double wave;		/* the sine's amplitude, a fraction */
	double ar_sd;		/* the AR(1)'s standard deviation on the log rate */
	double burst_us;	/* noise a period in the settle after a switch to A */
	bool no_random_drift;	/* only the trend: an exact linear drift */
};

/* One experiment of NCPU CPUs under design d; each CPU's blocks into c[cpu]. */
static void gen(struct exp_cpu *c, const struct exp_design *d, const struct model *m,
		uint64_t seed)
{
	uint64_t periods = exp_design_length_ns(d) / 1000000000ULL;

	rng_state = seed;
	for (int cpu = 0; cpu < NCPU; cpu++) {
		double ar = m->ar_sd * gauss(), phase = 2 * M_PI * uni(), phi = exp(-1.0 / 60);
		enum exp_side before = EXP_A;
		unsigned since = 0;

		exp_cpu_init(&c[cpu]);
		for (uint64_t t = 0; t < periods; t++) {
			struct verdict_period p = { .runtime = 1000000 };
			struct exp_phase ph;
			double rate, noise, big = 3;

			exp_design_at(d, t * 1000000000ULL, &ph);
			if (ph.side != before)
				since = 0;
			before = ph.side;
			since++;
			ar = phi * ar + sqrt(1 - phi * phi) * m->ar_sd * gauss();
			rate = m->hw_rate * (1 + m->trend * ((double)t / periods - 0.5));
			if (!m->no_random_drift)
				rate *= (1 + m->wave * sin(2 * M_PI * t / 420.0 + phase)) * exp(ar);
			if (ph.side == EXP_B)
				rate *= m->effect;
			p.hw = m->no_random_drift ? (uint64_t)llround(rate) : poisson(rate);
			noise = 2.5 * (double)p.hw;
			if (!m->no_random_drift) {
				noise += 1.1 * sqrt((double)p.hw) * gauss();
				if (uni() < 0.05) {
					big = fmin(10 / pow(uni(), 1 / 1.5), 5000);
					noise += big;
				}
				p.nmi = poisson(0.02);
				noise += 5.0 * (double)p.nmi;
			}
			if (ph.side == EXP_A && since <= 3)
				noise += m->burst_us;
			p.noise = noise > 0 ? (uint64_t)noise : 0;
			p.max_single = (uint64_t)big;
			exp_cpu_add(&c[cpu], &ph, &p);
		}
	}
}

/*
 * runs experiments; each CPU's verdict on f into per_cpu, the all-CPUs
 * row's into all.
 */
static void experiments(const struct exp_design *d, const struct model *m, unsigned runs,
			uint64_t seed, enum verdict_fig f, struct tally *per_cpu, struct tally *all)
{
	struct exp_cpu *c = malloc(sizeof(*c) * (NCPU + 1));

	memset(per_cpu, 0, sizeof(*per_cpu));
	memset(all, 0, sizeof(*all));
	for (unsigned r = 0; r < runs; r++) {
		struct verdict v;

		gen(c, d, m, seed * 7919 + r);
		exp_cpu_init(&c[NCPU]);
		for (int cpu = 0; cpu < NCPU; cpu++) {
			exp_cpu_verdict(&c[cpu], d, d->n, f, &v);
			count(per_cpu, &v);
			exp_cpu_pool(&c[NCPU], &c[cpu]);
		}
		exp_cpu_verdict(&c[NCPU], d, d->n, f, &v);
		count(all, &v);
	}
	free(c);
}

static double bound(unsigned n, double p)	/* p plus three binomial spreads, as a count */
{
	return n * p + 3 * sqrt(n * p * (1 - p));
}

static void say(const char *what, const struct tally *t)
{
	printf("# %s: %u verdicts: %u better, %u worse, %u no change, %u undecided\n", what, t->n,
	       t->better, t->worse, t->same, t->undecided);
}

static const struct model drifting = {
	.hw_rate = 20, .effect = 1, .trend = 0.2, .wave = 0.1, .ar_sd = 0.05, .burst_us = 400,
};

static void design(void)
{
	struct exp_design d;
	struct exp_phase ph;
	char order[EXP_MAX_BLOCKS + 1];
	unsigned na = 0, pos_a = 0, pos_b = 0;

	tap_ok(exp_design_init(&d, 12, 20000000000ULL, 5000000000ULL, false, 0) == 0,
	       "12 blocks of 20 s after 5 s");
	exp_design_order(&d, order, sizeof(order));
	tap_is_str(order, "ABBAABBAABBA", "the default order is ABBA...");
	tap_is_u64(exp_design_length_ns(&d) / 1000000000ULL, 300, "it takes 5 minutes");
	exp_design_at(&d, 0, &ph);
	tap_ok(ph.block == 0 && ph.settling && ph.side == EXP_A, "it begins settling in A");
	exp_design_at(&d, 5000000000ULL, &ph);
	tap_ok(ph.block == 0 && !ph.settling, "then block 1 is counted");
	exp_design_at(&d, 25000000000ULL, &ph);
	tap_ok(ph.block == 1 && ph.settling && ph.side == EXP_B, "block 2 settles in B");
	exp_design_at(&d, 300000000000ULL, &ph);
	tap_ok(ph.done && ph.block == 12, "done after the last block");
	tap_ok(exp_design_init(&d, 11, 1, 0, false, 0) < 0, "an odd number of blocks is refused");
	tap_ok(exp_design_init(&d, 8, 1, 0, false, 0) < 0, "fewer than 10 blocks are refused");
	tap_ok(exp_design_init(&d, EXP_MAX_BLOCKS + 2, 1, 0, false, 0) < 0,
	       "more than %d blocks are refused", EXP_MAX_BLOCKS);
	tap_ok(exp_design_init(&d, EXP_MAX_BLOCKS, 1, 0, true, 12345) == 0, "%d blocks, randomized",
	       EXP_MAX_BLOCKS);
	for (unsigned i = 0; i < d.n; i++) {
		na += d.side[i] == EXP_A;
		*(d.side[i] == EXP_A ? &pos_a : &pos_b) += i;
		if (i % 2 && d.side[i] == d.side[i - 1])
			break;
	}
	exp_design_order(&d, order, sizeof(order));
	printf("# randomized with seed 12345: %s\n", order);
	tap_ok(na == EXP_MAX_BLOCKS / 2, "randomized: as many A blocks as B");
	tap_ok(strlen(order) == EXP_MAX_BLOCKS &&
	       strncmp(order, "ABBAABBAABBAABBAABBAABBAABBAABBAABBAABBA", EXP_MAX_BLOCKS) != 0,
	       "randomized: not the ABBA order");
	exp_design_init(&d, 12, 1, 0, false, 0);
	pos_a = pos_b = 0;
	for (unsigned i = 0; i < d.n; i++)
		*(d.side[i] == EXP_A ? &pos_a : &pos_b) += i;
	tap_ok(pos_a == pos_b, "ABBA: the A and B blocks' mean positions are equal");
}

static void null_knob(void)
{
	struct exp_design d;
	struct tally cpu, all;
	const unsigned runs = 200;
	const enum verdict_fig fig[] = { VF_NOISE, VF_HW };
	const char *name[] = { "noise", "HW" };

	for (int random = 0; random < 2; random++) {
		exp_design_init(&d, EXP_DEFAULT_BLOCKS, EXP_DEFAULT_BLOCK_S * 1000000000ULL,
				EXP_DEFAULT_SETTLE_S * 1000000000ULL, random, 4242);
		for (int f = 0; f < 2; f++) {
			char what[96];

			experiments(&d, &drifting, runs, 11 + random, fig[f], &cpu, &all);
			snprintf(what, sizeof(what), "no effect, %s, %s, per CPU",
				 random ? "randomized" : "ABBA", name[f]);
			say(what, &cpu);
			tap_ok(cpu.better + cpu.worse <= bound(cpu.n, 0.05),
			       "%s: %u of %u better or worse (at most %.0f)", what,
			       cpu.better + cpu.worse, cpu.n, bound(cpu.n, 0.05));
			snprintf(what, sizeof(what), "no effect, %s, %s, all CPUs",
				 random ? "randomized" : "ABBA", name[f]);
			say(what, &all);
			tap_ok(all.better + all.worse <= bound(all.n, 0.05),
			       "%s: %u of %u better or worse (at most %.0f)", what,
			       all.better + all.worse, all.n, bound(all.n, 0.05));
		}
	}
}

static void cut_by_40(void)
{
	struct exp_design d;
	struct tally cpu, all;
	struct model m = drifting;

	m.effect = 0.6;
	exp_design_init(&d, EXP_DEFAULT_BLOCKS, EXP_DEFAULT_BLOCK_S * 1000000000ULL,
			EXP_DEFAULT_SETTLE_S * 1000000000ULL, false, 0);
	experiments(&d, &m, 100, 23, VF_HW, &cpu, &all);
	say("HW cut by 40%, ABBA, HW, per CPU", &cpu);
	tap_ok(cpu.better >= 0.95 * cpu.n, "HW cut by 40%%: better on %u of %u CPUs (95%% at least)",
	       cpu.better, cpu.n);
	tap_ok(all.better == all.n, "HW cut by 40%%: better on all %u all-CPUs rows", all.n);
	experiments(&d, &m, 100, 23, VF_NOISE, &cpu, &all);
	say("HW cut by 40%, ABBA, noise, per CPU", &cpu);
	tap_ok(cpu.better >= 0.95 * cpu.n, "HW cut by 40%%: noise better on %u of %u CPUs",
	       cpu.better, cpu.n);
}

/* A linear drift and no effect: ABBA does not report one; A...AB...B does. */
static void linear_drift(void)
{
	struct exp_design d;
	struct tally cpu, all;
	struct model m = { .hw_rate = 200, .effect = 1, .trend = 0.5, .no_random_drift = true };

	exp_design_init(&d, EXP_DEFAULT_BLOCKS, EXP_DEFAULT_BLOCK_S * 1000000000ULL,
			EXP_DEFAULT_SETTLE_S * 1000000000ULL, false, 0);
	experiments(&d, &m, 1, 5, VF_NOISE, &cpu, &all);
	say("linear drift, ABBA, noise", &cpu);
	tap_ok(cpu.better + cpu.worse == 0 && all.better + all.worse == 0,
	       "linear drift, no effect: ABBA reports none");
	experiments(&d, &m, 1, 5, VF_HW, &cpu, &all);
	tap_ok(cpu.better + cpu.worse == 0 && all.better + all.worse == 0,
	       "linear drift, no effect: ABBA reports none on HW");
	/* The same drift, all A blocks first: the drift passes for an effect. */
	for (unsigned i = 0; i < d.n; i++)
		d.side[i] = i < d.n / 2 ? EXP_A : EXP_B;
	experiments(&d, &m, 1, 5, VF_NOISE, &cpu, &all);
	say("linear drift, AAAAAABBBBBB, noise", &cpu);
	tap_ok(all.worse == 1, "the same drift with A blocks first: worse (the test can fail)");
}

/* Settle periods are measured but not counted; a CPU seen in one state only is left out. */
static void settle_and_both(void)
{
	struct exp_design d;
	struct exp_cpu *c = calloc(2, sizeof(*c));
	struct exp_phase ph;
	struct verdict_period p = { .runtime = 1000000, .noise = 10 };

	exp_design_init(&d, 10, 4000000000ULL, 1000000000ULL, false, 0);
	exp_cpu_init(&c[0]);
	exp_cpu_init(&c[1]);
	for (uint64_t t = 0; t < 50; t++) {
		exp_design_at(&d, t * 1000000000ULL, &ph);
		exp_cpu_add(&c[0], &ph, &p);
		if (ph.side == EXP_A)	/* offline in B */
			exp_cpu_add(&c[1], &ph, &p);
	}
	tap_is_u64(exp_cpu_settled(&c[0], d.n), 10, "a settle period a block, not counted");
	tap_is_u64(exp_cpu_periods(&c[0], &d, d.n, EXP_A), 20, "A: 5 blocks of 4 periods");
	tap_is_u64(exp_cpu_blocks(&c[0], &d, d.n, EXP_B), 5, "B: 5 blocks");
	tap_ok(exp_cpu_both(&c[0], &d, d.n), "CPU measured in both states: compared");
	tap_ok(!exp_cpu_both(&c[1], &d, d.n), "CPU measured in A only: left out");
	tap_ok(exp_cpu_both(&c[0], &d, 2) && !exp_cpu_both(&c[0], &d, 1),
	       "a cut experiment counts its completed blocks");
	free(c);
}

/*
 * The loop's ticks as the session drives the clock (session_experiment.c):
 * a tick every second, the one due at late_at s late by late_s; a period of
 * each CPU every half second, into the phase of the last tick; a cut at
 * cut_at s (0: none).  Each counted time as the run keeps it.
 */
static void drive(struct exp_run *r, uint64_t late_at, uint64_t late_s, uint64_t cut_at)
{
	const uint64_t S = 1000000000ULL;
	struct verdict_period p = { .runtime = 500000, .noise = 20, .hw = 5 };
	struct exp_clock clk;
	uint64_t now = 0, counted;

	exp_clock_start(&clk, &r->d, 0);
	r->ran = true;
	while (!clk.ph.done) {
		uint64_t next = now + S + (now + S == late_at * S ? late_s * S : 0);
		unsigned was = clk.ph.block;

		for (uint64_t t = now; t < next; t += S / 2)
			for (int cpu = 0; cpu < r->ncpus; cpu++)
				exp_cpu_add(&r->cpu[cpu], &clk.ph, &p);
		now = next;
		if (cut_at && now >= cut_at * S) {
			snprintf(r->cut, sizeof(r->cut), "interrupted");
			uint64_t ran = now - clk.start_ns;

			if (!clk.ph.settling)
				r->counted_ns[was] = exp_counted_kept(&r->d, ran, true);
			if (r->counted_ns[was] && 2 * r->counted_ns[was] >= r->d.block_ns)
				r->done = was + 1;
			return;
		}
		if (exp_clock_tick(&clk, &r->d, now, &counted) && counted)
			r->counted_ns[was] = exp_counted_kept(&r->d, counted, false);
		r->done = clk.ph.block;
	}
}

/* 10 blocks ABBAABBAAB of 2 s after 1 s, ncpus CPUs, nothing counted yet. */
static void run_new(struct exp_run *r, int ncpus)
{
	memset(r, 0, sizeof(*r));
	exp_design_init(&r->d, 10, 2000000000ULL, 1000000000ULL, false, 0);
	r->ncpus = ncpus;
	r->cpu = calloc((size_t)ncpus, sizeof(*r->cpu));
	for (int cpu = 0; cpu < ncpus; cpu++)
		exp_cpu_init(&r->cpu[cpu]);
}

/* The blocks' fates, a letter each: . full, L longer, S shortened, X lost, - not run. */
static void fates(const struct exp_run *r, char *buf)
{
	unsigned k;

	for (k = 0; k < r->d.n; k++)
		buf[k] = ".LSX-"[exp_block_fate(r, k)];
	buf[k] = '\0';
}

/* The noise verdict of a run's CPUs pooled, and why it is undecided. */
static enum verdict_kind why(const struct exp_run *r, char *buf, size_t len)
{
	struct exp_cpu *all = malloc(sizeof(*all));
	struct verdict v;

	exp_cpu_init(all);
	for (int cpu = 0; cpu < r->ncpus; cpu++)
		exp_cpu_pool(all, &r->cpu[cpu]);
	exp_cpu_verdict(all, &r->d, r->done, VF_NOISE, &v);
	exp_undecided_why(r, all, &v, buf, len);
	free(all);
	return v.kind;
}

/* A tick late by more than a block: the design catches up, no block is skipped. */
static void late_tick(void)
{
	struct exp_run r;
	struct exp_phase ph;
	char buf[256], f[EXP_MAX_BLOCKS + 1];

	exp_design_init(&r.d, 10, 2000000000ULL, 1000000000ULL, false, 0);
	exp_design_at(&r.d, 5000000000ULL, &ph);
	tap_ok(ph.block == 1 && !ph.settling, "at 5 s block 2 counts");
	exp_design_at(&r.d, 10000000000ULL, &ph);
	tap_ok(ph.block == 3, "from the time alone, the next tick 5 s later is in block 4: "
	       "block 3 would be skipped");

	run_new(&r, 2);
	drive(&r, 6, 4, 0);	/* the tick due at 6 s comes at 10 s */
	fates(&r, f);
	tap_is_str(f, ".L........", "block 2 counted longer, every other block as designed");
	tap_is_u64(r.done, 10, "every block done");
	tap_is_u64(exp_cpu_blocks(&r.cpu[0], &r.d, r.done, EXP_A) * 10 +
		   exp_cpu_blocks(&r.cpu[0], &r.d, r.done, EXP_B), 55, "5 A and 5 B blocks counted");
	tap_is_u64(r.counted_ns[1], 6000000000ULL,
		   "block 2 counted 6 s: its 2 s and the tick's 4 s");
	tap_is_u64(r.cpu[0].blk[1].periods, 12, "its periods, all of them");
	tap_is_u64(r.cpu[0].blk[2].periods, 4, "block 3 begins after it: its own 2 s");
	exp_block_text(&r, 1, buf, sizeof(buf));
	tap_is_str(buf, "block 2 (B): counted in full, 6.0 s for 2.0 s: a tick came late, the "
		   "blocks after it later by as much", "the report says so");
	tap_ok(!exp_block_text(&r, 2, buf, sizeof(buf)) && !buf[0], "a block as designed: no line");
	free(r.cpu);

	run_new(&r, 2);
	drive(&r, 6, 1, 0);
	fates(&r, f);
	tap_is_str(f, "..........", "a tick 1 s late: every block as designed");
	tap_is_u64(r.counted_ns[1], 0, "and no counted time kept");
	free(r.cpu);
}

/* Blocks shortened and lost, and the reasons an undecided verdict gives. */
static void lost_and_cut(void)
{
	struct exp_run r;
	char buf[256], f[EXP_MAX_BLOCKS + 1];

	run_new(&r, 2);
	drive(&r, 0, 0, 14);	/* cut 1 s into block 5's 2 s */
	fates(&r, f);
	tap_is_str(f, "....S-----", "cut after half of block 5: counted, shortened");
	exp_block_text(&r, 4, buf, sizeof(buf));
	tap_is_str(buf, "block 5 (A): shortened by 1.0 s: 1.0 s of 2.0 s counted, the run was cut",
		   "the shortened block's line");
	tap_ok(why(&r, buf, sizeof(buf)) == VK_UNDECIDED, "3 A and 2 B blocks: undecided");
	tap_is_str(buf, "too few blocks: 3 of A, 2 of B, 5 a side decide", "and why");
	free(r.cpu);

	run_new(&r, 2);
	drive(&r, 0, 0, 13);	/* cut in block 5's settle */
	fates(&r, f);
	tap_is_str(f, "....X-----", "cut before block 5 counted: lost");
	exp_block_text(&r, 4, buf, sizeof(buf));
	tap_is_str(buf, "block 5 (A): lost: the run was cut before it counted", "its line");
	free(r.cpu);

	run_new(&r, 2);
	drive(&r, 0, 0, 0);
	for (int cpu = 0; cpu < r.ncpus; cpu++)	/* block 6's periods never came */
		memset(&r.cpu[cpu].blk[5], 0, sizeof(r.cpu[cpu].blk[5]));
	fates(&r, f);
	tap_is_str(f, ".....X....", "a block with no period: lost");
	tap_is_u64(exp_cpu_blocks(&r.cpu[0], &r.d, r.done, EXP_B), 4,
		   "the verdict counts 4 B blocks");
	exp_block_text(&r, 5, buf, sizeof(buf));
	tap_is_str(buf, "block 6 (B): lost: no period counted in it", "its line");
	tap_ok(why(&r, buf, sizeof(buf)) == VK_UNDECIDED, "4 B blocks: undecided");
	tap_is_str(buf, "block 6 lost; too few blocks: 5 of A, 4 of B, 5 a side decide",
		   "and why: the block lost, too few blocks");
	free(r.cpu);

	run_new(&r, 2);
	drive(&r, 0, 0, 4);	/* block 2's settle: A only */
	tap_ok(why(&r, buf, sizeof(buf)) != VK_SAME, "one A block and no B: no verdict");
	tap_is_str(buf, "no CPU counted in both states (blocks: 1 of A, 0 of B)", "and why");
	free(r.cpu);

	run_new(&r, 2);
	drive(&r, 0, 0, 19);	/* block 7's settle */
	snprintf(r.change, sizeof(r.change), "clocksource tsc -> hpet (outside)");
	r.change_block = 7;
	why(&r, buf, sizeof(buf));
	tap_is_str(buf, "conditions changed in block 7 (clocksource tsc -> hpet (outside)); too few "
		   "blocks: 3 of A, 3 of B, 5 a side decide", "a condition changed: said first");
	free(r.cpu);
}

static void texts(void)
{
	char buf[512];
	struct verdict v = { .change_pct = -43, .lo_pct = -51, .hi_pct = -35, .ci = true,
			     .kind = VK_BETTER };

	exp_summary_line("SMT off", &v, buf, sizeof(buf));
	tap_is_str(buf, "SMT off: noise -43% [-51%, -35%] on all CPUs: better", "the report's line");
	v.kind = VK_SAME;
	exp_summary_line("timer migration 0", &v, buf, sizeof(buf));
	tap_is_str(buf, "timer migration 0: no change within +-10%", "no change's line");
}

/* How to keep a value, by a knob's rules (the knobs' own: test-sysknobs). */
static void keep_rules(void)
{
	static const struct exp_keep k = {
		.way = EXP_KEEP_CMDLINE,
		.rule = { { "off", "param=%s (doc: %s)" }, { "held*", "held: %s" },
			  { NULL, EXP_KEEP_NOTHING } },
	};
	static const struct exp_keep sysctl = { .way = EXP_KEEP_SYSCTL, .sysctl = "kernel.x_y" };
	static const struct exp_keep partial = { .rule = { { "off", "param" } } };
	char buf[512];

	exp_keep_text(&k, "knob", "off", buf, sizeof(buf));
	tap_is_str(buf, "param=off (doc: off)", "a rule for one value, each %s the value");
	exp_keep_text(&k, "knob", "held at 0", buf, sizeof(buf));
	tap_is_str(buf, "held: held at 0", "a rule for the values that begin so");
	exp_keep_text(&k, "knob", "on", buf, sizeof(buf));
	tap_is_str(buf, "knob on: the kernel's default, nothing to keep", "the kernel's default");
	exp_keep_text(&sysctl, "x", "0", buf, sizeof(buf));
	tap_is_str(buf, "sysctl.d: \"kernel.x_y = 0\" in /etc/sysctl.d/90-hwnoisetop.conf "
		   "(admin-guide/sysctl/kernel.rst: x_y)", "a sysctl: its sysctl.d line");
	exp_keep_text(NULL, "nope", "1", buf, sizeof(buf));
	tap_ok(!strstr(buf, "nothing to keep") && strstr(buf, "no knob"),
	       "no such knob: said, not the kernel's default");
	tap_ok(exp_keep_complete(&k) && exp_keep_complete(&sysctl) && !exp_keep_complete(&partial),
	       "complete: a rule for any value, or a sysctl");
}

int main(void)
{
	/* design 14, settle_and_both 6, late_tick 12, lost_and_cut 14, texts 2,
	 * keep_rules 6, linear_drift 3, null_knob 2 x 2 designs x 2 figures, cut_by_40 3 */
	tap_plan(14 + 6 + 12 + 14 + 2 + 6 + 3 + 8 + 3);
	design();
	settle_and_both();
	late_tick();
	lost_and_cut();
	texts();
	keep_rules();
	linear_drift();
	null_knob();
	cut_by_40();
	return tap_failed ? 1 : 0;
}
