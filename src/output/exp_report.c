/*
 * exp_report: see exp_report.h.
 */
#include "exp_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpuset.h"
#include "exp_causes.h"
#include "json.h"
#include "sysknobs.h"
#include "why_report.h"

static const enum verdict_fig figs[] = { VF_NOISE, VF_AVAIL, VF_HW, VF_NMI, VF_SMI, VF_MAXS };
static const char *const fig_title[] = { "noise us/s", "% CPU available", "HW/s", "NMI/s",
					 "SMI/s", "p99 single us" };
#define NFIGS (sizeof(figs) / sizeof(figs[0]))

void exp_run_total(const struct exp_run *r, struct exp_cpu *all)
{
	exp_cpu_init(all);
	for (int cpu = 0; cpu < r->ncpus; cpu++)
		if (exp_cpu_both(&r->cpu[cpu], &r->d, r->done))
			exp_cpu_pool(all, &r->cpu[cpu]);
}

/*
 * Every verdict of one experiment's tables: v[cpu * NFIGS + f] for each
 * CPU measured in both states, v[ncpus * NFIGS + f] for all of them, the
 * false discovery rate held over them all (verdict_adjust()), as compare
 * does.  NULL without memory.
 */
static struct verdict *run_verdicts(const struct exp_run *r, const struct exp_cpu *all)
{
	size_t n = ((size_t)r->ncpus + 1) * NFIGS, m = 0;
	struct verdict *v = calloc(n, sizeof(*v));
	struct verdict **p = calloc(n, sizeof(*p));

	for (int cpu = 0; v && p && cpu <= r->ncpus; cpu++) {
		const struct exp_cpu *c = cpu < r->ncpus ? &r->cpu[cpu] : all;

		if (cpu < r->ncpus && !exp_cpu_both(c, &r->d, r->done))
			continue;
		for (size_t f = 0; f < NFIGS; f++) {
			exp_cpu_verdict(c, &r->d, r->done, figs[f], &v[(size_t)cpu * NFIGS + f]);
			p[m++] = &v[(size_t)cpu * NFIGS + f];
		}
	}
	if (v && p)
		verdict_adjust(p, m, VERDICT_FDR);
	free(p);
	if (!p) {
		free(v);
		return NULL;
	}
	return v;
}

/* The verdict of figure f of cpu (ncpus: all) in v of run_verdicts(). */
static const struct verdict *vof(const struct verdict *v, int cpu, enum verdict_fig f)
{
	for (size_t i = 0; i < NFIGS; i++)
		if (figs[i] == f)
			return &v[(size_t)cpu * NFIGS + i];
	return &v[(size_t)cpu * NFIGS];
}

static void pct(char *buf, size_t len, double x)
{
	if (isnan(x))
		snprintf(buf, len, "new");
	else if (isinf(x))
		snprintf(buf, len, "%s", x > 0 ? "+inf" : "-inf");
	else
		snprintf(buf, len, "%+.0f%%", x);
}

/* "-43% [-51%, -35%]" */
static void change(char *buf, size_t len, const struct verdict *v)
{
	char c[16], lo[16], hi[16];

	pct(c, sizeof(c), v->change_pct);
	if (!v->ci) {
		snprintf(buf, len, "%s", c);
		return;
	}
	pct(lo, sizeof(lo), v->lo_pct);
	pct(hi, sizeof(hi), v->hi_pct);
	snprintf(buf, len, "%s [%s, %s]", c, lo, hi);
}

static void row(FILE *out, const char *label, const struct exp_cpu *c, const struct exp_run *r,
		const struct verdict *noise, const struct verdict *hw)
{
	char ch[64];

	change(ch, sizeof(ch), noise);
	fprintf(out, "%-4s %9.1f %9.1f  %-22s %-10s", label, noise->a, noise->b, ch,
		verdict_kind_name(noise->kind));
	change(ch, sizeof(ch), hw);
	fprintf(out, " %8.2f %8.2f  %-22s %-10s", hw->a, hw->b, ch, verdict_kind_name(hw->kind));
	fprintf(out, " %2u/%-2u %6llu/%-6llu %5llu\n", exp_cpu_blocks(c, &r->d, r->done, EXP_A),
		exp_cpu_blocks(c, &r->d, r->done, EXP_B),
		(unsigned long long)exp_cpu_periods(c, &r->d, r->done, EXP_A),
		(unsigned long long)exp_cpu_periods(c, &r->d, r->done, EXP_B),
		(unsigned long long)exp_cpu_settled(c, r->done));
}

