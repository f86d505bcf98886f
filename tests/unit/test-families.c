/*
 * test-families: the verdicts' false marks and power on families of noise
 * processes a real box makes (noisegen.h), with known answers: heavy
 * tails (lognormal, Pareto alpha 1.1 and 0.8), bursts, zero-inflated
 * CPUs, rare NMIs, drift within the run (AR(1) up to phi 0.99), drift
 * slower than the run, sides 10x apart in length either way, and many
 * CPUs at once (the false discovery rate, verdict_adjust()).  Each case
 * prints its measured rates; the man page's STATISTICS gives them.
 *
 * A/A (the same process on both sides): at most VERDICT_FDR (5%) of the
 * CPU-figures marked better or worse, figure by figure, as measured (no
 * room for the count's spread: the seeds are fixed, the rates printed).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noisegen.h"
#include "tally.h"
#include "tap.h"
#include "verdict.h"

/* The families are the base model with a few fields changed: designated initializers after BASE. */
#pragma GCC diagnostic ignored "-Woverride-init"

#define PAIRS 20
#define CPUS 64
#define NFIG 5
static const enum verdict_fig figs[NFIG] = { VF_NOISE, VF_AVAIL, VF_HW, VF_NMI, VF_MAXS };
static const char *const fig_short[NFIG] = { "noise", "avail", "HW", "NMI", "max single" };

struct family {
	const char *name;
	struct noise_model a, b;
	unsigned na, nb;	/* periods a side */
	bool contiguous;	/* B continues A's process */
};

/* The base: 10 HW events a period of 2.5 us, lognormal big ones, a mild drift. */
#define BASE .hw = 10, .gap_us = 2.5, .big_rate = 0.3, .dist = BIG_LOGNORMAL, .big_a = 10, \
	     .big_b = 1.5, .nmi = 0.05, .phi = 0.5, .sd = 0.05

static const struct family aa[] = {
	{ "lognormal (sigma 1.5) single noises", { BASE }, { BASE }, 300, 300, false },
	{ "Pareto alpha 1.1 single noises", { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 1.1 },
	  { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 1.1 }, 300, 300, false },
	{ "Pareto alpha 0.8 single noises", { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 0.8 },
	  { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 0.8 }, 300, 300, false },
	{ "bursts (x10, 1 in 50 periods, 5 long)",
	  { BASE, .burst_on = 0.02, .burst_off = 0.2, .burst_x = 10 },
	  { BASE, .burst_on = 0.02, .burst_off = 0.2, .burst_x = 10 }, 300, 300, true },
	{ "zero-inflated (HW 0.02 a period)", { BASE, .hw = 0.02, .big_rate = 0.005, .nmi = 0 },
	  { BASE, .hw = 0.02, .big_rate = 0.005, .nmi = 0 }, 300, 300, false },
	{ "rare NMIs (0.01 a period)", { BASE, .nmi = 0.01 }, { BASE, .nmi = 0.01 }, 300, 300,
	  false },
	{ "drift AR(1) phi 0.9", { BASE, .phi = 0.9, .sd = 0.3 }, { BASE, .phi = 0.9, .sd = 0.3 },
	  300, 300, true },
	{ "drift AR(1) phi 0.99", { BASE, .phi = 0.99, .sd = 0.3 },
	  { BASE, .phi = 0.99, .sd = 0.3 }, 300, 300, true },
	{ "30 against 300 periods", { BASE }, { BASE }, 300, 30, true },
	{ "300 against 30 periods", { BASE }, { BASE }, 30, 300, true },
	{ "3000 against 300 periods", { BASE }, { BASE }, 300, 3000, true },
	{ "Pareto 1.1, 30 against 300 periods",
	  { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 1.1 },
	  { BASE, .dist = BIG_PARETO, .big_a = 5, .big_b = 1.1 }, 300, 30, true },
};
#define NAA ((int)(sizeof(aa) / sizeof(aa[0])))

static double bound(unsigned n, double p)	/* p plus three binomial spreads, as a count */
{
	return n * p + 3 * sqrt(n * p * (1 - p));
}

/* One pair of one CPU of f, from seed. */
static void pair(const struct family *f, uint64_t seed, struct verdict_series *a,
		 struct verdict_series *b)
{
	struct noise_state st;

	rng_state = seed;
	noise_start(&st, &f->a);
	noise_series(&st, &f->a, f->na, a);
	if (!f->contiguous)
		noise_start(&st, &f->b);
	noise_series(&st, &f->b, f->nb, b);
}

