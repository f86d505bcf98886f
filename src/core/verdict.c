/*
 * verdict: see verdict.h.
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

/* ---- the verdicts ---- */

const char *verdict_fig_name(enum verdict_fig f)
{
	static const char *const name[VF_N] = {
		"noise_us_per_s", "cpu_available_percent", "hw_per_s", "nmi_per_s", "smi_per_s",
		"max_single_p99_us",
	};

	return f < VF_N ? name[f] : "";
}

const char *verdict_kind_name(enum verdict_kind k)
{
	static const char *const name[] = { "better", "worse", "no change", "undecided",
					    "not comparable" };

	return name[k];
}

char verdict_kind_mark(enum verdict_kind k)
{
	return "+!=? "[k];
}

/* One side's batches for a figure: numerator and exposure; their count. */
static unsigned batches(const struct verdict_series *s, enum verdict_fig f, double *x, double *t)
{
	unsigned k = 0;

	for (unsigned i = 0; i < s->nb; i++) {
		const struct verdict_batch *b = &s->b[i];
		double xi = f == VF_NOISE || f == VF_AVAIL ? b->noise : f == VF_HW ? b->hw :
			    f == VF_NMI ? b->nmi : f == VF_SMI ? b->smi : log1p(b->max_single);
		double ti = f == VF_MAXS ? 1 : b->runtime;

		/* a short last batch joins the one before */
		if (i && i == s->nb - 1 && b->periods * 2 < s->len) {
			if (f == VF_MAXS)
				x[k - 1] = log1p(fmax(b->max_single, expm1(x[k - 1])));
			else
				x[k - 1] += xi;
			t[k - 1] += ti;
			if (f == VF_MAXS)
				t[k - 1] = 1;
			continue;
		}
		x[k] = xi;
		t[k] = ti;
		k++;
	}
	return k;
}

struct side {
	double m, se;	/* the mean (ratio of sums) and its standard error */
	double df;	/* its degrees of freedom: k - 1, fewer for correlated batches */
	unsigned k;
	double x, t;	/* totals */
};

/* Batch means: the ratio estimator sum x / sum t and its standard error from the batches. */
static void side_of(const double *x, const double *t, unsigned k, bool blocks, struct side *s)
{
	double sx = 0, st = 0, ss = 0, lag = 0, r1, tbar;

	for (unsigned i = 0; i < k; i++) {
		sx += x[i];
		st += t[i];
	}
	s->k = k;
	s->x = sx;
	s->t = st;
	s->m = st > 0 ? sx / st : 0;
	tbar = k ? st / k : 0;
	for (unsigned i = 0; i < k && tbar > 0; i++) {
		double r = (x[i] - s->m * t[i]) / tbar, prev;

		ss += r * r;
		if (i) {
			prev = (x[i - 1] - s->m * t[i - 1]) / tbar;
			lag += r * prev;
		}
	}
	/*
	 * Batches shorter than the drift are correlated: their variance is
	 * inflated by (1 + r1) / (1 - r1), r1 their lag-1 autocorrelation,
	 * and they hold (k - 1) (1 - r1) / (1 + r1) degrees of freedom.  From
	 * k batches r1 comes out low by about (1 + 4 r1) / k (Kendall 1954;
	 * Marriott & Pope 1954): that much is added back.
	 */
	r1 = ss > 0 && k > 2 && !blocks ? lag / ss : 0;
	if (k > 2 && !blocks)
		r1 += (1 + 4 * fmax(r1, 0)) / k;
	r1 = fmin(fmax(r1, 0), 0.9);
	s->se = k > 1 ? sqrt(ss / (k - 1) / k * (1 + r1) / (1 - r1)) : INFINITY;
	s->df = k > 1 ? fmax(1, (k - 1) * (1 - r1) / (1 + r1)) : 1;
}

static uint64_t needed(double c, double h, double lmar_hi, double lmar_lo, uint64_t n)
{
	double inside = fmin(lmar_hi - c, c - lmar_lo), target = fmax(fabs(c), inside), r;

	if (!(target > 1e-9) || !isfinite(h) || n == 0)
		return 0;
	r = (double)n * (h / target) * (h / target);
	if (r < n + 1)
		r = (double)n + 1;
	return r > 1e12 ? 0 : (uint64_t)ceil(r);
}