/* CPUs with periods but not in both states: "1,3". */
static void left_out(const struct exp_run *r, char *buf, size_t len)
{
	struct cpuset set;

	cpuset_clear(&set);
	for (int cpu = 0; cpu < r->ncpus; cpu++) {
		const struct exp_cpu *c = &r->cpu[cpu];

		if (!exp_cpu_both(c, &r->d, r->done) &&
		    exp_cpu_periods(c, &r->d, r->done, EXP_A) + exp_cpu_periods(c, &r->d, r->done, EXP_B))
			cpuset_add(&set, cpu);
	}
	if (cpuset_empty(&set))
		buf[0] = '\0';
	else
		cpuset_format(&set, buf, len);
}

static void what(const struct exp_run *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s %s", r->name, r->b);
}

/* The knob's line: "SMT off: noise ... : undecided: too few blocks: ..." */
static void knob_line(const struct exp_run *r, const struct exp_cpu *all, const struct verdict *v,
		      char *buf, size_t len)
{
	char w[160], why[256];
	size_t at;

	what(r, w, sizeof(w));
	exp_summary_line(w, v, buf, len);
	exp_undecided_why(r, all, v, why, sizeof(why));
	at = strlen(buf);
	if (why[0] && at < len)
		snprintf(buf + at, len - at, ": %s", why);
}

/* The blocks not counted as designed, and a condition that changed, a line each. */
static void blocks_said(FILE *out, const struct exp_run *r)
{
	char line[256];

	for (unsigned k = 0; k < r->d.n; k++)
		if (exp_block_text(r, k, line, sizeof(line)))
			fprintf(out, "%s\n", line);
	if (r->change_block)
		fprintf(out, "conditions changed in block %u: %s: the experiment stopped, "
			"the blocks before it are counted\n", r->change_block, r->change);
}

/* The arms' names: "A (SMT on)", "B (SMT off)". */
static void arm_names(const struct exp_run *r, char *a, char *b, size_t len)
{
	snprintf(a, len, "A (%s %s)", r->name, r->a);
	snprintf(b, len, "B (%s %s)", r->name, r->b);
}

/* With --why: the causes that moved from arm A to arm B, each CPU measured in both. */
static void causes_moved(FILE *out, const struct exp_run *r, const struct exp_causes *why)
{
	char a[160], b[160];

	if (!why)
		return;
	arm_names(r, a, b, sizeof(a));
	why_report_moved_text(out, exp_causes_arm(why, EXP_A), exp_causes_arm(why, EXP_B),
			      exp_causes_ncpus(why), a, b);
}

static void table(FILE *out, const struct exp_run *r, const struct exp_causes *why)
{
	char order[EXP_MAX_BLOCKS + 1], out_cpus[256], keep[512];
	struct exp_cpu *all = malloc(sizeof(*all));
	struct verdict *v;

	if (!all)
		return;
	exp_run_total(r, all);
	v = run_verdicts(r, all);
	if (!v) {
		free(all);
		return;
	}
	exp_design_order(&r->d, order, sizeof(order));
	fprintf(out, "%s: A %s, B %s; %u blocks %s (%s) of %llu s after %llu s settling; %u done, "
		"%u switches%s%s\n", r->name, r->a, r->b, r->d.n, order,
		r->d.randomized ? "randomized" : "ABBA", (unsigned long long)(r->d.block_ns / 1000000000ULL),
		(unsigned long long)(r->d.settle_ns / 1000000000ULL), r->done, r->switches,
		r->cut[0] ? "; cut: " : "", r->cut);
	fprintf(out, "%-4s %9s %9s  %-22s %-10s %8s %8s  %-22s %-10s %5s %13s %5s\n", "CPU",
		"noise A", "noise B", "change [95%]", "verdict", "HW/s A", "HW/s B", "change [95%]",
		"verdict", "blk", "periods A/B", "settle");
	for (int cpu = 0; cpu < r->ncpus; cpu++) {
		char label[16];

		if (!exp_cpu_both(&r->cpu[cpu], &r->d, r->done))
			continue;
		snprintf(label, sizeof(label), "%d", cpu);
		row(out, label, &r->cpu[cpu], r, vof(v, cpu, VF_NOISE), vof(v, cpu, VF_HW));
	}
	row(out, "all", all, r, vof(v, r->ncpus, VF_NOISE), vof(v, r->ncpus, VF_HW));
	for (size_t f = 0; f < NFIGS; f++) {
		const struct verdict *w = &v[(size_t)r->ncpus * NFIGS + f];
		char ch[64];

		change(ch, sizeof(ch), w);
		fprintf(out, "  all CPUs, %-16s A %10.2f  B %10.2f  %-22s %s\n", fig_title[f], w->a,
			w->b, ch, verdict_kind_name(w->kind));
	}
	left_out(r, out_cpus, sizeof(out_cpus));
	if (out_cpus[0])
		fprintf(out, "left out: CPUs %s (not measured in both states, e.g. offline with %s "
			"%s)\n", out_cpus, r->name, r->b);
	blocks_said(out, r);
	if (vof(v, r->ncpus, VF_NOISE)->kind == VK_BETTER) {
		sysknobs_keep_text(r->knob, r->b, keep, sizeof(keep));
		fprintf(out, "to keep %s %s after a reboot: %s\n", r->name, r->b, keep);
	}
	causes_moved(out, r, why);
	fputc('\n', out);
	free(v);
	free(all);
}

