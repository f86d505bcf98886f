/*
 * dist: the selected CPU's distributions (D), in place of the grid: the
 * percentiles of its per-period noise per second of runtime and of its
 * per-period max single, for the whole run, the current segment and the
 * segment before the latest marker (segments_pcts(), the figures of
 * --json and of the tables after q).  The view is a list of sections
 * (dist_sections[]): each writes its own lines for the CPU, and another
 * section (a histogram, say) is one more entry there.
 */
#include <stdio.h>
#include <string.h>

#include "dash.h"
#include "report.h"

/* The percentiles of one stretch: a title line, then a line per figure. */
static int pct_lines(const struct segments *sg, unsigned k, int cpu, const char *what,
		     char line[][DIST_LINE], int max)
{
	const struct verdict_series *v = segments_series(sg, k, cpu);
	struct verdict_pcts q;
	int n = 0, o;

	if (max < 3 || !segments_pcts(sg, k, cpu, &q))
		return 0;
	if (v)
		snprintf(line[n++], DIST_LINE, "%s (%llu periods)", what,
			 (unsigned long long)v->periods);
	else
		snprintf(line[n++], DIST_LINE, "%s", what);
	for (int h = 0; h < 2; h++) {
		o = snprintf(line[n], DIST_LINE, "  %-15s", h ? "max single us" : "noise us per s");
		for (int i = 0; i < VERDICT_NPCT && o < DIST_LINE; i++)
			o += snprintf(line[n] + o, DIST_LINE - (size_t)o, " %s %-6lu",
				      verdict_pct_name[i],
				      (unsigned long)(h ? q.single[i] : q.noise[i]));
		n++;
	}
	return n;
}

static int whole_run(const struct dashboard *d, int cpu, char line[][DIST_LINE], int max)
{
	return pct_lines(session_segments(d->s), SEGMENTS_RUN, cpu, "whole run", line, max);
}

static int current(const struct dashboard *d, int cpu, char line[][DIST_LINE], int max)
{
	const struct segments *sg = session_segments(d->s);
	char what[MARKER_TEXT + 64], m[MARKER_TEXT + 48];

	if (segments_count(sg) < 2)
		return 0;
	snprintf(what, sizeof(what), "current segment, since %s",
		 markers_line(&sg->marks.m[segments_count(sg) - 1], m, sizeof(m)));
	return pct_lines(sg, segments_count(sg) - 1, cpu, what, line, max);
}

static int before(const struct dashboard *d, int cpu, char line[][DIST_LINE], int max)
{
	const struct segments *sg = session_segments(d->s);
	char what[MARKER_TEXT + 64], m[MARKER_TEXT + 48];

	if (sg->before_k == SEGMENTS_RUN || sg->before_k >= segments_count(sg))
		return 0;
	snprintf(what, sizeof(what), "segment before the latest marker, %s",
		 markers_line(&sg->marks.m[sg->before_k], m, sizeof(m)));
	return pct_lines(sg, sg->before_k, cpu, what, line, max);
}

static int error_line(const struct dashboard *d, int cpu, char line[][DIST_LINE], int max)
{
	(void)d;
	(void)cpu;
	if (max < 1)
		return 0;
	snprintf(line[0], DIST_LINE, "%s", REPORT_PCT_ERROR);
	return 1;
}

const struct dist_section dist_sections[] = {
	{ whole_run }, { current }, { before }, { error_line },
	{ NULL }
};

void dist_draw(struct dashboard *d, int y, int height, int width)
{
	char line[DIST_MAX_LINES][DIST_LINE], title[96];
	int row = 0, cpu = d->sel_cpu;

	snprintf(title, sizeof(title), " CPU %d: the distribution of its periods (D returns)", cpu);
	attrset(d->look[LOOK_COLHEAD]);
	mvhline(y, 0, ' ', width);
	mvaddnstr(y, 0, title, width);
	attrset(A_NORMAL);
	row = 2;
	for (const struct dist_section *s = dist_sections; s->lines && row < height; s++) {
		int n = s->lines(d, cpu, line, DIST_MAX_LINES);

		for (int i = 0; i < n && row < height; i++)
			mvaddnstr(y + row++, 1, line[i], width - 1);
		if (n)
			row++;
	}
	if (row == 2 && height > 2)
		mvaddnstr(y + 2, 1, "no periods of this CPU yet", width - 1);
}

unsigned dist_key(struct dashboard *d, int code)
{
	(void)code;
	d->dist = !d->dist;
	dash_message(d, false, d->dist ? "distribution of the selected CPU's periods (D returns)" :
		     "grid view");
	return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
}

/* In the hwnoise view, D: the selected CPU's distributions in place of the rows. */
static bool dist_shown(const struct dashboard *d)
{
	return !dash_hwlat(d) && d->dist;
}

const struct dash_screen screen_dist = {
	.name = "dist",
	.shown = dist_shown,
	.top = view_settings_top,
	.title = view_settings_title,
	.draw = dist_draw,
	.hints = dash_view_hints,
	.cursor = true,
};
