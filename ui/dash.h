/*
 * dash: the dashboard's state that its files share (dashboard.c runs the
 * session and says when to redraw, frame.c draws the frame and keeps each
 * screen's own state, grid.c the per-CPU grid, keys.c the key table,
 * prompt.c the prompts, help.c the help screen, marks.c the markers and
 * their list, compare_view.c the before/after view, panel.c the system
 * panel, playview.c a replay).  Not for the engine.
 *
 * Drawing is driven by a mask of what changed (enum dash_redraw below):
 * a new period or the elapsed second asks for the title and the body, a
 * key for what its handler returns, a message for the status line, a
 * resize for everything.  frame_draw() repaints only those parts, each
 * clearing its own lines first, and sends them with a single doupdate(),
 * so curses sends only the cells that changed.  A key that only moves
 * the selection asks for the selection's rows: the row that had it and
 * the row that gets it, drawn over the grid remembered from its last
 * draw (struct grid_drawn), or the whole body when that grid is not the
 * one on screen or the rows shown would scroll.
 */
#ifndef HWN_UI_DASH_H
#define HWN_UI_DASH_H

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"
#include "dashboard_conf.h"
#include "session.h"
#include "text.h"

/* Meanings that have a look (a colour pair plus attributes, or plain attributes). */
enum dash_look {
	LOOK_NORMAL,
	LOOK_TITLE,	/* the title bar */
	LOOK_COLHEAD,	/* column titles */
	LOOK_SORTED,	/* the sort column's title */
	LOOK_GOOD,
	LOOK_WARN,
	LOOK_BAD,
	LOOK_DIM,	/* CPUs not measured, offline */
	LOOK_SELECT,	/* the selected row */
	LOOK_SPARK,
	LOOK_PAUSED,
	LOOK_ERROR,	/* status-line errors */
	LOOK_MARK,	/* a marker in the History sparkline */
	LOOK_COUNT
};

enum dash_prompt {
	PROMPT_NONE,
	PROMPT_CPUS,
	PROMPT_THRESHOLD,
	PROMPT_PERIOD,
	PROMPT_RUNTIME,
	PROMPT_WIDTH,
	PROMPT_WINDOW,
	PROMPT_MARK,	/* b: the marker's note */
	PROMPT_EXPERIMENT,	/* x: blocks, block time, settle */
};

/*
 * What must be redrawn: the answer of every key handler (the key table in
 * keys.c, the prompts, the panel, the markers, the playback), or'ed into
 * struct dashboard's redraw until frame_draw() repaints those parts.
 */
enum dash_redraw {
	DASH_REDRAW_NONE = 0,
	DASH_REDRAW_STATUS = 1u << 0,	/* the last line: a message, the prompt, the key hints */
	DASH_REDRAW_TOP = 1u << 1,	/* the title bar and the lines under it: settings, notes */
	DASH_REDRAW_BODY = 1u << 2,	/* the rest: the grid, the compare view or the panel */
	DASH_REDRAW_PARTS = 7u,		/* the three, each over its own lines */
	/*
	 * Everything, the screen erased first: a resize, the help screen or
	 * the markers list (opened, scrolled, closed), a change of view or
	 * layout (hwnoise/hwlat, the panel, the title's lines).  frame_draw()
	 * takes it by itself when the layout differs from the last draw's.
	 */
	DASH_REDRAW_ALL = 15u,
	/*
	 * The selection moved, nothing else: the two rows whose highlight
	 * changed, in the order last drawn.  frame_draw() draws the whole
	 * body instead when the grid on screen is not the one grid.c
	 * remembers (another view or size, the sort, data or the time
	 * since) or the rows shown would scroll; DASH_REDRAW_BODY covers it.
	 */
	DASH_REDRAW_SELECT = 1u << 4,
};

/*
 * The grid as grid_draw() last drew it, for a selection move that redraws
 * two rows (grid_draw_select()): what must not have changed since, and
 * the row drawn selected.  Any other drawing of the body clears valid.
 */
