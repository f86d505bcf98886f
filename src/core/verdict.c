/*
 * verdict: the verdicts of verdict.h from two series: each figure's
 * interval, p-value and mark, and the false discovery rate over a
 * comparison (verdict_adjust()).  The series themselves are
 * verdict_series.c's, the distribution functions verdict_dist.c's.
 */
#include "verdict.h"

#include "fdr.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


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

static const char *const why_text[VW_N][2] = {
	{ "", "" },
	{ "wide: more periods", "wide" },
	{ "too few periods", "few_periods" },
	{ "too few blocks", "few_blocks" },
	{ "none on either side", "no_events" },
	{ "drifting (a side's halves disagree: try experiment)", "drift" },
	{ "not clear among the table's many figures", "many_comparisons" },
	{ "CPUs of other lengths", "unaligned" },
};

const char *verdict_why_name(enum verdict_why w)
{
	return w < VW_N ? why_text[w][0] : "";
}

const char *verdict_why_key(enum verdict_why w)
{
	return w < VW_N ? why_text[w][1] : "";
}

/* Max single's level: the smallest octave that at most VERDICT_TAIL of both sides' periods reach. */
static unsigned level_octave(const struct verdict_series *a, const struct verdict_series *b)
{
	double n[VERDICT_OCT] = { 0 };

	verdict_series_octaves(a, n);
	verdict_series_octaves(b, n);
	return verdict_series_level(n);
}

/* A batch's figure f: numerator and exposure (max single: periods reaching octave lev). */
static void figure_of(const struct verdict_batch *b, enum verdict_fig f, unsigned lev, double *x,
		      double *t)
{
	*t = f == VF_MAXS ? b->periods : b->runtime;
	if (f == VF_MAXS) {
		*x = 0;
		for (unsigned k = lev; k < VERDICT_OCT; k++)
			*x += b->oct[k];
	} else {
		*x = f == VF_NOISE || f == VF_AVAIL ? b->noise : f == VF_HW ? b->hw :
		     f == VF_NMI ? b->nmi : b->smi;
	}
}

