/*
 * frame: what dash_draw() paints around and with the body, part by part
 * (enum dash_redraw, dash.h).  Layout, top to bottom:
 *   0  title bar: program, kernel, mode; state and elapsed time on the right
 *   1  the settings in force: period, runtime, threshold, CPUs, lost events
 *      (hwlat view: window, width, mode, threshold, CPUs, lost events)
 *   2  hwlat view: a note that hwnoise is off meanwhile; hwnoise view: a
 *      note when another osnoise user runs beside this one
 *   2  (3) the body: column titles, then one row per CPU (grid.c), the
 *      compare view (compare.c) or, under the title, the panel (panel.c)
 *   last  the status line: a message, a prompt, or the main keys
 * The help screen and the markers list take the whole screen.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "dash.h"
#include "parse.h"

/* The lost events of the settings line: "3", or "3+?" when a count was unknown. */
static const char *lost_short(const struct lost *l, char *buf, size_t size)
{
	snprintf(buf, size, "%llu%s", (unsigned long long)l->missed, l->unknown ? "+?" : "");
	return buf;
}

static bool lost_any(const struct lost *l)
{
	return l->missed || l->unknown;
}

static const char *state_text(const struct dashboard *d, attr_t *a)
{
	static char buf[200];

	*a = d->look[LOOK_TITLE];
	if (d->s->quit || d->s->state == SESSION_STOPPED) {
		snprintf(buf, sizeof(buf), "STOPPED: %s",
			 d->s->stop_reason[0] ? d->s->stop_reason : "quit");
		*a = d->look[LOOK_PAUSED];
		return buf;
	}
	if (d->s->state == SESSION_PAUSED) {
		*a = d->look[LOOK_PAUSED];
		return "PAUSED";
	}
	return "running";
}

/*
 * The title bar: the state and elapsed time keep their place on the right;
 * the left side drops the kernel, then shortens the mode, to make room.
 */
static void draw_title(struct dashboard *d, int width)
{
	bool hw = session_osnoise_conf(d->s)->irq_disable;
	const char *mode = dash_hwlat(d) ? "hwlat: hardware latency detector" :
			   hw ? "hwnoise: IRQs disabled" : "osnoise: IRQs enabled";
	const char *brief = dash_hwlat(d) ? "hwlat" : hw ? "hwnoise" : "osnoise";
	char left[256], right[64], dur[32];
	const char *state;
	attr_t sa;
	int need;

	if (playview_on(d)) {
		playview_title(d, width, mode);
		return;
	}
	state = state_text(d, &sa);
	snprintf(right, sizeof(right), " %s ", format_duration(session_elapsed(d->s), dur,
							      sizeof(dur)));
	need = (int)strlen(state) + 2 + (int)strlen(right);
	snprintf(left, sizeof(left), " hwnoisetop %s | %s | %s", PACKAGE_VERSION, d->kernel, mode);
	if ((int)strlen(left) + 1 + need > width)
		snprintf(left, sizeof(left), " hwnoisetop | %s", mode);
	if ((int)strlen(left) + 1 + need > width)
		snprintf(left, sizeof(left), " %s", brief);
	dash_title_bar(d, width, left, state, sa, right);
}

void dash_title_bar(const struct dashboard *d, int width, const char *left, const char *state,
		    attr_t sa, const char *right)
{
	/* In columns: a file name or a stop reason may hold any character. */
	int n = text_width(state), rx = width - (n + 2 + text_width(right));

	dash_put(0, 0, width, d->look[LOOK_TITLE], "", true);
	dash_put(0, 0, width, d->look[LOOK_TITLE], left, false);
	if (rx < text_width(left) + 1)
		rx = text_width(left) + 1;
	if (rx < width) {
		int x = rx + 1;

		dash_put(0, rx, 1, sa, " ", false);
		dash_put(0, x, width - x, sa, state, false);
		x += n < width - x ? n : width - x;
		if (x < width)
			dash_put(0, x++, 1, sa, " ", false);
		if (x < width)
			dash_put(0, x, width - x, d->look[LOOK_TITLE], right, false);
	}
}

