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

/* Columns a..b-1 of cpu's row, one class: one rectangle with its title. */
static void run(FILE *out, const struct heatgrid *g, int cpu, unsigned a, unsigned b, double cw,
		double rh, int cls)
{
	struct heat_cell m = { 0 };
	char t0[32], t1[32];

	for (unsigned k = a; k < b; k++) {
		const struct heat_cell *c = heatgrid_cell(g, cpu, k);

		m.noise = c->noise > m.noise ? c->noise : m.noise;
		m.single = c->single > m.single ? c->single : m.single;
		m.hw = c->hw > m.hw ? c->hw : m.hw;
		m.nmi = c->nmi > m.nmi ? c->nmi : m.nmi;
		m.periods += c->periods;
	}
	secs(t0, sizeof(t0), a * g->col_ns);
	secs(t1, sizeof(t1), b * g->col_ns);
	fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" class=\"c%d\">"
		"<title>CPU %d, %s to %s (%u periods): noise %u us/s, max single %u us, HW %u, NMI %u"
		"%s</title></rect>", LEFT + a * cw, TOP + cpu * rh, (b - a) * cw, rh, cls, cpu, t0,
		t1, m.periods, m.noise, m.single, m.hw, m.nmi, m.periods > 1 ? " (largest)" : "");
}

static void row(FILE *out, const struct heatgrid *g, int cpu, double cw, double rh)
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

static void marks(FILE *out, const struct report_data *d, const struct markers *ms, double cw,
		  double h)
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
		fprintf(out, "</title><line x1=\"%.2f\" x2=\"%.2f\" y1=\"%d\" y2=\"%.2f\"/>"
			"<text x=\"%.2f\" y=\"%d\">%u ", x, x, TOP - 12, TOP + h, x + 2, TOP - 14,
			d->marks[i].num);
		if (m)
			html_putn(out, m->text, 16);
		fprintf(out, "</text></g>\n");
	}
}

static void legend(FILE *out, double y)
{
	fprintf(out, "<g class=\"legend\"><text x=\"%d\" y=\"%.0f\">noise us/s:</text>", LEFT,
		y + 10);
	for (int b = 0; b <= NBANDS; b++) {
		int x = LEFT + 80 + b * 78;

		fprintf(out, "<rect class=\"c%d\" x=\"%d\" y=\"%.0f\" width=\"12\" height=\"12\"/>"
			"<text x=\"%d\" y=\"%.0f\">", b, x, y, x + 15, y + 10);
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
	double cw = (double)WIDTH / cols;
	double rh = d->ncpus <= 16 ? 18 : d->ncpus <= 64 ? 8 : d->ncpus <= 256 ? 3 : 1;
	double h = d->ncpus * rh;
	unsigned every = d->ncpus <= 16 ? 1 : (unsigned)(d->ncpus * rh / 12 / 8 + 1) * 8;
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
	fprintf(out, " Hover a cell for its figures.</p>\n<div class=\"wide\"><svg id=\"heatmap\" viewBox=\"0 0 %d "
		"%.0f\" role=\"img\" aria-label=\"heatmap of noise per CPU and time\">\n",
		LEFT + WIDTH + 10, TOP + h + 60);
	fprintf(out, "<rect class=\"none\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%.2f\"/>\n", LEFT,
		TOP, WIDTH, h);
	for (int c = 0; c < d->ncpus; c++)
		row(out, g, c, cw, rh);
	for (int c = 0; c < d->ncpus; c += (int)every)
		fprintf(out, "<text class=\"cpu\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">CPU %d</text>",
			LEFT - 4, TOP + c * rh + (rh > 10 ? rh - 5 : 6), c);
	fprintf(out, "\n<text x=\"%d\" y=\"%.0f\">0 s</text><text x=\"%d\" y=\"%.0f\" "
		"text-anchor=\"end\">%s</text>\n", LEFT, TOP + h + 14, LEFT + WIDTH, TOP + h + 14,
		total);
	marks(out, d, ms, cw, h);
	legend(out, TOP + h + 30);
	fprintf(out, "</svg></div>\n");
}
