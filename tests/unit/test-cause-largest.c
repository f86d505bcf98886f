/*
 * test-cause-largest: cause.h's attribution of a CPU's largest single
 * noises (the periods whose max single reaches the CPU's level) on
 * generated periods (noisegen.h, fixed seeds).
 *
 * Known answers: a cause that adds a large single noise to some of its
 * periods is credited, its interval holding the true share (counted
 * against each period's own max single without it); one that adds only
 * many small gaps (noise time, no large single) is credited on the noise
 * and not on max single; the same with the cause in a tenth of the periods
 * or in nine tenths (unequal lengths); nothing injected credits nothing.
 *
 * A/A: the noise families of test-families.c (heavy tails, bursts, rare
 * events, drift within and slower than the run, runs of 30 to 3000
 * periods) with causes switched with nothing of their own, in blocks,
 * every other period, rarely, mostly, or only in the second half of the
 * run; many CPUs: 256 of them.  The false credits on max single, every
 * cause-CPU that was compared counted, stay under 5% (the man page's WHY
 * gives the rate measured).
 *
 * Machines: a run's credits held to the false discovery rate over all its
 * CPUs (cause_adjust()): with nothing injected at most 5% of machines of
 * 256 CPUs show any false credit; a cause on 32 of them is still credited
 * on them; one CPU with a strong cause is still credited.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cause.h"
#include "noisegen.h"
#include "tap.h"

/* The families are the base model with a few fields changed: designated initializers after BASE. */
#pragma GCC diagnostic ignored "-Woverride-init"

/* test-families.c's base: 10 HW events a period of 2.5 us, lognormal big ones, a mild drift. */
#define BASE .hw = 10, .gap_us = 2.5, .big_rate = 0.3, .dist = BIG_LOGNORMAL, .big_a = 10, \
	     .big_b = 1.5, .nmi = 0.05, .phi = 0.5, .sd = 0.05

static struct cause_cpu cpu;

/* How a cause comes in a run. */
enum pattern { P_ABSENT, P_UNMEASURED, P_BLOCKS, P_ALTERNATE, P_RARE, P_MOSTLY, P_LATE };

static const char *const pattern_name[] = {
	"absent", "unmeasured", "in blocks of 10 (3 in 10)", "every other period",
	"in 1 period in 10", "in 9 periods in 10", "in the second half",
};

struct inject {
	enum pattern how[CAUSE_N];
	double big[CAUSE_N];		/* chance of a large single noise in a period with it */
	double big_us;			/* its size: 1 to 2 times this */
	double gaps[CAUSE_N];		/* small gaps (2.5 us each) added to a period with it */
};

/* Whether the cause is in period t of n (on: its blocks' state, drawn at each block's start). */
static bool present(enum pattern how, unsigned t, unsigned n, bool *on)
{
	switch (how) {
	case P_BLOCKS:
		if (t % 10 == 0)
			*on = uni() < 0.3;
		return *on;
	case P_ALTERNATE:
		return t % 2;
	case P_RARE:
		return uni() < 0.1;
	case P_MOSTLY:
		return uni() < 0.9;
	case P_LATE:
		return t >= n / 2;
	default:
		return false;
	}
}

/* The latest run: each period's own max single, and the large single noise each cause added. */
#define MAXN 4000
static uint64_t own[MAXN], added[MAXN][CAUSE_N];
static unsigned nrun;

/* One CPU's n periods of model m, the causes as in, put down to their causes into a. */
static void gen(const struct noise_model *m, const struct inject *in, unsigned n, uint64_t seed,
		struct cause_answer *a)
{
	bool on[CAUSE_N] = { false };
	struct noise_state st;

	rng_state = seed;
	noise_start(&st, m);
	cause_cpu_init(&cpu);
	nrun = n < MAXN ? n : MAXN;
	for (unsigned t = 0; t < nrun; t++) {
		struct cause_period p = { 0 };
		struct verdict_period v;

		noise_draw(&st, m, &v);
		p.runtime = v.runtime;
		p.noise = v.noise;
		p.max_single = own[t] = v.max_single;
		for (int k = 0; k < CAUSE_N; k++) {
			bool is = present(in->how[k], t, n, &on[k]);

			added[t][k] = 0;
			p.seen[k] = in->how[k] == P_UNMEASURED ? CAUSE_UNMEASURED :
				    is ? CAUSE_PRESENT : CAUSE_ABSENT;
			if (!is)
				continue;
			p.noise += (uint64_t)(2.5 * in->gaps[k]);
			if (in->big[k] > 0 && uni() < in->big[k]) {
				uint64_t x = (uint64_t)(in->big_us * (1 + uni()));

				p.noise += x;
				added[t][k] = x;
				p.max_single = x > p.max_single ? x : p.max_single;
			}
		}
		cause_cpu_add(&cpu, &p);
	}
	cause_cpu_answer(&cpu, a);
}