struct ranked {
	const struct exp_run *r;
	struct verdict v;
	char line[512];		/* the knob's line */
};

static int by_change(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	double ca = isfinite(a->v.change_pct) ? a->v.change_pct : 1e300;
	double cb = isfinite(b->v.change_pct) ? b->v.change_pct : 1e300;

	return ca < cb ? -1 : ca > cb;
}

/* The runs that began, by their all-CPUs noise change, the largest cut first. */
static int rank(const struct exp_run *runs, int n, struct ranked *rk)
{
	struct exp_cpu *all = malloc(sizeof(*all));
	int k = 0;

	if (!all)
		return 0;
	for (int i = 0; i < n; i++) {
		if (!runs[i].ran)
			continue;
		struct verdict *v;

		exp_run_total(&runs[i], all);
		rk[k].r = &runs[i];
		v = run_verdicts(&runs[i], all);
		if (!v)
			break;
		rk[k].v = *vof(v, runs[i].ncpus, VF_NOISE);
		free(v);
		knob_line(&runs[i], all, &rk[k].v, rk[k].line, sizeof(rk[k].line));
		k++;
	}
	free(all);
	qsort(rk, (size_t)k, sizeof(*rk), by_change);
	return k;
}

void exp_report_text(FILE *out, const struct exp_run *runs, const struct exp_causes *const *why,
		     int n)
{
	struct ranked *rk = calloc((size_t)n + 1, sizeof(*rk));
	int k;

	if (!rk)
		return;
	for (int i = 0; i < n; i++)
		if (runs[i].ran)
			table(out, &runs[i], why ? why[i] : NULL);
	k = rank(runs, n, rk);
	for (int i = 0; i < k; i++)
		fprintf(out, "%s%s\n", rk[i].line, rk[i].r->cut[0] ? " (cut)" : "");
	free(rk);
}

static void json_fig(struct json *j, const char *key, double x)
{
	char buf[32];

	if (!isfinite(x)) {
		json_null(j, key);
		return;
	}
	snprintf(buf, sizeof(buf), "%.6g", x);
	json_number(j, key, buf);
}

/* One CPU's (or all's) blocks, periods and figures; vs: its verdicts, in figs[]'s order. */
static void json_cpu(struct json *j, const struct exp_cpu *c, const struct exp_run *r,
		     const struct verdict *vs)
{
	json_u64(j, "blocks_a", exp_cpu_blocks(c, &r->d, r->done, EXP_A));
	json_u64(j, "blocks_b", exp_cpu_blocks(c, &r->d, r->done, EXP_B));
	json_u64(j, "periods_a", exp_cpu_periods(c, &r->d, r->done, EXP_A));
	json_u64(j, "periods_b", exp_cpu_periods(c, &r->d, r->done, EXP_B));
	json_u64(j, "settle_periods", exp_cpu_settled(c, r->done));
	json_object(j, "figures");
	for (size_t f = 0; f < NFIGS; f++) {
		const struct verdict *v = &vs[f];

		json_object(j, verdict_fig_name(figs[f]));
		json_fig(j, "a", v->a);
		json_fig(j, "b", v->b);
		json_fig(j, "change_percent", v->change_pct);
		json_fig(j, "low_percent", v->ci ? v->lo_pct : NAN);
		json_fig(j, "high_percent", v->ci ? v->hi_pct : NAN);
		json_string(j, "verdict", verdict_kind_name(v->kind));
		if (v->kind == VK_UNDECIDED)
			json_string(j, "why", verdict_why_key(v->why));
		json_end(j);
	}
	json_end(j);
}

