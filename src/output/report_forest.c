/*
 * report_forest: see report_forest.h.  The plot's scale is linear in
 * percent of change, symmetric, wide enough for the margin and every
 * finite interval up to +-400%; an interval reaching past it (or open)
 * ends in an arrow at the edge.
 */
#include "report_forest.h"

#include <math.h>
#include <string.h>

#include "html.h"

static const struct {
	enum verdict_fig f;
	const char *name, *label;	/* in words; on a row of the plot */
} figs[] = {
	{ VF_NOISE, "noise per s of runtime", "noise/s" }, { VF_AVAIL, "% CPU available", "% avail" },
	{ VF_HW, "HW per s", "HW/s" }, { VF_NMI, "NMI per s", "NMI/s" }, { VF_SMI, "SMI per s", "SMI/s" },
	{ VF_MAXS, "max single", "max single" },
};
#define NFIGS (int)(sizeof(figs) / sizeof(figs[0]))

#define ROW_H 14
#define LABEL_W 110
#define PLOT_W 420
#define RANGE_MAX 400.0

int report_forest_figs(bool smi)
{
	return smi ? NFIGS : NFIGS - 1;
}

static const char *kind_class(enum verdict_kind k)
{
	static const char *const c[] = { "better", "worse", "same", "undecided", "nc" };

	return c[k];
}

/* "+12.3%", or "open" for an interval without that end. */
static void pct(char *buf, size_t len, double v)
{
	if (isnan(v) || isinf(v))
		snprintf(buf, len, "open");
	else
		snprintf(buf, len, "%+.1f%%", v);
}

/* "worse, +35.2% (95% interval +20.1% to +50.3%)" or "undecided: too few periods". */
static void words(const struct verdict *v, char *buf, size_t len)
{
	char c[24], lo[24], hi[24];

	pct(c, sizeof(c), v->change_pct);
	pct(lo, sizeof(lo), v->lo_pct);
	pct(hi, sizeof(hi), v->hi_pct);
	if (v->ci)
		snprintf(buf, len, "%s, %s (95%% interval %s to %s)%s%s", verdict_kind_name(v->kind),
			 c, lo, hi, v->why != VW_NONE ? ": " : "", verdict_why_name(v->why));
	else
		snprintf(buf, len, "%s%s%s, change %s", verdict_kind_name(v->kind),
			 v->why != VW_NONE ? ": " : "", verdict_why_name(v->why), c);
}

static double range_of(const struct compare_table_row *rows, const bool *has, int n, double margin,
		       bool smi)
{
	double r = margin * 200;

	for (int i = 0; i < n; i++)
		for (int k = 0; has[i] && k < NFIGS; k++) {
			const struct verdict *v = &rows[i].v[figs[k].f];

			if (!smi && figs[k].f == VF_SMI)
				continue;
			if (v->ci && isfinite(v->lo_pct) && fabs(v->lo_pct) > r)
				r = fabs(v->lo_pct);
			if (v->ci && isfinite(v->hi_pct) && fabs(v->hi_pct) > r)
				r = fabs(v->hi_pct);
		}
	return r > RANGE_MAX ? RANGE_MAX : ceil(r / 10) * 10;
}

static double xof(double p, double r)
{
	if (!isfinite(p))
		p = p < 0 ? -r : r;
	if (p < -r)
		p = -r;
	if (p > r)
		p = r;
	return LABEL_W + (p + r) / (2 * r) * PLOT_W;
}

/*
 * One row: its title (the verdict in words, with compare's mark), its
 * label, the interval and the change.  Short: 1024 CPUs make 5125 rows.
 */
static void row_svg(FILE *out, int cpu, int k, const struct verdict *v, int y, double r)
{
	char w[200];

	words(v, w, sizeof(w));
	fprintf(out, "<g class=\"fr %s\" data-cpu=\"%d\" transform=\"translate(0,%d)\"><title>",
		kind_class(v->kind), cpu, y);
	if (cpu < 0)
		fprintf(out, "all CPUs, %s (%c): ", figs[k].name, verdict_kind_mark(v->kind));
	else
		fprintf(out, "CPU %d, %s (%c): ", cpu, figs[k].name, verdict_kind_mark(v->kind));
	html_put(out, w);
	if (cpu < 0)
		fprintf(out, "</title><text x=\"4\" y=\"11\">all %s</text>", figs[k].label);
	else
		fprintf(out, "</title><text x=\"4\" y=\"11\">%d %s</text>", cpu, figs[k].label);
	if (v->ci)
		fprintf(out, "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"7\" y2=\"7\"/>", xof(v->lo_pct, r),
			xof(v->hi_pct, r));
	if (isfinite(v->change_pct))
		fprintf(out, "<circle cx=\"%.0f\" cy=\"7\" r=\"3\"/>", xof(v->change_pct, r));
	fprintf(out, "<text x=\"%d\" y=\"11\">%c</text></g>\n", LABEL_W + PLOT_W + 8,
		verdict_kind_mark(v->kind));
}