/*
 * The chance that a period of m reaches level, with cause k's large
 * single noise (with) or without: from 200000 periods of the model.
 */
static double chance(const struct noise_model *m, const struct inject *in, int k, double level,
		     bool with)
{
	uint64_t keep = rng_state, hit = 0, n = 200000;
	struct noise_state st;

	rng_state = 99;
	noise_start(&st, m);
	for (uint64_t t = 0; t < n; t++) {
		struct verdict_period v;
		double x = 0;

		noise_draw(&st, m, &v);
		if (with && uni() < in->big[k])
			x = in->big_us * (1 + uni());
		hit += (double)v.max_single >= level || x >= level;
	}
	rng_state = keep;
	return (double)hit / (double)n;
}

/*
 * The true share of cause k's in the latest run: share_at()'s at the true
 * ratio of the chances of reaching the level, with k and without: the
 * share the interval is of (the ratio's uncertainty, the periods with k
 * that reached the level as counted).
 */
static double true_share(const struct noise_model *m, const struct inject *in, int k,
			 const struct cause_answer *a, double q[VERDICT_OCT])
{
	unsigned o = verdict_octave((uint64_t)a->level);
	double with = (double)a->c[k].max_with;

	if (!q[o])	/* once a level: the same model's */
		q[o] = chance(m, in, k, a->level, true) / chance(m, in, k, a->level, false);
	return a->reach ? with * (1 - 1 / q[o]) / (double)a->reach : 0;
}

#define NCPU 40

/* A cause adding a large single noise to half its periods: credited, its interval holds the truth. */
static void test_found(enum pattern how, int k, unsigned n, double big, unsigned want_pct)
{
	const struct noise_model m = { BASE };
	struct inject in = { .big_us = 150 };
	unsigned credited = 0, covered = 0, by_noise = 0;
	double q[VERDICT_OCT] = { 0 };
	struct cause_answer a;

	for (int j = 0; j < CAUSE_N; j++)
		in.how[j] = P_ABSENT;
	in.how[k] = how;
	in.big[k] = big;
	for (int i = 0; i < NCPU; i++) {
		const struct cause_result *r = &a.c[k];
		double s;

		gen(&m, &in, n, 100 + 37 * (uint64_t)i + 1000 * (uint64_t)how, &a);
		s = true_share(&m, &in, k, &a, q);

		credited += r->max_state == CAUSE_CREDITED;
		covered += r->max_share_lo <= s + 1e-9 && s <= r->max_share_hi + 1e-9;
		by_noise += r->state == CAUSE_CREDITED;
	}
	tap_ok(credited >= NCPU * want_pct / 100, "%s %s, a single noise of 150-300 us in %.0f%% of "
	       "its periods, %u periods: credited on max single on %u of %d CPUs (noise: %u)",
	       cause_name(k), pattern_name[how], 100 * big, n, credited, NCPU, by_noise);
	tap_ok(covered >= NCPU * 85 / 100, "and its interval holds the true share of the largest "
	       "on %u of %d CPUs", covered, NCPU);
}

