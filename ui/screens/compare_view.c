/*
 * compare: the before/after view of the grid (d).  For each CPU measured
 * in the last osnoise segment before the latest marker (a stretch of the
 * hwlat view has no osnoise figures) or in the current one: the noise per
 * second of runtime and its change, % CPU available (as the kernel prints
 * it), HW, NMI and, where counted, SMI events per second of runtime,
 * before and after: the cells of cmpcells.h, coloured better or worse,
 * with their mark ('+' better, '!' worse) that survives NO_COLOR.  With
 * compare --live, "before" is a recording's whole run (dashboard_conf.ref).
 * Above the rows, both runs' settings where they differ, one line each.
 * Like the grid, a narrow terminal keeps what matters most (drops[]):
 * HW goes first, then the noise's change (its after keeps its mark), so
 * that 80 columns keep NMI and SMI beside the noise and % available.
 */
#include <stdio.h>
#include <string.h>

#include "compare_cells.h"
#include "dash.h"

#define W_CPU 4

/* The groups of cells: their widths, and a shorter title for fewer cells. */
static const struct group {
	const char *title, *short_title;
	int first, n;
	int w[3];
} groups[] = {
	{ "noise us per s runtime", "noise us per s", CMP_NOISE_B, 3, { 7, 8, 6 } },
	{ "% CPU available", NULL, CMP_AVAIL_B, 2, { 9, 10 } },
	{ "HW per s", NULL, CMP_HW_B, 2, { 7, 8 } },
	{ "NMI per s", NULL, CMP_NMI_B, 2, { 7, 8 } },
	{ "SMI per s", NULL, CMP_SMI_B, 2, { 7, 8 } },
};
#define NGROUPS ((int)(sizeof(groups) / sizeof(groups[0])))

/* What a narrow terminal gives up, first to last: a group's cells down to n. */
static const struct drop {
	int group, n;
} drops[] = { { 2, 0 }, { 0, 2 }, { 4, 0 }, { 3, 0 }, { 1, 0 } };

/* The width of the first n cells of g. */
static int group_width(const struct group *g, int n)
{
	int w = 0;

	for (int i = 0; i < n; i++)
		w += g->w[i] + 1;
	return w;
}

/* How many cells of each group show in width columns (SMI only when counted). */
static void layout(bool smi, int width, int cells[NGROUPS])
{
	int total = W_CPU;

	for (int g = 0; g < NGROUPS; g++) {
		cells[g] = groups[g].first != CMP_SMI_B || smi ? groups[g].n : 0;
		total += group_width(&groups[g], cells[g]);
	}
	for (size_t i = 0; total > width && i < sizeof(drops) / sizeof(drops[0]); i++) {
		const struct drop *dr = &drops[i];

		if (cells[dr->group] <= dr->n)
			continue;
		total -= group_width(&groups[dr->group], cells[dr->group]) -
			 group_width(&groups[dr->group], dr->n);
		cells[dr->group] = dr->n;
	}
}

static void cell(int y, int *x, int w, attr_t a, const char *text)
{
	int len = (int)strlen(text);

	if (*x + w > COLS) {	/* no wrap onto the next row */
		*x += w + 1;
		return;
	}
	if (len > w)
		len = w;
	attrset(a);
	mvprintw(y, *x, " %*s", w - len, "");
	addnstr(text, len);
	*x += w + 1;
}

static attr_t change_look(const struct dashboard *d, enum format_class k)
{
	return d->look[k == FORMAT_GOOD ? LOOK_GOOD : k == FORMAT_BAD ? LOOK_BAD : LOOK_NORMAL];
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
	*c = *session_osnoise_conf(d->s);
	c->cpus = session_segments(d->s)->seg[k].cpus;
	c->irq_disable = !session_segments(d->s)->seg[k].osnoise;
}

