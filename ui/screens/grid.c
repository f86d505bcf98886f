/*
 * grid: the per-CPU table of the dashboard.
 *
 * The columns are data, one table per view (hwnoise: the osnoise
 * tracer's period summaries; hwlat: the hwlat tracer's samples), each
 * column named by its fields (struct column): each has
 * a title, a width, how long it is kept when the terminal narrows (keep:
 * lower stays longer), whether it shows only in osnoise mode, its sort
 * direction, the statistic it shows, and, for the SMI and TSC watchdog
 * counts, whether the session can count them at all.
 * A layout picks the columns that fit, in the order of their keep, each
 * that still fits: what a narrow screen keeps, decided by value (CPU,
 * % CPU Aval, Max Single, Noise, HW, NMI, SMI, Why (with --why), History,
 * Last, Max Noise, IRQ, Softirq, Thread (osnoise mode), TSCwd, Period,
 * Runtime, Last Single, LastSMI;
 * grid_print_order() writes it into the man page).  The history
 * sparkline takes the width left over.  Rows follow the sort column; the selection follows
 * its CPU, and the view scrolls to keep it in sight.  A move of the
 * selection that scrolls nothing redraws two rows (grid_draw_select),
 * in the order last drawn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dash.h"
#include "dashboard.h"
#include "format.h"
#include "smi.h"
#include "tscwd.h"
#include "why_report.h"

/*
 * What colours a cell and gives it its mark: nothing (COL_NUM), %
 * available (COL_AVAIL, COL_NOISE), the single-noise budget (COL_SINGLE),
 * the per-period budget (COL_PERIOD), an NMI at all (COL_NMI).
 */
enum col_kind { COL_CPU, COL_NUM, COL_AVAIL, COL_NOISE, COL_SINGLE, COL_PERIOD, COL_NMI,
		COL_SPARK, COL_CLOCK, COL_WHY };

struct column {
	const char *title;
	enum col_kind kind;
	int width;		/* at least, in columns */
	int keep;		/* too narrow a terminal drops the highest first */
	bool osnoise_only;	/* shown in osnoise mode only */
	int dir;		/* sort: 1 ascending, -1 descending, 0 not sortable */
	uint64_t (*value)(const struct cpu_stats *c);		/* hwnoise view */
	uint64_t (*hvalue)(const struct hwl_cpu_stats *c);	/* hwlat view */
	uint64_t (*svalue)(const struct session *s, int cpu);	/* the session's counters */
	bool (*shown)(const struct session *s);	/* NULL: always (as osnoise_only allows) */
};

static uint64_t v_periods(const struct cpu_stats *c) { return c->periods; }
static uint64_t v_runtime(const struct cpu_stats *c) { return c->runtime; }
static uint64_t v_noise(const struct cpu_stats *c) { return c->noise; }
static uint64_t v_avail(const struct cpu_stats *c) { return stats_avail(c->runtime, c->noise); }
static uint64_t v_max_noise(const struct cpu_stats *c) { return c->max_noise; }
static uint64_t v_max_single(const struct cpu_stats *c) { return c->max_single; }
static uint64_t v_hw(const struct cpu_stats *c) { return c->hw; }
static uint64_t v_nmi(const struct cpu_stats *c) { return c->nmi; }
static uint64_t v_irq(const struct cpu_stats *c) { return c->irq; }
static uint64_t v_softirq(const struct cpu_stats *c) { return c->softirq; }
static uint64_t v_thread(const struct cpu_stats *c) { return c->thread; }
static uint64_t v_last(const struct cpu_stats *c) { return c->last_noise; }
static uint64_t v_last_single(const struct cpu_stats *c) { return c->last_single; }

static uint64_t v_smi(const struct cpu_stats *c) { return c->smi; }
static uint64_t v_last_smi(const struct cpu_stats *c) { return c->last_smi; }
static uint64_t h_smi(const struct hwl_cpu_stats *c) { return c->smi; }
static uint64_t s_tscwd(const struct session *s, int cpu) { return tscwd_visits(session_tscwd(s), cpu); }
bool grid_smi_shown(const struct session *s)
{
	return smi_ok(session_smi(s)) || session_smi_recorded(s);
}

