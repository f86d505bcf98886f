/*
 * compare_view: the before/after view of the grid (d).  The newest osnoise
 * segment before the latest marker (a stretch of the hwlat view has no
 * osnoise figures) against the current one, or with compare --live a
 * recording's whole run (dashboard_conf.ref) against the current segment:
 * the rows of hwnoisetop compare (compare_table_row(), compare_table.h,
 * the one verdict code), "all" first, each B figure marked with its
 * verdict ('+' better, '!' worse, '=' no change, '?' undecided) beside its
 * colour, live as periods arrive.  Above the rows, each side's periods and
 * measured time, both runs' settings where they differ and, against a
 * recording, each fact of the two machines that differs, one line each.  A
 * narrow terminal drops columns, the A figures and the interval before the
 * marked B ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_cells.h"
#include "compare_table.h"
#include "dash.h"
#include "machine_id.h"

#define W_CPU 4

/* The groups of cells, titled. */
static const char *const titles[] = { "noise us per s runtime", "% CPU available", "HW per s",
				      "NMI per s", "max single p99", "SMI per s" };

/* The columns: their cell, width, group, and how long each stays (lower: longer). */
static const struct column {
	int cell, w, group, keep;
} columns[] = {
	{ CT_NOISE_A, 7, 0, 1 }, { CT_NOISE_B, 8, 0, 0 }, { CT_PCT, 7, 0, 2 }, { CT_CI, 14, 0, 3 },
	{ CT_AVAIL_A, 9, 1, 4 }, { CT_AVAIL_B, 10, 1, 2 },
	{ CT_HW_A, 7, 2, 4 }, { CT_HW_B, 8, 2, 1 },
	{ CT_NMI_A, 7, 3, 4 }, { CT_NMI_B, 8, 3, 1 },
	{ CT_MAXS_A, 6, 4, 5 }, { CT_MAXS_B, 7, 4, 2 },
	{ CT_SMI_A, 7, 5, 4 }, { CT_SMI_B, 8, 5, 1 },
};
#define NCOLS ((int)(sizeof(columns) / sizeof(columns[0])))

/* Which columns show in width columns (SMI only when counted): the least kept go first, rightmost first. */
static void layout(bool smi, int width, bool shown[NCOLS])
{
	int total = W_CPU;

	for (int c = 0; c < NCOLS; c++) {
		shown[c] = columns[c].group != 5 || smi;
		total += shown[c] ? columns[c].w + 1 : 0;
	}
	while (total > width) {
		int drop = -1;

		for (int c = 0; c < NCOLS; c++)
			if (shown[c] && (drop < 0 || columns[c].keep >= columns[drop].keep))
				drop = c;
		if (drop < 0 || columns[drop].keep == 0)
			break;
		shown[drop] = false;
		total -= columns[drop].w + 1;
	}
}

static void cell(int y, int *x, int w, attr_t a, const char *text)
{
	static const char blank[] = "                                                ";
	int len = (int)strlen(text);

	if (*x + w > COLS) {	/* no wrap onto the next row */
		*x += w + 1;
		return;
	}
	if (len > w)
		len = w;
	attrset(a);
	/* the padding written as it is, not through printf: 1024 CPUs' rows a second */
	mvaddnstr(y, *x, blank, w - len + 1 < (int)sizeof(blank) - 1 ? w - len + 1 :
		  (int)sizeof(blank) - 1);
	addnstr(text, len);
	*x += w + 1;
}

/* A cell's look: a B cell's (and the change's) from its figure's verdict. */
static attr_t verdict_look(const struct dashboard *d, const struct compare_table_row *r, int c)
{
	int f = compare_table_cell_fig(c == CT_PCT ? CT_NOISE_B : c);
	enum verdict_kind k = f < 0 || (c != CT_PCT && compare_table_cell_fig(c) < 0) ? VK_SAME :
			      r->v[f].kind;

	return d->look[k == VK_BETTER ? LOOK_GOOD : k == VK_WORSE ? LOOK_BAD : LOOK_NORMAL];
}

