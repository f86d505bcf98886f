/*
 * test-verdict: verdict.h on generated periods with known answers (fixed
 * seeds), and its distribution functions against published values.
 *
 * The generator: per CPU and 1 s period, HW events at a rate of about
 * 2000 a second that drifts (a stationary AR(1) on its logarithm), noise
 * of 2.5 us a gap with a heavy tail (a Pareto gap in one period of
 * twenty), NMIs at a Poisson rate.  The tolerances: a false verdict
 * happens at most 5% of the time; over N CPU-figures the count's spread
 * is sqrt(N p (1 - p)), and the tests allow three of it.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "randgen.h"
#include "tally.h"
#include "tap.h"
#include "verdict.h"

#define NCPU 256

struct model {
	double hw_rate;		/* per period */
	double nmi_rate;
	double drift_phi, drift_sd;	/* AR(1) of log rate */
};

static void gen(struct verdict_series *s, const struct model *m, unsigned periods, uint64_t seed)
{
	double d;

	rng_state = seed;
	verdict_series_init(s);
	d = m->drift_sd * gauss();
	for (unsigned t = 0; t < periods; t++) {
		struct verdict_period p = { .runtime = 1000000 };
		double noise, big = 4;

		d = m->drift_phi * d + sqrt(1 - m->drift_phi * m->drift_phi) * m->drift_sd * gauss();
		p.hw = poisson(m->hw_rate * exp(d));
		noise = 2.5 * (double)p.hw + 1.1 * sqrt((double)p.hw) * gauss();
		if (uni() < 0.05) {
			big = 10 / pow(uni(), 1 / 1.5);
			if (big > 5000)
				big = 5000;
			noise += big;
		}
		p.nmi = poisson(m->nmi_rate);
		noise += 5.0 * (double)p.nmi;
		p.noise = noise > 0 ? (uint64_t)noise : 0;
		p.max_single = (uint64_t)big;
		verdict_series_add(s, &p);
	}
}

static const enum verdict_fig figs[] = { VF_NOISE, VF_AVAIL, VF_HW, VF_NMI, VF_MAXS };
#define NFIGS 5

/* All CPUs of a against b, figure by figure (want: -1 all figures). */
static void run(const struct model *ma, const struct model *mb, unsigned periods, uint64_t seed,
		int want, struct tally *t)
{
	struct verdict_series *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));

	memset(t, 0, sizeof(*t));
	for (int cpu = 0; cpu < NCPU; cpu++) {
		gen(a, ma, periods, seed * 1000003 + 2 * cpu);
		gen(b, mb, periods, seed * 1000003 + 2 * cpu + 1);
		for (int f = 0; f < NFIGS; f++) {
			struct verdict v;

			if (want >= 0 && figs[f] != (enum verdict_fig)want)
				continue;
			verdict_figure(a, b, figs[f], 0.10, true, &v);
			count(t, &v);
		}
	}
	free(a);
	free(b);
}

static double bound(unsigned n, double p)	/* p plus three binomial spreads, as a count */
{
	return n * p + 3 * sqrt(n * p * (1 - p));
}

static void near(double got, double want, double tol, const char *what)
{
	if (!tap_ok(fabs(got - want) <= tol, "%s", what))
		printf("# got %.10g, want %.10g\n", got, want);
}

static void distributions(void)
{
	/* t quantiles: Abramowitz & Stegun table 26.10, any statistics table */
	near(verdict_t_quantile(0.975, 1), 12.706204736, 1e-6, "t(0.975, 1) = 12.7062");
	near(verdict_t_quantile(0.975, 10), 2.228138852, 1e-8, "t(0.975, 10) = 2.22814");
	near(verdict_t_quantile(0.995, 30), 2.749995654, 1e-8, "t(0.995, 30) = 2.75000");
	near(verdict_t_quantile(0.975, 1e6), 1.959966, 1e-5, "t(0.975, 1e6) = z 1.95996");
	near(verdict_t_quantile(0.025, 5), -2.570581836, 1e-8, "t(0.025, 5) = -2.57058");
	/* I_x(a, b) with integers: a binomial tail, P(Bin(4, 0.5) >= 2) = 11/16 */
	near(verdict_beta_inc(2, 3, 0.5), 0.6875, 1e-12, "I_0.5(2, 3) = 11/16");
	near(verdict_beta_inc(0.5, 0.5, 0.25), 1.0 / 3, 1e-10, "I_0.25(1/2, 1/2) = 1/3 (arcsine)");
	/* Clopper-Pearson: 0 of 10, upper 1 - 0.025^(1/10); 5 of 10 [0.187086, 0.812914] */
	near(verdict_beta_quantile(0.975, 1, 10), 1 - pow(0.025, 0.1), 1e-9, "CP 0/10 upper 0.30850");
	near(verdict_beta_quantile(0.025, 5, 6), 0.187086, 1e-6, "CP 5/10 lower 0.187086");
	near(verdict_beta_quantile(0.975, 6, 5), 0.812914, 1e-6, "CP 5/10 upper 0.812914");
}