static bool tscwd_shown(const struct session *s) { return tscwd_ok(session_tscwd(s)); }
static bool why_shown(const struct session *s) { return session_causes(s) != NULL; }

static uint64_t h_samples(const struct hwl_cpu_stats *c) { return c->samples; }
static uint64_t h_inner(const struct hwl_cpu_stats *c) { return c->max_inner; }
static uint64_t h_outer(const struct hwl_cpu_stats *c) { return c->max_outer; }
static uint64_t h_count(const struct hwl_cpu_stats *c) { return c->count; }
static uint64_t h_nmi(const struct hwl_cpu_stats *c) { return c->nmi_count; }
static uint64_t h_nmi_total(const struct hwl_cpu_stats *c) { return c->nmi_total; }
static uint64_t h_last(const struct hwl_cpu_stats *c) { return (uint64_t)c->last_sec; }

static const struct column hwn_columns[] = {
	{ .title = "CPU", .kind = COL_CPU, .width = 4, .keep = 0, .dir = 1 },
	{ .title = "Period", .kind = COL_NUM, .width = 7, .keep = 14, .dir = -1,
	  .value = v_periods },
	{ .title = "Runtime", .kind = COL_NUM, .width = 12, .keep = 15, .dir = -1,
	  .value = v_runtime },
	{ .title = "Noise", .kind = COL_NOISE, .width = 11, .keep = 3, .dir = -1,
	  .value = v_noise },
	{ .title = "% CPU Aval", .kind = COL_AVAIL, .width = 11, .keep = 1, .dir = 1,
	  .value = v_avail },
	{ .title = "Max Noise", .kind = COL_PERIOD, .width = 10, .keep = 9, .dir = -1,
	  .value = v_max_noise },
	{ .title = "Max Single", .kind = COL_SINGLE, .width = 10, .keep = 2, .dir = -1,
	  .value = v_max_single },
	{ .title = "HW", .kind = COL_NUM, .width = 9, .keep = 4, .dir = -1, .value = v_hw },
	{ .title = "NMI", .kind = COL_NMI, .width = 6, .keep = 5, .dir = -1, .value = v_nmi },
	{ .title = "SMI", .kind = COL_NUM, .width = 6, .keep = 6, .dir = -1,
	  .value = v_smi, .shown = grid_smi_shown },
	{ .title = "IRQ", .kind = COL_NUM, .width = 9, .keep = 10, .osnoise_only = true, .dir = -1,
	  .value = v_irq },
	{ .title = "Softirq", .kind = COL_NUM, .width = 8, .keep = 11, .osnoise_only = true, .dir = -1,
	  .value = v_softirq },
	{ .title = "Thread", .kind = COL_NUM, .width = 8, .keep = 12, .osnoise_only = true, .dir = -1,
	  .value = v_thread },
	{ .title = "TSCwd", .kind = COL_NUM, .width = 6, .keep = 13, .osnoise_only = true, .dir = -1,
	  .svalue = s_tscwd, .shown = tscwd_shown },
	{ .title = "Last", .kind = COL_PERIOD, .width = 9, .keep = 8, .dir = -1, .value = v_last },
	{ .title = "Last Single", .kind = COL_SINGLE, .width = 11, .keep = 16, .dir = -1,
	  .value = v_last_single },
	{ .title = "LastSMI", .kind = COL_NUM, .width = 7, .keep = 17, .dir = -1,
	  .value = v_last_smi, .shown = grid_smi_shown },
	{ .title = "Why", .kind = COL_WHY, .width = 5, .keep = 6, .shown = why_shown },
	{ .title = "History", .kind = COL_SPARK, .width = 10, .keep = 7 },
};