/* The segment "before" compares: the last osnoise one before ka (ka itself: none). */
static unsigned before_of(const struct segments *sg, unsigned ka)
{
	for (unsigned k = ka; k-- > 0;)
		if (!sg->seg[k].hwlat)
			return k;
	return ka;
}

/* The settings of segment k: the live run's, with its CPUs and mode. */
static void seg_conf(const struct dashboard *d, unsigned k, struct osnoise_conf *c)
{
	const struct segments *sg = session_segments(d->s);

	*c = *session_osnoise_conf(d->s);
	c->cpus = sg->seg[k].cpus;
	c->irq_disable = !sg->seg[k].osnoise;
}

/* What the view compares: both sides' distributions and settings. */
struct sides {
	unsigned kb, ka;
	struct cmptable_run a, b;	/* before, after */
	struct osnoise_conf ob, oa;
	struct cmp_conf cb, ca;
	struct cmptable_opts o;
};

static void sides_of(const struct dashboard *d, struct sides *w)
{
	const struct segments *sg = session_segments(d->s);
	int n = sg->cur.ncpus;

	w->ka = segments_count(sg) - 1;
	w->kb = before_of(sg, w->ka);
	seg_conf(d, w->ka, &w->oa);
	w->cb = (struct cmp_conf){ &w->ob, grid_smi_shown(d->s) };
	w->ca = (struct cmp_conf){ &w->oa, grid_smi_shown(d->s) };
	if (d->conf.ref && d->conf.ref_osn) {
		w->cb.osn = d->conf.ref_osn;
		w->cb.smi = d->conf.ref_smi;
		w->a = (struct cmptable_run){ d->conf.ref_series, d->conf.ref_nseries };
	} else {
		seg_conf(d, w->kb, &w->ob);
		w->a = (struct cmptable_run){ segments_series(sg, w->kb, 0), n };
	}
	w->b = (struct cmptable_run){ segments_series(sg, w->ka, 0), n };
	if (!w->a.series)
		w->a.nseries = 0;
	if (!w->b.series)
		w->b.nseries = 0;
	w->o = (struct cmptable_opts){ d->conf.margin > 0 ? d->conf.margin : CMPTABLE_MARGIN,
				       compare_cells_comparable(&w->cb, &w->ca),
				       w->cb.smi && w->ca.smi, NULL, NULL, false };
}

/* The most periods of a CPU on one side. */
static uint64_t periods_of(const struct cmptable_run *r)
{
	uint64_t p = 0;

	for (int i = 0; i < r->nseries; i++)
		if (r->series[i].periods > p)
			p = r->series[i].periods;
	return p;
}

/* The two lines that say which is before and which after, with their periods and time. */
static int sides_lines(const struct dashboard *d, const struct sides *w, int y, int width)
{
	const struct markers *ms = &session_segments(d->s)->marks;
	char line[MARKER_TEXT + 1500], m[MARKER_TEXT + 48], conf[400], t[32];
	uint64_t now = session_run_ns(d->s);

	if (d->conf.ref)
		snprintf(line, sizeof(line), " before: %.1024s, the whole recording (%llu periods, %s "
			 "measured): %s", d->conf.ref_name, (unsigned long long)periods_of(&w->a),
			 markers_clock(d->conf.ref_elapsed_s * 1000, t, sizeof(t)),
			 compare_cells_conf(&w->cb, conf, sizeof(conf)));
	else
		snprintf(line, sizeof(line), " before: %s (%llu periods, %s measured)",
			 markers_line(&ms->m[w->kb], m, sizeof(m)),
			 (unsigned long long)periods_of(&w->a), markers_clock(segments_ns(
			 session_segments(d->s), w->kb, now) / 1000000, t, sizeof(t)));
	dash_put(y, 0, width, A_NORMAL, line, false);	/* a note: UTF-8, in columns */
	snprintf(line, sizeof(line), " after:  %s (%llu periods, %s measured)%s%s",
		 markers_line(&ms->m[w->ka], m, sizeof(m)), (unsigned long long)periods_of(&w->b),
		 markers_clock(segments_ns(session_segments(d->s), w->ka, now) / 1000000, t,
			       sizeof(t)),
		 d->conf.ref ? ": " : "", d->conf.ref ? compare_cells_conf(&w->ca, conf, sizeof(conf)) : "");
	dash_put(y + 1, 0, width, A_NORMAL, line, false);
	return 2;
}