/* The verdicts of the CPUs together in words, then the CPUs that moved. */
static void summary(FILE *out, const struct compare_table_row *rows, const bool *has, int n, bool smi)
{
	char w[200];
	int moved = 0;

	fprintf(out, "<ul class=\"verdicts\">\n");
	for (int k = 0; has[0] && k < NFIGS; k++) {
		if (!smi && figs[k].f == VF_SMI)
			continue;
		words(&rows[0].v[figs[k].f], w, sizeof(w));
		fprintf(out, "<li>All CPUs, %s: <b>", figs[k].name);
		html_put(out, w);
		fprintf(out, "</b></li>\n");
	}
	fprintf(out, "</ul>\n<p>");
	for (int i = 1; i < n; i++)
		for (int k = 0; has[i] && k < NFIGS; k++) {
			enum verdict_kind kd = rows[i].v[figs[k].f].kind;

			if (kd != VK_BETTER && kd != VK_WORSE)
				continue;
			fprintf(out, "%sCPU %d %s %s", moved++ ? "; " : "CPUs that changed: ", i - 1,
				figs[k].name, verdict_kind_name(kd));
		}
	fprintf(out, "%s</p>\n", moved ? "." : "No single CPU's figure changed beyond chance.");
}

static void marker_name(FILE *out, const struct markers *ms, unsigned k)
{
	char clock[32];

	if (k == 0 || k > ms->n) {
		fprintf(out, "the start");
		return;
	}
	for (unsigned i = 0; i < ms->n; i++)
		if (ms->m[i].num == k) {
			fprintf(out, "marker %u at %s (", k,
				markers_clock(ms->m[i].t_ms, clock, sizeof(clock)));
			html_put(out, ms->m[i].text);
			fprintf(out, ")");
			return;
		}
	fprintf(out, "marker %u", k);
}

/* Whether a CPU's row (rows[i]) has a figure better or worse. */
static bool moved(const struct compare_table_row *row, bool smi)
{
	for (int k = 0; k < NFIGS; k++)
		if ((smi || figs[k].f != VF_SMI) &&
		    (row->v[figs[k].f].kind == VK_BETTER || row->v[figs[k].f].kind == VK_WORSE))
			return true;
	return false;
}

void report_forest(FILE *out, const struct markers *ms, unsigned ka, unsigned kb,
		   const struct compare_table_row *rows, const bool *has, int n,
		   const struct cmptable_opts *o, unsigned *budget)
{
	double r = range_of(rows, has, n, o->margin, o->smi);
	int per = report_forest_figs(o->smi), all = 0, drawn = 0, y = 22;
	bool full;

	for (int i = 0; i < n; i++)
		all += has[i];
	full = (unsigned)(all * per) <= *budget;
	for (int i = 0; i < n; i++)
		drawn += has[i] && (full || i == 0 || moved(&rows[i], o->smi));
	*budget -= (unsigned)(drawn * per) < *budget ? (unsigned)(drawn * per) : *budget;
	fprintf(out, "<section class=\"pair\" data-before=\"%u\" data-after=\"%u\">\n<h3>After ", ka, kb);
	marker_name(out, ms, kb);
	fprintf(out, " against before it, from ");
	marker_name(out, ms, ka);
	fprintf(out, "</h3>\n");
	summary(out, rows, has, n, o->smi);
	if (!full)
		fprintf(out, "<p>Drawn: all CPUs and the %d CPUs with a figure better or worse; the "
			"other %d CPUs' rows are left out (no change or undecided), to keep the page "
			"small.</p>\n", drawn - 1, all - drawn);
	fprintf(out, "<svg class=\"forest\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"forest "
		"plot\">\n<rect class=\"band\" x=\"%.1f\" y=\"16\" width=\"%.1f\" height=\"%d\"/>"
		"<line class=\"zero\" x1=\"%.1f\" x2=\"%.1f\" y1=\"16\" y2=\"%d\"/>\n"
		"<text x=\"%d\" y=\"12\">%+.0f%%</text><text x=\"%.1f\" y=\"12\">0</text>"
		"<text x=\"%d\" y=\"12\" text-anchor=\"end\">%+.0f%%</text>\n",
		LABEL_W + PLOT_W + 24, drawn * per * ROW_H + 26, xof(-o->margin * 100, r),
		xof(o->margin * 100, r) - xof(-o->margin * 100, r), drawn * per * ROW_H + 6,
		xof(0, r), xof(0, r), drawn * per * ROW_H + 22, LABEL_W, -r, xof(0, r) - 3,
		LABEL_W + PLOT_W, r);
	for (int i = 0; i < n; i++)
		for (int k = 0; has[i] && (full || i == 0 || moved(&rows[i], o->smi)) && k < NFIGS;
		     k++) {
			if (!o->smi && figs[k].f == VF_SMI)
				continue;
			row_svg(out, i - 1, k, &rows[i].v[figs[k].f], y, r);
			y += ROW_H;
		}
	fprintf(out, "</svg>\n</section>\n");
}