static const struct column hwl_columns[] = {
	{ .title = "CPU", .kind = COL_CPU, .width = 4, .keep = 0, .dir = 1 },
	{ .title = "Samples", .kind = COL_NUM, .width = 9, .keep = 1, .dir = -1,
	  .hvalue = h_samples },
	{ .title = "Max Inner", .kind = COL_NUM, .width = 10, .keep = 1, .dir = -1,
	  .hvalue = h_inner },
	{ .title = "Max Outer", .kind = COL_NUM, .width = 10, .keep = 1, .dir = -1,
	  .hvalue = h_outer },
	{ .title = "Over", .kind = COL_NUM, .width = 9, .keep = 3, .dir = -1, .hvalue = h_count },
	{ .title = "NMI", .kind = COL_NMI, .width = 6, .keep = 2, .dir = -1, .hvalue = h_nmi },
	{ .title = "NMI us", .kind = COL_NUM, .width = 9, .keep = 4, .dir = -1,
	  .hvalue = h_nmi_total },
	{ .title = "SMI", .kind = COL_NUM, .width = 6, .keep = 2, .dir = -1,
	  .hvalue = h_smi, .shown = grid_smi_shown },
	{ .title = "Last Sample", .kind = COL_CLOCK, .width = 12, .keep = 2, .dir = -1,
	  .hvalue = h_last },
};

#define NCOLUMNS_MAX 24
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The columns of the view on screen. */
static const struct column *view_columns(const struct dashboard *d, int *n)
{
	if (dash_hwlat(d)) {
		*n = COUNT(hwl_columns);
		return hwl_columns;
	}
	*n = COUNT(hwn_columns);
	return hwn_columns;
}

static uint64_t col_value(const struct dashboard *d, const struct column *col, int cpu)
{
	if (col->svalue)
		return col->svalue(d->s, cpu);
	if (col->hvalue)
		return session_hwl_stats(d->s)->cpu ? col->hvalue(&session_hwl_stats(d->s)->cpu[cpu]) : 0;
	return col->value ? col->value(&session_stats(d->s)->cpu[cpu]) : 0;
}

/* Has the CPU anything to show in this view? */
static bool row_has_data(const struct dashboard *d, int cpu)
{
	if (dash_hwlat(d))
		return session_hwl_stats(d->s)->cpu && session_hwl_stats(d->s)->cpu[cpu].samples;
	return session_stats(d->s)->cpu[cpu].periods;
}

static bool osnoise_mode(const struct dashboard *d)
{
	return !session_osnoise_conf(d->s)->irq_disable;
}

static bool column_shown(const struct dashboard *d, int i)
{
	int n;
	const struct column *columns = view_columns(d, &n);

	return i < n && (!columns[i].osnoise_only || osnoise_mode(d)) &&
	       (!columns[i].shown || columns[i].shown(d->s));
}

/* Pick the columns that fit width; widths[i] = 0 for those left out. */
static void layout(const struct dashboard *d, int width, int widths[NCOLUMNS_MAX])
{
	int used = 0, spark = -1, ncols;
	const struct column *columns = view_columns(d, &ncols);

	memset(widths, 0, sizeof(int) * NCOLUMNS_MAX);
	for (int keep = 0; keep < NCOLUMNS_MAX; keep++)
		for (int i = 0; i < ncols; i++) {
			if (columns[i].keep != keep || !column_shown(d, i))
				continue;
			if (used + columns[i].width + (used ? 1 : 0) > width)
				continue;
			widths[i] = columns[i].width;
			used += columns[i].width + (used > 0 ? 1 : 0);
			if (columns[i].kind == COL_SPARK)
				spark = i;
		}
	if (spark >= 0) {
		widths[spark] += width - used;
		if (widths[spark] > STATS_HISTORY)
			widths[spark] = STATS_HISTORY;
	}
}

void grid_print_order(FILE *out)
{
	int n = COUNT(hwn_columns), done = 0;

	for (int keep = 0; keep < NCOLUMNS_MAX; keep++)
		for (int i = 0; i < n; i++)
			if (hwn_columns[i].keep == keep)
				fprintf(out, "\\fB%s\\fR%s", hwn_columns[i].title,
					++done < n ? ", " : "");
}

const char *grid_sort_name(const struct dashboard *d)
{
	int n;

	return view_columns(d, &n)[d->sort < n ? d->sort : 0].title;
}

/* The grid's width: as last drawn, else the terminal's. */
static int grid_width(const struct dashboard *d)
{
	return d->drawn.width > 0 ? d->drawn.width : COLS;
}

/* < and > step through the sortable columns on screen only. */
void grid_sort_step(struct dashboard *d, int dir)
{
	int i = d->sort, ncols, widths[NCOLUMNS_MAX];
	const struct column *columns = view_columns(d, &ncols);

	layout(d, grid_width(d), widths);
	do
		i = (i + dir + ncols) % ncols;
	while (i != d->sort && (!columns[i].dir || !widths[i]));
	d->sort = i;
}

