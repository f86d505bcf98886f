/*
 * why_report: the attribution's text and JSON.  See why_report.h.
 */
#include "why_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "causes.h"
#include "json.h"

/* A share as "62.1%", an interval's open end as "-". */
static const char *pct(double v, char *buf, size_t size)
{
	if (isnan(v) || isinf(v))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.1f%%", 100 * v);
	return buf;
}

static const char *ratio(double v, char *buf, size_t size)
{
	if (isnan(v) || isinf(v))
		snprintf(buf, size, "inf");
	else
		snprintf(buf, size, "%.2f", v);
	return buf;
}

/* What a cause never seen says: "none counted", "none seen busy", "never changed". */
static const char *none_seen(int k)
{
	return k == CAUSE_SIBLING ? "none seen busy" : k == CAUSE_CLOCKSOURCE ? "never changed" :
	       "none counted";
}

void why_report_cause(char *buf, size_t size, const struct causes *c, int cpu, int k,
		      const struct cause_result *r)
{
	char a[16], b[16], x[16], y[16], z[16], w[16];

	switch (r->state) {
	case CAUSE_NOT_MEASURED:
		snprintf(buf, size, "not measured: %s", causes_why(c, cpu, k));
		return;
	case CAUSE_NONE_SEEN:
		snprintf(buf, size, "%s", none_seen(k));
		return;
	case CAUSE_ALWAYS:
		snprintf(buf, size, "in every one of %llu periods: nothing to compare with",
			 (unsigned long long)r->with);
		return;
	default:
		break;
	}
	snprintf(buf, size, "%-12s %6s [%s, %s]  noise x%s [%s, %s] in %llu of %llu periods",
		 cause_state_name(r->state), pct(r->share, a, sizeof(a)),
		 pct(r->share_lo, b, sizeof(b)), pct(r->share_hi, x, sizeof(x)),
		 ratio(r->ratio, y, sizeof(y)), ratio(r->ratio_lo, z, sizeof(z)),
		 ratio(r->ratio_hi, w, sizeof(w)), (unsigned long long)r->with,
		 (unsigned long long)(r->with + r->without));
}

bool why_report_largest(char *buf, size_t size, const struct cause_answer *a, int k)
{
	const struct cause_result *r = &a->c[k];
	char s[16], lo[16], hi[16], q[16], qlo[16], qhi[16];

	buf[0] = 0;
	if (r->max_state != CAUSE_CREDITED)
		return false;
	snprintf(buf, size, "%-12s %6s [%s, %s]  max single >= %.0f us x%s [%s, %s] in %llu of %llu "
		 "periods", "largest", pct(r->max_share, s, sizeof(s)),
		 pct(r->max_share_lo, lo, sizeof(lo)), pct(r->max_share_hi, hi, sizeof(hi)), a->level,
		 ratio(r->max_ratio, q, sizeof(q)), ratio(r->max_ratio_lo, qlo, sizeof(qlo)),
		 ratio(r->max_ratio_hi, qhi, sizeof(qhi)), (unsigned long long)r->max_with,
		 (unsigned long long)a->reach);
	return true;
}

bool why_report_fdr(char *buf, size_t size, const struct cause_answer *a)
{
	int n = snprintf(buf, size, "not credited: within the false discovery rate (%.0f%%) over "
			 "%llu judgements:", 100 * VERDICT_FDR, (unsigned long long)a->family);
	int found = 0;

	for (int k = 0; k < CAUSE_N && n >= 0 && (size_t)n < size; k++) {
		bool noise = a->c[k].state == CAUSE_WITHIN_FDR;
		bool big = a->c[k].max_state == CAUSE_WITHIN_FDR;

		if (!noise && !big)
			continue;
		n += snprintf(buf + n, size - (size_t)n, "%s %s%s", found++ ? "," : "",
			      cause_name(k), !big ? "" : noise ? " (and largest)" : " (largest)");
	}
	if (!found)
		buf[0] = 0;
	return found > 0;
}

/* Whether a cause of a is credited on the largest single noises. */
static bool largest_credited(const struct cause_answer *a)
{
	for (int k = 0; k < CAUSE_N; k++)
		if (a->c[k].max_state == CAUSE_CREDITED)
			return true;
	return false;
}