/* A cause adding 60 small gaps (150 us) to each of its periods: the noise's, not the largest. */
static void test_noise_only(void)
{
	const struct noise_model m = { BASE };
	struct inject in = { .how = { [CAUSE_SIBLING] = P_BLOCKS }, .gaps = { [CAUSE_SIBLING] = 60 } };
	unsigned noise = 0, largest = 0;
	struct cause_answer a;

	for (int i = 0; i < NCPU; i++) {
		gen(&m, &in, 600, 7000 + (uint64_t)i, &a);
		noise += a.c[CAUSE_SIBLING].state == CAUSE_CREDITED;
		largest += a.c[CAUSE_SIBLING].max_state == CAUSE_CREDITED;
	}
	tap_ok(noise >= NCPU * 9 / 10, "a sibling adding 150 us of small gaps: credited on the "
	       "noise on %u of %d CPUs", noise, NCPU);
	tap_ok(largest <= 2, "and on max single on %u (no large single noise of its own)", largest);
	tap_ok(a.c[CAUSE_SIBLING].max_state == CAUSE_NO_EVIDENCE &&
	       a.c[CAUSE_SIBLING].max_share_lo <= 0,
	       "its state on max single: no evidence, an interval reaching 0 (%s [%.3f, %.3f])",
	       cause_state_name(a.c[CAUSE_SIBLING].max_state), a.c[CAUSE_SIBLING].max_share_lo,
	       a.c[CAUSE_SIBLING].max_share_hi);
	tap_ok(a.max_unexplained == 1 && a.unexplained < 1,
	       "all the largest left unexplained, not all the noise");
}

/* The level: one a CPU, a power of two that at most 10% of the periods reach, 10% the one below. */
static void test_level(void)
{
	const struct noise_model m = { BASE };
	struct inject in = { .how = { [CAUSE_SMI] = P_BLOCKS, [CAUSE_TSCWD] = P_ALTERNATE } };
	struct cause_period p = { .runtime = 1000000, .noise = 100, .max_single = 40 };
	struct cause_answer a;
	uint64_t below = 0;
	unsigned lev;

	gen(&m, &in, 600, 4242, &a);
	lev = verdict_octave((uint64_t)a.level);
	for (int k = (int)lev - 1; k < VERDICT_OCT; k++)
		below += (uint64_t)cpu.oct[k];
	tap_ok(a.level == ldexp(1, (int)lev - 1) && a.reach <= a.periods / 10 &&
	       below > a.periods / 10, "the level %.0f us: %llu of %llu periods reach it, %llu half "
	       "of it", a.level, (unsigned long long)a.reach, (unsigned long long)a.periods,
	       (unsigned long long)below);
	cause_cpu_init(&cpu);
	p.seen[CAUSE_THERMAL] = CAUSE_ABSENT;
	for (int i = 0; i < 40; i++) {
		p.seen[CAUSE_SMI] = i % 2 ? CAUSE_PRESENT : CAUSE_ABSENT;
		cause_cpu_add(&cpu, &p);
	}
	cause_cpu_answer(&cpu, &a);
	tap_ok(a.level == 64 && a.reach == 0 && a.c[CAUSE_SMI].max_state == CAUSE_NO_EVIDENCE &&
	       a.c[CAUSE_SMI].max_share == 0 && a.max_unexplained == 1,
	       "every max single 40 us: the level 64 us, none reach it, nothing credited (%.0f, %s)",
	       a.level, cause_state_name(a.c[CAUSE_SMI].max_state));
	tap_ok(a.c[CAUSE_THERMAL].max_state == CAUSE_NONE_SEEN &&
	       a.c[CAUSE_STEAL].max_state == CAUSE_NOT_MEASURED,
	       "a cause never seen, one not measured: the same on max single");
}

/* Nothing injected, the causes switched as the A/A's: no credit on the largest, all unexplained. */
static void test_nothing(void)
{
	const struct noise_model m = { BASE };
	const struct inject in = { .how = { P_BLOCKS, P_RARE, P_ALTERNATE, P_UNMEASURED, P_MOSTLY,
					     P_BLOCKS, P_ABSENT } };
	unsigned credited = 0, all = 0;
	struct cause_answer a;

	for (int i = 0; i < NCPU; i++) {
		gen(&m, &in, 600, 8000 + (uint64_t)i, &a);
		for (int k = 0; k < CAUSE_N; k++)
			credited += a.c[k].max_state == CAUSE_CREDITED;
		all += a.max_unexplained == 1;
	}
	tap_ok(credited <= 6, "nothing injected: %u credits on max single in %d", credited,
	       NCPU * CAUSE_N);
	tap_ok(all >= NCPU - 6, "all the largest unexplained on %u of %d CPUs", all, NCPU);
}

/* The A/A families. */
struct family {
	const char *name;
	struct noise_model m;
	unsigned n, runs;
	unsigned cpus;		/* runs a machine, where a machine's any credit is counted */
};

