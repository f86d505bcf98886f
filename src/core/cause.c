/*
 * cause: the attribution of a CPU's noise to its causes.  See cause.h.
 */
#include "cause.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fdr.h"

static const char *const names[CAUSE_N][2] = {
	[CAUSE_SMI] = { "SMI", "smi" },
	[CAUSE_NMI] = { "NMI", "nmi" },
	[CAUSE_SIBLING] = { "SMT sibling", "sibling" },
	[CAUSE_STEAL] = { "steal", "steal" },
	[CAUSE_THERMAL] = { "thermal", "thermal" },
	[CAUSE_TSCWD] = { "TSC watchdog", "tsc_watchdog" },
	[CAUSE_CLOCKSOURCE] = { "clocksource", "clocksource" },
};

static const char *const states[][2] = {
	[CAUSE_NOT_MEASURED] = { "not measured", "not_measured" },
	[CAUSE_NONE_SEEN] = { "none seen", "none_seen" },
	[CAUSE_ALWAYS] = { "in every period", "always" },
	[CAUSE_FEW] = { "too few periods", "few" },
	[CAUSE_NO_EVIDENCE] = { "no evidence", "no_evidence" },
	[CAUSE_WITHIN_FDR] = { "within FDR", "within_fdr" },
	[CAUSE_CREDITED] = { "credited", "credited" },
};

static const char *const advice[CAUSE_N] = {
	[CAUSE_SMI] = "SMIs come from the firmware: ask the vendor for a low-latency BIOS "
		      "profile (no power or error reporting through SMM)",
	[CAUSE_NMI] = "NMIs come from the watchdog or perf: try nmi_watchdog=0 and no perf "
		      "sampling on this CPU",
	[CAUSE_SIBLING] = "the SMT sibling's work slows this CPU: keep the sibling idle, "
			  "or turn SMT off (s in the system panel)",
	[CAUSE_STEAL] = "the hypervisor runs others on this CPU: ask for dedicated, "
			"pinned vCPUs",
	[CAUSE_THERMAL] = "the CPU throttles when hot: check cooling and the power limits",
	[CAUSE_TSCWD] = "the clocksource watchdog reads the HPET or ACPI PM timer on each CPU "
			"in turn: where the TSC is known good, boot with tsc=reliable or "
			"tsc=nowatchdog (x86) to stop it",
	[CAUSE_CLOCKSOURCE] = "the clocksource changed during the run (the TSC marked unstable: "
			      "hpet or acpi_pm instead, every clock read slower): find why in "
			      "dmesg (\"clocksource\" lines)",
};

const char *cause_name(enum cause_kind k)
{
	return k < CAUSE_N ? names[k][0] : "";
}

const char *cause_key(enum cause_kind k)
{
	return k < CAUSE_N ? names[k][1] : "";
}

const char *cause_state_name(enum cause_state s)
{
	return s <= CAUSE_CREDITED ? states[s][0] : "";
}

const char *cause_state_key(enum cause_state s)
{
	return s <= CAUSE_CREDITED ? states[s][1] : "";
}

const char *cause_advice(enum cause_kind k)
{
	return k < CAUSE_N ? advice[k] : "";
}

void cause_cpu_init(struct cause_cpu *c)
{
	memset(c, 0, sizeof(*c));
	for (int k = 0; k < CAUSE_N; k++) {
		verdict_series_init(&c->with[k]);
		verdict_series_init(&c->without[k]);
		verdict_series_init(&c->with_alone[k]);
		verdict_series_init(&c->without_alone[k]);
	}
}

void cause_cpu_add(struct cause_cpu *c, const struct cause_period *p)
{
	struct verdict_period vp = { .runtime = p->runtime, .noise = p->noise,
				     .max_single = p->max_single };
	int present = 0;
	double t;

	if (!p->runtime)
		return;
	for (int k = 0; k < CAUSE_N; k++)
		present += p->seen[k] == CAUSE_PRESENT;
	/* NMIs counted that left no time: the events were not all read. */
	if (p->nmi_time && p->nmi_count && !p->nmi_ns) {
		c->nmi_untimed++;
	} else if (p->nmi_time) {
		c->nmi_periods++;
		c->nmi_ns += p->nmi_ns;
		c->nmi_noise += (double)p->noise;
	}
	t = (double)c->periods;
	c->periods++;
	c->oct[verdict_octave(p->max_single)]++;
	c->noise += (double)p->noise;
	for (int k = 0; k < CAUSE_N; k++) {
		switch (p->seen[k]) {
		case CAUSE_UNMEASURED:
			c->unmeasured[k]++;
			break;
		case CAUSE_ABSENT:
			verdict_series_add(&c->without[k], &vp);
			c->t_without[k] += t;
			if (!present) {
				verdict_series_add(&c->without_alone[k], &vp);
				c->t_without_alone[k] += t;
			}
			break;
		case CAUSE_PRESENT:
			verdict_series_add(&c->with[k], &vp);
			c->t_with[k] += t;
			if (present == 1) {
				verdict_series_add(&c->with_alone[k], &vp);
				c->t_with_alone[k] += t;
			}
			c->noise_with[k] += (double)p->noise;
			for (int j = k + 1; j < CAUSE_N; j++)
				c->both[k][j] += p->seen[j] == CAUSE_PRESENT;
			break;
		}
	}
}