/* PAIRS x CPUS pairs of f, each figure's verdicts alone; drift: noise verdicts saying so. */
static void measure(const struct family *f, uint64_t seed, struct tally t[NFIG], unsigned *drift)
{
	struct verdict_series *a = malloc(2 * sizeof(*a)), *b = a + 1;

	memset(t, 0, NFIG * sizeof(*t));
	*drift = 0;
	for (unsigned i = 0; i < PAIRS * CPUS; i++) {
		pair(f, seed * 7919 + i, a, b);
		for (int k = 0; k < NFIG; k++) {
			struct verdict v;

			verdict_figure(a, b, figs[k], 0.10, true, &v);
			count(&t[k], &v);
			if (figs[k] == VF_NOISE && v.drift)
				(*drift)++;
		}
	}
	free(a);
}

static void aa_family(const struct family *f, uint64_t seed)
{
	struct tally t[NFIG];
	unsigned drift;

	measure(f, seed, t, &drift);
	printf("# A/A, %s (A %u periods, B %u), %d pairs x %d CPUs:\n", f->name, f->na, f->nb,
	       PAIRS, CPUS);
	for (int k = 0; k < NFIG; k++) {
		unsigned marked = t[k].better + t[k].worse;

		printf("#   %-10s marked %5.1f%% (%u better, %u worse), no change %5.1f%%, "
		       "undecided %5.1f%%\n", fig_short[k], 100.0 * marked / t[k].n, t[k].better,
		       t[k].worse, 100.0 * t[k].same / t[k].n, 100.0 * t[k].undecided / t[k].n);
		tap_ok(marked <= VERDICT_FDR * t[k].n, "A/A %s: %s marked on %.1f%% (%u of %u)",
		       f->name, fig_short[k], 100.0 * marked / t[k].n, marked, t[k].n);
	}
	printf("#   noise verdicts that say a side drifted: %.1f%%\n", 100.0 * drift / t[0].n);
}

/* Drift slower than the run: no mark, and the verdicts say a side drifted. */
static void slow_drift(void)
{
	const struct family f = { "drift AR(1) phi 0.998 (slower than the run)",
				  { BASE, .phi = 0.998, .sd = 0.3 },
				  { BASE, .phi = 0.998, .sd = 0.3 }, 300, 300, true };
	struct tally t[NFIG];
	unsigned drift;

	aa_family(&f, 99);
	measure(&f, 99, t, &drift);
	tap_ok(drift >= t[0].n / 4, "slow drift: noise verdicts say a side drifted on %u of %u",
	       drift, t[0].n);
}

/*
 * One comparison of ncpu CPUs, a against b, as a user reads it: every
 * CPU's figures and the pooled all-CPUs row, the false discovery rate
 * controlled over all of them.  marked[k]: CPUs whose figure k is worse
 * (want_worse) or marked either way; any: a mark anywhere.
 */
#define BIG_NCPU 256
static void comparison(const struct noise_model *ma, const struct noise_model *mb, unsigned n,
		       uint64_t seed, bool want_worse, unsigned marked[NFIG], bool *any)
{
	struct verdict_series *a = malloc((BIG_NCPU + 1) * sizeof(*a));
	struct verdict_series *b = malloc((BIG_NCPU + 1) * sizeof(*b));
	struct verdict *v = malloc((BIG_NCPU + 1) * NFIG * sizeof(*v));
	struct verdict **pv = malloc((BIG_NCPU + 1) * NFIG * sizeof(*pv));
	struct noise_state st;

	verdict_series_init(&a[BIG_NCPU]);
	verdict_series_init(&b[BIG_NCPU]);
	for (int c = 0; c < BIG_NCPU; c++) {
		rng_state = seed * 1000003 + (uint64_t)c;
		noise_start(&st, ma);
		noise_series(&st, ma, n, &a[c]);
		noise_start(&st, mb);
		noise_series(&st, mb, n, &b[c]);
		verdict_series_pool(&a[BIG_NCPU], &a[c]);
		verdict_series_pool(&b[BIG_NCPU], &b[c]);
	}
	for (int c = 0; c <= BIG_NCPU; c++)
		for (int k = 0; k < NFIG; k++) {
			pv[c * NFIG + k] = &v[c * NFIG + k];
			verdict_figure(&a[c], &b[c], figs[k], 0.10, true, pv[c * NFIG + k]);
		}
	verdict_adjust(pv, (BIG_NCPU + 1) * NFIG, VERDICT_FDR);
	*any = false;
	for (int k = 0; k < NFIG; k++)
		marked[k] = 0;
	for (int c = 0; c <= BIG_NCPU; c++)
		for (int k = 0; k < NFIG; k++) {
			enum verdict_kind kind = v[c * NFIG + k].kind;
			bool mark = kind == VK_BETTER || kind == VK_WORSE;

			*any = *any || mark;
			if (c < BIG_NCPU && (want_worse ? kind == VK_WORSE : mark))
				marked[k]++;
		}
	free(a);
	free(b);
	free(v);
	free(pv);
}