/* The header's lines; how many rows it took. */
static int header(const struct dashboard *d, const struct sides *w, int y, int height, int width,
		  const bool shown[NCOLS])
{
	char diff[CMP_DIFFS_MAX][CMP_DIFF_LEN], mdiff[8][MACHINE_ID_DIFF_LEN];
	int rows = sides_lines(d, w, y, width), n, x, last = -1;
	unsigned nm = 0;

	if (w->kb == w->ka && segments_count(session_segments(d->s)) > 1 && !d->conf.ref) {
		attrset(d->look[LOOK_WARN]);
		mvaddnstr(y + rows++, 1, "no osnoise segment before this one (the hwlat view ran): "
			  "the current one against itself", width - 1);
	}
	n = compare_cells_diffs(&w->cb, &w->ca, diff);
	if (d->conf.ref && d->conf.ref_mid) {
		struct machine_id here;

		machine_id_read(&here, "/");
		nm = machine_id_diffs(d->conf.ref_mid, &here, mdiff);
	}
	attrset(d->look[LOOK_WARN]);
	for (int i = 0; i < n && rows < height - 4; i++)
		mvaddnstr(y + rows++, 1, diff[i], width - 1);
	for (unsigned i = 0; i < nm && rows < height - 4; i++) {
		char line[MACHINE_ID_DIFF_LEN + 16];

		snprintf(line, sizeof(line), "machine: %.*s", MACHINE_ID_DIFF_LEN, mdiff[i]);
		mvaddnstr(y + rows++, 1, line, width - 1);
	}
	attrset(d->look[LOOK_COLHEAD]);
	for (x = 0; x < width; x++) {
		mvaddch(y + rows, x, ' ');
		mvaddch(y + rows + 1, x, ' ');
	}
	mvaddstr(y + rows + 1, 0, " CPU");
	x = W_CPU;
	for (int c = 0; c < NCOLS; c++) {
		const char *lab = compare_table_labels[columns[c].cell];
		int span = 0;

		if (!shown[c])
			continue;
		if (columns[c].group != last) {	/* the group's title over its shown columns */
			for (int e = c; e < NCOLS && columns[e].group == columns[c].group; e++)
				span += shown[e] ? columns[e].w + 1 : 0;
			if (x + span <= width)
				mvprintw(y + rows, x, " %*.*s", span - 1, span - 1,
					 titles[columns[c].group]);
			last = columns[c].group;
		}
		if (columns[c].cell == CT_MAXS_A || columns[c].cell == CT_MAXS_B)
			lab = columns[c].cell == CT_MAXS_A ? "A" : "B";
		if (x + columns[c].w + 1 <= width)
			mvprintw(y + rows + 1, x, " %*s", columns[c].w - (compare_table_cell_fig(
				 columns[c].cell) >= 0), lab);
		x += columns[c].w + 1;
	}
	return rows + 2;
}

/*
 * The rows computed since the figures last changed: a redraw for a key,
 * the status line or a resize draws them again without the statistics
 * (the "all" row pools every CPU).  What the rows come from is the key;
 * any change of it lets every row go.
 */
