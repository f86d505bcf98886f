/*
 * keys: the key table and its handlers (the prompts are in prompt.c).
 *
 * Each handler turns a key into a session_* request (or a change of view),
 * says what happened on the status line and returns what must be redrawn
 * (enum dash_redraw).  Keys typed while a prompt is open edit the prompt
 * instead; a key that does not scroll the help screen closes it.
 */
#include "keys.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dash.h"
#include "format.h"
#include "parse.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESC 27

static unsigned key_move(struct dashboard *d, int code)
{
	switch (code) {
	case KEY_UP:
		grid_move(d, -1);
		break;
	case KEY_DOWN:
		grid_move(d, 1);
		break;
	case KEY_PPAGE:
		grid_move(d, -(d->page > 1 ? d->page - 1 : 1));
		break;
	case KEY_NPAGE:
		grid_move(d, d->page > 1 ? d->page - 1 : 1);
		break;
	case KEY_HOME:
		grid_home_end(d, false);
		break;
	case KEY_END:
		grid_home_end(d, true);
		break;
	}
	return DASH_REDRAW_SELECT | DASH_REDRAW_STATUS;
}

static unsigned key_toggle_cpu(struct dashboard *d, int code)
{
	struct cpuset set = *session_cpus(d->s);
	char what[64];
	int cpu = d->sel_cpu;

	(void)code;
	if (cpuset_has(&set, cpu)) {
		cpuset_del(&set, cpu);
		snprintf(what, sizeof(what), "CPU %d left out", cpu);
		return prompt_apply_cpus(d, &set, what);
	}
	if (!cpuset_has(&d->online, cpu)) {
		dash_message(d, true, "CPU %d is offline", cpu);
		return DASH_REDRAW_STATUS;
	}
	cpuset_add(&set, cpu);
	snprintf(what, sizeof(what), "CPU %d added", cpu);
	return prompt_apply_cpus(d, &set, what);
}

static unsigned key_prompt(struct dashboard *d, int code)
{
	return dash_prompt_open(d, code == 'c' ? PROMPT_CPUS : code == 'T' ? PROMPT_THRESHOLD :
			   code == 'p' ? PROMPT_PERIOD : code == 'W' ? PROMPT_WIDTH :
			   code == 'N' ? PROMPT_WINDOW : PROMPT_RUNTIME);
}

static unsigned key_threshold_step(struct dashboard *d, int code)
{
	uint64_t cur = session_threshold(d->s);
	uint64_t next = format_threshold_step(cur, code == '-' ? -1 : 1);

	if (next == cur) {
		dash_message(d, true, "threshold is already %llu us", (unsigned long long)cur);
		return DASH_REDRAW_STATUS;
	}
	return prompt_set_threshold(d, next);
}

