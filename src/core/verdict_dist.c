/*
 * verdict_dist: the distribution functions of the verdicts (verdict.h):
 * the regularized incomplete beta function, Student's t, and their
 * quantiles.  Pure logic.
 */
#include "verdict.h"

#include <math.h>
#include <stdbool.h>

/* ---- distribution functions ---- */

/* The continued fraction of I_x(a, b) (Abramowitz & Stegun 26.5.8), Lentz's method. */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 500; m++) {
		double m2 = 2.0 * m, num, step;

		num = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		step = d * c;
		h *= step;
		if (fabs(step - 1) < eps)
			break;
	}
	return h;
}

double verdict_beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

/*
 * The quantiles are the bisections below, to 1e-10: the figures printed
 * depend on that.  Each bisection asks whether f(x) < p some 40 times;
 * a root found first by Newton's steps (5 or so evaluations) answers
 * every question whose x is farther from it than its error, and only the
 * rest evaluate f: the same answers, so the same quantile, at an eighth of
 * the cost (the compare view computes many a redraw).
 */
struct root {
	double (*f)(double x, const double *k);
	const double *k;
	double p, r, delta;	/* the root, and how far it may be from f's */
	bool known;
};

/*
 * The root of f(x) = p in [lo, hi], f increasing, deriv its derivative:
 * Newton's steps from x, a bisection wherever a step would leave the
 * bracket, until a step is under 1e-13 of |x| + scale; rt->known false
 * when they did not settle.
 */
static void newton(struct root *rt, double (*deriv)(double x, const double *k), double x,
		   double lo, double hi, double scale)
{
	rt->known = false;
	for (int i = 0; i < 100 && hi > lo; i++) {
		double fx = rt->f(x, rt->k) - rt->p, dx = deriv(x, rt->k), next;

		if (fx < 0)
			lo = x;
		else
			hi = x;
		next = dx > 0 && isfinite(dx) ? x - fx / dx : NAN;
		if (fabs(next - x) <= 1e-13 * (fabs(x) + scale) && isfinite(next)) {
			rt->r = next;
			rt->delta = 1e-11 * (fabs(next) + scale);
			rt->known = true;
			return;
		}
		x = next > lo && next < hi ? next : (lo + hi) / 2;
	}
}

/* f(x) < p: from the root where x is far from it, else f itself. */
static bool below(const struct root *rt, double x)
{
	if (rt->known && fabs(x - rt->r) > rt->delta)
		return x < rt->r;
	return rt->f(x, rt->k) < rt->p;
}

/*
 * The bisection of [lo, hi] for f(x) = p, at most n halvings, until the
 * bracket is under 1e-10 of scale + lo (scale 0: of hi).
 */
static double bisect(const struct root *rt, double lo, double hi, int n, double scale)
{
	for (int i = 0; i < n && hi - lo > 1e-10 * (scale > 0 ? scale + lo : hi) && hi > 1e-300;
	     i++) {
		double mid = (lo + hi) / 2;

		if (below(rt, mid))
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* k: a, b, log B(a, b). */
static double beta_f(double x, const double *k)
{
	return verdict_beta_inc(k[0], k[1], x);
}

static double beta_pdf(double x, const double *k)
{
	if (x <= 0 || x >= 1)
		return 0;
	return exp((k[0] - 1) * log(x) + (k[1] - 1) * log1p(-x) - k[2]);
}

double verdict_beta_quantile(double p, double a, double b)
{
	const double k[3] = { a, b, lgamma(a) + lgamma(b) - lgamma(a + b) };
	struct root rt = { beta_f, k, p, 0, 0, false };

	newton(&rt, beta_pdf, a / (a + b), 0, 1, 0);
	/* to 1e-10 of the quantile: far finer than any figure prints */
	return bisect(&rt, 0, 1, 100, 0);
}

double verdict_t_cdf(double t, double df)
{
	double tail = 0.5 * verdict_beta_inc(df / 2, 0.5, df / (df + t * t));

	return t > 0 ? 1 - tail : tail;
}

/* k: df, the log of the density's constant. */
static double t_f(double t, const double *k)
{
	return verdict_t_cdf(t, k[0]);
}

static double t_pdf(double t, const double *k)
{
	return exp(k[1] - (k[0] + 1) / 2 * log1p(t * t / k[0]));
}

/* Where Newton starts, p > 0.5: z (Abramowitz & Stegun 26.2.23) and 26.7.5's first term. */
static double t_start(double p, double df)
{
	double w = sqrt(-2 * log(1 - p));
	double z = w - (2.515517 + 0.802853 * w + 0.010328 * w * w) /
		       (1 + 1.432788 * w + 0.189269 * w * w + 0.001308 * w * w * w);

	return z + (z * z * z + z) / (4 * df);
}

double verdict_t_quantile(double p, double df)
{
	double k[2], hi = 16;
	struct root rt = { t_f, k, p, 0, 0, false };

	if (p == 0.5)
		return 0;
	if (p < 0.5)
		return -verdict_t_quantile(1 - p, df);
	k[0] = df;
	k[1] = lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI);
	newton(&rt, t_pdf, t_start(p, df), 0, 1e9, 1);
	while (hi < 1e7 && below(&rt, hi))
		hi *= 16;
	return bisect(&rt, 0, hi, 200, 1);
}
