/*
 * verdict_series: the per-period series of the verdicts (verdict.h):
 * batches, their octaves of max single, the histograms and percentiles,
 * and the pool of all CPUs.  Pure logic.
 */
#include "verdict.h"

#include <math.h>
#include <string.h>

/* ---- per-period series ---- */

void verdict_series_init(struct verdict_series *s)
{
	memset(s, 0, sizeof(*s));
	s->len = 1;
}

void verdict_batch_merge(struct verdict_batch *d, const struct verdict_batch *x)
{
	d->runtime += x->runtime;
	d->noise += x->noise;
	d->hw += x->hw;
	d->nmi += x->nmi;
	d->smi += x->smi;
	if (x->max_single > d->max_single)
		d->max_single = x->max_single;
	d->periods += x->periods;
	for (unsigned k = 0; k < VERDICT_OCT; k++)
		d->oct[k] += x->oct[k];
}

/* The octave of max single: 0 for 0, k for 2^(k-1) .. 2^k - 1, the last for more. */
unsigned verdict_octave(uint64_t v)
{
	unsigned k = v ? 64 - (unsigned)__builtin_clzll(v) : 0;

	return k < VERDICT_OCT ? k : VERDICT_OCT - 1;
}

static unsigned hist_bucket(uint64_t v)
{
	int o;

	if (v < 16)
		return (unsigned)v;
	o = 63 - __builtin_clzll(v);	/* 4.. */
	if (o > 20)
		return VERDICT_HIST - 1;
	return 16 + (unsigned)(o - 4) * 8 + (unsigned)((v >> (o - 3)) & 7);
}

static double bucket_low(unsigned k)
{
	unsigned o = (k - 16) / 8 + 4, sub = (k - 16) % 8;

	if (k < 16)
		return k;
	return ldexp(1.0, (int)o) + sub * ldexp(1.0, (int)o - 3);
}

void verdict_batch_add(struct verdict_batch *b, const struct verdict_period *p)
{
	b->runtime += (double)p->runtime;
	b->noise += (double)p->noise;
	b->hw += (double)p->hw;
	b->nmi += (double)p->nmi;
	if ((double)p->max_single > b->max_single)
		b->max_single = (double)p->max_single;
	b->periods++;
	b->oct[verdict_octave(p->max_single)]++;
}

void verdict_series_add(struct verdict_series *s, const struct verdict_period *p)
{
	struct verdict_batch *cur;

	if (!s->len)
		s->len = 1;
	if (s->nb && s->b[s->nb - 1].periods >= s->len) {
		if (s->nb == VERDICT_SLOTS) {	/* full: neighbours merge, batches twice as long */
			for (unsigned i = 0; i < VERDICT_SLOTS / 2; i++) {
				struct verdict_batch m = s->b[2 * i];

				verdict_batch_merge(&m, &s->b[2 * i + 1]);
				s->b[i] = m;
			}
			memset(&s->b[VERDICT_SLOTS / 2], 0, sizeof(s->b) / 2);
			s->nb = VERDICT_SLOTS / 2;
			s->len *= 2;
		}
	}
	if (!s->nb || s->b[s->nb - 1].periods >= s->len)
		memset(&s->b[s->nb++], 0, sizeof(s->b[0]));
	cur = &s->b[s->nb - 1];
	cur->smi += (double)s->smi_early;
	s->smi_early = 0;
	verdict_batch_add(cur, p);
	s->periods++;
	if (p->max_single > s->max_single)
		s->max_single = p->max_single;
	s->hist[hist_bucket(p->max_single)]++;
	if (p->runtime) {
		uint64_t ns = (uint64_t)((unsigned __int128)p->noise * 1000000 / p->runtime);

		s->nhist[hist_bucket(ns)]++;
		if (ns > s->max_noise_s)
			s->max_noise_s = ns;
	}
}

void verdict_series_octaves(const struct verdict_series *s, double n[VERDICT_OCT])
{
	for (unsigned i = 0; i < s->nb; i++)
		for (unsigned k = 0; k < VERDICT_OCT; k++)
			n[k] += s->b[i].oct[k];
}

unsigned verdict_series_level(const double n[VERDICT_OCT])
{
	double total = 0, over;

	for (unsigned k = 0; k < VERDICT_OCT; k++)
		total += n[k];
	over = total;
	for (unsigned k = 1; k < VERDICT_OCT; k++) {
		over -= n[k - 1];
		if (over <= VERDICT_TAIL * total)
			return k;
	}
	return VERDICT_OCT - 1;
}

void verdict_series_smi(struct verdict_series *s, uint64_t n)
{
	if (s->nb)
		s->b[s->nb - 1].smi += (double)n;
	else
		s->smi_early += n;
}

/* The p-th quantile of a histogram whose largest value is max: a bucket's low end. */
static double hist_quantile(const uint32_t *hist, uint64_t max, double p)
{
	uint64_t want, seen = 0, total = 0;

	for (unsigned k = 0; k < VERDICT_HIST; k++)
		total += hist[k];
	if (!total)
		return 0;
	want = (uint64_t)ceil(p * (double)total);
	if (want < 1)
		want = 1;
	for (unsigned k = 0; k < VERDICT_HIST; k++) {
		seen += hist[k];
		if (seen >= want)
			return fmin(bucket_low(k), (double)max);
	}
	return (double)max;
}

double verdict_series_quantile(const struct verdict_series *s, double p)
{
	return hist_quantile(s->hist, s->max_single, p);
}

double verdict_series_noise_quantile(const struct verdict_series *s, double p)
{
	return hist_quantile(s->nhist, s->max_noise_s, p);
}

const double verdict_pct_p[VERDICT_NPCT - 1] = { 0.50, 0.90, 0.99, 0.999 };
const char *const verdict_pct_name[VERDICT_NPCT] = { "p50", "p90", "p99", "p99.9", "max" };

static uint32_t u32(double x)
{
	return x > UINT32_MAX ? UINT32_MAX : (uint32_t)x;
}

void verdict_series_pcts(const struct verdict_series *s, struct verdict_pcts *q)
{
	for (int i = 0; i < VERDICT_NPCT - 1; i++) {
		q->noise[i] = u32(verdict_series_noise_quantile(s, verdict_pct_p[i]));
		q->single[i] = u32(verdict_series_quantile(s, verdict_pct_p[i]));
	}
	q->noise[VERDICT_NPCT - 1] = u32((double)s->max_noise_s);
	q->single[VERDICT_NPCT - 1] = u32((double)s->max_single);
}

bool verdict_series_pool(struct verdict_series *dst, const struct verdict_series *src)
{
	if (!src->periods)
		return false;
	if (!dst->periods) {
		*dst = *src;
		return true;
	}
	if (dst->len != src->len || dst->nb != src->nb)
		return false;
	for (unsigned i = 0; i < src->nb; i++)
		verdict_batch_merge(&dst->b[i], &src->b[i]);
	/* a pooled period: the CPUs' periods side by side */
	dst->periods = dst->periods > src->periods ? dst->periods : src->periods;
	if (src->max_single > dst->max_single)
		dst->max_single = src->max_single;
	if (src->max_noise_s > dst->max_noise_s)
		dst->max_noise_s = src->max_noise_s;
	for (unsigned k = 0; k < VERDICT_HIST; k++) {
		dst->hist[k] += src->hist[k];
		dst->nhist[k] += src->nhist[k];
	}
	return true;
}