/* The hwlat view's settings, and the note that hwnoise is off meanwhile. */
static void draw_hwlat_settings(struct dashboard *d, int width)
{
	const struct hwlat_conf *c = session_hwlat_conf(d->s);
	char line[512], cpus[128], online[128], lost[32];

	cpuset_format(&c->cpus, cpus, sizeof(cpus));
	cpuset_format(&d->online, online, sizeof(online));
	snprintf(line, sizeof(line),
		 " window %llu us  width %llu us  mode %s  threshold %llu us  CPUs %s (online %s)  lost %s",
		 (unsigned long long)c->window_us, (unsigned long long)c->width_us,
		 hwlat_mode_name(c->mode), (unsigned long long)c->threshold_us, cpus, online,
		 lost_short(&d->s->hwl_stats.lost, lost, sizeof(lost)));
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " N %llu W %llu us %s T %llu us CPUs %s/%s lost %s",
			 (unsigned long long)c->window_us, (unsigned long long)c->width_us,
			 hwlat_mode_name(c->mode), (unsigned long long)c->threshold_us, cpus, online,
			 lost_short(&d->s->hwl_stats.lost, lost, sizeof(lost)));
	dash_put(1, 0, width, lost_any(&d->s->hwl_stats.lost) ? d->look[LOOK_WARN] : A_NORMAL,
		 line, false);
	if (playview_on(d)) {	/* a recording: no tracer stopped here */
		playview_hwlat_note(d, width);
		return;
	}
	snprintf(line, sizeof(line), " hwnoise is stopped: the kernel can not run the osnoise and "
		 "hwlat tracers at once (w switches back)");
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " hwnoise stopped: the kernel runs osnoise or hwlat, not both");
	dash_put(2, 0, width, d->look[LOOK_WARN], line, false);
}

/* The settings in force; a compact form when the long one does not fit. */
static void draw_settings(struct dashboard *d, int width)
{
	const struct osnoise_conf *c = session_osnoise_conf(d->s);
	char line[512], cpus[128], online[128], lost[32];

	cpuset_format(&c->cpus, cpus, sizeof(cpus));
	cpuset_format(&d->online, online, sizeof(online));
	snprintf(line, sizeof(line),
		 " period %llu us  runtime %llu us  threshold %llu us  CPUs %s (online %s)  lost %s",
		 (unsigned long long)c->period_us, (unsigned long long)c->runtime_us,
		 (unsigned long long)c->threshold_us, cpus, online,
		 lost_short(&d->s->stats.lost, lost, sizeof(lost)));
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " P %llu R %llu T %llu us  CPUs %s/%s  lost %s",
			 (unsigned long long)c->period_us, (unsigned long long)c->runtime_us,
			 (unsigned long long)c->threshold_us, cpus, online,
			 lost_short(&d->s->stats.lost, lost, sizeof(lost)));
	dash_put(1, 0, width, lost_any(&d->s->stats.lost) ? d->look[LOOK_WARN] : A_NORMAL, line,
		 false);
}

/* Another osnoise user beside this run (neighbours.h): one line, 1; else 0. */
static int draw_neighbour(struct dashboard *d, int y, int width)
{
	char line[256];

	if (!d->s->neighbour[0])
		return 0;
	snprintf(line, sizeof(line), " another osnoise user runs beside this one: %s; it shares "
		 "the osnoise settings (M lists the markers)", d->s->neighbour);
	dash_put(y, 0, width, d->look[LOOK_WARN], line, false);
	return 1;
}

static void draw_status(struct dashboard *d, int y, int width)
{
	/* q quit beside F1 help: a narrow terminal cuts the bar's end, never these two. */
	const char *hints = dash_hwlat(d) ?
		" F1 help  q quit  s system  w hwnoise  Space CPU on/off  c CPUs  +/- threshold  N window  W width  m mode" :
		" F1 help  q quit  s system  w hwlat  Space CPU on/off  c CPUs  +/- threshold  t capture  i mode  z pause";

	if (playview_on(d))
		hints = playview_hints();
	if (d->prompt != PROMPT_NONE) {
		prompt_draw(d, y, width);
		return;
	}
	if (d->msg[0]) {
		attr_t a = d->msg_err ? d->look[LOOK_ERROR] : A_BOLD;

		dash_put(y, 0, 1, a, " ", false);
		dash_put(y, 1, width - 1, a, d->msg, false);
		return;
	}
	dash_put(y, 0, width, d->look[LOOK_DIM], hints, false);
}

static void draw_too_small(int lines, int cols)
{
	char a[64], b[64];

	snprintf(a, sizeof(a), "terminal too small: %dx%d", cols, lines);
	snprintf(b, sizeof(b), "needs %dx%d", DASH_MIN_COLS, DASH_MIN_LINES);
	attrset(A_BOLD);
	mvaddnstr(lines / 2 > 0 ? lines / 2 - 1 : 0, 0, a, cols);
	attrset(A_NORMAL);
	if (lines > 1)
		mvaddnstr(lines / 2, 0, b, cols);
}

/* CPU time of this thread, for -D's cost of a redraw. */
static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Rows y .. y + n - 1 blank: a part drawn alone leaves nothing of what it showed before. */
static void clear_rows(int y, int n)
{
	for (int r = y; r < y + n; r++) {
		move(r, 0);
		clrtoeol();
	}
}

/* What the screen shows, each with its own layout of the parts. */
enum dash_screen { SCREEN_SMALL = 1, SCREEN_HELP, SCREEN_MARKS, SCREEN_PANEL, SCREEN_HWLAT,
		   SCREEN_GRID };

/* The title bar and the lines under it. */
static void draw_top(struct dashboard *d, enum dash_screen scr, int width)
{
	draw_title(d, width);
	if (scr == SCREEN_HWLAT) {
		draw_hwlat_settings(d, width);
	} else if (scr == SCREEN_GRID) {
		draw_settings(d, width);
		draw_neighbour(d, 2, width);
	}
}