/* The share of the noise explained at a ratio r of the noise rates: N_with (1 - 1/r) / N. */
static double share_at(double noise_with, double noise, double r)
{
	double s;

	if (noise <= 0 || !(r > 0))
		return 0;
	if (isinf(r))
		return noise_with / noise;
	s = noise_with * (1 - 1 / r) / noise;
	return s < 0 ? 0 : s > 1 ? 1 : s;
}

/*
 * How far apart in time the periods without (a) and with (b) a cause lie:
 * the distance of their mean times over half the run (0: evenly
 * interleaved; 1: one after the other, as two runs), so that a drift of
 * the run counts as far as it can tell the two apart.
 */
static double apart(const struct cause_cpu *c, double ta, double tb,
		    const struct verdict_series *a, const struct verdict_series *b)
{
	if (!a->periods || !b->periods || c->periods < 2)
		return 1;
	return fabs(ta / (double)a->periods - tb / (double)b->periods) / ((double)c->periods / 2);
}

/* A verdict's ratio's 95% interval (a change of +x% is a ratio of 1 + x/100). */
static void interval(const struct verdict *v, double *lo, double *hi)
{
	*lo = v->ci ? 1 + v->lo_pct / 100 : 0;
	*hi = v->ci ? 1 + v->hi_pct / 100 : INFINITY;
}

/* The state a verdict of a cause seen, and not in every period, gives. */
static enum cause_state state_of(const struct verdict *v)
{
	if (v->kind == VK_WORSE)
		return CAUSE_CREDITED;
	if (v->kind == VK_UNDECIDED && v->why == VW_FEW)
		return CAUSE_FEW;
	return CAUSE_NO_EVIDENCE;
}

enum cause_state cause_state_on(const struct cause_result *r, bool largest)
{
	return largest ? r->max_state : r->state;
}

bool cause_compared(enum cause_state s)
{
	return s == CAUSE_CREDITED || s == CAUSE_WITHIN_FDR || s == CAUSE_NO_EVIDENCE ||
	       s == CAUSE_FEW;
}

/* The verdict on f of b against a, d apart (max single at octave oct). */
static void figure(const struct verdict_series *a, const struct verdict_series *b,
		   enum verdict_fig f, unsigned oct, double d, struct verdict *v)
{
	if (f == VF_MAXS)
		verdict_figure_level(a, b, oct, CAUSE_MARGIN, d, v);
	else
		verdict_figure_interleaved(a, b, f, CAUSE_MARGIN, d, v);
}

/*
 * Cause k's verdict on f (oct: max single's level), on the periods with no
 * other cause, or on all when those are too few (*alone says which).
 */
static void judge(const struct cause_cpu *c, int k, enum verdict_fig f, unsigned oct,
		  bool *alone, struct verdict *v)
{
	figure(&c->without_alone[k], &c->with_alone[k], f, oct,
	       apart(c, c->t_without_alone[k], c->t_with_alone[k], &c->without_alone[k],
		     &c->with_alone[k]), v);
	/*
	 * Too few alone, or none at all on a side (a cause in every period
	 * leaves every other cause no period without a cause): all periods.
	 */
	*alone = !(v->kind == VK_NOT_COMPARABLE || (v->kind == VK_UNDECIDED && v->why == VW_FEW));
	if (!*alone)
		figure(&c->without[k], &c->with[k], f, oct,
		       apart(c, c->t_without[k], c->t_with[k], &c->without[k], &c->with[k]), v);
}