/* One side's batches for a figure: numerator and exposure; their count. */
static unsigned batches(const struct verdict_series *s, enum verdict_fig f, unsigned lev,
			double *x, double *t)
{
	unsigned k = 0;

	for (unsigned i = 0; i < s->nb; i++) {
		double xi, ti;

		figure_of(&s->b[i], f, lev, &xi, &ti);
		/* a short last batch joins the one before */
		if (i && i == s->nb - 1 && s->b[i].periods * 2 < s->len) {
			x[k - 1] += xi;
			t[k - 1] += ti;
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
	double s2;	/* the variance a unit of exposure, batches taken as independent */
	double ss, lag;	/* the batches' squared residuals and their lag-1 products */
	double infl;	/* the variance's inflation for correlated batches */
	unsigned k;
	double x, t;	/* totals */
	double drift_e, drift_l;	/* its drift's estimate when positive, its weight */
	double drift_sum, drift_lsum;	/* the estimate, positive or not, its weight */
	bool drift;	/* its groups of batches disagree */
};

/* The squared residuals of k batches around their ratio m, a unit of exposure each. */
static double resid2(const double *x, const double *t, unsigned k, double m)
{
	double ss = 0;

	for (unsigned i = 0; i < k; i++)
		if (t[i] > 0)
			ss += (x[i] - m * t[i]) * (x[i] - m * t[i]) / t[i];
	return ss;
}

/* Batch means: the ratio estimator sum x / sum t, its batches' variance and lag-1 sums. */
static void mean_se(const double *x, const double *t, unsigned k, struct side *s)
{
	double sx = 0, st = 0, tbar;

	for (unsigned i = 0; i < k; i++) {
		sx += x[i];
		st += t[i];
	}
	s->k = k;
	s->x = sx;
	s->t = st;
	s->m = st > 0 ? sx / st : 0;
	s->ss = s->lag = 0;
	tbar = k ? st / k : 0;
	for (unsigned i = 0; i < k && tbar > 0; i++) {
		double r = (x[i] - s->m * t[i]) / tbar;

		s->ss += r * r;
		if (i)
			s->lag += r * (x[i - 1] - s->m * t[i - 1]) / tbar;
	}
	s->infl = 1;
	s->se = k > 1 ? sqrt(s->ss / (k - 1) / k) : INFINITY;
	s->df = k > 1 ? k - 1 : 1;
	s->s2 = k > 1 && st > 0 ? resid2(x, t, k, s->m) / (k - 1) : INFINITY;
}

/*
 * Batches shorter than the drift are correlated: their variance is
 * inflated by (1 + r1) / (1 - r1), r1 their lag-1 autocorrelation, and
 * they hold (k - 1) (1 - r1) / (1 + r1) degrees of freedom.  r1 is taken
 * from both sides' batches together (one process under no change, and
 * twice the batches to estimate it from); from k batches it comes out
 * low by about (1 + 4 r1) / k (Kendall 1954; Marriott & Pope 1954): that
 * much is added back.  An experiment's blocks are not: its design, not
 * the batches, answers the drift.  Nor, as far as they are interleaved,
 * the periods with and without a cause (verdict_figure_interleaved()): a
 * drift that both sides' batches follow cancels in their ratio; r1 counts
 * by the drift's weight (how far their mean times lie apart).
 */
static void correlated_one(struct side *s, bool blocks, double weight)
{
	double r1 = 0;

	if (!blocks && s->ss > 0 && s->k > 2) {
		r1 = s->lag / s->ss;
		r1 += (1 + 4 * fmax(r1, 0)) / s->k;
	}
	r1 = fmin(fmax(r1 * weight, 0), 0.9);
	s->infl = (1 + r1) / (1 - r1);
	s->se *= sqrt(s->infl);
	s->df = s->k > 1 ? fmax(1, (s->k - 1) / s->infl) : 1;
}

static void correlated(struct side *a, struct side *b, bool blocks, double weight)
{
	correlated_one(a, blocks, weight);
	correlated_one(b, blocks, weight);
}


/* The q-th quantile of Snedecor's F on d1 and d2 degrees of freedom. */
static double f_quantile(double q, double d1, double d2)
{
	double b = verdict_beta_quantile(q, d1 / 2, d2 / 2);

	return b < 1 ? d2 * b / (d1 * (1 - b)) : INFINITY;
}

/*
 * A side: its mean, and its drift.  The batches go into two halves; the
 * halves' means against each other on the log scale, beyond the noise
 * within them (their residuals around each half's own mean), is a drift.
 * For a level that wanders as a random walk of variance w a unit of
 * exposure, two neighbouring groups' means of exposure L differ by
 * 2 w L / 3 on average beyond their noise: drift_e is that excess (when
 * there is one), drift_l its 2 L / 3, and drift_var() carries w over to
 * the distance between the two sides.  A side whose halves differ past
 * the 99% quantile of F is drifting.
 */
static void side_of(const double *x, const double *t, unsigned k, bool blocks, struct side *s)
{
	unsigned G = 2, first[3];
	double m[2], T[2], s2 = 0, chi = 0, e = 0, l = 0;

	mean_se(x, t, k, s);
	s->drift_e = s->drift_l = s->drift_sum = s->drift_lsum = 0;
	s->drift = false;
	if (blocks || k < 2 * G)
		return;
	for (unsigned g = 0; g <= G; g++)
		first[g] = g * k / G;
	for (unsigned g = 0; g < G; g++) {
		double gx = 0;

		T[g] = 0;
		for (unsigned i = first[g]; i < first[g + 1]; i++) {
			gx += x[i];
			T[g] += t[i];
		}
		m[g] = T[g] > 0 ? gx / T[g] : 0;
		if (!(m[g] > 0))
			return;
		s2 += resid2(x + first[g], t + first[g], first[g + 1] - first[g], m[g]);
	}
	s2 /= k - G;
	for (unsigned g = 0; g + 1 < G; g++) {
		double d = log(m[g + 1] / m[g]);
		double vd = s2 * (1 / (T[g] * m[g] * m[g]) + 1 / (T[g + 1] * m[g + 1] * m[g + 1]));

		e += d * d - vd;
		l += (T[g] + T[g + 1]) / 3;
		chi += vd > 0 ? d * d / vd : 0;
	}
	/* the halves' variance is estimated: chi / (G - 1) is F on G - 1 and k - G */
	s->drift_sum = e;
	s->drift_lsum = l;
	if (e > 0) {
		s->drift_e = e;
		s->drift_l = l;
	}
	s->drift = chi / (G - 1) > f_quantile(0.99, G - 1, k - G);
}

/*
 * The variance a drift adds to the log ratio of the two sides' means:
 * from each side's excess where it has one; of counts (few events a half,
 * whose halves' noise alone often exceeds their expectation), from the
 * two sides' excesses summed before the estimate is cut at zero.
 */
static double drift_var(const struct side *a, const struct side *b, bool counts)
{
	double l = a->drift_l + b->drift_l, e = a->drift_e + b->drift_e, w;

	if (counts) {
		e = a->drift_sum + b->drift_sum;
		l = a->drift_lsum + b->drift_lsum;
	}
	w = l > 0 ? e / l : 0;
	return w > 0 ? w * (a->t + b->t) / 3 : 0;
}

/*
 * A drift is the side's, not one figure's: the noise moves with the HW
 * count's level, and the count, free of the large single noises that
 * hide a drift in the noise, tells it more clearly.
 */
static double drift_of(const struct verdict_series *a, const struct verdict_series *b,
		       enum verdict_fig g, bool *drift)
{
	double x[VERDICT_SLOTS], t[VERDICT_SLOTS];
	struct side sa, sb;

	side_of(x, t, batches(a, g, 0, x, t), a->blocks, &sa);
	side_of(x, t, batches(b, g, 0, x, t), b->blocks, &sb);
	*drift = *drift || sa.drift || sb.drift;
	return drift_var(&sa, &sb, false);
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

/* The verdict from an interval of the ratio [lo, hi] (a rise is worse). */
static void decide(struct verdict *v, double lo, double hi, double margin)
{
	v->ci = true;
	v->lo_pct = (lo - 1) * 100;
	v->hi_pct = isfinite(hi) ? (hi - 1) * 100 : INFINITY;
	v->why = VW_NONE;
	if (lo >= 1 - margin && hi <= 1 + margin) {
		v->kind = VK_SAME;	/* inside the margin, whether or not it excludes 1 */
	} else if (lo > 1) {
		v->kind = VK_WORSE;
	} else if (hi < 1) {
		v->kind = VK_BETTER;
	} else {
		v->kind = VK_UNDECIDED;
		v->why = v->drift ? VW_DRIFT : VW_WIDE;
	}
}

/* No ratio (a side is 0): a difference that clears its interval still tells. */
static void by_difference(struct verdict *v, const struct side *a, const struct side *b,
			  double scale)
{
	double va = a->m * scale, vb = b->m * scale, d = vb - va;
	double sd = scale * sqrt(a->se * a->se + b->se * b->se), df, q;

	v->a = va;
	v->b = vb;
	v->change_pct = va > 0 ? (vb / va - 1) * 100 : vb > 0 ? NAN : 0;
	if (va == vb && !(sd > 0)) {
		v->kind = VK_UNDECIDED;
		v->why = VW_NO_EVENTS;
		return;
	}
	df = fmax(1, (double)(a->k + b->k) - 2);
	q = verdict_t_quantile(0.975, df);
	v->p = isfinite(sd) && sd > 0 ? 2 * verdict_t_cdf(-fabs(d) / sd, df) : NAN;
	v->kind = d - q * sd > 0 ? VK_WORSE : d + q * sd < 0 ? VK_BETTER : VK_UNDECIDED;
	v->why = v->kind == VK_UNDECIDED ? VW_WIDE : VW_NONE;
	v->ci = va > 0;
	v->lo_pct = va > 0 ? (d - q * sd) / va * 100 : -100;
	v->hi_pct = va > 0 ? (d + q * sd) / va * 100 : INFINITY;
}

/*
 * Batch means: a Welch t interval on the log ratio of the means, widened
 * by the drift the two sides show between their halves.
 */
static void by_batches(struct verdict *v, const struct side *a, const struct side *b, double dv,
		       double margin, uint64_t n)
{
	double ra, rb, se2, pooled, df, dfp, q, c, se, m0;

	if (a->m <= 0 || b->m <= 0) {
		by_difference(v, a, b, 1e6);
		return;
	}
	v->a = a->m * 1e6;
	v->b = b->m * 1e6;
	v->change_pct = (v->b / v->a - 1) * 100;
	ra = a->se / a->m;
	rb = b->se / b->m;
	c = log(b->m / a->m);
	se2 = ra * ra + rb * rb;
	df = se2 > 0 ? se2 * se2 / (pow(ra, 4) / a->df + pow(rb, 4) / b->df) : 1;
	/*
	 * The pooled variance of both sides a unit of exposure, as if they
	 * were one process, around their pooled mean (as a score test): a
	 * short side whose few batches happened to miss the large noises has
	 * a low mean and a low variance together, which Welch's interval
	 * alone takes at its word.
	 */
	dfp = a->df + b->df;
	m0 = (a->x + b->x) / (a->t + b->t);
	pooled = (a->s2 * a->infl * a->df + b->s2 * b->infl * b->df) / dfp *
		 (1 / a->t + 1 / b->t) / (m0 * m0);
	if (isfinite(pooled) && pooled > se2) {
		se2 = pooled;
		df = dfp;
	}
	se = sqrt(se2 + dv);
	if (!(se > 0)) {
		v->p = c == 0 ? 1 : 0;
		decide(v, b->m / a->m, b->m / a->m, margin);
		return;
	}
	df = fmax(1, df);
	q = verdict_t_quantile(0.975, df);
	v->p = 2 * verdict_t_cdf(-fabs(c) / se, df);
	decide(v, exp(c - q * se), exp(c + q * se), margin);
	if (v->kind == VK_UNDECIDED)
		v->periods_needed = needed(c, q * se, log1p(margin), log1p(-margin), n);
}

/* The two-sided p-value of the conditional binomial: xb of tot at pi0. */
static double binom_p(double xb, double tot, double pi0)
{
	double ge = xb > 0 ? verdict_beta_inc(xb, tot - xb + 1, pi0) : 1;
	double le = xb < tot ? 1 - verdict_beta_inc(xb + 1, tot - xb, pi0) : 1;

	return fmin(1, 2 * fmin(ge, le));
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
		v->why = VW_NO_EVENTS;
		return;
	}
	v->p = binom_p(xb, tot, b->t / (a->t + b->t));
	plo = xb > 0 ? verdict_beta_quantile(0.025, xb, tot - xb + 1) : 0;
	phi_ = xa > 0 ? verdict_beta_quantile(0.975, xb + 1, tot - xb) : 1;
	rlo = plo / (1 - plo) * (a->t / b->t);
	rhi = phi_ < 1 ? phi_ / (1 - phi_) * (a->t / b->t) : INFINITY;
	decide(v, rlo, rhi, margin);
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

/* % CPU available: noise's verdict (less available is worse), its interval carried over. */
static void as_available(struct verdict *v, double ma, double mb)
{
	double lo = v->lo_pct, hi = v->hi_pct;

	v->a = 100 * (1 - ma);
	v->b = 100 * (1 - mb);
	v->change_pct = v->a > 0 ? (v->b / v->a - 1) * 100 : 0;
	if (v->ci && ma > 0 && ma < 1) {
		double k = ma / (1 - ma);	/* avail's change per unit of noise's ratio */

		v->lo_pct = isfinite(hi) ? -k * hi : -INFINITY;
		v->hi_pct = -k * lo;
	}
}

/* Too few periods or batches: never better, worse or no change. */
static void too_few(struct verdict *v, bool blocks)
{
	if (v->kind == VK_BETTER || v->kind == VK_WORSE || v->kind == VK_SAME ||
	    (v->kind == VK_UNDECIDED && v->why != VW_NO_EVENTS)) {
		v->kind = VK_UNDECIDED;
		v->why = blocks ? VW_FEW_BLOCKS : VW_FEW;
	}
	if (v->periods_needed < (uint64_t)VERDICT_SLOTS + 1)
		v->periods_needed = VERDICT_SLOTS + 1;
}

/* oct: max single's level (an octave), or -1 for both sides' (level_octave()). */
static void figure(const struct verdict_series *a, const struct verdict_series *b,
		   enum verdict_fig f, double margin, bool comparable, double drift_weight,
		   int oct, struct verdict *v)
{
	double xa[VERDICT_SLOTS], ta[VERDICT_SLOTS], xb[VERDICT_SLOTS], tb[VERDICT_SLOTS];
	unsigned lev = f != VF_MAXS ? 0 : oct >= 0 ? (unsigned)oct : level_octave(a, b);
	unsigned ka = batches(a, f, lev, xa, ta), kb = batches(b, f, lev, xb, tb);
	uint64_t n = a->periods > b->periods ? a->periods : b->periods;
	struct side sa, sb;
	double dv;
	bool enough = ka >= VERDICT_MIN_BATCHES && kb >= VERDICT_MIN_BATCHES &&
		      a->len >= VERDICT_MIN_LEN && b->len >= VERDICT_MIN_LEN;

	memset(v, 0, sizeof(*v));
	v->p = NAN;
	side_of(xa, ta, ka, a->blocks, &sa);
	side_of(xb, tb, kb, b->blocks, &sb);
	correlated(&sa, &sb, a->blocks || b->blocks, drift_weight);
	v->drift = sa.drift || sb.drift;
	dv = drift_var(&sa, &sb, false);
	if (f == VF_NOISE || f == VF_AVAIL)
		dv = fmax(dv, drift_of(a, b, VF_HW, &v->drift));
	dv *= drift_weight;
	if (!comparable || !ka || !kb) {
		v->a = f == VF_AVAIL ? 100 * (1 - sa.m) : sa.m * 1e6;
		v->b = f == VF_AVAIL ? 100 * (1 - sb.m) : sb.m * 1e6;
		v->change_pct = v->a > 0 ? (v->b / v->a - 1) * 100 : v->b > 0 ? NAN : 0;
		v->kind = VK_NOT_COMPARABLE;
	} else if (f == VF_NOISE || f == VF_AVAIL ||
		   (f != VF_MAXS && sa.x >= VERDICT_MANY_PER_BATCH * ka &&
		    sb.x >= VERDICT_MANY_PER_BATCH * kb)) {
		by_batches(v, &sa, &sb, dv, margin, n);
		if (f == VF_AVAIL)
			as_available(v, sa.m, sb.m);
	} else {
		double chi = 0, phi;
		unsigned df = 0;

		dispersion(xa, ta, &sa, &chi, &df);
		dispersion(xb, tb, &sb, &chi, &df);
		phi = df ? fmax(1, chi / df) : 1;
		dv = drift_var(&sa, &sb, true);
		if (f == VF_MAXS)	/* the large single noises come and go with the HW level */
			dv = fmax(dv, drift_of(a, b, VF_HW, &v->drift));
		dv *= drift_weight;
		if (sa.x > 0 && sb.x > 0)	/* a drift widens the log ratio's variance */
			phi *= 1 + dv / (phi * (1 / sa.x + 1 / sb.x));
		by_counts(v, &sa, &sb, phi, margin, n);
	}
	if (f == VF_MAXS) {	/* the figure shown: the p99s; the verdict: the shares */
		v->level = lev ? ldexp(1, (int)lev - 1) : 0;
		v->share_a = sa.m;
		v->share_b = sb.m;
		v->a = verdict_series_quantile(a, 0.99);
		v->b = verdict_series_quantile(b, 0.99);
		v->change_pct = v->a > 0 ? (v->b / v->a - 1) * 100 : v->b > 0 ? NAN : 0;
	}
	if (v->kind != VK_NOT_COMPARABLE && !enough)
		too_few(v, a->blocks || b->blocks);
}

void verdict_figure(const struct verdict_series *a, const struct verdict_series *b,
		    enum verdict_fig f, double margin, bool comparable, struct verdict *v)
{
	figure(a, b, f, margin, comparable, 1, -1, v);
}

static void interleaved(const struct verdict_series *a, const struct verdict_series *b,
			enum verdict_fig f, double margin, double drift_weight, int oct,
			struct verdict *v)
{
	figure(a, b, f, margin, true, fmin(fmax(drift_weight, 0), 1), oct, v);
	if (v->drift && drift_weight < 0.5 && v->why == VW_DRIFT)
		v->why = VW_WIDE;	/* the run drifted, and both sides alike */
}

void verdict_figure_interleaved(const struct verdict_series *a, const struct verdict_series *b,
				enum verdict_fig f, double margin, double drift_weight,
				struct verdict *v)
{
	interleaved(a, b, f, margin, drift_weight, -1, v);
}

void verdict_figure_level(const struct verdict_series *a, const struct verdict_series *b,
			  unsigned oct, double margin, double drift_weight, struct verdict *v)
{
	interleaved(a, b, VF_MAXS, margin, drift_weight,
		    oct < VERDICT_OCT ? (int)oct : VERDICT_OCT - 1, v);
}

void verdict_adjust(struct verdict *const *v, size_t n, double fdr)
{
	double *p = malloc(n * sizeof(*p) + 1), cut = -1;
	size_t m = 0;

	if (p) {	/* no memory: no mark stands unchecked */
		for (size_t i = 0; i < n; i++)
			if (isfinite(v[i]->p))
				p[m++] = v[i]->p;
		cut = fdr_cut(p, m, fdr);
		free(p);
	}
	for (size_t i = 0; i < n; i++)
		if ((v[i]->kind == VK_BETTER || v[i]->kind == VK_WORSE) && !(v[i]->p <= cut)) {
			v[i]->kind = VK_UNDECIDED;
			v[i]->why = VW_MANY;
		}
}
