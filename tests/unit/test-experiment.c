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
	exp_keep_text("smt", "off", buf, sizeof(buf));
	tap_ok(strstr(buf, "nosmt") && strstr(buf, "kernel-parameters"), "SMT off: nosmt, cited");
	exp_keep_text("timer_migration", "0", buf, sizeof(buf));
	tap_ok(strstr(buf, "kernel.timer_migration = 0") != NULL, "timer migration: sysctl.d");
	exp_keep_text("governor", "performance", buf, sizeof(buf));
	tap_ok(strstr(buf, "governor=performance") != NULL, "governor: tuned's [cpu]");
	exp_keep_text("deep_idle", "off", buf, sizeof(buf));
	tap_ok(strncmp(buf, "no equivalent", 13) == 0, "deep idle off: none is equivalent");
}

int main(void)
{
	/* design 14, settle_and_both 6, texts 6, linear_drift 3,
	 * null_knob 2 x 2 designs x 2 figures, cut_by_40 3 */
	tap_plan(14 + 6 + 6 + 3 + 8 + 3);
	design();
	settle_and_both();
	texts();
	linear_drift();
	null_knob();
	cut_by_40();
	return tap_failed ? 1 : 0;
}