/* The sort's direction: the column's own, or its reverse (I). */
static int sort_sign(const struct dashboard *d, const struct column *col)
{
	return d->sort_reverse ? -col->dir : col->dir;
}

const char *grid_sort_order(const struct dashboard *d)
{
	int n;
	const struct column *col = &view_columns(d, &n)[d->sort < n ? d->sort : 0];

	return sort_sign(d, col) < 0 ? "largest first" : "smallest first";
}

/*
 * A row's sort key, worked out once a redraw: 1024 rows take some ten
 * thousand comparisons, each of which would otherwise look the value up.
 */
struct row_key {
	uint64_t v;
	int cpu;
	bool data;	/* measured and with data: before the others */
};

static int sort_dir;

static int row_cmp(const void *a, const void *b)
{
	const struct row_key *ka = a, *kb = b;

	if (ka->data != kb->data)
		return ka->data ? -1 : 1;
	if (ka->v != kb->v)
		return (ka->v < kb->v ? -1 : 1) * sort_dir;
	return ka->cpu - kb->cpu;
}

static void sort_rows(struct dashboard *d)
{
	int n = session_stats(d->s)->ncpus, ncols;
	const struct column *col = &view_columns(d, &ncols)[d->sort];
	struct row_key *keys;

	if (d->nrows != n) {
		int *o = realloc(d->order, sizeof(*o) * (n > 0 ? n : 1));

		if (!o)
			return;
		d->order = o;
		d->nrows = n;
	}
	for (int i = 0; i < n; i++)
		d->order[i] = i;
	/* The CPU column: CPU order, as the rows are, or its reverse. */
	if (!col->value && !col->hvalue && !col->svalue) {
		for (int i = 0; d->sort_reverse && i < n; i++)
			d->order[i] = n - 1 - i;
		return;
	}
	keys = malloc(sizeof(*keys) * (n > 0 ? n : 1));
	if (!keys)
		return;
	for (int i = 0; i < n; i++)
		keys[i] = (struct row_key){ col_value(d, col, i), i,
					    dash_measured(d, i) && row_has_data(d, i) };
	sort_dir = sort_sign(d, col);
	qsort(keys, n, sizeof(*keys), row_cmp);
	for (int i = 0; i < n; i++)
		d->order[i] = keys[i].cpu;
	free(keys);
}

static int sel_index(const struct dashboard *d)
{
	for (int i = 0; i < d->nrows; i++)
		if (d->order[i] == d->sel_cpu)
			return i;
	return 0;
}

void grid_move(struct dashboard *d, int delta)
{
	int i = sel_index(d) + delta;

	if (!d->nrows)
		return;
	if (i < 0)
		i = 0;
	if (i >= d->nrows)
		i = d->nrows - 1;
	d->sel_cpu = d->order[i];
}

void grid_home_end(struct dashboard *d, bool end)
{
	if (d->nrows)
		d->sel_cpu = d->order[end ? d->nrows - 1 : 0];
}

static void put(int y, int x, int w, attr_t a, const char *text)
{
	dash_put(y, x, w, a, text, false);
}

static void put_right(int y, int x, int w, attr_t a, const char *text)
{
	dash_put(y, x, w, a, text, true);
}

/*
 * The sorting column's mark, left of its title (in the column or the space
 * before it), a cue that shows without colours or attributes: largest
 * first or smallest first.  The CPU column in CPU order has none.
 */
static void draw_sort_mark(const struct dashboard *d, int y, int x, attr_t a, int sign)
{
	const char *mark = d->utf8 ? (sign < 0 ? "\u25bc" : "\u25b2") : (sign < 0 ? "v" : "^");

	if (x < 0)
		x = 0;
	put(y, x, 1, a, mark);
}