bool why_report_nmi_time(char *buf, size_t size, const struct causes *c,
			 const struct cause_result *nmi)
{
	char a[16];

	buf[0] = 0;
	if (nmi->timed)
		snprintf(buf, size, "%.0f us measured, %s of the noise (%llu periods)", nmi->time_us,
			 pct(nmi->time_share, a, sizeof(a)), (unsigned long long)nmi->timed_periods);
	else if (nmi->with)
		snprintf(buf, size, "not measured (%s)", causes_why_nmi_time(c));
	return buf[0] != 0;
}

static void cpu_block(FILE *out, const struct causes *c, int cpu, const struct cause_answer *a)
{
	char u[16], lo[16], hi[16], t[320];

	fprintf(out, "CPU %d: %llu periods, %.0f us of noise; %s%s\n", cpu,
		(unsigned long long)a->periods, a->noise, a->lead < 0 ? "no cause credited" :
		"leading cause: ", a->lead < 0 ? "" : cause_name(a->lead));
	for (int k = 0; k < CAUSE_N; k++) {
		char text[256];

		why_report_cause(text, sizeof(text), c, cpu, k, &a->c[k]);
		fprintf(out, "  %-12s %s\n", cause_name(k), text);
		if (why_report_largest(text, sizeof(text), a, k))
			fprintf(out, "  %-12s %s\n", "", text);
		if (k == CAUSE_NMI && why_report_nmi_time(t, sizeof(t), c, &a->c[k]))
			fprintf(out, "  %-12s %s\n", "NMI time", t);
	}
	fprintf(out, "  %-12s %-12s %6s [%s, %s]%s\n", "unexplained", "",
		pct(a->unexplained, u, sizeof(u)), pct(a->unexplained_lo, lo, sizeof(lo)),
		pct(a->unexplained_hi, hi, sizeof(hi)),
		a->overlap ? "  (credited causes came together: shares overlap)" : "");
	if (largest_credited(a))
		fprintf(out, "  %-12s %-12s %6s [%s, %s]  of the %llu periods whose max single >= "
			"%.0f us%s\n", "unexplained", "largest", pct(a->max_unexplained, u, sizeof(u)),
			pct(a->max_unexplained_lo, lo, sizeof(lo)),
			pct(a->max_unexplained_hi, hi, sizeof(hi)), (unsigned long long)a->reach,
			a->level, a->max_overlap ? " (shares overlap)" : "");
	if (why_report_fdr(t, sizeof(t), a))
		fprintf(out, "  %s\n", t);
	if (a->lead >= 0)
		fprintf(out, "  try: %s\n", cause_advice(a->lead));
}

void why_report_text(FILE *out, const struct causes *c, const struct cpuset *rows)
{
	struct cause_answer a;
	int cpu;

	if (!c)
		return;
	fprintf(out, "\nWhy: each CPU's noise put down to its causes (95%% intervals; a cause is "
		"credited\nonly when the noise per second is higher with it than without):\n");
	cpuset_for_each(cpu, rows)
		if (causes_answer(c, cpu, &a))
			cpu_block(out, c, cpu, &a);
}

static void json_share(struct json *j, const char *key, double v, double lo, double hi)
{
	char t[32];

	json_object(j, key);
	snprintf(t, sizeof(t), "%.4f", v);
	json_number(j, "share", t);
	snprintf(t, sizeof(t), "%.4f", lo);
	json_number(j, "lo", t);
	snprintf(t, sizeof(t), "%.4f", hi);
	json_number(j, "hi", t);
	json_end(j);
}

/* A figure's comparison: the share explained ("explained") and the ratio, prefixed ("noise_ratio"). */
static void json_compared(struct json *j, const char *explained, const char *ratio, double share,
			  double share_lo, double share_hi, double r, double r_lo, double r_hi)
{
	char key[48], t[32];

	json_share(j, explained, share, share_lo, share_hi);
	snprintf(t, sizeof(t), "%.4f", r);
	json_number(j, ratio, t);
	snprintf(key, sizeof(key), "%s_lo", ratio);
	snprintf(t, sizeof(t), "%.4f", r_lo);
	json_number(j, key, t);
	snprintf(key, sizeof(key), "%s_hi", ratio);
	snprintf(t, sizeof(t), "%.4f", r_hi);
	json_number(j, key, t);	/* inf: null */
}

