/*
 * experiment: see experiment.h.
 */
#include "experiment.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static uint64_t splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int exp_design_init(struct exp_design *d, unsigned n, uint64_t block_ns, uint64_t settle_ns,
		    bool randomized, uint64_t seed)
{
	uint64_t st = seed;

	memset(d, 0, sizeof(*d));
	if (n < EXP_MIN_BLOCKS || n > EXP_MAX_BLOCKS || n % 2 || !block_ns)
		return -1;
	d->n = n;
	d->block_ns = block_ns;
	d->settle_ns = settle_ns;
	d->randomized = randomized;
	d->seed = seed;
	for (unsigned i = 0; i < n; i += 2) {
		/* ABBA: pairs AB, BA, AB, BA...; randomized: each pair's order a coin */
		bool ab = randomized ? (splitmix(&st) >> 63) == 0 : (i / 2) % 2 == 0;

		d->side[i] = ab ? EXP_A : EXP_B;
		d->side[i + 1] = ab ? EXP_B : EXP_A;
	}
	return 0;
}

void exp_design_order(const struct exp_design *d, char *buf, size_t len)
{
	size_t i;

	if (!len)
		return;
	for (i = 0; i < d->n && i + 1 < len; i++)
		buf[i] = d->side[i] == EXP_A ? 'A' : 'B';
	buf[i] = '\0';
}

uint64_t exp_design_length_ns(const struct exp_design *d)
{
	return (uint64_t)d->n * (d->block_ns + d->settle_ns);
}

void exp_design_at(const struct exp_design *d, uint64_t t_ns, struct exp_phase *ph)
{
	uint64_t one = d->block_ns + d->settle_ns, total = exp_design_length_ns(d);

	memset(ph, 0, sizeof(*ph));
	if (t_ns >= total) {
		ph->block = d->n;
		ph->done = true;
		ph->side = d->n ? (enum exp_side)d->side[d->n - 1] : EXP_A;
		return;
	}
	ph->block = (unsigned)(t_ns / one);
	ph->settling = t_ns % one < d->settle_ns;
	ph->side = (enum exp_side)d->side[ph->block];
	ph->left_ns = total - t_ns;
}

static uint64_t phase_len(const struct exp_design *d, const struct exp_phase *ph)
{
	return ph->settling ? d->settle_ns : d->block_ns;
}

/* The planned time from the start of phase ph to the end: it and every phase after it. */
static uint64_t left_from(const struct exp_design *d, const struct exp_phase *ph)
{
	uint64_t rest = (uint64_t)(d->n - ph->block - 1) * (d->block_ns + d->settle_ns);

	return rest + d->block_ns + (ph->settling ? d->settle_ns : 0);
}

/* Into block's settle (settling, when it has one) or counted time at now. */
static void clock_enter(struct exp_clock *c, const struct exp_design *d, unsigned block,
			bool settling, uint64_t now)
{
	memset(&c->ph, 0, sizeof(c->ph));
	c->start_ns = now;
	if (block >= d->n) {
		c->ph.block = d->n;
		c->ph.done = true;
		c->ph.side = d->n ? (enum exp_side)d->side[d->n - 1] : EXP_A;
		return;
	}
	c->ph.block = block;
	c->ph.settling = settling && d->settle_ns > 0;
	c->ph.side = (enum exp_side)d->side[block];
	c->ph.left_ns = left_from(d, &c->ph);
}

void exp_clock_start(struct exp_clock *c, const struct exp_design *d, uint64_t now)
{
	clock_enter(c, d, 0, true, now);
}

bool exp_clock_tick(struct exp_clock *c, const struct exp_design *d, uint64_t now,
		    uint64_t *counted_ns)
{
	uint64_t ran = now > c->start_ns ? now - c->start_ns : 0;

	*counted_ns = 0;
	if (c->ph.done)
		return false;
	if (ran < phase_len(d, &c->ph)) {
		c->ph.left_ns = left_from(d, &c->ph) - ran;
		return false;
	}
	if (c->ph.settling) {
		clock_enter(c, d, c->ph.block, false, now);
	} else {
		*counted_ns = ran;
		clock_enter(c, d, c->ph.block + 1, true, now);
	}
	return true;
}

void exp_clock_restart(struct exp_clock *c, const struct exp_design *d, uint64_t now)
{
	c->start_ns = now;
	if (!c->ph.done)
		c->ph.left_ns = left_from(d, &c->ph);
}

uint64_t exp_tenths_ns(uint64_t ns)
{
	return (ns + 50000000ULL) / 100000000ULL * 100000000ULL;
}

uint64_t exp_counted_kept(const struct exp_design *d, uint64_t counted_ns, bool cut)
{
	uint64_t t = exp_tenths_ns(counted_ns);

	if (!cut)
		return t > d->block_ns + EXP_LATE_NS ? t : 0;
	/* Cut at its very end: shortened by a tenth. */
	return t < d->block_ns ? t : d->block_ns - 100000000ULL;
}