static void draw_header(const struct dashboard *d, int y, const int *widths, uint64_t spark_max)
{
	int x = 0, ncols;
	const struct column *columns = view_columns(d, &ncols);
	char title[64];

	put_right(y, 0, COLS, d->look[LOOK_COLHEAD], "");
	for (int i = 0; i < ncols; i++) {
		attr_t a = d->look[i == d->sort ? LOOK_SORTED : LOOK_COLHEAD];

		if (!widths[i])
			continue;
		if (columns[i].kind == COL_SPARK)
			put(y, x, widths[i], a, spark_title(columns[i].title, widths[i], spark_max, title,
							  sizeof(title)));
		else
			put_right(y, x, widths[i], a, columns[i].title);
		if (i == d->sort && (i || d->sort_reverse))
			draw_sort_mark(d, y, x + widths[i] - (int)strlen(columns[i].title) -
				       (widths[i] - (int)strlen(columns[i].title) >= 2 ? 2 : 1), a,
				       sort_sign(d, &columns[i]));
		x += widths[i] + 1;
	}
}

/* What a judged cell of c means (FORMAT_NONE: the cell is not judged). */
static enum format_class cell_class(const struct dashboard *d, const struct column *col,
				    const struct cpu_stats *c)
{
	const char *from;

	switch (col->kind) {
	case COL_AVAIL:
	case COL_NOISE:
		return format_avail_class(stats_avail(c->runtime, c->noise));
	case COL_SINGLE:
	case COL_PERIOD:
		return format_budget_class(col->value(c), dash_budget(d, col->kind == COL_PERIOD,
								       &from));
	default:
		return FORMAT_NONE;
	}
}

static attr_t class_look(const struct dashboard *d, enum format_class k)
{
	return d->look[k == FORMAT_BAD ? LOOK_BAD : k == FORMAT_WARN ? LOOK_WARN :
		       k == FORMAT_GOOD ? LOOK_GOOD : LOOK_NORMAL];
}

static void draw_row(const struct dashboard *d, int y, int cpu, const int *widths,
		     uint64_t spark_max)
{
	const struct cpu_stats *c = &session_stats(d->s)->cpu[cpu];
	bool online = cpuset_has(&d->online, cpu);
	bool measured = dash_measured(d, cpu);
	bool sel = cpu == d->sel_cpu;
	bool hwlat = dash_hwlat(d);
	attr_t base = sel ? d->look[LOOK_SELECT] : measured && online ? d->look[LOOK_NORMAL] :
		      d->look[LOOK_DIM];
	char buf[64];
	int x = 0, ncols;
	const struct column *columns = view_columns(d, &ncols);

	attrset(base);
	move(y, 0);
	clrtoeol();
	if (sel)
		put_right(y, 0, COLS, base, "");
	for (int i = 0; i < ncols; i++) {
		const struct column *col = &columns[i];
		int w = widths[i];
		attr_t a = base;

		if (!w)
			continue;
		if (col->kind == COL_CPU) {
			snprintf(buf, sizeof(buf), "%3d%c", cpu, !online ? 'x' : measured ? ' ' : '-');
			put(y, x, w, base, buf);
			x += w + 1;
			if (!online) {
				put(y, x, COLS - x, base, "offline");
				return;
			}
			if (!row_has_data(d, cpu)) {
				put(y, x, COLS - x, base,
				    !measured ? "not measured" :
				    session_run_state(d->s) == SESSION_PAUSED ? "paused" :
				    hwlat ? "no sample above the threshold yet" :
				    "waiting for the first period");
				return;
			}
			continue;
		}
		if (hwlat && measured && !sel && col->kind == COL_NMI)
			a = col_value(d, col, cpu) ? d->look[LOOK_WARN] : base;
		else if (!hwlat && measured && !sel && col->kind == COL_NMI)
			a = c->nmi ? d->look[LOOK_WARN] : base;
		else if (!hwlat && measured && !sel && col->kind == COL_SPARK)
			a = d->look[LOOK_SPARK];
		else if (!hwlat && measured && !sel && cell_class(d, col, c) != FORMAT_NONE)
			a = class_look(d, cell_class(d, col, c));
		switch (col->kind) {
		case COL_AVAIL: {
			uint64_t p = stats_avail(c->runtime, c->noise);

			snprintf(buf, sizeof(buf), "%3llu.%05llu%c", (unsigned long long)(p / 100000),
				 (unsigned long long)(p % 100000),
				 format_class_mark(format_avail_class(p)));
			put_right(y, x, w, a, buf);
			break;
		}
		case COL_NOISE:
		case COL_SINGLE:
		case COL_PERIOD:	/* the mark beside the number, also without colours */
			format_count(col->value(c), w - 1, buf, sizeof(buf) - 1);
			snprintf(buf + strlen(buf), 2, "%c", format_class_mark(cell_class(d, col, c)));
			put_right(y, x, w, a, buf);
			break;
		case COL_SPARK:
			spark_draw(d, y, x, w, a, cpu, spark_max);
			break;
		case COL_WHY:	/* the leading cause (--why), "-" none credited */
			put_right(y, x, w, a, why_report_lead(session_causes(d->s), cpu));
			break;
		case COL_CLOCK: {
			const struct hwl_cpu_stats *h = &session_hwl_stats(d->s)->cpu[cpu];

			put_right(y, x, w, a, format_clock(h->last_sec, h->last_nsec, buf, sizeof(buf)));
			break;
		}
		default:
			put_right(y, x, w, a, format_count(col_value(d, col, cpu), w, buf, sizeof(buf)));
		}
		x += w + 1;
	}
}