/* The verdict from an interval of the ratio [lo, hi] (lower_better: a rise is worse). */
static void decide(struct verdict *v, double lo, double hi, double margin, bool higher_better)
{
	v->ci = true;
	v->lo_pct = (lo - 1) * 100;
	v->hi_pct = isfinite(hi) ? (hi - 1) * 100 : INFINITY;
	if (lo > 1)
		v->kind = higher_better ? VK_BETTER : VK_WORSE;
	else if (hi < 1)
		v->kind = higher_better ? VK_WORSE : VK_BETTER;
	else if (lo >= 1 - margin && hi <= 1 + margin)
		v->kind = VK_SAME;
	else
		v->kind = VK_UNDECIDED;
}

/* Batch means: a Welch t interval on the log ratio of the means. */
static void by_batches(struct verdict *v, const struct side *a, const struct side *b, double scale,
		       bool avail, double margin, uint64_t n)
{
	double va = avail ? 100 * (1 - a->m) : a->m * scale, vb = avail ? 100 * (1 - b->m) :
								   b->m * scale;
	double sa = (avail ? 100 : scale) * a->se, sb = (avail ? 100 : scale) * b->se;
	double ra, rb, se, df, q, c;

	v->a = va;
	v->b = vb;
	if (va <= 0 || vb <= 0) {
		/* no ratio: a difference that clears its interval still tells */
		double d = vb - va, sd = sqrt(sa * sa + sb * sb);

		v->change_pct = va > 0 ? (vb / va - 1) * 100 : vb > 0 ? NAN : 0;
		if (va == vb && sd == 0) {
			decide(v, 1, 1, margin, avail);
			return;
		}
		q = verdict_t_quantile(0.975, fmax(1, (double)(a->k + b->k) - 2));
		v->kind = d - q * sd > 0 ? (avail ? VK_BETTER : VK_WORSE) :
			  d + q * sd < 0 ? (avail ? VK_WORSE : VK_BETTER) : VK_UNDECIDED;
		v->ci = va > 0;
		v->lo_pct = va > 0 ? (d - q * sd) / va * 100 : -100;
		v->hi_pct = va > 0 ? (d + q * sd) / va * 100 : INFINITY;
		return;
	}
	v->change_pct = (vb / va - 1) * 100;
	ra = sa / va;
	rb = sb / vb;
	se = sqrt(ra * ra + rb * rb);
	if (se == 0) {
		decide(v, vb / va, vb / va, margin, avail);
		return;
	}
	df = se * se * se * se / (ra * ra * ra * ra / a->df + rb * rb * rb * rb / b->df);
	q = verdict_t_quantile(0.975, fmax(1, df));
	c = log(vb / va);
	decide(v, exp(c - q * se), exp(c + q * se), margin, avail);
	if (v->kind == VK_UNDECIDED)
		v->periods_needed = needed(avail ? -c : c, q * se, log1p(margin), log1p(-margin), n);
}

/* Rare counts: the exact conditional binomial test of two Poisson rates, deflated by phi. */
static void by_counts(struct verdict *v, const struct side *a, const struct side *b, double phi,
		      double margin, uint64_t n)
{
	double xa = a->x / phi, xb = b->x / phi, tot = xa + xb, plo, phi_, rlo, rhi;

	v->a = a->m * 1e6;
	v->b = b->m * 1e6;
	v->change_pct = a->x > 0 ? (v->b / v->a - 1) * 100 : b->x > 0 ? NAN : 0;
	if (tot <= 0) {		/* none on either side: the ratio is open */
		v->ci = true;
		v->lo_pct = -100;
		v->hi_pct = INFINITY;
		v->kind = VK_UNDECIDED;
		return;
	}
	plo = xb > 0 ? verdict_beta_quantile(0.025, xb, tot - xb + 1) : 0;
	phi_ = xa > 0 ? verdict_beta_quantile(0.975, xb + 1, tot - xb) : 1;
	rlo = plo / (1 - plo) * (a->t / b->t);
	rhi = phi_ < 1 ? phi_ / (1 - phi_) * (a->t / b->t) : INFINITY;
	decide(v, rlo, rhi, margin, false);
	if (v->kind == VK_UNDECIDED && xa > 0 && xb > 0) {
		/* the interval's half-width on the log scale shrinks as 1/sqrt(n) */
		double c = log(v->b / v->a), h = (log(rhi) - log(fmax(rlo, 1e-300))) / 2;

		v->periods_needed = needed(c, h, log1p(margin), log1p(-margin), n);
	}
}