/* Many CPUs: A/A comparisons of 256 CPUs with any mark at all. */
static void many_cpus(void)
{
	const struct noise_model m = { BASE };
	unsigned marked[NFIG], with = 0, rows = 0, n = 60;
	bool any;

	for (unsigned i = 0; i < n; i++) {
		comparison(&m, &m, 300, 500 + i, false, marked, &any);
		with += any;
		for (int k = 0; k < NFIG; k++)
			rows += marked[k];
	}
	printf("# A/A, %u comparisons of %d CPUs x %d figures and all: %u with any mark (%.1f%%), "
	       "%u CPU-figures marked in all\n", n, BIG_NCPU, NFIG, with, 100.0 * with / n, rows);
	tap_ok(with <= bound(n, VERDICT_FDR), "A/A of %d CPUs: any mark in %u of %u comparisons",
	       BIG_NCPU, with, n);
}

/* Power: a HW rate of hw a period up by up over 300 periods, 256 CPUs: HW worse on want of them. */
static void power(double hw, double up, double want)
{
	const struct noise_model a = { BASE, .hw = hw };
	struct noise_model b = a;
	unsigned marked[NFIG], total[NFIG] = { 0 }, n = 4;
	bool any;

	b.hw *= 1 + up;
	b.big_rate *= 1 + up;
	for (unsigned i = 0; i < n; i++) {
		comparison(&a, &b, 300, 900 + i, true, marked, &any);
		for (int k = 0; k < NFIG; k++)
			total[k] += marked[k];
	}
	printf("# HW rate %.0f a period +%.0f%% over 300 periods, %u comparisons of %d CPUs: worse on",
	       hw, up * 100, n, BIG_NCPU);
	for (int k = 0; k < NFIG; k++)
		printf(" %s %.1f%%%s", fig_short[k], 100.0 * total[k] / (n * BIG_NCPU),
		       k + 1 < NFIG ? "," : "\n");
	tap_ok(total[2] >= want * n * BIG_NCPU, "HW rate %.0f a period +%.0f%%: HW worse on %.1f%% "
	       "of CPUs", hw, up * 100, 100.0 * total[2] / (n * BIG_NCPU));
}

/*
 * Relevance: a HW rate 3% higher over 10000 periods, 256 CPUs, a margin of
 * 10%: the interval excludes zero, lies inside the margin, so no change
 * (the issue that asked for it measured 72% of CPUs marked worse).
 */
static void relevance(void)
{
	const struct noise_model a = { BASE };
	struct noise_model b = a;
	unsigned marked[NFIG];
	bool any;

	b.hw *= 1.03;
	b.big_rate *= 1.03;
	comparison(&a, &b, 10000, 990, true, marked, &any);
	printf("# HW rate +3%% over 10000 periods, margin 10%%, %d CPUs: worse on", BIG_NCPU);
	for (int k = 0; k < NFIG; k++)
		printf(" %s %.1f%%%s", fig_short[k], 100.0 * marked[k] / BIG_NCPU,
		       k + 1 < NFIG ? "," : "\n");
	tap_ok(marked[2] <= BIG_NCPU / 20, "HW +3%% over 10000 periods, inside a 10%% margin: HW "
	       "marked worse on %u of %d CPUs", marked[2], BIG_NCPU);
}

int main(void)
{
	tap_plan(NAA * NFIG + NFIG + 1 + 1 + 1 + 4);
	for (int i = 0; i < NAA; i++)
		aa_family(&aa[i], (uint64_t)i + 1);
	slow_drift();
	many_cpus();
	relevance();
	/*
	 * The floors below are what the method reaches on this generator, not
	 * a goal: the drift and correlation allowances that keep the drifting
	 * families' false marks under 5% cost power on a steady CPU (the man
	 * page's STATISTICS gives the figures).
	 */
	power(10, 0.20, 0.50);
	power(10, 0.60, 0.90);
	power(2000, 0.20, 0.90);
	power(2000, 0.60, 0.99);
	return tap_failed ? 1 : 0;
}