struct grid_drawn {
	bool valid;
	int y, height, width;		/* grid_draw()'s place: column titles, rows */
	int top;			/* the first row shown */
	int sel;			/* the row drawn selected (index in order) */
	int sort;			/* sort column * 2 + reversed */
	bool hwlat;
	uint64_t samples, elapsed;	/* the data drawn */
	uint64_t spark_max;		/* the History sparkline's scale */
};

/*
 * A key as keys_dispatch() and the prompts take it: an ASCII character or
 * a curses key code (KEY_UP) as getch() gives them, any other character
 * (get_wch(): 'ü', a CJK character) as DASH_WIDE | its code point, so that
 * no character is taken for a key code nor a key of the key table.
 */
#define DASH_WIDE (1 << 24)

/*
 * A screen of the dashboard: one table of operations and its own state,
 * like tmux's window_mode and its wme->data.  On screen is the screen
 * opened last (dash_open: the help, the markers list, the system panel),
 * else the first of DASH_SCREENS whose shown() says so (a view over the
 * grid shows while dash_view_on(), toggled by its key).  A screen drawn
 * whole (draw_whole) takes the terminal; the others are drawn in parts
 * under the title bar (enum dash_redraw): title (the lines under the
 * bar), the body (draw, or only the selection's rows: draw_select) and
 * the status line (hints).  Its state: data_size bytes, zeroed, for the
 * dashboard's whole life (dash_data()), init after the dashboard's own,
 * free at its end; update on every update of the session (a period, a
 * tick), shown or not.
 */
struct dashboard;
struct dash_screen {
	const char *name;
	size_t data_size;
	void (*init)(struct dashboard *d, void *data);
	void (*free)(struct dashboard *d, void *data);
	void (*update)(struct dashboard *d);
	/* On screen when nothing is opened over it (NULL: only when opened). */
	bool (*shown)(const struct dashboard *d);
	/* The whole terminal, its own title included (NULL: drawn in parts). */
	void (*draw_whole)(struct dashboard *d, int height, int width);
	/* Rows above the body: the title bar and the lines under it. */
	int (*top)(const struct dashboard *d);
	/* The lines under the title bar (NULL: none). */
	void (*title)(struct dashboard *d, int width);
	/* The body, rows y .. y + height - 1. */
	void (*draw)(struct dashboard *d, int y, int height, int width);
	/* Only the rows a selection move changed; false: draw the body (NULL: always). */
	bool (*draw_select)(struct dashboard *d, int y, int height, int width);
	/*
	 * A key, before the key table: what to redraw, or DASH_KEY_PASS for
	 * the key table to take it (NULL: the key table takes every key).
	 */
	unsigned (*key)(struct dashboard *d, int ch);
	/* The status line's keys, when no message or prompt is there. */
	const char *(*hints)(const struct dashboard *d);
	bool cursor;		/* the prompt's cursor shows on it */
};

#define DASH_KEY_PASS (~0u)

/*
 * The screens, each defined in its file under ui/screens/ as
 * "const struct dash_screen screen_NAME": the ones opened over the others
 * first, then the views, the first whose shown() is true on screen.  A new
 * screen is its table and one X(NAME) here.
 */
#define DASH_SCREENS(X) X(xreport) X(help) X(marks) X(panel) X(hwlat) X(dist) X(why) X(compare) X(grid)
#define DASH_SCREEN_DECLARE(name) extern const struct dash_screen screen_##name;
DASH_SCREENS(DASH_SCREEN_DECLARE)
#undef DASH_SCREEN_DECLARE
#define DASH_SCREEN_ONE(name) +1
enum { DASH_NSCREENS = 0 DASH_SCREENS(DASH_SCREEN_ONE) };
#undef DASH_SCREEN_ONE

/* Screens opened over each other (the panel, then the help over it). */
#define DASH_OPEN_MAX 4

/* The smallest terminal the grid is drawn in. */
#define DASH_MIN_COLS 50
#define DASH_MIN_LINES 6