void exp_cpu_init(struct exp_cpu *c)
{
	memset(c, 0, sizeof(*c));
	verdict_series_init(&c->side[EXP_A]);
	verdict_series_init(&c->side[EXP_B]);
}

void exp_cpu_add(struct exp_cpu *c, const struct exp_phase *ph, const struct verdict_period *p)
{
	if (ph->done || ph->block >= EXP_MAX_BLOCKS)
		return;
	if (ph->settling) {
		c->settle[ph->block]++;
		return;
	}
	verdict_batch_add(&c->blk[ph->block], p);
	verdict_series_add(&c->side[ph->side], p);
}

void exp_cpu_smi(struct exp_cpu *c, const struct exp_phase *ph, uint64_t n)
{
	if (!ph->done && !ph->settling && ph->block < EXP_MAX_BLOCKS)
		c->blk[ph->block].smi += (double)n;
}

uint64_t exp_cpu_periods(const struct exp_cpu *c, const struct exp_design *d, unsigned done,
			 enum exp_side side)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < done && i < d->n; i++)
		if (d->side[i] == side)
			n += c->blk[i].periods;
	return n;
}

uint64_t exp_cpu_settled(const struct exp_cpu *c, unsigned done)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < done && i < EXP_MAX_BLOCKS; i++)
		n += c->settle[i];
	return n;
}

unsigned exp_cpu_blocks(const struct exp_cpu *c, const struct exp_design *d, unsigned done,
			enum exp_side side)
{
	unsigned n = 0;

	for (unsigned i = 0; i < done && i < d->n; i++)
		if (d->side[i] == side && c->blk[i].periods)
			n++;
	return n;
}

bool exp_cpu_both(const struct exp_cpu *c, const struct exp_design *d, unsigned done)
{
	return exp_cpu_blocks(c, d, done, EXP_A) && exp_cpu_blocks(c, d, done, EXP_B);
}

void exp_cpu_pool(struct exp_cpu *dst, const struct exp_cpu *src)
{
	for (unsigned i = 0; i < EXP_MAX_BLOCKS; i++) {
		verdict_batch_merge(&dst->blk[i], &src->blk[i]);
		dst->settle[i] += src->settle[i];
	}
	for (int k = 0; k < 2; k++) {
		struct verdict_series *d = &dst->side[k];
		const struct verdict_series *s = &src->side[k];

		d->periods += s->periods;
		if (s->max_single > d->max_single)
			d->max_single = s->max_single;
		for (unsigned h = 0; h < VERDICT_HIST; h++)
			d->hist[h] += s->hist[h];
	}
}

/* One side as the verdict takes it: a batch a block, its periods' histogram. */
static void side_series(const struct exp_cpu *c, const struct exp_design *d, unsigned done,
			enum exp_side side, struct verdict_series *s)
{
	*s = c->side[side];
	memset(s->b, 0, sizeof(s->b));
	s->nb = 0;
	s->len = 1;
	s->smi_early = 0;
	s->blocks = true;
	for (unsigned i = 0; i < done && i < d->n; i++) {
		if (d->side[i] != side || !c->blk[i].periods || s->nb == VERDICT_SLOTS)
			continue;
		s->b[s->nb++] = c->blk[i];
		if (c->blk[i].periods > s->len)
			s->len = c->blk[i].periods;
	}
}

void exp_cpu_verdict(const struct exp_cpu *c, const struct exp_design *d, unsigned done,
		     enum verdict_fig f, struct verdict *v)
{
	struct verdict_series a, b;

	side_series(c, d, done, EXP_A, &a);
	side_series(c, d, done, EXP_B, &b);
	verdict_figure(&a, &b, f, EXP_MARGIN, true, v);
}

static void pct(char *buf, size_t len, double x)
{
	if (isinf(x))
		snprintf(buf, len, "%s", x > 0 ? "+inf" : "-inf");
	else
		snprintf(buf, len, "%+.0f%%", x);
}

void exp_summary_line(const char *what, const struct verdict *v, char *buf, size_t len)
{
	char c[16], lo[16], hi[16];

	if (v->kind == VK_SAME) {
		snprintf(buf, len, "%s: no change within +-%.0f%%", what, EXP_MARGIN * 100);
		return;
	}
	if (isnan(v->change_pct)) {
		snprintf(buf, len, "%s: noise from none to %.1f us/s on all CPUs: %s", what, v->b,
			 verdict_kind_name(v->kind));
		return;
	}
	pct(c, sizeof(c), v->change_pct);
	if (!v->ci) {
		snprintf(buf, len, "%s: noise %s on all CPUs: %s", what, c, verdict_kind_name(v->kind));
		return;
	}
	pct(lo, sizeof(lo), v->lo_pct);
	pct(hi, sizeof(hi), v->hi_pct);
	snprintf(buf, len, "%s: noise %s [%s, %s] on all CPUs: %s", what, c, lo, hi,
		 verdict_kind_name(v->kind));
}