void grid_draw(struct dashboard *d, int y, int height, int width)
{
	int widths[NCOLUMNS_MAX], spark_w = 0, sel, ncols;
	const struct column *columns = view_columns(d, &ncols);
	uint64_t spark_max = 0;

	layout(d, width, widths);
	/* Sorted by a column on screen only: one the terminal dropped gives way to CPU order. */
	if (!column_shown(d, d->sort) || !widths[d->sort])
		d->sort = 0;
	sort_rows(d);
	if (height < 2) {
		draw_header(d, y, widths, 0);
		return;
	}
	y++;
	height--;
	d->page = height;
	sel = sel_index(d);
	if (sel < d->top)
		d->top = sel;
	if (sel >= d->top + height)
		d->top = sel - height + 1;
	if (d->top > d->nrows - height)
		d->top = d->nrows - height > 0 ? d->nrows - height : 0;
	for (int i = 0; i < ncols; i++)
		if (columns[i].kind == COL_SPARK)
			spark_w = widths[i];
	/*
	 * The sparkline's scale: the largest period in sight over every CPU,
	 * not the rows on screen, so that scrolling or a sort while paused
	 * leaves a CPU's bars as they were.
	 */
	for (int r = 0; spark_w && r < d->nrows; r++) {
		const struct cpu_stats *c = &session_stats(d->s)->cpu[d->order[r]];

		for (unsigned age = 0; age < (unsigned)spark_w && age < c->hist_len; age++) {
			uint64_t v = stats_history(c, age);

			if (v > spark_max)
				spark_max = v;
		}
	}
	draw_header(d, y - 1, widths, spark_max);
	for (int r = d->top; r < d->nrows && r < d->top + height; r++)
		draw_row(d, y + r - d->top, d->order[r], widths, spark_max);
	attrset(A_NORMAL);
	d->drawn = (struct grid_drawn){ true, y - 1, height + 1, width, d->top, sel,
					d->sort * 2 + d->sort_reverse,
					dash_hwlat(d), dash_samples(d), session_elapsed(d->s),
					spark_max };
}

bool grid_draw_select(struct dashboard *d, int y, int height, int width)
{
	struct grid_drawn *g = &d->drawn;
	int widths[NCOLUMNS_MAX], sel = sel_index(d);

	if (!g->valid || g->y != y || g->height != height || g->width != width ||
	    g->top != d->top || g->sort != d->sort * 2 + d->sort_reverse || g->hwlat != dash_hwlat(d) ||
	    g->samples != dash_samples(d) || g->elapsed != session_elapsed(d->s))
		return false;
	/* The selected row must be in the remembered order and in sight. */
	if (!d->nrows || d->order[sel] != d->sel_cpu || sel < d->top || sel >= d->top + d->page)
		return false;
	layout(d, width, widths);
	y++;	/* the column titles */
	if (g->sel != sel && g->sel >= d->top && g->sel < d->top + d->page && g->sel < d->nrows)
		draw_row(d, y + g->sel - d->top, d->order[g->sel], widths, g->spark_max);
	draw_row(d, y + sel - d->top, d->sel_cpu, widths, g->spark_max);
	attrset(A_NORMAL);
	g->sel = sel;
	return true;
}