static const struct family fam[] = {
	{ "lognormal (sigma 1.5) single noises", { BASE }, 300, 400, 0 },
	{ "Pareto alpha 1.1 single noises", { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 1.1 },
	  300, 400, 0 },
	{ "Pareto alpha 0.8 single noises", { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 0.8 },
	  300, 400, 0 },
	{ "bursts (x10, 1 in 50 periods, 5 long)",
	  { BASE, .burst_on = 0.02, .burst_off = 0.2, .burst_x = 10 }, 300, 400, 0 },
	{ "zero-inflated (HW 0.02 a period)", { BASE, .hw = 0.02, .big_rate = 0.005, .nmi = 0 },
	  300, 400, 0 },
	{ "rare NMIs (0.01 a period)", { BASE, .nmi = 0.01 }, 300, 400, 0 },
	{ "drift AR(1) phi 0.9", { BASE, .phi = 0.9, .sd = 0.3 }, 300, 400, 0 },
	{ "drift AR(1) phi 0.99", { BASE, .phi = 0.99, .sd = 0.3 }, 300, 400, 0 },
	{ "drift AR(1) phi 0.998 (slower than the run)", { BASE, .phi = 0.998, .sd = 0.3 }, 300, 400, 0 },
	{ "30 periods", { BASE }, 30, 400, 0 },
	{ "3000 periods", { BASE }, 3000, 100, 0 },
	{ "Pareto 1.1, 3000 periods", { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 1.1 },
	  3000, 100, 0 },
	{ "many CPUs: 4 machines of 256", { BASE }, 300, 1024, 256 },
};
#define NFAM ((int)(sizeof(fam) / sizeof(fam[0])))

/* The causes' patterns, run by run in turn: each cause comes every way over the runs. */
static const enum pattern ways[] = { P_BLOCKS, P_RARE, P_ALTERNATE, P_MOSTLY, P_LATE, P_BLOCKS,
				     P_RARE };
#define NWAYS ((int)(sizeof(ways) / sizeof(ways[0])))

struct rate {
	unsigned compared, max_credits, noise_credits;
	unsigned by_way[P_LATE + 1][2];	/* compared, credited on max single */
};

static void aa_family(const struct family *f, uint64_t seed, struct rate *all)
{
	struct rate r = { 0 };
	struct inject in = { 0 };
	struct cause_answer a;
	unsigned machines = 0, before = 0;

	for (unsigned i = 0; i < f->runs; i++) {
		if (f->cpus && i % f->cpus == 0) {
			machines += r.max_credits > before;
			before = r.max_credits;
		}
		for (int k = 0; k < CAUSE_N; k++)
			in.how[k] = ways[(i + (unsigned)k) % NWAYS];
		gen(&f->m, &in, f->n, seed * 100003 + i, &a);
		for (int k = 0; k < CAUSE_N; k++) {
			const struct cause_result *c = &a.c[k];

			if (c->max_state != CAUSE_CREDITED && c->max_state != CAUSE_NO_EVIDENCE)
				continue;	/* too few, or nothing to compare: no test */
			r.compared++;
			r.max_credits += c->max_state == CAUSE_CREDITED;
			r.noise_credits += c->state == CAUSE_CREDITED;
			r.by_way[in.how[k]][0]++;
			r.by_way[in.how[k]][1] += c->max_state == CAUSE_CREDITED;
		}
	}
	printf("# A/A, %s, %u runs of %u periods: %u cause-CPUs compared, credited on max single "
	       "%.1f%%, on the noise %.1f%%\n", f->name, f->runs, f->n, r.compared,
	       r.compared ? 100.0 * r.max_credits / r.compared : 0.0,
	       r.compared ? 100.0 * r.noise_credits / r.compared : 0.0);
	if (f->cpus)
		printf("#   machines of %u CPUs with a false credit on max single: %u of %u (no "
		       "control over the CPUs)\n", f->cpus, machines + (r.max_credits > before),
		       f->runs / f->cpus);
	tap_ok(r.max_credits <= 0.05 * r.compared, "A/A %s: false credits on max single %.1f%% "
	       "(%u of %u)", f->name, r.compared ? 100.0 * r.max_credits / r.compared : 0.0,
	       r.max_credits, r.compared);
	all->compared += r.compared;
	all->max_credits += r.max_credits;
	all->noise_credits += r.noise_credits;
	for (int w = 0; w <= P_LATE; w++) {
		all->by_way[w][0] += r.by_way[w][0];
		all->by_way[w][1] += r.by_way[w][1];
	}
}