struct compare_cache {
	uint64_t samples, elapsed, run_ns;
	unsigned ka, kb, nseg;
	struct cmptable_opts o;
	const struct verdict_series *a, *b;
	int n;				/* rows: "all", then CPUs 0 .. n - 2 */
	bool computed;			/* rows and has hold the table */
	bool *has;			/* the row exists */
	struct compare_table_row *rows;
};

/* The view's own state: its rows while nothing they come from changed. */
struct compare_state {
	struct compare_cache *cache;
};

static struct compare_state *state(const struct dashboard *d)
{
	return dash_data(d, &screen_compare);
}

static void cache_free(struct compare_state *st)
{
	if (st->cache) {
		free(st->cache->has);
		free(st->cache->rows);
		free(st->cache);
		st->cache = NULL;
	}
}

static void compare_free(struct dashboard *d, void *data)
{
	(void)d;
	cache_free(data);
}

static bool same_key(const struct compare_cache *x, const struct compare_cache *y)
{
	return x->samples == y->samples && x->elapsed == y->elapsed && x->run_ns == y->run_ns &&
	       x->ka == y->ka && x->kb == y->kb && x->nseg == y->nseg &&
	       x->o.margin == y->o.margin && x->o.comparable == y->o.comparable &&
	       x->o.smi == y->o.smi && x->a == y->a && x->b == y->b && x->n == y->n;
}

/* The cache for what w compares now, emptied if that changed; NULL without memory. */
static struct compare_cache *cache_of(struct dashboard *d, const struct sides *w)
{
	struct compare_state *st = state(d);
	struct compare_cache *c = st->cache, key = {
		.samples = dash_samples(d), .elapsed = session_elapsed(d->s),
		.run_ns = session_run_ns(d->s), .ka = w->ka, .kb = w->kb,
		.nseg = segments_count(session_segments(d->s)), .o = w->o, .a = w->a.series,
		.b = w->b.series, .n = session_segments(d->s)->cur.ncpus + 1 };

	if (c && c->n != key.n)
		cache_free(st);
	c = st->cache;
	if (!c) {
		c = calloc(1, sizeof(*c));
		if (!c)
			return NULL;
		st->cache = c;
		c->has = calloc((size_t)key.n, sizeof(*c->has));
		c->rows = calloc((size_t)key.n, sizeof(*c->rows));
		if (!c->has || !c->rows) {
			cache_free(st);
			return NULL;
		}
	} else if (same_key(c, &key)) {
		return c;
	}
	key.has = c->has;
	key.rows = c->rows;
	*c = key;
	c->computed = false;
	return c;
}

/*
 * The row of cpu (-1: all) from the cache, the whole table computed into
 * it once (its marks hold the false discovery rate over the table); into
 * r alone, without memory for the cache.
 */
static const struct compare_table_row *row_of(struct compare_cache *c, const struct sides *w, int cpu,
					 struct compare_table_row *r)
{
	struct verdict_series pool[2];
	int i = cpu + 1;

	if (c && !c->computed)
		c->computed = compare_table_rows(&w->a, &w->b, &w->o, c->rows, c->has) >= 0;
	if (c && c->computed)
		return i < c->n && c->has[i] ? &c->rows[i] : NULL;
	return compare_table_row(&w->a, &w->b, &w->o, r, cpu, pool) ? r : NULL;
}

/* One row: "all" (cpu -1) or a CPU's; false when neither side has its periods. */
static bool draw_row(const struct dashboard *d, const struct sides *w, struct compare_cache *cache,
		     int y, int cpu, const bool shown[NCOLS])
{
	struct compare_table_row own;
	const struct compare_table_row *r = row_of(cache, w, cpu, &own);
	char num[16];
	int x = 0;

	if (!r)
		return false;
	if (cpu < 0)
		snprintf(num, sizeof(num), "all");
	else
		snprintf(num, sizeof(num), "%3d", cpu);
	cell(y, &x, W_CPU - 1, A_NORMAL, num);
	for (int c = 0; c < NCOLS; c++)
		if (shown[c])
			cell(y, &x, columns[c].w, verdict_look(d, r, columns[c].cell),
			     r->cell[columns[c].cell]);
	return true;
}