static void one(const struct cause_cpu *c, int k, struct cause_result *r)
{
	struct verdict v;

	memset(r, 0, sizeof(*r));
	r->p = r->max_p = NAN;
	r->with = c->with[k].periods;
	r->without = c->without[k].periods;
	if (!r->with && !r->without) {
		r->state = CAUSE_NOT_MEASURED;
		return;
	}
	if (!r->with) {
		r->state = CAUSE_NONE_SEEN;
		return;
	}
	if (!r->without) {
		r->state = CAUSE_ALWAYS;
		return;
	}
	judge(c, k, VF_NOISE, 0, &r->alone, &v);
	r->ratio = v.a > 0 ? v.b / v.a : v.b > 0 ? INFINITY : 1;
	interval(&v, &r->ratio_lo, &r->ratio_hi);
	r->share = share_at(c->noise_with[k], c->noise, r->ratio);
	r->share_lo = share_at(c->noise_with[k], c->noise, r->ratio_lo);
	r->share_hi = share_at(c->noise_with[k], c->noise, r->ratio_hi);
	r->p = v.p;
	r->state = state_of(&v);
}

/* The periods counted in n[] (by octave) whose max single reaches octave oct. */
static double reaching(const double n[VERDICT_OCT], unsigned oct)
{
	double x = 0;

	for (unsigned k = oct; k < VERDICT_OCT; k++)
		x += n[k];
	return x;
}

/*
 * Cause k on the largest single noises: the periods reaching octave oct,
 * reach of them in all.  The figures of the noise's (one()) in the same
 * shape: the share of the periods reaching it in place of the noise.
 */
static void largest(const struct cause_cpu *c, int k, unsigned oct, double reach,
		    struct cause_result *r)
{
	double n[VERDICT_OCT] = { 0 }, with;
	struct verdict v;

	r->max_state = r->state;
	if (!cause_compared(r->state))
		return;
	verdict_series_octaves(&c->with[k], n);
	with = reaching(n, oct);
	r->max_with = (uint64_t)with;
	judge(c, k, VF_MAXS, oct, &r->max_alone, &v);
	/* v.a and v.b are the p99s shown; the verdict's figure is the share reaching the level. */
	r->max_ratio = v.share_a > 0 ? v.share_b / v.share_a : v.share_b > 0 ? INFINITY : 1;
	interval(&v, &r->max_ratio_lo, &r->max_ratio_hi);
	r->max_share = share_at(with, reach, r->max_ratio);
	r->max_share_lo = share_at(with, reach, r->max_ratio_lo);
	r->max_share_hi = share_at(with, reach, r->max_ratio_hi);
	r->max_p = v.p;
	r->max_state = state_of(&v);
}

bool cause_largest_between(const struct cause_result *r, uint64_t reach, double *lo, double *hi)
{
	const double z2 = 1.959964 * 1.959964;
	double n = (double)reach, q, mid, half;

	if (!reach)
		return false;
	q = (double)r->max_with / n;
	mid = (q + z2 / (2 * n)) / (1 + z2 / n);
	half = sqrt(z2 * (q * (1 - q) / n + z2 / (4 * n * n))) / (1 + z2 / n);
	*lo = share_at(fmax(mid - half, 0), 1, r->max_ratio_lo);
	*hi = share_at(fmin(mid + half, 1), 1, r->max_ratio_hi);
	return true;
}

/*
 * r's share on a figure, and whether it says one; on the largest single
 * noises with the chance of its count (reach: the periods that reached the
 * level), as two runs' are set side by side.
 */
static bool share_on(const struct cause_result *r, bool largest, uint64_t reach, double *lo,
		     double *hi)
{
	switch (cause_state_on(r, largest)) {
	case CAUSE_NONE_SEEN:
		*lo = *hi = 0;
		return true;
	case CAUSE_CREDITED:
	case CAUSE_WITHIN_FDR:
	case CAUSE_NO_EVIDENCE:
		if (largest)
			return cause_largest_between(r, reach, lo, hi);
		*lo = r->share_lo, *hi = r->share_hi;
		return !isnan(*lo) && !isnan(*hi);
	default:
		return false;
	}
}

bool cause_moved(const struct cause_answer *x, const struct cause_answer *y, int k, bool largest)
{
	double la, ha, lb, hb;

	return share_on(&x->c[k], largest, x->reach, &la, &ha) &&
	       share_on(&y->c[k], largest, y->reach, &lb, &hb) && (ha < lb || hb < la) &&
	       (cause_state_on(&x->c[k], largest) == CAUSE_CREDITED ||
		cause_state_on(&y->c[k], largest) == CAUSE_CREDITED);
}

