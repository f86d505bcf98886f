/*
 * report_heat: see report_heat.h.  Neighbouring cells of one row in one
 * colour class are drawn as one rectangle whose title gives the largest
 * figures of its columns, so a quiet run costs a rectangle a row.
 */
#include "report_heat.h"

#include <string.h>

#include "html.h"

#define LEFT 64
#define TOP 30
#define WIDTH 900

/* Colour classes by noise in us per s of runtime: the upper bounds. */
static const uint32_t band[] = { 1, 10, 30, 100, 300, 1000, 3000, 10000 };
#define NBANDS (int)(sizeof(band) / sizeof(band[0]))

static int band_of(const struct heat_cell *c)
{
	int b = 0;

	if (!c->periods)
		return -1;
	while (b < NBANDS && c->noise >= band[b])
		b++;
	return b;
}

static void secs(char *buf, size_t len, uint64_t ns)
{
	if (ns % 1000000000ULL == 0)
		snprintf(buf, len, "%llu s", (unsigned long long)(ns / 1000000000ULL));
	else
		snprintf(buf, len, "%.3f s", ns / 1e9);
}

/* "10-20 s" (or "0.5-1.5 s"): a stretch of the run. */
static void span(char *buf, size_t len, uint64_t a, uint64_t b)
{
	if (a % 1000000000ULL == 0 && b % 1000000000ULL == 0)
		snprintf(buf, len, "%llu-%llu s", (unsigned long long)(a / 1000000000ULL),
			 (unsigned long long)(b / 1000000000ULL));
	else
		snprintf(buf, len, "%.3f-%.3f s", a / 1e9, b / 1e9);
}

/* Columns a..b-1 of cpu's row, one class: one rectangle with its title. */
static void run(FILE *out, const struct heatgrid *g, int cpu, unsigned a, unsigned b, int cw,
		int rh, int cls)
{
	struct heat_cell m = { 0 };
	char t0[48];

	for (unsigned k = a; k < b; k++) {
		const struct heat_cell *c = heatgrid_cell(g, cpu, k);

		m.noise = c->noise > m.noise ? c->noise : m.noise;
		m.single = c->single > m.single ? c->single : m.single;
		m.hw = c->hw > m.hw ? c->hw : m.hw;
		m.nmi = c->nmi > m.nmi ? c->nmi : m.nmi;
		m.periods += c->periods;
	}
	span(t0, sizeof(t0), a * g->col_ns, b * g->col_ns);
	fprintf(out, "<rect x=\"%u\" y=\"%d\" width=\"%u\" height=\"%d\" class=\"c%d\"><title>CPU %d, "
		"%s: noise %u us/s, max single %u us, HW %u, NMI %u", LEFT + a * (unsigned)cw,
		TOP + cpu * rh, (b - a) * (unsigned)cw, rh, cls, cpu, t0, m.noise, m.single, m.hw,
		m.nmi);
	fprintf(out, "</title></rect>");
}

static void row(FILE *out, const struct heatgrid *g, int cpu, int cw, int rh)
{
	unsigned a = 0;

	fprintf(out, "<g class=\"hr\" data-cpu=\"%d\">", cpu);
	while (a < g->ncols) {
		int cls = band_of(heatgrid_cell(g, cpu, a));
		unsigned b = a + 1;

		while (b < g->ncols && band_of(heatgrid_cell(g, cpu, b)) == cls)
			b++;
		if (cls >= 0)
			run(out, g, cpu, a, b, cw, rh, cls);
		a = b;
	}
	fprintf(out, "</g>\n");
}

static const struct marker *find(const struct markers *ms, unsigned num)
{
	for (unsigned i = 0; i < ms->n; i++)
		if (ms->m[i].num == num)
			return &ms->m[i];
	return NULL;
}