struct dashboard {
	/* The run, read only: what every drawing and every key looks at. */
	const struct session *s;
	/*
	 * The same session, for requests only: ui/ passes it as the first
	 * argument of a request of session.h (BEGIN REQUESTS) and for
	 * nothing else (tests/unit/ui-requests.sh checks).
	 */
	struct session *req;
	struct dashboard_conf conf;
	attr_t look[LOOK_COUNT];
	bool utf8;
	char kernel[96];		/* "Linux 6.12.0" */

	const struct key_def *keys;	/* keys_table: the bindings (keymap.c, the help) */
	unsigned redraw;		/* enum dash_redraw: what changed since the last draw */
	uint64_t layout;		/* the last draw's layout: another one redraws all */
	/* The screens opened over the view, the last on top (dash_open). */
	const struct dash_screen *open[DASH_OPEN_MAX];
	int nopen;
	/*
	 * The screens of DASH_SCREENS in their order (frame_screens_start()),
	 * each one's own state (dash_data()), and the views toggled on over
	 * the grid.
	 */
	const struct dash_screen *screen[DASH_NSCREENS];
	void *data[DASH_NSCREENS];
	bool view_on[DASH_NSCREENS];

	/* The grid, and the CPU selected in it, which the views over it show. */
	int sel_cpu;			/* the selected CPU (follows sorting) */
	int top;			/* first shown row */
	int page;			/* rows shown at the last draw */
	int sort;			/* sort column: index in grid's table */
	bool sort_reverse;		/* I: the column's order reversed */
	int *order;			/* CPUs in display order */
	int nrows;
	struct grid_drawn drawn;	/* what the grid on screen shows */
	struct cpuset online;
	uint64_t online_ns;		/* when online was read */

	/* Playing a recording back (conf.play): what the title showed. */
	uint64_t play_seq;
	bool play_end_said;
	bool play_hwlat;		/* the view drawn: the recorded run's (w) */

	/* Redraws and what caused them, for -D; CPU time spent drawing (-D only). */
	uint64_t draws, inputs, resizes;
	uint64_t draw_cpu_ns;
	uint64_t screen_draws[DASH_NSCREENS], screen_cpu_ns[DASH_NSCREENS];	/* by screen drawn */

	/* What the body and the title showed at their last draw. */
	uint64_t seen_samples;
	uint64_t seen_elapsed;

	/* The status line: a message, or a prompt being typed. */
	char msg[256];
	bool msg_err;
	enum dash_prompt prompt;
	struct lineedit input;		/* what is typed at the prompt, UTF-8 */
};

