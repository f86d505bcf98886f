/*
 * report_cpu: see report_cpu.h.  A chart is two panels of one SVG, noise
 * per second above and max single below, each scaled to its own largest
 * value; a stretch with no period breaks the line.
 */
#include "report_cpu.h"

#include <stdbool.h>
#include <stdlib.h>

#include "causes.h"
#include "hist_report.h"
#include "html.h"
#include "report.h"
#include "why_report.h"

#define X0 56
#define XW 570
#define PANEL_H 48
#define TOP_N 10
#define TOP_S 80

/* Point j of a CPU's line: the largest of its columns; periods 0 when none has a period. */
static void point(const struct heatgrid *g, int cpu, unsigned j, unsigned per,
		  struct heat_cell *m)
{
	*m = (struct heat_cell){ 0 };
	for (unsigned k = j * per; k < (j + 1) * per && k < g->ncols; k++) {
		const struct heat_cell *c = heatgrid_cell(g, cpu, k);

		if (!c->periods)
			continue;
		m->noise = c->noise > m->noise ? c->noise : m->noise;
		m->single = c->single > m->single ? c->single : m->single;
		m->periods += c->periods;
	}
}

/* One panel's line: single (true) or noise, scaled to max, from top. */
static void line(FILE *out, const struct heat_cell *pt, unsigned npts, bool single, uint32_t max,
		 int top, const char *cls)
{
	int pen = 0;	/* 0: lifted; 1: after a stretch's first point; 2: drawing */

	fprintf(out, "<path class=\"%s\" d=\"", cls);
	for (unsigned j = 0; j < npts; j++) {
		uint32_t v = single ? pt[j].single : pt[j].noise;

		if (!pt[j].periods) {
			pen = 0;
			continue;
		}
		/* a stretch's first point a dot (h0, round caps), so that one alone shows */
		fprintf(out, pen == 1 ? "L%.0f %.0f" : pen ? " %.0f %.0f" : "M%.0f %.0fh0",
			X0 + (npts > 1 ? (double)j * XW / (npts - 1) : 0),
			top + PANEL_H - (max ? (double)v * PANEL_H / max : 0));
		pen = pen ? 2 : 1;
	}
	fprintf(out, "\"/>\n");
}

/* CPU cpu's chart of its npts points pt, the largest maxn and maxs. */
static void chart(FILE *out, const struct report_data *d, int cpu, const struct heat_cell *pt,
		  unsigned npts, uint32_t maxn, uint32_t maxs)
{
	const struct heatgrid *g = &d->g;
	double span_s = (double)g->ncols * (double)g->col_ns / 1e9;

	fprintf(out, "<details class=\"cpu\" data-cpu=\"%d\"><summary>CPU %d: noise up to %u us per "
		"s, max single up to %u us</summary>\n<svg class=\"ts\" viewBox=\"0 0 640 140\" "
		"role=\"img\" aria-label=\"CPU %d over time\">\n", cpu, cpu, maxn, maxs, cpu);
	fprintf(out, "<text x=\"2\" y=\"%d\">%u us/s</text><text x=\"2\" y=\"%d\">noise</text>\n"
		"<text x=\"2\" y=\"%d\">%u us</text><text x=\"2\" y=\"%d\">single</text>\n",
		TOP_N + 8, maxn, TOP_N + 22, TOP_S + 8, maxs, TOP_S + 22);
	fprintf(out, "<line class=\"ax\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/><line class=\"ax\" "
		"x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", X0, TOP_N + PANEL_H, X0 + XW,
		TOP_N + PANEL_H, X0, TOP_S + PANEL_H, X0 + XW, TOP_S + PANEL_H);
	for (unsigned i = 0; i < d->nmarks; i++) {
		double x = X0 + (span_s > 0 ? d->marks[i].t_ns / 1e9 / span_s * XW : 0);

		fprintf(out, "<line class=\"mk\" x1=\"%.0f\" y1=\"%d\" x2=\"%.0f\" y2=\"%d\"/>", x,
			TOP_N, x, TOP_S + PANEL_H);
	}
	line(out, pt, npts, false, maxn, TOP_N, "n");
	line(out, pt, npts, true, maxs, TOP_S, "s");
	fprintf(out, "<text x=\"%d\" y=\"138\">0 s</text><text x=\"%d\" y=\"138\" "
		"text-anchor=\"end\">%.0f s</text>\n</svg></details>\n", X0, X0 + XW, span_s);
}

void report_cpu_charts(FILE *out, const struct report_data *d)
{
	const struct heatgrid *g = &d->g;
	struct heat_cell pt[REPORT_CPU_POINTS];
	unsigned per, npts;

	if (!g->ncols)
		return;
	per = (g->ncols + REPORT_CPU_POINTS - 1) / REPORT_CPU_POINTS;
	npts = (g->ncols + per - 1) / per;
	fprintf(out, "<h2 id=\"cpus\">Each CPU over time</h2>\n<p>Open a CPU to see its noise (us "
		"per s of runtime) and its max single (us) over the run, each point the largest "
		"of its stretch (%.3g s), a dashed line at each marker.</p>\n",
		(double)per * (double)g->col_ns / 1e9);
	for (int cpu = 0; cpu < g->ncpus; cpu++) {
		uint32_t maxn = 0, maxs = 0;
		bool any = false;

		for (unsigned j = 0; j < npts; j++) {
			point(g, cpu, j, per, &pt[j]);
			any |= pt[j].periods > 0;
			maxn = pt[j].noise > maxn ? pt[j].noise : maxn;
			maxs = pt[j].single > maxs ? pt[j].single : maxs;
		}
		if (any)
			chart(out, d, cpu, pt, npts, maxn, maxs);
	}
}

void report_cpu_causes(FILE *out, const struct session *s)
{
	const struct causes *c = session_causes(s);
	struct cpuset rows;
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!c)
		return;
	if (!(m = open_memstream(&buf, &len)))
		return;
	report_rows(session_stats(s), &rows);
	fprintf(out, "<h2 id=\"causes\">Why: each CPU's noise put down to its causes</h2>\n");
	why_report_text(m, c, &rows);
	fclose(m);
	fprintf(out, "<pre id=\"why\">");
	html_putn(out, buf, len);
	fprintf(out, "</pre>\n<p>The method and its limits: the WHY section of "
		"<code>man hwnoisetop</code>.</p>\n");
	free(buf);
}

void report_cpu_hist(FILE *out, const struct session *s, uint64_t elapsed_s)
{
	const struct histo *h = session_histo(s);
	const struct histo_conf *hc = &session_conf(s)->hist;
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!hc->on || !h)
		return;
	if (!(m = open_memstream(&buf, &len)))
		return;
	hist_report_print(m, s, h, hc, elapsed_s);
	fclose(m);
	fprintf(out, "<h2 id=\"hist\">The single noises by duration (hwnoisetop hist)</h2>\n"
		"<div class=\"wide\"><pre id=\"histogram\">");
	html_putn(out, buf, len);
	fprintf(out, "</pre></div>\n");
	free(buf);
}
