/*
 * noisegen: the unit tests' generator of noise processes with known
 * answers, for the verdicts' false-mark and power rates (test-families.c).
 *
 * One CPU's periods of 1 s: HW events at a Poisson rate (times a level
 * that drifts as an AR(1) on its logarithm, and times burst_x while a
 * two-state burst chain is on), each about gap_us of noise; "big" single
 * noises at their own Poisson rate, lognormal or Pareto distributed
 * (capped at the period: a gap cannot outlast it); NMIs at a Poisson rate,
 * 5 to 30 us each.  Side B of a pair either continues side A's process
 * (contiguous: the before/after of one run) or starts afresh.
 */
#ifndef HWN_NOISEGEN_H
#define HWN_NOISEGEN_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "randgen.h"
#include "verdict.h"

enum big_dist { BIG_LOGNORMAL, BIG_PARETO };

struct noise_model {
	double hw;		/* HW events a period */
	double gap_us;		/* noise an HW event */
	double big_rate;	/* big single noises a period */
	enum big_dist dist;
	double big_a, big_b;	/* lognormal: median us, sigma; Pareto: xm us, alpha */
	double nmi;		/* NMIs a period */
	double phi, sd;		/* AR(1) of the log level: coefficient, stationary sd */
	double burst_on, burst_off, burst_x;	/* burst chain: enter, leave, factor */
};

struct noise_state {
	double level;	/* the AR(1)'s value */
	bool burst;
};

static inline void noise_start(struct noise_state *st, const struct noise_model *m)
{
	st->level = m->sd * gauss();
	st->burst = false;
}

static inline double big_single(const struct noise_model *m)
{
	double x = m->dist == BIG_PARETO ? m->big_a / pow(uni(), 1 / m->big_b) :
					   m->big_a * exp(m->big_b * gauss());

	return x < 1e6 ? x : 1e6;
}

/* One period of model m into *pp. */
static inline void noise_draw(struct noise_state *st, const struct noise_model *m,
			      struct verdict_period *pp)
{
	struct verdict_period p = { .runtime = 1000000 };
	double f, noise, maxs = 0;
	uint64_t nbig;

	st->level = m->phi * st->level + sqrt(1 - m->phi * m->phi) * m->sd * gauss();
	if (m->burst_on > 0)
		st->burst = st->burst ? uni() >= m->burst_off : uni() < m->burst_on;
	f = exp(st->level) * (st->burst ? m->burst_x : 1);
	p.hw = poisson(m->hw * f);
	noise = m->gap_us * (double)p.hw;
	if (p.hw)
		maxs = m->gap_us * (1 + uni());
	nbig = m->big_rate > 0 ? poisson(m->big_rate * f) : 0;
	for (uint64_t i = 0; i < nbig; i++) {
		double x = big_single(m);

		noise += x;
		maxs = x > maxs ? x : maxs;
		p.hw++;
	}
	p.nmi = m->nmi > 0 ? poisson(m->nmi) : 0;
	for (uint64_t i = 0; i < p.nmi; i++) {
		double x = 5 + 25 * uni();

		noise += x;
		maxs = x > maxs ? x : maxs;
	}
	p.noise = (uint64_t)(noise < 1e6 ? noise : 1e6);
	p.max_single = (uint64_t)maxs;
	*pp = p;
}

/* One period of model m into s. */
static inline void noise_period(struct noise_state *st, const struct noise_model *m,
				struct verdict_series *s)
{
	struct verdict_period p;

	noise_draw(st, m, &p);
	verdict_series_add(s, &p);
}

/* n periods of m into s (initialised here), from st as it is. */
static inline void noise_series(struct noise_state *st, const struct noise_model *m, unsigned n,
				struct verdict_series *s)
{
	verdict_series_init(s);
	for (unsigned t = 0; t < n; t++)
		noise_period(st, m, s);
}

#endif