/* The blocks not counted as designed; the condition that changed. */
static void json_blocks(struct json *j, const struct exp_run *r)
{
	char line[256];

	json_array(j, "blocks_not_as_designed");
	for (unsigned k = 0; k < r->d.n; k++) {
		if (!exp_block_text(r, k, line, sizeof(line)))
			continue;
		json_object(j, NULL);
		json_u64(j, "block", k + 1);
		json_string(j, "side", r->d.side[k] == EXP_A ? "A" : "B");
		json_string(j, "fate", exp_fate_name(exp_block_fate(r, k)));
		json_fig(j, "counted_s", r->counted_ns[k] ? (double)r->counted_ns[k] / 1e9 : NAN);
		json_string(j, "text", line);
		json_end(j);
	}
	json_end(j);
	if (!r->change_block) {
		json_null(j, "conditions_changed");
		return;
	}
	json_object(j, "conditions_changed");
	json_u64(j, "block", r->change_block);
	json_string(j, "what", r->change);
	json_end(j);
}

static void json_run(struct json *j, const struct exp_run *r, const struct exp_causes *causes)
{
	char order[EXP_MAX_BLOCKS + 1], out_cpus[256], keep[512], line[512], why[256];
	struct exp_cpu *all = malloc(sizeof(*all));
	struct verdict *vs, v;

	if (!all)
		return;
	exp_run_total(r, all);
	vs = run_verdicts(r, all);
	if (!vs) {
		free(all);
		return;
	}
	exp_design_order(&r->d, order, sizeof(order));
	json_string(j, "knob", r->knob);
	json_string(j, "a", r->a);
	json_string(j, "b", r->b);
	json_string(j, "order", order);
	json_bool(j, "randomized", r->d.randomized);
	if (r->d.randomized)
		json_u64(j, "seed", r->d.seed);
	json_u64(j, "blocks", r->d.n);
	json_u64(j, "blocks_done", r->done);
	json_u64(j, "block_s", r->d.block_ns / 1000000000ULL);
	json_u64(j, "settle_s", r->d.settle_ns / 1000000000ULL);
	json_u64(j, "switches", r->switches);
	if (r->cut[0])
		json_string(j, "cut", r->cut);
	else
		json_null(j, "cut");
	json_array(j, "cpus");
	for (int cpu = 0; cpu < r->ncpus; cpu++) {
		if (!exp_cpu_both(&r->cpu[cpu], &r->d, r->done))
			continue;
		json_object(j, NULL);
		json_int(j, "cpu", cpu);
		json_cpu(j, &r->cpu[cpu], r, &vs[(size_t)cpu * NFIGS]);
		json_end(j);
	}
	json_end(j);
	left_out(r, out_cpus, sizeof(out_cpus));
	json_string(j, "left_out", out_cpus);
	json_object(j, "all");
	json_cpu(j, all, r, &vs[(size_t)r->ncpus * NFIGS]);
	json_end(j);
	json_blocks(j, r);
	v = *vof(vs, r->ncpus, VF_NOISE);
	knob_line(r, all, &v, line, sizeof(line));
	json_string(j, "summary", line);
	exp_undecided_why(r, all, &v, why, sizeof(why));
	if (why[0])
		json_string(j, "undecided_why", why);
	else
		json_null(j, "undecided_why");
	if (v.kind == VK_BETTER) {
		sysknobs_keep_text(r->knob, r->b, keep, sizeof(keep));
		json_string(j, "keep", keep);
	} else {
		json_null(j, "keep");
	}
	if (causes)
		why_report_moved_array(j, "causes_moved", exp_causes_arm(causes, EXP_A),
				       exp_causes_arm(causes, EXP_B), exp_causes_ncpus(causes));
	free(vs);
	free(all);
}

void exp_report_json(FILE *out, const struct exp_run *runs, const struct exp_causes *const *why,
		     int n)
{
	struct ranked *rk = calloc((size_t)n + 1, sizeof(*rk));
	struct json j;
	int k;

	if (!rk)
		return;
	json_init(&j, out);
	json_object(&j, NULL);
	json_array(&j, "experiments");
	for (int i = 0; i < n; i++) {
		if (!runs[i].ran)
			continue;
		json_object(&j, NULL);
		json_run(&j, &runs[i], why ? why[i] : NULL);
		json_end(&j);
	}
	json_end(&j);
	k = rank(runs, n, rk);
	json_array(&j, "ranking");
	for (int i = 0; i < k; i++)
		json_string(&j, NULL, rk[i].r->knob);
	json_end(&j);
	json_end(&j);
	fputc('\n', out);
	free(rk);
}