static void test_aa(void)
{
	struct rate all = { 0 };
	unsigned runs = 0;

	for (int i = 0; i < NFAM; i++) {
		aa_family(&fam[i], (uint64_t)i + 1, &all);
		runs += fam[i].runs;
	}
	for (int w = P_BLOCKS; w <= P_LATE; w++)
		printf("#   a cause %s: credited on max single %.1f%% of %u\n", pattern_name[w],
		       all.by_way[w][0] ? 100.0 * all.by_way[w][1] / all.by_way[w][0] : 0.0,
		       all.by_way[w][0]);
	printf("# A/A in all: %u runs, %u cause-CPUs compared: credited on max single %.2f%%, on "
	       "the noise %.2f%%\n", runs, all.compared, 100.0 * all.max_credits / all.compared,
	       100.0 * all.noise_credits / all.compared);
	tap_ok(all.max_credits < 0.05 * all.compared, "A/A, every family: false credits on max "
	       "single %.2f%% (%u of %u), under 5%%", 100.0 * all.max_credits / all.compared,
	       all.max_credits, all.compared);
}

/*
 * Machines: one run's credits are held to the false discovery rate over
 * every judgement of its CPUs (cause_adjust()).  A machine of 256 CPUs,
 * each CPU's causes as aa_family() switches them.
 */
#define MACHINE 256
static struct cause_answer mach[MACHINE];