/* The dispersion of the counts between batches against Poisson's (at least 1). */
static void dispersion(const double *x, const double *t, const struct side *s, double *chi,
		       unsigned *df)
{
	for (unsigned i = 0; i < s->k && s->m > 0; i++) {
		double e = s->m * t[i];

		*chi += (x[i] - e) * (x[i] - e) / e;
	}
	if (s->m > 0)
		*df += s->k - 1;
}

void verdict_figure(const struct verdict_series *a, const struct verdict_series *b,
		    enum verdict_fig f, double margin, bool comparable, struct verdict *v)
{
	double xa[VERDICT_SLOTS], ta[VERDICT_SLOTS], xb[VERDICT_SLOTS], tb[VERDICT_SLOTS];
	unsigned ka = batches(a, f, xa, ta), kb = batches(b, f, xb, tb);
	uint64_t n = a->periods > b->periods ? a->periods : b->periods;
	struct side sa, sb;
	bool enough = ka >= VERDICT_MIN_BATCHES && kb >= VERDICT_MIN_BATCHES &&
		      a->len >= VERDICT_MIN_LEN && b->len >= VERDICT_MIN_LEN;

	memset(v, 0, sizeof(*v));
	side_of(xa, ta, ka, a->blocks, &sa);
	side_of(xb, tb, kb, b->blocks, &sb);
	if (f == VF_MAXS) {
		v->a = verdict_series_quantile(a, 0.99);
		v->b = verdict_series_quantile(b, 0.99);
		v->change_pct = v->a > 0 ? (v->b / v->a - 1) * 100 : v->b > 0 ? NAN : 0;
	}
	if (!comparable || !ka || !kb) {
		if (f != VF_MAXS) {
			v->a = f == VF_AVAIL ? 100 * (1 - sa.m) : sa.m * 1e6;
			v->b = f == VF_AVAIL ? 100 * (1 - sb.m) : sb.m * 1e6;
			v->change_pct = v->a > 0 ? (v->b / v->a - 1) * 100 : v->b > 0 ? NAN : 0;
		}
		v->kind = VK_NOT_COMPARABLE;
		return;
	}
	if (f == VF_MAXS) {
		/* batch-level figures: the batches' largest, the ratio of their geometric means */
		double d = sb.m - sa.m, ea = sa.se * sa.se, eb = sb.se * sb.se, r = sqrt(ea + eb), df, q;

		df = ea + eb > 0 ? (ea + eb) * (ea + eb) / (ea * ea / sa.df + eb * eb / sb.df) : 1;
		q = verdict_t_quantile(0.975, fmax(1, df));
		if (!isfinite(r) || ka < 2 || kb < 2) {
			v->kind = VK_UNDECIDED;
		} else {
			decide(v, exp(d - q * r), exp(d + q * r), margin, false);
			if (v->kind == VK_UNDECIDED)
				v->periods_needed = needed(d, q * r, log1p(margin), log1p(-margin), n);
		}
	} else if (f == VF_NOISE || f == VF_AVAIL ||
		   (sa.x >= VERDICT_MANY_PER_BATCH * ka && sb.x >= VERDICT_MANY_PER_BATCH * kb)) {
		by_batches(v, &sa, &sb, 1e6, f == VF_AVAIL, margin, n);
	} else {
		double chi = 0, phi;
		unsigned df = 0;

		dispersion(xa, ta, &sa, &chi, &df);
		dispersion(xb, tb, &sb, &chi, &df);
		phi = df ? fmax(1, chi / df) : 1;
		by_counts(v, &sa, &sb, phi, margin, n);
	}
	if (!enough && (v->kind == VK_BETTER || v->kind == VK_WORSE || v->kind == VK_SAME)) {
		v->kind = VK_UNDECIDED;
		if (v->periods_needed < (uint64_t)VERDICT_SLOTS + 1)
			v->periods_needed = VERDICT_SLOTS + 1;
	} else if (!enough && v->kind == VK_UNDECIDED && v->periods_needed < VERDICT_SLOTS + 1) {
		v->periods_needed = VERDICT_SLOTS + 1;
	}
}