/* A cause on the largest single noises: its state, its share and ratio where it was compared. */
static void json_largest(struct json *j, const struct cause_result *r)
{
	json_string(j, "max_single_state", cause_state_key(r->max_state));
	if (!cause_compared(r->max_state))
		return;
	json_u64(j, "max_single_periods_with", r->max_with);
	json_compared(j, "max_single_explained", "max_single_ratio", r->max_share, r->max_share_lo,
		      r->max_share_hi, r->max_ratio, r->max_ratio_lo, r->max_ratio_hi);
}

static void json_cause(struct json *j, const struct causes *c, int cpu, int k,
		       const struct cause_result *r)
{
	json_object(j, cause_key(k));
	json_string(j, "state", cause_state_key(r->state));
	if (r->state == CAUSE_NOT_MEASURED)
		json_string(j, "why", causes_why(c, cpu, k));
	json_u64(j, "periods_with", r->with);
	json_u64(j, "periods_without", r->without);
	if (cause_compared(r->state))
		json_compared(j, "explained", "noise_ratio", r->share, r->share_lo, r->share_hi,
			      r->ratio, r->ratio_lo, r->ratio_hi);
	json_largest(j, r);
	json_end(j);
}

/* The NMI time measured: its figures, or null and why not. */
static void json_nmi_time(struct json *j, const struct causes *c, const struct cause_result *r)
{
	char t[32];

	if (r->timed) {
		snprintf(t, sizeof(t), "%.3f", r->time_us);
		json_number(j, "nmi_time_us", t);
		snprintf(t, sizeof(t), "%.4f", r->time_share);
		json_number(j, "nmi_time_share", t);
	} else {
		json_null(j, "nmi_time_us");
		json_null(j, "nmi_time_share");
		json_string(j, "nmi_time_why", causes_why_nmi_time(c));
	}
	json_u64(j, "nmi_time_periods", r->timed_periods);
}

void why_report_json(struct json *j, const struct causes *c, const struct cpuset *rows)
{
	struct cause_answer a;
	char key[16];
	int cpu;

	if (!c) {
		json_null(j, "why");
		return;
	}
	json_object(j, "why");
	cpuset_for_each(cpu, rows) {
		if (!causes_answer(c, cpu, &a))
			continue;
		snprintf(key, sizeof(key), "%d", cpu);
		json_object(j, key);
		json_u64(j, "periods", a.periods);
		json_u64(j, "noise_us", (uint64_t)llround(a.noise));
		json_nmi_time(j, c, &a.c[CAUSE_NMI]);
		json_string(j, "lead", a.lead < 0 ? NULL : cause_key(a.lead));
		json_object(j, "causes");
		for (int k = 0; k < CAUSE_N; k++)
			json_cause(j, c, cpu, k, &a.c[k]);
		json_end(j);
		json_share(j, "unexplained", a.unexplained, a.unexplained_lo, a.unexplained_hi);
		json_bool(j, "overlap", a.overlap);
		json_u64(j, "max_single_level_us", (uint64_t)a.level);
		json_u64(j, "max_single_periods", a.reach);
		json_share(j, "max_single_unexplained", a.max_unexplained, a.max_unexplained_lo,
			   a.max_unexplained_hi);
		json_bool(j, "max_single_overlap", a.max_overlap);
		json_u64(j, "judgements", a.family);
		json_end(j);
	}
	json_end(j);
}

const char *why_report_lead(const struct causes *c, int cpu)
{
	static const char *const short_name[CAUSE_N] = { "SMI", "NMI", "SMT", "steal", "therm",
							  "TSCwd", "clock" };
	struct cause_answer a;

	if (!c)
		return "";
	if (!causes_answer(c, cpu, &a) || a.lead < 0)
		return "-";
	return short_name[a.lead];
}

/* r's share on a figure as its own run shows it. */
static double share_shown(const struct cause_result *r, bool largest, double *lo, double *hi)
{
	*lo = largest ? r->max_share_lo : r->share_lo;
	*hi = largest ? r->max_share_hi : r->share_hi;
	return cause_state_on(r, largest) == CAUSE_NONE_SEEN ? 0 : largest ? r->max_share : r->share;
}