/* dash.c */
/* What changes on screen when samples arrive: periods or hwlat samples. */
uint64_t dash_samples(const struct dashboard *d);
void dash_message(struct dashboard *d, bool err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool dash_measured(const struct dashboard *d, int cpu);
/* frame.c: the screen on screen, and opening and closing one over the others. */
const struct dash_screen *frame_screen_now(const struct dashboard *d);
void dash_open(struct dashboard *d, const struct dash_screen *scr);
void dash_close(struct dashboard *d, const struct dash_screen *scr);
bool dash_is_open(const struct dashboard *d, const struct dash_screen *scr);
/* The state of screen scr (its data_size bytes). */
void *dash_data(const struct dashboard *d, const struct dash_screen *scr);
/* A view over the grid (d, D, y): toggled on or off by its key; all off (a tracer switch). */
bool dash_view_on(const struct dashboard *d, const struct dash_screen *scr);
void dash_view_set(struct dashboard *d, const struct dash_screen *scr, bool on);
void dash_views_off(struct dashboard *d);
/* The status line's keys of the live views (hwnoise or hwlat), or the replay's. */
const char *playview_view_hints(const struct dashboard *d);
/* views.c: the settings in force under the title bar, and another osnoise user. */
void views_settings_title(struct dashboard *d, int width);
int views_settings_top(const struct dashboard *d);
/* frame.c: repaint what d->redraw asks for (enum dash_redraw), then clear it. */
void frame_draw(struct dashboard *d);
/* frame.c: each screen's state, made at the start (init; -1: no memory) and let go at the end (free). */
int frame_screens_start(struct dashboard *d);
void frame_screens_end(struct dashboard *d);
/* Each screen's update (a period, a tick). */
void frame_screens_update(struct dashboard *d);
/* -D: the redraws of each screen shown, and their CPU time each, on stderr. */
void frame_draw_debug(const struct dashboard *d);
/* frame.c: the last draw was of the terminal's present size. */
bool frame_size_drawn(const struct dashboard *d);
/*
 * The budgets the grid judges against, in us: a single noise and one
 * period's noise; *from says where each came from ("--single-budget",
 * "-s", "the default").
 */
uint64_t dash_budget(const struct dashboard *d, bool period, const char **from);
/* The hwlat view is on screen (the session runs the hwlat tracer). */
bool dash_hwlat(const struct dashboard *d);
/* The title bar: left at the start, then state (in look sa) and right at the end. */
void dash_title_bar(const struct dashboard *d, int width, const char *left, const char *state,
		    attr_t sa, const char *right);
/*
 * text at (y, x) in look a, at most w columns; right: padded on the left
 * to w columns.  Printable ASCII (the grid's numbers, titles, the title
 * bar) goes in as one array of cells (waddchnstr), several times cheaper
 * than waddnstr's character by character; anything else is measured and
 * cut in columns, and made safe to print, by text_fit() (text.h: a CJK
 * character takes two columns, a control character is one '?'), then
 * goes through waddnwstr.  The cursor ends after the text.
 */
void dash_put(int y, int x, int w, attr_t a, const char *text, bool right);
/*
 * text from column 1 of row y, at most rows rows, cut at spaces
 * (text_wrap()); with figures, rather at two spaces (between two figures)
 * in the line's second half than inside a figure.  The rows after the
 * first from column 1 + indent, while more than 8 columns are left there.
 * The rows it took (none when rows is not positive).
 */
int dash_put_wrapped(int y, int rows, int width, int indent, attr_t a, const char *text,
		     bool figures);
/* Row y in the title's colours across width, text at its start. */
void dash_title(const struct dashboard *d, int y, int width, const char *text);
/*
 * A list over the grid (the keys, the markers): Up/Down scroll *top,
 * Home to the start, End to end.  False for a key that closes the list
 * (any other but a resize).
 */
bool dash_scroll_key(int ch, int *top, int end);

/* help.c: F1 opens the help at its top. */
unsigned help_key_open(struct dashboard *d, int code);

/* spark.c: the History column's title for width ("History (max 106 us)", narrower
 * "History max 106" or "History 106"), and one CPU's cells. */
const char *spark_title(const char *title, int width, uint64_t spark_max, char *buf, size_t size);
void spark_draw(const struct dashboard *d, int y, int x, int w, attr_t a, int cpu, uint64_t max);

/* grid.c */
void grid_draw(struct dashboard *d, int y, int height, int width);
/*
 * A selection move over the grid on screen: the row that lost the
 * selection and the row that got it, nothing else.  False, and nothing
 * drawn, when the grid on screen is not the one remembered or the rows
 * shown would scroll: the whole grid is to be drawn.
 */
bool grid_draw_select(struct dashboard *d, int y, int height, int width);
void grid_move(struct dashboard *d, int delta);
void grid_home_end(struct dashboard *d, bool end);
void grid_sort_step(struct dashboard *d, int dir);
const char *grid_sort_name(const struct dashboard *d);
/* "largest first" or "smallest first" */
const char *grid_sort_order(const struct dashboard *d);
/* The SMI columns show: SMIs are counted (or were, in the recording played back). */
bool grid_smi_shown(const struct session *s);

/* marks.c */
void marks_set(struct dashboard *d, const char *origin, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Marker num set (by a request that sets one itself): its number after the key's message. */
void marks_said(struct dashboard *d, int num);
/* The keys return what to redraw (enum dash_redraw). */
unsigned marks_key_note(struct dashboard *d, int code);
void marks_apply_note(struct dashboard *d);
unsigned marks_key_list(struct dashboard *d, int code);
void marks_ages(const struct dashboard *d, int cpu, bool *at, unsigned n);

/* compare_view.c: d opens and closes the before/after view. */
void compare_view_draw(struct dashboard *d, int y, int height, int width);
unsigned compare_view_key(struct dashboard *d, int code);

/*
 * dist_view.c: the selected CPU's distributions (D).  Each section writes
 * up to max lines for the CPU into line[] and gives their count; a new
 * section is one more entry of dist_view_sections[] (NULL ends it).
 */
#define DIST_LINE 240
#define DIST_MAX_LINES 64
struct dist_section {
	int (*lines)(const struct dashboard *d, int cpu, char line[][DIST_LINE], int max);
};
extern const struct dist_section dist_view_sections[];
void dist_view_draw(struct dashboard *d, int y, int height, int width);
unsigned dist_view_key(struct dashboard *d, int code);
/* why_view.c: y opens and closes the selected CPU's causes. */
unsigned why_view_key(struct dashboard *d, int code);
/* k in the D view: count the single noises or stop (session_count_noises()). */
unsigned dist_view_key_count(struct dashboard *d, int code);
/* panel.c */
void panel_open(struct dashboard *d, bool open);
void panel_draw(struct dashboard *d, int y, int height, int width);
/* The keys return what to redraw (enum dash_redraw). */
unsigned panel_move(struct dashboard *d, int code);
unsigned panel_enter(struct dashboard *d);
unsigned panel_keep(struct dashboard *d);
/* The knob selected in it (the experiment's, x). */
int panel_selected(const struct dashboard *d);

/* xview.c: the experiment (x).  The key returns what to redraw (enum dash_redraw). */
unsigned xview_key(struct dashboard *d, int code);
bool xview_running(const struct dashboard *d);
/* The prompt's Enter: start it. */
void xview_apply(struct dashboard *d);
/* A key (names) that changes the measurement or a knob: cut it. */
void xview_cut_by_key(struct dashboard *d, const char *names);
/* Its prompt's label. */
const char *xview_label(const struct dashboard *d);
/* Its progress line at row y while it runs: 1, else 0 (nothing drawn). */
int xview_progress(struct dashboard *d, int y, int width);

/* playview.c: --replay FILE on the dashboard */
bool playview_on(const struct dashboard *d);
void playview_title(struct dashboard *d, int width, const char *mode);
const char *playview_hints(void);
bool playview_changed(struct dashboard *d);
void playview_hwlat_note(struct dashboard *d, int width);
void playview_end_note(struct dashboard *d);
/* A key a recording refuses, said on the status line (system: it reads the running system). */
void playview_refuse(struct dashboard *d, const char *names, bool system);
/* The keys return what to redraw (enum dash_redraw). */
unsigned playview_key_pause(struct dashboard *d, int code);
unsigned playview_key_step(struct dashboard *d, int code);
unsigned playview_key_speed(struct dashboard *d, int code);

/* term.c: the tty modes before curses; what a crash puts back; no XON/XOFF */
void term_save_tty(void);
void term_crash_prepare(void);
void term_no_flow_control(void);

/* keys.c: a key pressed; what it needs redrawn (enum dash_redraw). */
unsigned keys_dispatch(struct dashboard *d, int ch);
/*
 * keymap.c: whether the help lists binding k now: it works in the view on
 * screen, and no binding before it has its keys.
 */
struct key_def;
bool keymap_shown(const struct dashboard *d, const struct key_def *k);

/*
 * prompt.c: the status-line prompts.  dash_prompt_open: start typing one;
 * prompt_key: a key while it is open; each returns what to redraw.
 * prompt_apply_cpus and prompt_set_threshold: the requests of a prompt
 * and of keys.c, said on the status line and marked.
 */
unsigned dash_prompt_open(struct dashboard *d, enum dash_prompt p);
unsigned prompt_key(struct dashboard *d, int ch);
const char *prompt_label(enum dash_prompt p);
/* The open prompt on status line y, the cursor after the text typed. */
void prompt_draw(struct dashboard *d, int y, int width);
unsigned prompt_apply_cpus(struct dashboard *d, const struct cpuset *set, const char *what);
unsigned prompt_set_threshold(struct dashboard *d, uint64_t us);

#endif
