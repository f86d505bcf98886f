/*
 * frame: what frame_draw() paints around and with the body, part by part
 * (enum dash_redraw, dash.h).  Layout, top to bottom:
 *   0  title bar: program, kernel, mode; state and elapsed time on the right
 *   1  the settings in force: period, runtime, threshold, CPUs, lost events
 *      (hwlat view: window, width, mode, threshold, CPUs, lost events)
 *   2  hwlat view: a note that hwnoise is off meanwhile; hwnoise view: a
 *      note when another osnoise user runs beside this one
 *   2  (3) the body: column titles, then one row per CPU (grid.c), the
 *      compare view (compare_view.c) or, under the title, the panel (panel.c)
 *   last  the status line: a message, a prompt, or the main keys
 * The help screen and the markers list take the whole screen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "dash.h"
#include "parse.h"

static const char *state_text(const struct dashboard *d, attr_t *a, char *buf, size_t size)
{
	*a = d->look[LOOK_TITLE];
	if (session_quitting(d->s) || session_run_state(d->s) == SESSION_STOPPED) {
		snprintf(buf, size, "STOPPED: %s",
			 session_stop_reason(d->s)[0] ? session_stop_reason(d->s) : "quit");
		*a = d->look[LOOK_PAUSED];
		return buf;
	}
	if (session_run_state(d->s) == SESSION_PAUSED) {
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
	char left[256], right[64], dur[32], stopped[200];
	const char *state;
	attr_t sa;
	int need;

	if (playview_on(d)) {
		playview_title(d, width, mode);
		return;
	}
	state = state_text(d, &sa, stopped, sizeof(stopped));
	snprintf(right, sizeof(right), " %s ", parse_format_duration(session_elapsed(d->s), dur,
							      sizeof(dur)));
	need = (int)strlen(state) + 2 + (int)strlen(right);
	snprintf(left, sizeof(left), " hwnoisetop %s | %s | %s", PACKAGE_VERSION, d->kernel, mode);
	if ((int)strlen(left) + 1 + need > width)
		snprintf(left, sizeof(left), " hwnoisetop | %s", mode);
	if ((int)strlen(left) + 1 + need > width)
		snprintf(left, sizeof(left), " %s", brief);
	dash_title_bar(d, width, left, state, sa, right);
}

static void draw_status(struct dashboard *d, const struct dash_screen *scr, int y, int width)
{
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
	dash_put(y, 0, width, d->look[LOOK_DIM], scr->hints(d), false);
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

#define DASH_SCREEN_ADDRESS(name) &screen_##name,
static const struct dash_screen *const screens[] = { DASH_SCREENS(DASH_SCREEN_ADDRESS) };
#undef DASH_SCREEN_ADDRESS
#define NSCREENS (sizeof(screens) / sizeof(screens[0]))

const struct dash_screen *frame_screen_now(const struct dashboard *d)
{
	if (d->nopen)
		return d->open[d->nopen - 1];
	for (size_t i = 0; i < NSCREENS; i++)
		if (screens[i]->shown && screens[i]->shown(d))
			return screens[i];
	return &screen_grid;
}

int frame_screens_start(struct dashboard *d)
{
	for (size_t i = 0; i < NSCREENS; i++) {
		d->screen[i] = screens[i];
		if (!screens[i]->data_size)
			continue;
		d->data[i] = calloc(1, screens[i]->data_size);
		if (!d->data[i]) {
			frame_screens_end(d);
			return -1;
		}
		if (screens[i]->init)
			screens[i]->init(d, d->data[i]);
	}
	return 0;
}

void frame_screens_end(struct dashboard *d)
{
	for (size_t i = 0; i < NSCREENS; i++) {
		if (d->data[i] && screens[i]->free)
			screens[i]->free(d, d->data[i]);
		free(d->data[i]);
		d->data[i] = NULL;
	}
}

void frame_screens_update(struct dashboard *d)
{
	for (size_t i = 0; i < NSCREENS; i++)
		if (screens[i]->update)
			screens[i]->update(d);
}

/* The layout of a screen: its place in the table (the too small terminal: 0). */
static uint64_t screen_layout(const struct dash_screen *scr)
{
	for (size_t i = 0; i < NSCREENS; i++)
		if (screens[i] == scr)
			return i + 1;
	return 0;
}

/* A screen drawn in parts under the title bar: what asks for which. */
static void draw_parts(struct dashboard *d, const struct dash_screen *scr, unsigned what,
		       int lines, int cols, int top)
{
	bool erased = what == DASH_REDRAW_ALL;
	int height = lines - top - 1;

	if (what & DASH_REDRAW_TOP) {
		if (!erased)
			clear_rows(0, top);
		draw_title(d, cols);
		if (scr->title)
			scr->title(d, cols);
	}
	/* A selection move: its two rows, or the whole body when they will not do. */
	if ((what & DASH_REDRAW_SELECT) &&
	    !(scr->draw_select && scr->draw_select(d, top, height, cols)))
		what |= DASH_REDRAW_BODY;
	if (what & DASH_REDRAW_BODY) {
		if (!erased)
			clear_rows(top, height);
		d->drawn.valid = false;	/* until grid_draw() draws it whole */
		scr->draw(d, top, height, cols);
	}
	if (what & DASH_REDRAW_STATUS) {
		if (!erased)
			clear_rows(lines - 1, 1);
		draw_status(d, scr, lines - 1, cols);
	}
	curs_set(scr->cursor && d->prompt != PROMPT_NONE);
}

static uint64_t layout_size(int lines, int cols)
{
	return (uint64_t)lines << 40 | (uint64_t)cols << 16;
}

bool frame_size_drawn(const struct dashboard *d)
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
void frame_draw(struct dashboard *d)
{
	uint64_t t0 = d->conf.debug ? cpu_ns() : 0, layout;
	const struct dash_screen *scr = frame_screen_now(d);
	unsigned what = d->redraw;
	bool small, whole;
	int lines, cols, top;

	getmaxyx(stdscr, lines, cols);
	small = cols < DASH_MIN_COLS || lines < DASH_MIN_LINES;
	whole = small || scr->draw_whole;
	top = whole ? 0 : scr->top(d);
	layout = layout_size(lines, cols) | (uint64_t)top << 8 | (small ? 0 : screen_layout(scr));
	/* The help, the markers and a too small terminal are drawn whole. */
	if (layout != d->layout || whole)
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
	if (small) {
		draw_too_small(lines, cols);
		curs_set(0);
	} else if (whole) {
		scr->draw_whole(d, lines, cols);
	} else {
		draw_parts(d, scr, what, lines, cols, top);
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
	if (t0) {
		uint64_t ns = cpu_ns() - t0;

		d->draw_cpu_ns += ns;
		for (size_t i = 0; i < NSCREENS; i++)
			if (screens[i] == scr) {
				d->screen_draws[i]++;
				d->screen_cpu_ns[i] += ns;
			}
	}
}

void frame_draw_debug(const struct dashboard *d)
{
	for (size_t i = 0; i < NSCREENS; i++)
		if (d->screen_draws[i])
			fprintf(stderr, "hwnoisetop: debug: the %s screen: %llu redraws, %.3f ms "
				"of CPU each\n", screens[i]->name,
				(unsigned long long)d->screen_draws[i],
				(double)d->screen_cpu_ns[i] / 1e6 / (double)d->screen_draws[i]);
}