static unsigned key_capture(struct dashboard *d, int code)
{
	char path[256], tail[64], fit[256], *full;
	uint64_t events = 0;

	(void)code;
	if (session_capture(d->req, path, sizeof(path), &events) < 0) {
		dash_message(d, true, "capture failed: %s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	/*
	 * The whole path (the file is in the directory hwnoisetop started
	 * in) when the status line, from its second column, holds it all;
	 * else the path's end.  A .dat capture empties the recording.
	 */
	full = realpath(path, NULL);
	snprintf(tail, sizeof(tail), " (%llu events)%s", (unsigned long long)events,
		 session_conf(d->s)->capture_dat ? "; recording anew" : "");
	dash_message(d, false, "trace saved: %s%s", format_path_fit(full ? full : path,
		     COLS - 1 - (int)strlen("trace saved: ") - (int)strlen(tail), fit, sizeof(fit)),
		     tail);
	free(full);
	return DASH_REDRAW_STATUS;
}

/* P: the HTML page of the run so far, through the hook from above. */
static unsigned key_page(struct dashboard *d, int code)
{
	char path[1024], fit[256], *full;

	(void)code;
	if (!d->conf.page) {
		dash_message(d, true, "no HTML page here");
		return DASH_REDRAW_STATUS;
	}
	if (d->conf.page(d->conf.page_ctx, path, sizeof(path)) < 0) {
		dash_message(d, true, "page failed: %s", path);
		return DASH_REDRAW_STATUS;
	}
	/* As the trace capture's: the whole path when it fits, else its end. */
	full = realpath(path, NULL);
	dash_message(d, false, "page written: %s", format_path_fit(full ? full : path,
		     COLS - 1 - (int)strlen("page written: "), fit, sizeof(fit)));
	free(full);
	return DASH_REDRAW_STATUS;
}

static unsigned key_mode(struct dashboard *d, int code)
{
	bool irq_off = !session_osnoise_conf(d->s)->irq_disable;

	(void)code;
	if (session_set_irq_disable(d->req, irq_off) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	dash_message(d, false, "%s mode: statistics restarted",
		     irq_off ? "hwnoise (interrupts disabled)" : "osnoise (interrupts enabled)");
	/* The marker first: what came before the switch closes its segment. */
	marks_set(d, "key", "mode %s -> %s", irq_off ? "osnoise" : "hwnoise",
		  irq_off ? "hwnoise" : "osnoise");
	session_reset_stats(d->req);
	return DASH_REDRAW_PARTS;
}

/*
 * hwnoise <-> hwlat: one tracer stops and goes before the other starts
 * (the kernel runs only one of them at a time).
 */
static unsigned key_view(struct dashboard *d, int code)
{
	enum session_tracer to = dash_hwlat(d) ? SESSION_OSNOISE : SESSION_HWLAT;
	int num;

	(void)code;
	num = session_switch_tracer(d->req, to, "key", to == SESSION_HWLAT ?
				    "view hwnoise -> hwlat" : "view hwlat -> hwnoise");
	if (num < 0) {
		if (session_conf(d->s)->tracer == to)	/* the old one went, the new one failed */
			session_request_stop(d->req, session_err(d->s));
		else
			dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_PARTS;
	}
	d->sort = 0;
	d->top = 0;
	dash_views_off(d);
	if (to == SESSION_HWLAT)
		dash_message(d, false, "hwlat view: osnoise stopped, hwlat runs (the kernel can not "
			     "run both at once)");
	else
		dash_message(d, false, "hwnoise view: hwlat stopped, osnoise runs again%s",
			     session_conf(d->s)->record ? "; the recording restarted empty" : "");
	marks_said(d, num);
	return DASH_REDRAW_ALL;
}

static unsigned key_hwlat_mode(struct dashboard *d, int code)
{
	enum hwlat_mode from = session_hwlat_conf(d->s)->mode;
	enum hwlat_mode next = (enum hwlat_mode)((from + 1) % 3);

	(void)code;
	if (session_set_hwlat_mode(d->req, next) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	dash_message(d, false, "hwlat mode %s", tracer_conf_hwlat_mode_name(next));
	marks_set(d, "key", "hwlat mode %s -> %s", tracer_conf_hwlat_mode_name(from),
		  tracer_conf_hwlat_mode_name(next));
	return DASH_REDRAW_PARTS;
}

static unsigned key_pause(struct dashboard *d, int code)
{
	bool pause = session_run_state(d->s) == SESSION_RUNNING;

	(void)code;
	if (session_pause(d->req, pause) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	dash_message(d, false, pause ? "paused: z resumes" : "resumed");
	return DASH_REDRAW_PARTS;	/* the title's state, the grid's "paused" */
}

static unsigned key_reset(struct dashboard *d, int code)
{
	(void)code;
	dash_message(d, false, "statistics reset");
	/* The marker first: the segment before it holds what the reset clears. */
	marks_set(d, "key", "reset");
	session_reset_stats(d->req);
	return DASH_REDRAW_PARTS;
}

static unsigned key_sort(struct dashboard *d, int code)
{
	if (code == 'I')
		d->sort_reverse = !d->sort_reverse;
	else
		grid_sort_step(d, code == '<' ? -1 : 1);
	dash_message(d, false, "sorted by %s, %s", grid_sort_name(d), grid_sort_order(d));
	return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
}

static unsigned key_redraw(struct dashboard *d, int code)
{
	(void)d;
	(void)code;
	clearok(curscr, TRUE);
	return DASH_REDRAW_ALL;
}

static unsigned key_quit(struct dashboard *d, int code)
{
	(void)code;
	session_request_stop(d->req, "quit");
	return DASH_REDRAW_PARTS;
}

static unsigned key_panel(struct dashboard *d, int code)
{
	panel_open(d, code == 's' && !dash_is_open(d, &screen_panel));
	return DASH_REDRAW_ALL;
}

static unsigned key_panel_move(struct dashboard *d, int code)
{
	return panel_move(d, code);
}

static unsigned key_panel_enter(struct dashboard *d, int code)
{
	(void)code;
	return panel_enter(d);
}

static unsigned key_panel_keep(struct dashboard *d, int code)
{
	(void)code;
	return panel_keep(d);
}

/* What works while the panel is open: its own keys, help, redraw and quit. */
const struct key_def keys_table[] = {
	{ { 'z' }, "z", "pause or resume the playback", playview_key_pause, 0, KEYS_REPLAY },
	{ { '.' }, ".", "while paused: play one recorded period more (the period in force; in the "
	  "hwlat view one hwlat window, the next with samples)", playview_key_step, 0,
	  KEYS_REPLAY },
	{ { '1', '2', '3', '4' }, "1, 2, 3, 4",
	  "playback speed: x1 (as recorded), x10, x100, as fast as it can", playview_key_speed,
	  0, KEYS_REPLAY },
	{ { KEY_UP, KEY_DOWN }, "Up, Down", "select the previous or next CPU", key_move, 0,
	  KEYS_BOTH },
	{ { KEY_PPAGE, KEY_NPAGE }, "PgUp, PgDn", "move a page up or down", key_move, 0, KEYS_BOTH },
	{ { KEY_HOME, KEY_END }, "Home, End", "select the first or last CPU", key_move, 0, KEYS_BOTH },
	{ { ' ' }, "Space", "measure the selected CPU, or stop measuring it (osnoise/cpus)",
	  key_toggle_cpu, KEY_LIVE, KEYS_BOTH },
	{ { 'c' }, "c", "type the list of CPUs to measure, e.g. 1-3,5", key_prompt, KEY_LIVE, KEYS_BOTH },
	{ { '+', '=' }, "+", "raise the threshold one step (1, 2, 5, 10, 20, 50 ... us)",
	  key_threshold_step, KEY_LIVE, KEYS_BOTH },
	{ { '-' }, "-", "lower the threshold one step", key_threshold_step, KEY_LIVE, KEYS_BOTH },
	{ { 'T' }, "T", "type the threshold in microseconds (tracing_thresh)", key_prompt, KEY_LIVE,
	  KEYS_BOTH },
	{ { 'p' }, "p", "type the period in microseconds", key_prompt, KEY_LIVE, KEYS_HWNOISE },
	{ { 'r' }, "r", "type the runtime in microseconds (at most the period)", key_prompt, KEY_LIVE,
	  KEYS_HWNOISE },
	{ { 't' }, "t", "save the recorded trace to hwnoisetop-DATE-TIME.txt (.dat: --capture-format)",
	  key_capture, KEY_NO_REPLAY, KEYS_HWNOISE },
	{ { 'P' }, "P", "write the HTML page of the run so far, as hwnoisetop report writes it, to "
	  "hwnoisetop-report-DATE-TIME.html (a live run needs --record or --report)", key_page, 0, KEYS_BOTH },
	{ { 'i' }, "i",
	  "switch between hwnoise (interrupts disabled) and osnoise mode; restarts the statistics",
	  key_mode, KEY_LIVE, KEYS_HWNOISE },
	{ { 'w' }, "w",
	  "switch between the hwnoise and hwlat views: one tracer stops before the other starts "
	  "(the kernel can not run both); in a replay the view follows the recorded run's",
	  key_view, KEY_LIVE, KEYS_BOTH },
	{ { 'N' }, "N", "type the hwlat window in microseconds (hwlat_detector/window)", key_prompt,
	  KEY_LIVE, KEYS_HWLAT },
	{ { 'W' }, "W", "type the hwlat width in microseconds, at most the window and 1 s "
	  "(hwlat_detector/width)", key_prompt, KEY_LIVE, KEYS_HWLAT },
	{ { 'm' }, "m", "next hwlat mode: none, round-robin, per-cpu (hwlat_detector/mode)",
	  key_hwlat_mode, KEY_LIVE, KEYS_HWLAT },
	{ { 'z' }, "z", "pause or resume the measurement", key_pause, KEY_LIVE, KEYS_BOTH },
	{ { 'R' }, "R", "reset the statistics", key_reset, KEY_LIVE, KEYS_BOTH },
	{ { 'b' }, "b",
	  "set a marker, with a note typed after it (Enter: none): a new segment starts",
	  marks_key_note, KEY_LIVE, KEYS_BOTH },
	{ { 'M' }, "M", "list the markers: changes by key, from outside, and b", marks_key_list,
	  0, KEYS_BOTH },
	{ { 'd' }, "d",
	  "compare view: per CPU, the segment before the latest marker against the current one",
	  compare_view_key, 0, KEYS_HWNOISE },
	{ { 'D' }, "D",
	  "distribution view: the selected CPU's percentiles of per-period noise and max single "
	  "(whole run, current segment, the one before the latest marker), and its single "
	  "noises by duration, as hwnoisetop hist counts them, once k asks", dist_view_key, 0,
	  KEYS_HWNOISE },
	{ { 'y' }, "y",
	  "why view: the selected CPU's noise put down to its causes (SMIs, NMIs, the SMT "
	  "sibling, steal, throttling) with intervals, the evidence and what to try; with --why",
	  why_view_key, 0, KEYS_HWNOISE },
	{ { 'k' }, "k",
	  "count the single noises (off at the start), or stop counting them: hwnoisetop hist's "
	  "hist triggers run on the measured CPUs between two time reads, so each single noise "
	  "costs them time and the figures from then on include it; a marker (single-noise "
	  "counting on, off) and the statistics restart", dist_view_key_count, KEY_LIVE, KEYS_DIST },
	{ { '<', '>', KEY_F(6) }, "<, >, F6", "sort by the previous or next column on screen; "
	  "its title is marked v (largest first) or ^ (smallest first), triangles in UTF-8",
	  key_sort, 0, KEYS_BOTH },
	{ { 'I' }, "I", "invert the sort order", key_sort, 0, KEYS_BOTH },
	{ { 's' }, "s", "open or close the system panel: SMT, clocksource, watchdogs, governor, "
	  "idle states, IRQs", key_panel, KEY_PANEL | KEY_NO_REPLAY, KEYS_BOTH },
	{ { KEY_UP, KEY_DOWN }, "Up, Down", "select the previous or next knob", key_panel_move, 0,
	  KEYS_PANEL },
	{ { KEY_HOME, KEY_END }, "Home, End", "select the first (SMT) or last knob", key_panel_move,
	  0, KEYS_PANEL },
	{ { '\n', '\r', KEY_ENTER }, "Enter",
	  "set the selected knob to its next value, put back at the end (SMT off asks y first)",
	  key_panel_enter, 0, KEYS_PANEL },
	{ { 'K' }, "K", "keep the tuned state at the end instead of putting it back (asks y); "
	  "again: put it back", key_panel_keep, 0, KEYS_PANEL },
	{ { 'x' }, "x", "experiment on the system panel's selected knob: asks the blocks, block "
	  "time and settle (defaults shown; Enter is the y SMT off asks), then switches it A, B, "
	  "B, A... with a progress line and a marker at each switch, and shows the report (also "
	  "printed after q); x again, or a key that changes the measurement or a knob, cuts it and "
	  "puts the knob back (b does not); outside the panel x shows the last report",
	  xview_key, KEY_LIVE | KEY_PANEL, KEYS_BOTH },
	{ { KEY_ESC }, "Esc", "close the system panel", key_panel, KEY_PANEL | KEY_NO_REPLAY,
	  KEYS_PANEL },
	{ { KEY_CTRL('l') }, "Ctrl-L", "redraw the screen", key_redraw, KEY_PANEL, KEYS_BOTH },
	{ { KEY_F(1), '?', 'h' }, "F1, ?, h", "show this help", help_key_open, KEY_PANEL, KEYS_BOTH },
	{ { 'q', KEY_F(10) }, "q, F10", "quit: restore the kernel's settings, print the summary table",
	  key_quit, KEY_PANEL, KEYS_BOTH },
	{ { 0 }, NULL, NULL, NULL, 0, KEYS_BOTH }
};

/* Run binding k; one that changes the measurement or a knob cuts an experiment first. */
static unsigned key_run(struct dashboard *d, const struct key_def *k, int ch)
{
	if ((((k->flags & KEY_LIVE) && k->run != marks_key_note) || k->run == key_panel_enter) &&
	    k->run != xview_key)
		xview_cut_by_key(d, k->names);
	return k->run(d, ch) | DASH_REDRAW_STATUS;
}

unsigned keys_dispatch(struct dashboard *d, int ch)
{
	const struct dash_screen *scr = frame_screen_now(d);

	/*
	 * resizeterm() (on_resize) queues a KEY_RESIZE after drawing the new
	 * size: the size drawn already needs no second whole redraw at the
	 * next key.
	 */
	if (ch == KEY_RESIZE)
		return frame_size_drawn(d) ? DASH_REDRAW_NONE : DASH_REDRAW_ALL;
	if (d->prompt != PROMPT_NONE)
		return prompt_key(d, ch);
	/* The screen on top first: the help, the markers list, the panel's question. */
	if (scr->key) {
		unsigned r = scr->key(d, ch);

		if (r != DASH_KEY_PASS)
			return r;
	}
	d->msg[0] = '\0';	/* the status line changes whatever the key */
	for (const struct key_def *k = keys_table; k->names; k++)
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++) {
			if (k->codes[i] != ch || !keymap_reachable(d, k))
				continue;
			if (playview_on(d) && (k->flags & (KEY_LIVE | KEY_NO_REPLAY)))
				playview_refuse(d, k->names, !(k->flags & KEY_LIVE));
			else if ((k->flags & KEY_LIVE) && session_run_state(d->s) == SESSION_STOPPED)
				dash_message(d, true, "the measurement has stopped: t saves the trace, q quits");
			else if (k->view == KEYS_HWLAT && !dash_hwlat(d))
				dash_message(d, true, "%s works in the hwlat view: w switches to it", k->names);
			else if ((k->view == KEYS_HWNOISE || k->view == KEYS_DIST) && dash_hwlat(d))
				dash_message(d, true, "%s works in the hwnoise view%s", k->names,
					     playview_on(d) ? " (the recording is in the hwlat view here)" :
					     ": w switches back");
			else if (k->view == KEYS_DIST && !dash_view_on(d, &screen_dist))
				dash_message(d, true, "%s works in the distribution view: D opens it",
					     k->names);
			else
				return key_run(d, k, ch);
			return DASH_REDRAW_STATUS;
		}
	dash_message(d, true, "unknown key: F1 or ? shows the keys");
	return DASH_REDRAW_STATUS;
}

void keys_print_man(FILE *out)
{
	for (const struct key_def *k = keys_table; k->names; k++) {
		fputs(".TP\n.B ", out);
		for (const char *c = k->names; *c; c++) {
			if (*c == '-')
				fputs("\\-", out);
			else
				fputc(*c, out);
		}
		fputc('\n', out);
		for (const char *c = k->help; *c; c++) {
			if (*c == '-')
				fputs("\\-", out);
			else
				fputc(*c, out);
		}
		fputs(keymap_view_note(k), out);
		fputc('\n', out);
	}
}