/* The body is the grid (not the panel, nor the compare view). */
static bool body_grid(const struct dashboard *d, enum dash_screen scr)
{
	return scr == SCREEN_HWLAT || (scr == SCREEN_GRID && !(d->compare &&
	       (segments_count(&d->s->seg) > 1 || d->conf.ref)));
}

static void draw_body(struct dashboard *d, enum dash_screen scr, int y, int height, int width)
{
	d->drawn.valid = false;	/* until grid_draw() draws it whole */
	if (scr == SCREEN_PANEL)
		panel_draw(d, y, height, width);
	else if (scr == SCREEN_GRID && d->dist)
		dist_draw(d, y, height, width);
	else if (!body_grid(d, scr))
		compare_draw(d, y, height, width);
	else
		grid_draw(d, y, height, width);
}

static uint64_t layout_size(int lines, int cols)
{
	return (uint64_t)lines << 40 | (uint64_t)cols << 16;
}

bool dash_size_drawn(const struct dashboard *d)
{
	int lines, cols;

	getmaxyx(stdscr, lines, cols);
	return (d->layout & ~(uint64_t)0xffff) == layout_size(lines, cols);
}

/*
 * Draw what d->redraw asks for (enum dash_redraw): the title and the lines
 * under it (top), the grid, compare view or panel (body) or only the rows
 * a selection move changed, the status line; everything, on a screen
 * erased first, for DASH_REDRAW_ALL or when the layout (size, screen, the
 * body's first row) is not the last draw's.
 */
void dash_draw(struct dashboard *d)
{
	uint64_t t0 = d->conf.debug ? cpu_ns() : 0, layout;
	unsigned what = d->redraw;
	enum dash_screen scr;
	int lines, cols, top;

	getmaxyx(stdscr, lines, cols);
	scr = cols < DASH_MIN_COLS || lines < DASH_MIN_LINES ? SCREEN_SMALL : d->help ? SCREEN_HELP :
	      d->marks_list ? SCREEN_MARKS : d->panel ? SCREEN_PANEL :
	      dash_hwlat(d) ? SCREEN_HWLAT : SCREEN_GRID;
	top = scr == SCREEN_PANEL ? 1 : scr == SCREEN_HWLAT ? 3 :
	      2 + (scr == SCREEN_GRID && d->s->neighbour[0]);
	layout = layout_size(lines, cols) | (uint64_t)top << 8 | scr;
	/* The help, the markers and a too small terminal are drawn whole. */
	if (layout != d->layout || scr < SCREEN_PANEL)
		what = DASH_REDRAW_ALL;
	/* The whole body shows the selection too. */
	if (what & DASH_REDRAW_BODY)
		what &= ~(unsigned)DASH_REDRAW_SELECT;
	/* The status line last, for the cursor at the end of the prompt. */
	if (d->prompt != PROMPT_NONE)
		what |= DASH_REDRAW_STATUS;
	if (what == DASH_REDRAW_ALL) {
		erase();
		d->drawn.valid = false;
	}
	if (scr == SCREEN_SMALL) {
		draw_too_small(lines, cols);
		curs_set(0);
	} else if (scr == SCREEN_HELP) {
		help_draw(d, lines, cols);
		curs_set(0);
	} else if (scr == SCREEN_MARKS) {
		marks_list_draw(d, lines, cols);
	} else {
		bool erased = what == DASH_REDRAW_ALL;
		int height = lines - top - 1;

		if (what & DASH_REDRAW_TOP) {
			if (!erased)
				clear_rows(0, top);
			draw_top(d, scr, cols);
		}
		/* A selection move: its two rows, or the whole body when they will not do. */
		if ((what & DASH_REDRAW_SELECT) &&
		    !(body_grid(d, scr) && grid_draw_select(d, top, height, cols)))
			what |= DASH_REDRAW_BODY;
		if (what & DASH_REDRAW_BODY) {
			if (!erased)
				clear_rows(top, height);
			draw_body(d, scr, top, height, cols);
		}
		if (what & DASH_REDRAW_STATUS) {
			if (!erased)
				clear_rows(lines - 1, 1);
			draw_status(d, lines - 1, cols);
		}
		curs_set(scr != SCREEN_PANEL && d->prompt != PROMPT_NONE);
	}
	attrset(A_NORMAL);
	wnoutrefresh(stdscr);
	doupdate();
	d->draws++;
	d->redraw = DASH_REDRAW_NONE;
	d->layout = layout;
	if ((what & (DASH_REDRAW_TOP | DASH_REDRAW_BODY)) == (DASH_REDRAW_TOP | DASH_REDRAW_BODY)) {
		d->seen_samples = dash_samples(d);
		d->seen_elapsed = session_elapsed(d->s);
	}
	if (t0)
		d->draw_cpu_ns += cpu_ns() - t0;
}