static void marks(FILE *out, const struct report_data *d, const struct markers *ms, int cw,
		  int h)
{
	char clock[32];

	for (unsigned i = 0; i < d->nmarks; i++) {
		const struct marker *m = find(ms, d->marks[i].num);
		double x = LEFT + (double)d->marks[i].t_ns / d->g.col_ns * cw;

		fprintf(out, "<g class=\"mark\" data-marker=\"%u\"><title>marker %u", d->marks[i].num,
			d->marks[i].num);
		if (m) {
			fprintf(out, " at %s: ", markers_clock(m->t_ms, clock, sizeof(clock)));
			html_put(out, m->text);
		}
		fprintf(out, "</title><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>"
			"<text x=\"%.1f\" y=\"%d\">%u ", x, x, TOP - 12, TOP + h, x + 2, TOP - 14,
			d->marks[i].num);
		if (m)
			html_putn(out, m->text, 16);
		fprintf(out, "</text></g>\n");
	}
}

static void legend(FILE *out, int y)
{
	fprintf(out, "<g class=\"legend\"><text x=\"%d\" y=\"%d\">noise us/s:</text>", LEFT,
		y + 10);
	for (int b = 0; b <= NBANDS; b++) {
		int x = LEFT + 80 + b * 78;

		fprintf(out, "<rect class=\"c%d\" x=\"%d\" y=\"%d\" width=\"12\" height=\"12\"/>"
			"<text x=\"%d\" y=\"%d\">", b, x, y, x + 15, y + 10);
		if (b == 0)
			fprintf(out, "&lt; %u", band[0]);
		else if (b == NBANDS)
			fprintf(out, "&#8805; %uk", band[NBANDS - 1] / 1000);
		else if (band[b - 1] >= 1000)
			fprintf(out, "%uk-%uk", band[b - 1] / 1000, band[b] / 1000);
		else
			fprintf(out, "%u-%u", band[b - 1], band[b]);
		fprintf(out, "</text>");
	}
	fprintf(out, "</g>\n");
}

void report_heat(FILE *out, const struct report_data *d, const struct markers *ms,
		 uint64_t period_ns)
{
	const struct heatgrid *g = &d->g;
	unsigned cols = g->ncols ? g->ncols : 1;
	int cw = WIDTH / (int)cols > 1 ? WIDTH / (int)cols : 1, width = cw * (int)cols;
	int rh = d->ncpus <= 16 ? 18 : d->ncpus <= 64 ? 8 : d->ncpus <= 256 ? 3 : 1;
	int h = d->ncpus * rh;
	int every = d->ncpus <= 16 ? 1 : (d->ncpus * rh / 12 / 8 + 1) * 8;
	char w[32], p[32], total[32];

	secs(w, sizeof(w), g->col_ns);
	secs(p, sizeof(p), period_ns);
	secs(total, sizeof(total), (uint64_t)g->ncols * g->col_ns);
	fprintf(out, "<p class=\"caption\">%d CPUs (rows) by %u columns of %s over %s of "
		"periods of %s.", d->ncpus, g->ncols, w, total, p);
	if (g->col_ns > period_ns)
		fprintf(out, " <b>Downsampled in time</b>: each cell shows the largest of the "
			"periods in its column (noise per second of runtime, max single, HW and NMI "
			"each at its maximum), so no spike is averaged away.");
	fprintf(out, " Hover a cell for its figures.</p>\n<div class=\"wide\"><svg id=\"heatmap\" "
		"viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"heatmap of noise per CPU and "
		"time\">\n", LEFT + WIDTH + 10, TOP + h + 60);
	fprintf(out, "<rect class=\"none\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", LEFT,
		TOP, width, h);
	for (int c = 0; c < d->ncpus; c++)
		row(out, g, c, cw, rh);
	for (int c = 0; c < d->ncpus; c += every)
		fprintf(out, "<text class=\"cpu\" x=\"%d\" y=\"%d\" text-anchor=\"end\">CPU %d</text>",
			LEFT - 4, TOP + c * rh + (rh > 10 ? rh - 5 : 6), c);
	fprintf(out, "\n<text x=\"%d\" y=\"%d\">0 s</text><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">%s</text>\n", LEFT, TOP + h + 14, LEFT + width, TOP + h + 14,
		total);
	marks(out, d, ms, cw, h);
	legend(out, TOP + h + 30);
	fprintf(out, "</svg></div>\n");
}
