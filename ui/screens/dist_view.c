/*
 * dist_view: the selected CPU's distributions (D), in place of the grid:
 * the percentiles of its per-period noise per second of runtime and of its
 * per-period max single, for the whole run, the current segment and the
 * segment before the latest marker (segments_pcts(), the figures of --json
 * and of the tables after q), then its single noises by duration (the
 * histogram of hwnoisetop hist).  The view is a list of sections
 * (dist_view_sections[]): each writes its own lines for the CPU, and
 * another section (a histogram, say) is one more entry there.
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

/* The title of the single noises: since what, counted how. */
static void noises_title(const struct dashboard *d, const struct histo *h, char *line)
{
	const char *since = session_histo_since(d->s);

	snprintf(line, DIST_LINE, "single noises%s%s, %s", *since ? " since " : "", since,
		 h && h->events ? "counted from the events read" : "counted by the kernel");
}

/*
 * The selected CPU's single noises by duration (hwnoisetop hist's
 * counts, histo_cpu_lines()): live, while k has them counted, read at
 * most once a period, else one line on k and what it costs; replayed, the
 * recording's, if it has them.
 */
static int noises(const struct dashboard *d, int cpu, char line[][DIST_LINE], int max)
{
	const struct histo *h = session_histo(d->s);
	const char *note = session_histo_note(d->s);
	struct textbuf tb = { 0 };
	const char *last;
	int n = 0, rows = max - 6 < 16 ? max - 6 : 16;

	if (max < 4)
		return 0;
	if (!playview_on(d) && !session_conf(d->s)->hist_view) {
		snprintf(line[n++], DIST_LINE, "single noises not counted: k counts them, which adds "
			 "noise to the measured CPUs (each one costs them time)");
		return n;
	}
	if (!h && !*note && !session_conf(d->s)->hist_view)
		return 0;
	noises_title(d, h, line[n++]);
	if (*note)
		snprintf(line[n++], DIST_LINE, "  %s", note);
	if (h && h->dropped)
		snprintf(line[n++], DIST_LINE, "  %llu %s: the counts are incomplete",
			 (unsigned long long)h->dropped, h->events ? "events lost before they were read" :
			 "dropped by the kernel's map");
	if (!h) {
		if (!*note)
			snprintf(line[n++], DIST_LINE, "  not read yet: the kernel sets or clears its counts once "
				 "the measured CPUs let it (seconds with interrupts off)");
		return n;
	}
	/* Its count, min, avg and max first (a short screen cuts the rows), then the rows. */
	histo_cpu_lines(h, cpu, rows > 0 ? rows : 0, &tb);
	last = strrchr(textbuf_str(&tb), '\n');
	while (last && last > textbuf_str(&tb) && last[-1] != '\n')
		last--;
	if (last)
		snprintf(line[n++], DIST_LINE, "  %.*s", (int)strcspn(last, "\n"), last);
	for (const char *l = textbuf_str(&tb); *l && l != last && n < max; n++) {
		int len = (int)strcspn(l, "\n");

		snprintf(line[n], DIST_LINE, "  %.*s", len, l);
		l += len + (l[len] == '\n');
	}
	textbuf_free(&tb);
	return n;
}

const struct dist_section dist_view_sections[] = {
	{ whole_run }, { current }, { before }, { error_line }, { noises },
	{ NULL }
};

void dist_view_draw(struct dashboard *d, int y, int height, int width)
{
	char line[DIST_MAX_LINES][DIST_LINE], title[96];
	int row = 0, cpu = d->sel_cpu;

	snprintf(title, sizeof(title), " CPU %d: the distribution of its periods (D returns)", cpu);
	attrset(d->look[LOOK_COLHEAD]);
	mvhline(y, 0, ' ', width);
	mvaddnstr(y, 0, title, width);
	attrset(A_NORMAL);
	row = 2;
	for (const struct dist_section *s = dist_view_sections; s->lines && row < height; s++) {
		int n = s->lines(d, cpu, line, DIST_MAX_LINES);

		for (int i = 0; i < n && row < height; i++)
			/* the rest of a wrapped line two columns in from its start */
			row += dash_put_wrapped(y + row, height - row, width,
						(int)strspn(line[i], " ") + 2, A_NORMAL, line[i], false);
		if (n)
			row++;
	}
	if (row == 2 && height > 2)
		mvaddnstr(y + 2, 1, "no periods of this CPU yet", width - 1);
}

unsigned dist_view_key(struct dashboard *d, int code)
{
	bool on = !dash_view_on(d, &screen_dist);

	(void)code;
	dash_view_set(d, &screen_dist, on);
	if (on && !playview_on(d))
		session_histo_refresh(d->req);	/* the kernel's counts, when due */
	dash_message(d, false, on ? "distribution of the selected CPU's periods (D returns)" :
		     "grid view");
	return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
}

unsigned dist_view_key_count(struct dashboard *d, int code)
{
	bool on = !session_conf(d->s)->hist_view;
	const struct histo *h;

	(void)code;
	if (session_count_noises(d->req, on) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	h = session_histo(d->s);
	if (on)
		dash_message(d, false, "counting single noises %s: each one costs the measured CPU "
			     "time, figures from now include it", h && h->events ?
			     "from the events read" : "in the kernel");
	else
		dash_message(d, false, "single noises no longer counted: statistics restarted");
	/* The marker first: what came before the change closes its segment. */
	marks_set(d, "key", "single-noise counting %s", on ? "on" : "off");
	session_reset_stats(d->req);
	return DASH_REDRAW_PARTS;
}

/* In the hwnoise view, D: the selected CPU's distributions in place of the rows. */
static bool dist_shown(const struct dashboard *d)
{
	return !dash_hwlat(d) && dash_view_on(d, &screen_dist);
}

/* Its single noises: the kernel's counts, read at most once a period while it is on. */
static void dist_update(struct dashboard *d)
{
	if (dash_view_on(d, &screen_dist) && !playview_on(d) && !dash_hwlat(d))
		session_histo_refresh(d->req);
}

const struct dash_screen screen_dist = {
	.name = "dist",
	.update = dist_update,
	.shown = dist_shown,
	.top = views_settings_top,
	.title = views_settings_title,
	.draw = dist_view_draw,
	.hints = playview_view_hints,
	.cursor = true,
};