/* The line under the rows: the marks, and the margin of '='. */
static void legend(int y, int width, double margin)
{
	char line[200];

	snprintf(line, sizeof(line), "B against A, 95%% interval: '+' better, '!' worse, '=' no "
		 "change (within +-%g%%), '?' undecided (more periods); see hwnoisetop(1), "
		 "STATISTICS", margin * 100);
	mvaddnstr(y, 1, line, width - 1);
}

void compare_view_draw(struct dashboard *d, int y, int height, int width)
{
	const struct segments *sg = session_segments(d->s);
	struct compare_cache *cache;
	struct sides w;
	bool shown[NCOLS];
	int row = 0, top;

	if (height < 5)
		return;
	sides_of(d, &w);
	layout(w.o.smi, width, shown);
	top = header(d, &w, y, height, width, shown);
	y += top;
	height -= top;
	/* compare --live: i switched the live run to the other mode. */
	if (d->conf.ref && d->conf.ref_osnoise == session_osnoise_conf(d->s)->irq_disable) {
		attrset(d->look[LOOK_WARN]);
		mvaddnstr(y, 1, d->conf.ref_osnoise ?
			  "not comparable: the recording is of osnoise mode, the live run is in hwnoise "
			  "mode now (i switches back)" :
			  "not comparable: the recording is of hwnoise mode, the live run is in osnoise "
			  "mode now (i switches back)", width - 1);
		attrset(A_NORMAL);
		return;
	}
	if (sg->seg[w.ka].hwlat && !d->conf.ref) {
		attrset(d->look[LOOK_WARN]);
		mvaddnstr(y, 1, "the current segment is a stretch of the hwlat view: no osnoise figures",
			  width - 1);
		attrset(A_NORMAL);
		return;
	}
	cache = cache_of(d, &w);
	if (height > 2 && draw_row(d, &w, cache, y, -1, shown))
		row++;
	for (int cpu = 0; cpu < sg->cur.ncpus && row < height - 1; cpu++)
		if (draw_row(d, &w, cache, y + row, cpu, shown))
			row++;
	attrset(A_NORMAL);
	if (!row && height > 0)
		mvaddnstr(y, 1, "no periods in either segment yet", width - 1);
	else if (row < height)
		legend(y + row, width, w.o.margin);
}

/* In the hwnoise view, d: with a marker set or a recording to compare with. */
static bool compare_shown(const struct dashboard *d)
{
	return !dash_hwlat(d) && dash_view_on(d, &screen_compare) &&
	       (segments_count(session_segments(d->s)) > 1 || d->conf.ref);
}

unsigned compare_view_key(struct dashboard *d, int code)
{
	bool on = !dash_view_on(d, &screen_compare);

	(void)code;
	if (on && segments_count(session_segments(d->s)) < 2 && !d->conf.ref) {
		dash_message(d, true, playview_on(d) ? "no marker yet in the recording: d compares the "
			     "segments before and after one" : "no marker yet: b sets one, and d "
			     "compares before and after it");
		return DASH_REDRAW_STATUS;
	}
	dash_view_set(d, &screen_compare, on);
	if (on && d->conf.ref)
		dash_message(d, false, "compare view (d returns): %s against the live run since the "
			     "latest marker", d->conf.ref_name);
	else
		dash_message(d, false, on ? "compare view (d returns): before the latest "
			     "marker against after it" : "grid view");
	return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
}

const struct dash_screen screen_compare = {
	.name = "compare",
	.data_size = sizeof(struct compare_state),
	.free = compare_free,
	.shown = compare_shown,
	.top = views_settings_top,
	.title = views_settings_title,
	.draw = compare_view_draw,
	.hints = playview_view_hints,
	.cursor = true,
};