/* The header's lines; how many rows it took. */
static int header(const struct dashboard *d, int y, int height, int width, unsigned kb, unsigned ka,
		  bool smi, const int cells[NGROUPS])
{
	const struct markers *ms = &session_segments(d->s)->marks;
	char line[MARKER_TEXT + 1400], m[MARKER_TEXT + 48], conf[400];
	char diff[CMP_DIFFS_MAX][CMP_DIFF_LEN];
	struct osnoise_conf ob, oa;
	struct cmp_conf cb = { &ob, smi }, ca = { &oa, smi };
	int rows = 0, n, x;

	seg_conf(d, ka, &oa);
	if (d->conf.ref && d->conf.ref_osn) {
		cb.osn = d->conf.ref_osn;
		cb.smi = d->conf.ref_smi;
		ca.smi = grid_smi_shown(d->s);
	} else {
		seg_conf(d, kb, &ob);
	}
	attrset(A_NORMAL);
	if (d->conf.ref)
		snprintf(line, sizeof(line), " before: %.1024s, the whole recording (%s, %s measured): %s",
			 d->conf.ref_name, d->conf.ref_osnoise ? "osnoise: IRQs enabled" : "hwnoise",
			 markers_clock(d->conf.ref_elapsed_s * 1000, m, sizeof(m)),
			 cmpcells_conf(&cb, conf, sizeof(conf)));
	else
		snprintf(line, sizeof(line), " before: %s", markers_line(&ms->m[kb], m, sizeof(m)));
	dash_put(y + rows++, 0, width, A_NORMAL, line, false);	/* a note: UTF-8, in columns */
	snprintf(line, sizeof(line), " after:  %s%s%s", markers_line(&ms->m[ka], m, sizeof(m)),
		 d->conf.ref ? ": " : "", d->conf.ref ? cmpcells_conf(&ca, conf, sizeof(conf)) : "");
	dash_put(y + rows++, 0, width, A_NORMAL, line, false);
	if (kb == ka && segments_count(session_segments(d->s)) > 1 && !d->conf.ref) {
		attrset(d->look[LOOK_WARN]);
		mvaddnstr(y + rows++, 1, "no osnoise segment before this one (the hwlat view ran): "
			  "the current one against itself", width - 1);
	}
	n = cmpcells_diffs(&cb, &ca, diff);
	attrset(d->look[LOOK_WARN]);
	for (int i = 0; i < n && rows < height - 3; i++)
		mvaddnstr(y + rows++, 1, diff[i], width - 1);
	attrset(d->look[LOOK_COLHEAD]);
	for (x = 0; x < width; x++) {
		mvaddch(y + rows, x, ' ');
		mvaddch(y + rows + 1, x, ' ');
	}
	x = W_CPU;
	mvaddstr(y + rows + 1, 0, " CPU");
	for (int g = 0; g < NGROUPS; g++) {
		static const char *const lab[3] = { "before", "after", "change" };

		const char *title = cells[g] < groups[g].n ? groups[g].short_title : groups[g].title;

		if (!cells[g])
			continue;
		mvprintw(y + rows, x, " %*s", group_width(&groups[g], cells[g]) - 1, title);
		for (int i = 0; i < cells[g]; i++) {
			mvprintw(y + rows + 1, x, " %*s", groups[g].w[i] - (i == 1), lab[i]);
			x += groups[g].w[i] + 1;
		}
	}
	return rows + 2;
}

void compare_draw(struct dashboard *d, int y, int height, int width)
{
	const struct segments *sg = session_segments(d->s);
	unsigned ka = segments_count(sg) - 1, kb = before_of(sg, ka);
	const struct stats *ref = d->conf.ref;
	bool smi = grid_smi_shown(d->s) && (!ref || d->conf.ref_smi);
	int row = 0, cpu, top, cells[NGROUPS];

	if (height < 5)
		return;
	layout(smi, width, cells);
	top = header(d, y, height, width, kb, ka, smi, cells);
	y += top;
	height -= top;
	/* compare --live: i switched the live run to the other mode. */
	if (ref && d->conf.ref_osnoise == session_osnoise_conf(d->s)->irq_disable) {
		attrset(d->look[LOOK_WARN]);
		mvaddnstr(y, 1, d->conf.ref_osnoise ?
			  "not comparable: the recording is of osnoise mode, the live run is in hwnoise "
			  "mode now (i switches back)" :
			  "not comparable: the recording is of hwnoise mode, the live run is in osnoise "
			  "mode now (i switches back)", width - 1);
		attrset(A_NORMAL);
		return;
	}
	if (sg->seg[ka].hwlat && !ref) {
		attrset(d->look[LOOK_WARN]);
		mvaddnstr(y, 1, "the current segment is a stretch of the hwlat view: no osnoise figures",
			  width - 1);
		attrset(A_NORMAL);
		return;
	}
	for (cpu = 0; cpu < session_ncpus(d->s) && row < height; cpu++) {
		struct seg_row bufb, bufa;
		const struct seg_row *b = !ref ? segments_cpu(sg, kb, cpu, &bufb) :
					  cpu < ref->ncpus ? segments_row(&ref->cpu[cpu], &bufb) : NULL;
		struct cmp_row r;
		char num[16];
		int x = 0;

		if (!cmpcells_row(b, segments_cpu(sg, ka, cpu, &bufa), &r))
			continue;
		snprintf(num, sizeof(num), "%3d", cpu);
		cell(y + row, &x, W_CPU - 1, A_NORMAL, num);
		for (int g = 0; g < NGROUPS; g++)
			for (int i = 0; i < cells[g]; i++)
				cell(y + row, &x, groups[g].w[i], change_look(d, r.k[groups[g].first + i]),
				     r.cell[groups[g].first + i]);
		row++;
	}
	attrset(A_NORMAL);
	if (!row && height > 0)
		mvaddnstr(y, 1, "no periods in either segment yet", width - 1);
	else if (row < height)
		mvaddnstr(y + row + 1 < y + height ? y + row + 1 : y + row, 1,
			  "per second of runtime, three significant digits; after: '+' better, "
			  "'!' worse", width - 1);
}

/* In the hwnoise view, d: with a marker set or a recording to compare with. */
static bool compare_shown(const struct dashboard *d)
{
	return !dash_hwlat(d) && d->compare &&
	       (segments_count(session_segments(d->s)) > 1 || d->conf.ref);
}

const struct dash_screen screen_compare = {
	.name = "compare",
	.shown = compare_shown,
	.top = view_settings_top,
	.title = view_settings_title,
	.draw = compare_draw,
	.hints = dash_view_hints,
	.cursor = true,
};