/* Whether any cause of a is credited, on the noise or the largest. */
static bool any_credit(const struct cause_answer *a)
{
	for (int k = 0; k < CAUSE_N; k++)
		if (a->c[k].state == CAUSE_CREDITED || a->c[k].max_state == CAUSE_CREDITED)
			return true;
	return false;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/*
 * A/A: machines of 256 CPUs of the 300-period families in turn, nothing
 * injected: with each CPU judged alone nearly every machine shows a false
 * credit; held to the rate over the run, at most about VERDICT_FDR of
 * them (under no cause anywhere BH bounds the chance of any credit).
 */
#define NMACH 240
static void test_machines(void)
{
	struct inject in = { 0 };
	unsigned before = 0, after = 0, fam300 = 0;
	double t = 0;

	while (fam[fam300].n == 300)
		fam300++;
	for (unsigned j = 0; j < NMACH; j++) {
		const struct family *f = &fam[j % fam300];
		bool any = false;
		double t0;

		for (unsigned i = 0; i < MACHINE; i++) {
			for (int k = 0; k < CAUSE_N; k++)
				in.how[k] = ways[(i + (unsigned)k) % NWAYS];
			gen(&f->m, &in, f->n, 7000003 * (uint64_t)(j + 1) + i, &mach[i]);
			any |= any_credit(&mach[i]);
		}
		before += any;
		t0 = now_s();
		cause_adjust(mach, MACHINE, VERDICT_FDR);
		t += now_s() - t0;
		any = false;
		for (unsigned i = 0; i < MACHINE; i++)
			any |= any_credit(&mach[i]);
		after += any;
	}
	printf("# A/A, %u machines of %u CPUs (%u families of 300 periods in turn), %llu judgements "
	       "each: a false credit on %u judged alone, on %u held to the rate (%.1f%%); "
	       "cause_adjust() %.0f us a machine\n", NMACH, MACHINE, fam300,
	       (unsigned long long)mach[0].family, before, after, 100.0 * after / NMACH,
	       1e6 * t / NMACH);
	tap_ok(after <= NMACH * VERDICT_FDR, "A/A, %u machines of %u CPUs: a false credit (either "
	       "figure) on %u (%.1f%%, judged alone %u), at most %.0f%%", NMACH, MACHINE, after,
	       100.0 * after / NMACH, before, 100 * VERDICT_FDR);
}

/* Of the CPUs i % 8 == 0, those credited with cause k on the noise and on the largest. */
static void count_found(int k, unsigned *noise, unsigned *big)
{
	*noise = *big = 0;
	for (unsigned i = 0; i < MACHINE; i += 8) {
		*noise += mach[i].c[k].state == CAUSE_CREDITED;
		*big += mach[i].c[k].max_state == CAUSE_CREDITED;
	}
}

/*
 * Known answers on a machine: a busy sibling on 32 of 256 CPUs (every
 * eighth, where no other cause comes), in blocks, adding gaps small gaps
 * (2.5 us each) and a single noise of 150-300 us in a share big of its
 * periods, 600 periods, the other CPUs' causes switched with nothing of
 * their own: with 20 gaps and half its periods, still credited on most of
 * its CPUs (check); a weaker one printed, the power the rate costs.  And
 * the cost of every CPU's answer once (what causes_answer() computes per
 * change).
 */
static void test_power(double big, double gaps, bool check)
{
	const struct noise_model m = { BASE };
	struct inject in = { .big_us = 150 };
	unsigned n0, b0, n1, b1, other = 0;
	struct cause_answer scratch;
	double t0, t1, t2;

	for (unsigned i = 0; i < MACHINE; i++) {
		for (int k = 0; k < CAUSE_N; k++)	/* the sibling's CPUs: it alone */
			in.how[k] = i % 8 ? ways[(i + (unsigned)k) % NWAYS] : P_ABSENT;
		in.how[CAUSE_SIBLING] = i % 8 ? P_ABSENT : P_BLOCKS;
		in.big[CAUSE_SIBLING] = i % 8 ? 0 : big;
		in.gaps[CAUSE_SIBLING] = i % 8 ? 0 : gaps;
		gen(&m, &in, 600, 9100 + i, &mach[i]);
	}
	count_found(CAUSE_SIBLING, &n0, &b0);
	t0 = now_s();
	for (unsigned i = 0; i < MACHINE; i++)	/* the last CPU's tally, as many times */
		cause_cpu_answer(&cpu, &scratch);
	t1 = now_s();
	cause_adjust(mach, MACHINE, VERDICT_FDR);
	t2 = now_s();
	count_found(CAUSE_SIBLING, &n1, &b1);
	for (unsigned i = 0; i < MACHINE; i++)
		other += i % 8 && any_credit(&mach[i]);
	printf("# every answer of %u CPUs once (what causes_answer() does per change): the answers "
	       "%.2f ms, cause_adjust() over %llu judgements %.3f ms\n", MACHINE, 1e3 * (t1 - t0),
	       (unsigned long long)mach[0].family, 1e3 * (t2 - t1));
	if (!check) {
		printf("# a weaker sibling (%.0f gaps, a single noise in %.0f%% of its periods) on 32 "
		       "of %u CPUs: credited on the noise on %u (alone %u), on the largest on %u "
		       "(alone %u)\n", gaps, 100 * big, MACHINE, n1, n0, b1, b0);
		return;
	}
	tap_ok(n1 >= 24 && b1 >= 24, "a sibling on 32 of %u CPUs: credited on the noise on %u "
	       "(alone %u), on the largest on %u (alone %u)", MACHINE, n1, n0, b1, b0);
	tap_ok(other == 0, "and nothing credited on the other %u CPUs (%u)", MACHINE - 32, other);
}

/* A small run: one CPU with a strong cause is still credited, its family its own judgements. */
static void test_single(void)
{
	const struct noise_model m = { BASE };
	struct inject in = { .how = { [CAUSE_SIBLING] = P_BLOCKS }, .big = { [CAUSE_SIBLING] = 0.5 },
			     .big_us = 150, .gaps = { [CAUSE_SIBLING] = 10 } };
	struct cause_answer a;

	gen(&m, &in, 600, 4242, &a);
	cause_adjust(&a, 1, VERDICT_FDR);
	tap_ok(a.c[CAUSE_SIBLING].state == CAUSE_CREDITED &&
	       a.c[CAUSE_SIBLING].max_state == CAUSE_CREDITED && a.lead == CAUSE_SIBLING,
	       "one CPU, a strong sibling: still credited on both and leads (%s, %s; %llu "
	       "judgements)", cause_state_name(a.c[CAUSE_SIBLING].state),
	       cause_state_name(a.c[CAUSE_SIBLING].max_state), (unsigned long long)a.family);
}

/* Moves from mach[] to other[] (cause_moved(), both figures); *cpus: on CPUs i % 8 == 0. */
static struct cause_answer other[MACHINE];
static unsigned moves(unsigned *on8)
{
	unsigned n = 0;

	*on8 = 0;
	for (unsigned i = 0; i < MACHINE; i++)
		for (int k = 0; k < CAUSE_N; k++)
			for (int f = 0; f < 2; f++)
				if (cause_moved(&mach[i], &other[i], k, f)) {
					n++;
					*on8 += i % 8 == 0;
				}
	return n;
}

/*
 * compare's "moved" on machines of 256 CPUs, each side held to its own
 * rate.  A/A: two runs of the same machine (the 300-period families in
 * turn, every cause switched with nothing of its own), of equal lengths
 * and one ten times the other's: pairs of runs with any cause moved.  And known answers: the sibling of test_power() on 32
 * CPUs in A, gone in B: moved on those, on the noise and the largest,
 * nowhere else.
 */
#define NPAIR 120
#define NPAIR_LONG 40
/*
 * npair A/A pairs of runs of the machine, B long times as many periods as
 * A: how many pairs had a cause moved (printed, and checked against the
 * rate).
 */
static void aa_moved(unsigned npair, unsigned long_x)
{
	struct inject in = { .big_us = 150 };
	unsigned pairs = 0, total = 0, fam300 = 0, on8, n;

	while (fam[fam300].n == 300)
		fam300++;
	for (unsigned j = 0; j < npair; j++) {
		const struct family *f = &fam[j % fam300];

		for (unsigned i = 0; i < MACHINE; i++) {
			for (int k = 0; k < CAUSE_N; k++)
				in.how[k] = ways[(i + (unsigned)k) % NWAYS];
			gen(&f->m, &in, f->n, 5000011 * (uint64_t)(j + 1) + i, &mach[i]);
			gen(&f->m, &in, f->n * long_x, 6000023 * (uint64_t)(j + 1) + i, &other[i]);
		}
		cause_adjust(mach, MACHINE, VERDICT_FDR);
		cause_adjust(other, MACHINE, VERDICT_FDR);
		n = moves(&on8);
		pairs += n > 0;
		total += n;
	}
	printf("# A/A, %u pairs of runs of a machine of %u CPUs, %u against %u periods: a cause "
	       "moved in %u (%.1f%%), %u moves in all\n", npair, MACHINE, 300, 300 * long_x, pairs,
	       100.0 * pairs / npair, total);
	tap_ok(pairs <= npair * VERDICT_FDR, "A/A, %u pairs of runs of %u CPUs, %u against %u "
	       "periods: a cause moved in %u (%.1f%%), at most %.0f%%", npair, MACHINE, 300,
	       300 * long_x, pairs, 100.0 * pairs / npair, 100 * VERDICT_FDR);
}

static void test_moved(void)
{
	const struct noise_model m = { BASE };
	struct inject in = { .big_us = 150 };
	unsigned on8, n;

	aa_moved(NPAIR, 1);
	aa_moved(NPAIR_LONG, 10);
	for (unsigned i = 0; i < MACHINE; i++) {
		for (int k = 0; k < CAUSE_N; k++)
			in.how[k] = i % 8 ? ways[(i + (unsigned)k) % NWAYS] : P_ABSENT;
		in.how[CAUSE_SIBLING] = i % 8 ? P_ABSENT : P_BLOCKS;
		in.big[CAUSE_SIBLING] = i % 8 ? 0 : 0.5;
		in.gaps[CAUSE_SIBLING] = i % 8 ? 0 : 20;
		gen(&m, &in, 600, 9100 + i, &mach[i]);
		in.how[CAUSE_SIBLING] = P_ABSENT;
		gen(&m, &in, 600, 9900 + i, &other[i]);
	}
	cause_adjust(mach, MACHINE, VERDICT_FDR);
	cause_adjust(other, MACHINE, VERDICT_FDR);
	n = moves(&on8);
	tap_ok(on8 >= 2 * 24 && n == on8, "a sibling on 32 of %u CPUs, gone in B: moved on %u of "
	       "their 64 figures, %u moves elsewhere", MACHINE, on8, n - on8);
}

int main(void)
{
	tap_plan(2 * 4 + 4 + 3 + 2 + NFAM + 1 + 1 + 2 + 1 + 3);
	test_found(P_BLOCKS, CAUSE_SIBLING, 600, 0.5, 90);
	test_found(P_ALTERNATE, CAUSE_TSCWD, 600, 0.5, 90);
	test_found(P_RARE, CAUSE_SMI, 600, 0.5, 90);
	test_found(P_MOSTLY, CAUSE_NMI, 3000, 0.1, 60);
	test_noise_only();
	test_level();
	test_nothing();
	test_aa();
	test_machines();
	test_power(0.5, 20, true);
	test_power(0.1, 4, false);
	test_single();
	test_moved();
	return tap_failed ? 1 : 0;
}