/* One side's share as the text says it: "62.0% [40.1%, 80.2%]", "0 (none counted)". */
static void side(char *buf, size_t size, const struct cause_result *r, int k, bool largest)
{
	char a[16], b[16], c[16];
	double lo, hi, v = share_shown(r, largest, &lo, &hi);

	if (cause_state_on(r, largest) == CAUSE_NONE_SEEN)
		snprintf(buf, size, "0 (%s)", none_seen(k));
	else
		snprintf(buf, size, "%s [%s, %s] %s", pct(v, a, sizeof(a)), pct(lo, b, sizeof(b)),
			 pct(hi, c, sizeof(c)), cause_state_name(cause_state_on(r, largest)));
}

int why_report_moved(const struct causes *a, const struct causes *b, int ncpus,
		     struct why_moved *m, int max)
{
	struct cause_answer x, y;
	int n = 0;

	for (int cpu = 0; a && b && cpu < ncpus; cpu++) {
		if (!causes_answer(a, cpu, &x) || !causes_answer(b, cpu, &y))
			continue;
		for (int k = 0; k < CAUSE_N; k++)
			for (int f = 0; f < 2; f++) {
				if (!cause_moved(&x, &y, k, f))
					continue;
				if (n < max)
					m[n] = (struct why_moved){ cpu, k, f, x.c[k], y.c[k] };
				n++;
			}
	}
	return n;
}

void why_report_moved_text(FILE *out, const struct causes *a, const struct causes *b, int ncpus,
			   const char *la, const char *lb)
{
	struct why_moved m[WHY_MOVED_SHOWN];
	int n;

	if (!a && !b)
		return;
	if (!a || !b) {
		fprintf(out, "\nCauses: only %s has them (%s was recorded without --why)\n",
			a ? la : lb, a ? lb : la);
		return;
	}
	n = why_report_moved(a, b, ncpus, m, WHY_MOVED_SHOWN);
	fprintf(out, "\nCauses, %s -> %s (each cause's share of the noise, and of the largest\n"
		"single noises, 95%% intervals; moved: the intervals do not meet and a side\n"
		"credits it): %s\n", la, lb, n ? "" : "no cause moved");
	for (int i = 0; i < n && i < WHY_MOVED_SHOWN; i++) {
		char sa[80], sb[80];

		side(sa, sizeof(sa), &m[i].a, m[i].cause, m[i].largest);
		side(sb, sizeof(sb), &m[i].b, m[i].cause, m[i].largest);
		fprintf(out, "  CPU %-4d %-12s %s%s -> %s\n", m[i].cpu, cause_name(m[i].cause),
			m[i].largest ? "largest " : "", sa, sb);
	}
	if (n > WHY_MOVED_SHOWN)
		fprintf(out, "  and %d more\n", n - WHY_MOVED_SHOWN);
}

/* A side's share as the JSON has it: "0.6200", none seen 0. */
static void json_side(struct json *j, const char *key, const struct cause_result *r,
		      bool largest)
{
	double lo, hi;
	char t[32];

	snprintf(t, sizeof(t), "%.4f", share_shown(r, largest, &lo, &hi));
	json_number(j, key, t);
}

void why_report_moved_array(struct json *j, const char *key, const struct causes *a,
			    const struct causes *b, int ncpus)
{
	int n = a && b ? why_report_moved(a, b, ncpus, NULL, 0) : 0;
	struct why_moved *m = n ? malloc((size_t)n * sizeof(*m)) : NULL;

	if (m)
		why_report_moved(a, b, ncpus, m, n);
	json_array(j, key);
	for (int i = 0; m && i < n; i++) {
		json_object(j, NULL);
		json_int(j, "cpu", m[i].cpu);
		json_string(j, "cause", cause_key(m[i].cause));
		json_string(j, "figure", m[i].largest ? "max_single" : "noise");
		json_string(j, "a", cause_state_key(cause_state_on(&m[i].a, m[i].largest)));
		json_side(j, "a_share", &m[i].a, m[i].largest);
		json_string(j, "b", cause_state_key(cause_state_on(&m[i].b, m[i].largest)));
		json_side(j, "b_share", &m[i].b, m[i].largest);
		json_end(j);
	}
	json_end(j);
	free(m);
}

void why_report_moved_json(FILE *out, const struct causes *a, const struct causes *b, int ncpus)
{
	struct json j;

	if (!a || !b) {
		fputs(",\"causes_moved\":null", out);
		return;
	}
	fputs(",\"causes_moved\":", out);
	json_init(&j, out);
	why_report_moved_array(&j, NULL, a, b, ncpus);
}