/* NMIs: 0 in one run, 1 in the other, over 300 periods each. */
static void zero_one(void)
{
	struct verdict_series a, b, c;
	struct verdict_period p = { .runtime = 1000000, .noise = 3, .max_single = 3, .hw = 1 };
	struct verdict v;

	verdict_series_init(&a);
	verdict_series_init(&b);
	for (int t = 0; t < 300; t++) {
		verdict_series_add(&a, &p);
		p.nmi = t == 150;
		verdict_series_add(&b, &p);
		p.nmi = 0;
	}
	verdict_series_init(&c);
	verdict_series_smi(&c, 2);
	verdict_series_add(&c, &p);
	verdict_series_smi(&c, 1);
	tap_ok(c.b[0].smi == 3, "SMIs read before the first period count in its batch");
	verdict_figure(&a, &b, VF_NMI, 0.10, true, &v);
	tap_ok(v.kind == VK_UNDECIDED, "0 NMIs against 1: undecided (got %s)", verdict_kind_name(v.kind));
	tap_ok(v.ci && v.lo_pct < 0 && !isfinite(v.hi_pct), "its interval holds no change, open above");
	verdict_figure(&a, &a, VF_NOISE, 0.10, true, &v);
	tap_ok(v.kind == VK_SAME && v.change_pct == 0, "a run against itself: no change");
	verdict_figure(&a, &b, VF_NOISE, 0.10, false, &v);
	tap_ok(v.kind == VK_NOT_COMPARABLE, "settings that differ: not comparable");
}

/* The all-CPUs series: batch by batch sums; other shapes refused. */
static void pooled(void)
{
	struct verdict_series a, b, c, all;
	struct verdict_period p = { .runtime = 1000000, .noise = 10, .max_single = 7, .hw = 4 };
	struct verdict v;

	verdict_series_init(&a);
	verdict_series_init(&b);
	verdict_series_init(&c);
	verdict_series_init(&all);
	for (int t = 0; t < 100; t++) {
		verdict_series_add(&a, &p);
		verdict_series_add(&b, &p);
		if (t < 50)
			verdict_series_add(&c, &p);
	}
	tap_ok(verdict_series_pool(&all, &a) && verdict_series_pool(&all, &b) &&
	       all.nb == a.nb && all.b[0].noise == 2 * a.b[0].noise && all.periods == 100,
	       "pooled: the batches' sums over the CPUs, as many periods");
	tap_ok(!verdict_series_pool(&all, &c) && all.b[0].noise == 2 * a.b[0].noise,
	       "a CPU whose batches do not line up is not pooled");
	verdict_figure(&a, &all, VF_NOISE, 0.10, true, &v);
	tap_ok(v.kind == VK_SAME && v.a == 10 && v.b == 10,
	       "pooled noise per second of runtime is the CPUs' mean (10 us/s)");
}

int main(void)
{
	const struct model calm = { 2000, 0.02, 0.5, 0.03 };
	const struct model drift = { 2000, 0.02, 0.9, 0.10 };
	const struct model more = { 3200, 0.02, 0.5, 0.03 };
	const struct model nmi_lo = { 2000, 0.02, 0.5, 0.03 }, nmi_hi = { 2000, 0.2, 0.5, 0.03 };
	struct tally t;

	tap_plan(10 + 5 + 3 + 9);
	distributions();
	zero_one();
	pooled();

	run(&calm, &calm, 300, 1, -1, &t);
	printf("# A/A: %u CPU-figures, %u better, %u worse, %u same, %u undecided\n", t.n, t.better,
	       t.worse, t.same, t.undecided);
	tap_ok(t.n >= 200 && t.better + t.worse <= bound(t.n, 0.05),
	       "A/A: at most 5%% better or worse (%u of %u)", t.better + t.worse, t.n);
	run(&drift, &drift, 300, 2, -1, &t);
	printf("# A/A, drift: %u CPU-figures, %u better, %u worse, %u same, %u undecided\n", t.n,
	       t.better, t.worse, t.same, t.undecided);
	tap_ok(t.n >= 200 && t.better + t.worse <= bound(t.n, 0.05),
	       "A/A with a slow drift: at most 5%% better or worse (%u of %u)", t.better + t.worse, t.n);
	run(&drift, &drift, 300, 2, VF_HW, &t);
	tap_ok(t.better + t.worse <= bound(t.n, 0.05),
	       "A/A with a slow drift, HW alone: at most 5%% (%u of %u)", t.better + t.worse, t.n);
	run(&calm, &calm, 300, 3, VF_NOISE, &t);
	tap_ok(t.same >= t.n * 0.9, "A/A: noise no change on most CPUs (%u of %u)", t.same, t.n);

	run(&calm, &more, 300, 4, VF_NOISE, &t);
	tap_ok(t.worse >= t.n * 0.95, "HW rate +60%%: noise worse on %u of %u CPUs", t.worse, t.n);
	run(&calm, &more, 300, 4, VF_HW, &t);
	tap_ok(t.worse >= t.n * 0.95, "HW rate +60%%: HW worse on %u of %u CPUs", t.worse, t.n);
	run(&more, &calm, 300, 5, VF_HW, &t);
	tap_ok(t.better >= t.n * 0.95, "HW rate -37.5%%: HW better on %u of %u CPUs", t.better, t.n);
	run(&nmi_lo, &nmi_hi, 300, 6, VF_NMI, &t);
	tap_ok(t.worse >= t.n * 0.95, "NMI 0.02 to 0.2 a period: worse on %u of %u CPUs", t.worse,
	       t.n);

	run(&calm, &more, 3, 7, -1, &t);
	tap_ok(t.better + t.worse + t.same == 0,
	       "3 periods against 3: never a verdict (%u undecided, %u not comparable of %u)",
	       t.undecided, t.notcmp, t.n);
	return tap_failed ? 1 : 0;
}