/* The NMI time measured, as a share of the noise of the periods it was measured in. */
static void nmi_time(const struct cause_cpu *c, struct cause_result *r)
{
	/* A period whose NMIs left no time leaves the whole figure unmeasured:
	 * without it the sum would be short and the share biased low. */
	r->timed = c->nmi_periods > 0 && !c->nmi_untimed;
	r->timed_periods = c->nmi_periods;
	r->time_us = (double)c->nmi_ns / 1000;
	r->time_share = c->nmi_noise > 0 ? r->time_us / c->nmi_noise : 0;
	if (r->time_share > 1)
		r->time_share = 1;
}

/* 1 - sum, 1 - hi and 1 - lo of the credited shares, each at least 0. */
static void rest(double sum, double lo, double hi, double *v, double *vlo, double *vhi)
{
	*v = sum < 1 ? 1 - sum : 0;
	*vlo = hi < 1 ? 1 - hi : 0;
	*vhi = lo < 1 ? 1 - lo : 0;
}

/* The leading cause, the unexplained rests and the overlaps of the credits of a. */
static void totals(struct cause_answer *a)
{
	double sum = 0, lo = 0, hi = 0, msum = 0, mlo = 0, mhi = 0;

	a->lead = -1;
	a->overlap = a->max_overlap = false;
	for (int k = 0; k < CAUSE_N; k++) {
		const struct cause_result *r = &a->c[k];

		if (r->max_state == CAUSE_CREDITED) {
			msum += r->max_share;
			mlo += r->max_share_lo;
			mhi += r->max_share_hi;
			for (int j = 0; j < k; j++)
				if (a->c[j].max_state == CAUSE_CREDITED && a->together[k] >> j & 1)
					a->max_overlap = true;
		}
		if (r->state != CAUSE_CREDITED)
			continue;
		sum += r->share;
		lo += r->share_lo;
		hi += r->share_hi;
		if (a->lead < 0 || r->share > a->c[a->lead].share)
			a->lead = k;
		for (int j = 0; j < k; j++)
			if (a->c[j].state == CAUSE_CREDITED && a->together[k] >> j & 1)
				a->overlap = true;
	}
	rest(sum, lo, hi, &a->unexplained, &a->unexplained_lo, &a->unexplained_hi);
	rest(msum, mlo, mhi, &a->max_unexplained, &a->max_unexplained_lo, &a->max_unexplained_hi);
}

void cause_cpu_answer(const struct cause_cpu *c, struct cause_answer *a)
{
	unsigned oct = verdict_series_level(c->oct);

	memset(a, 0, sizeof(*a));
	a->periods = c->periods;
	a->noise = c->noise;
	a->level = ldexp(1, (int)oct - 1);
	a->reach = (uint64_t)reaching(c->oct, oct);
	for (int k = 0; k < CAUSE_N; k++) {
		one(c, k, &a->c[k]);
		largest(c, k, oct, (double)a->reach, &a->c[k]);
		if (k == CAUSE_NMI)
			nmi_time(c, &a->c[k]);
		for (int j = 0; j < k; j++)
			if (c->both[j][k]) {
				a->together[k] |= (uint8_t)(1u << j);
				a->together[j] |= (uint8_t)(1u << k);
			}
	}
	totals(a);
}

/* A credit whose p-value does not clear cut: within the false discovery rate. */
static void withdraw(enum cause_state *s, double p, double cut)
{
	if (*s == CAUSE_CREDITED && !(p <= cut))
		*s = CAUSE_WITHIN_FDR;
}

/*
 * A judgement of the family: a test made and valid (too few periods keeps
 * the p-value its figure computed, but the verdict does not stand on it).
 */
static bool tested(enum cause_state s, double p)
{
	return (s == CAUSE_CREDITED || s == CAUSE_NO_EVIDENCE) && isfinite(p);
}

void cause_adjust(struct cause_answer *a, size_t n, double fdr)
{
	double *p = malloc((2 * CAUSE_N * n + 1) * sizeof(*p)), cut = -1;
	size_t m = 0;

	for (size_t i = 0; p && i < n; i++)
		for (int k = 0; k < CAUSE_N; k++) {
			if (tested(a[i].c[k].state, a[i].c[k].p))
				p[m++] = a[i].c[k].p;
			if (tested(a[i].c[k].max_state, a[i].c[k].max_p))
				p[m++] = a[i].c[k].max_p;
		}
	if (p)		/* no memory: no credit stands unchecked */
		cut = fdr_cut(p, m, fdr);
	free(p);
	for (size_t i = 0; i < n; i++) {
		for (int k = 0; k < CAUSE_N; k++) {
			withdraw(&a[i].c[k].state, a[i].c[k].p, cut);
			withdraw(&a[i].c[k].max_state, a[i].c[k].max_p, cut);
		}
		a[i].family = m;
		totals(&a[i]);
	}
}
