/*
 * keys: the key table, its handlers and the status-line prompts.
 *
 * Each handler turns a key into a session_* request (or a change of view)
 * and says what happened on the status line.  Keys typed while a prompt
 * is open edit the prompt instead; any key closes the help screen.
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

#define PERIOD_MIN 100ULL
#define PERIOD_MAX 10000000ULL
#define HWLAT_WINDOW_MAX 3600000000ULL	/* 1 h, as hwnoisetop hwlat --window */
/*
 * The width typed here: the measured CPU spins with interrupts off for
 * the whole width, and a key press should not freeze it for an hour.
 * (hwnoisetop hwlat --width, a deliberate choice, takes up to the window.)
 */
#define HWLAT_VIEW_WIDTH_MAX 1000000ULL

static void key_move(struct dashboard *d, int code)
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
}

static void say_cpus(struct dashboard *d, const char *what)
{
	char list[256];

	dash_message(d, false, "%s: measuring CPUs %s", what,
		     cpuset_format(session_cpus(d->s), list, sizeof(list)));
}

static void apply_cpus(struct dashboard *d, const struct cpuset *set, const char *what)
{
	char from[128], to[128];

	cpuset_format(session_cpus(d->s), from, sizeof(from));
	if (session_set_cpus(d->req, set) < 0) {
		dash_message(d, true, "%s", d->s->err);
		return;
	}
	say_cpus(d, what);
	marks_set(d, "key", "CPUs %s -> %s", from, cpuset_format(set, to, sizeof(to)));
}

static void key_toggle_cpu(struct dashboard *d, int code)
{
	struct cpuset set = *session_cpus(d->s);
	char what[64];
	int cpu = d->sel_cpu;

	(void)code;
	if (cpuset_has(&set, cpu)) {
		cpuset_del(&set, cpu);
		snprintf(what, sizeof(what), "CPU %d left out", cpu);
	} else if (!cpuset_has(&d->online, cpu)) {
		dash_message(d, true, "CPU %d is offline", cpu);
		return;
	} else {
		cpuset_add(&set, cpu);
		snprintf(what, sizeof(what), "CPU %d added", cpu);
	}
	apply_cpus(d, &set, what);
}

static void prompt_open(struct dashboard *d, enum dash_prompt p)
{
	d->prompt = p;
	d->input_len = 0;
	d->input[0] = '\0';
}

static void key_prompt(struct dashboard *d, int code)
{
	prompt_open(d, code == 'c' ? PROMPT_CPUS : code == 'T' ? PROMPT_THRESHOLD :
		       code == 'p' ? PROMPT_PERIOD : code == 'W' ? PROMPT_WIDTH :
		       code == 'N' ? PROMPT_WINDOW : PROMPT_RUNTIME);
}

static void set_threshold(struct dashboard *d, uint64_t us)
{
	uint64_t from = session_threshold(d->s);

	if (session_set_threshold(d->req, us) < 0) {
		dash_message(d, true, "%s", d->s->err);
		return;
	}
	dash_message(d, false, "threshold %llu us", (unsigned long long)us);
	marks_set(d, "key", "threshold %llu -> %llu us", (unsigned long long)from,
		  (unsigned long long)us);
}

static void key_threshold_step(struct dashboard *d, int code)
{
	uint64_t cur = session_threshold(d->s);
	uint64_t next = format_threshold_step(cur, code == '-' ? -1 : 1);

	if (next == cur) {
		dash_message(d, true, "threshold is already %llu us", (unsigned long long)cur);
		return;
	}
	set_threshold(d, next);
}

static void key_capture(struct dashboard *d, int code)
{
	char path[256], *full;
	uint64_t events = 0;

	(void)code;
	if (session_capture(d->req, path, sizeof(path), &events) < 0) {
		dash_message(d, true, "capture failed: %s", d->s->err);
		return;
	}
	/* The whole path: the file is in the directory hwnoisetop started in. */
	full = realpath(path, NULL);
	dash_message(d, false, "trace saved: %s (%llu events)%s", full ? full : path,
		     (unsigned long long)events, d->s->conf.capture_dat ?
		     "; the recording restarts empty" : "");
	free(full);
}

static void key_mode(struct dashboard *d, int code)
{
	bool irq_off = !session_osnoise_conf(d->s)->irq_disable;

	(void)code;
	if (session_set_irq_disable(d->req, irq_off) < 0) {
		dash_message(d, true, "%s", d->s->err);
		return;
	}
	dash_message(d, false, "%s mode: statistics restarted",
		     irq_off ? "hwnoise (interrupts disabled)" : "osnoise (interrupts enabled)");
	/* The marker first: what came before the switch closes its segment. */
	marks_set(d, "key", "mode %s -> %s", irq_off ? "osnoise" : "hwnoise",
		  irq_off ? "hwnoise" : "osnoise");
	session_reset_stats(d->req);
}

/*
 * hwnoise <-> hwlat: one tracer stops and goes before the other starts
 * (the kernel runs only one of them at a time).
 */
static void key_view(struct dashboard *d, int code)
{
	enum session_tracer to = dash_hwlat(d) ? SESSION_OSNOISE : SESSION_HWLAT;

	(void)code;
	if (session_switch_tracer(d->req, to) < 0) {
		if (d->s->conf.tracer == to)	/* the old one went, the new one failed */
			session_request_stop(d->req, d->s->err);
		else
			dash_message(d, true, "%s", d->s->err);
		return;
	}
	d->sort = 0;
	d->top = 0;
	d->compare = false;
	if (to == SESSION_HWLAT)
		dash_message(d, false, "hwlat view: osnoise stopped, hwlat runs (the kernel can not "
			     "run both at once)");
	else
		dash_message(d, false, "hwnoise view: hwlat stopped, osnoise runs again%s",
			     d->s->conf.record ? "; the recording restarted empty" : "");
	marks_set(d, "key", "view %s -> %s", to == SESSION_HWLAT ? "hwnoise" : "hwlat",
		  to == SESSION_HWLAT ? "hwlat" : "hwnoise");
}

static void key_hwlat_mode(struct dashboard *d, int code)
{
	enum hwlat_mode from = session_hwlat_conf(d->s)->mode;
	enum hwlat_mode next = (enum hwlat_mode)((from + 1) % 3);

	(void)code;
	if (session_set_hwlat_mode(d->req, next) < 0) {
		dash_message(d, true, "%s", d->s->err);
		return;
	}
	dash_message(d, false, "hwlat mode %s", hwlat_mode_name(next));
	marks_set(d, "key", "hwlat mode %s -> %s", hwlat_mode_name(from), hwlat_mode_name(next));
}

static void key_pause(struct dashboard *d, int code)
{
	bool pause = d->s->state == SESSION_RUNNING;

	(void)code;
	if (session_pause(d->req, pause) < 0)
		dash_message(d, true, "%s", d->s->err);
	else
		dash_message(d, false, pause ? "paused: z resumes" : "resumed");
}

static void key_reset(struct dashboard *d, int code)
{
	(void)code;
	dash_message(d, false, "statistics reset");
	/* The marker first: the segment before it holds what the reset clears. */
	marks_set(d, "key", "reset");
	session_reset_stats(d->req);
}

static void key_sort(struct dashboard *d, int code)
{
	grid_sort_step(d, code == '<' ? -1 : 1);
	dash_message(d, false, "sorted by %s", grid_sort_name(d));
}

static void key_help(struct dashboard *d, int code)
{
	(void)code;
	d->help = true;
	d->help_top = 0;
}

static void key_redraw(struct dashboard *d, int code)
{
	(void)d;
	(void)code;
	clearok(curscr, TRUE);
}

static void key_quit(struct dashboard *d, int code)
{
	(void)code;
	session_request_stop(d->req, "quit");
}

static void key_panel(struct dashboard *d, int code)
{
	panel_open(d, code == 's' && !d->panel);
}

static void key_panel_move(struct dashboard *d, int code)
{
	panel_move(d, code);
}

static void key_panel_enter(struct dashboard *d, int code)
{
	(void)code;
	panel_enter(d);
}

static void key_panel_keep(struct dashboard *d, int code)
{
	(void)code;
	panel_keep(d);
}

/* What works while the panel is open: its own keys, help, redraw and quit. */
static bool panel_key(const struct key_def *k)
{
	return k->view == KEYS_PANEL || k->run == key_panel || k->run == key_help ||
	       k->run == key_redraw || k->run == key_quit;
}

const struct key_def keys_table[] = {
	{ { 'z' }, "z", "pause or resume the playback", playview_key_pause, false, KEYS_REPLAY },
	{ { '.' }, ".", "while paused: play one recorded period more (the period in force; in the "
	  "hwlat view one hwlat window, the next with samples)", playview_key_step, false,
	  KEYS_REPLAY },
	{ { '1', '2', '3', '4' }, "1, 2, 3, 4",
	  "playback speed: x1 (as recorded), x10, x100, as fast as it can", playview_key_speed,
	  false, KEYS_REPLAY },
	{ { KEY_UP, KEY_DOWN }, "Up, Down", "select the previous or next CPU", key_move, false,
	  KEYS_BOTH },
	{ { KEY_PPAGE, KEY_NPAGE }, "PgUp, PgDn", "move a page up or down", key_move, false, KEYS_BOTH },
	{ { KEY_HOME, KEY_END }, "Home, End", "select the first or last CPU", key_move, false, KEYS_BOTH },
	{ { ' ' }, "Space", "measure the selected CPU, or stop measuring it (osnoise/cpus)",
	  key_toggle_cpu, true, KEYS_BOTH },
	{ { 'c' }, "c", "type the list of CPUs to measure, e.g. 1-3,5", key_prompt, true, KEYS_BOTH },
	{ { '+', '=' }, "+", "raise the threshold one step (1, 2, 5, 10, 20, 50 ... us)",
	  key_threshold_step, true, KEYS_BOTH },
	{ { '-' }, "-", "lower the threshold one step", key_threshold_step, true, KEYS_BOTH },
	{ { 'T' }, "T", "type the threshold in microseconds (tracing_thresh)", key_prompt, true,
	  KEYS_BOTH },
	{ { 'p' }, "p", "type the period in microseconds", key_prompt, true, KEYS_HWNOISE },
	{ { 'r' }, "r", "type the runtime in microseconds (at most the period)", key_prompt, true,
	  KEYS_HWNOISE },
	{ { 't' }, "t", "save the recorded trace to hwnoisetop-DATE-TIME.txt (.dat: --capture-format)", key_capture, false,
	  KEYS_HWNOISE },
	{ { 'i' }, "i",
	  "switch between hwnoise (interrupts disabled) and osnoise mode; restarts the statistics",
	  key_mode, true, KEYS_HWNOISE },
	{ { 'w' }, "w",
	  "switch between the hwnoise and hwlat views: one tracer stops before the other starts "
	  "(the kernel can not run both); in a replay the view follows the recorded run's",
	  key_view, true, KEYS_BOTH },
	{ { 'N' }, "N", "type the hwlat window in microseconds (hwlat_detector/window)", key_prompt,
	  true, KEYS_HWLAT },
	{ { 'W' }, "W", "type the hwlat width in microseconds, at most the window and 1 s "
	  "(hwlat_detector/width)", key_prompt, true, KEYS_HWLAT },
	{ { 'm' }, "m", "next hwlat mode: none, round-robin, per-cpu (hwlat_detector/mode)",
	  key_hwlat_mode, true, KEYS_HWLAT },
	{ { 'z' }, "z", "pause or resume the measurement", key_pause, true, KEYS_BOTH },
	{ { 'R' }, "R", "reset the statistics", key_reset, true, KEYS_BOTH },
	{ { 'b' }, "b",
	  "set a marker, with a note typed after it (Enter: none): a new segment starts",
	  marks_key_note, true, KEYS_BOTH },
	{ { 'M' }, "M", "list the markers: changes by key, from outside, and b", marks_key_list,
	  false, KEYS_BOTH },
	{ { 'd' }, "d",
	  "compare view: per CPU, the segment before the latest marker against the current one",
	  marks_key_compare, false, KEYS_HWNOISE },
	{ { '<', '>', KEY_F(6) }, "<, >, F6", "sort by the previous or next column", key_sort,
	  false, KEYS_BOTH },
	{ { 's' }, "s", "open or close the system panel: SMT, clocksource, watchdogs, governor, "
	  "idle states, IRQs", key_panel, false, KEYS_BOTH },
	{ { KEY_UP, KEY_DOWN }, "Up, Down", "select the previous or next knob", key_panel_move, false,
	  KEYS_PANEL },
	{ { KEY_HOME, KEY_END }, "Home, End", "select the first (SMT) or last knob", key_panel_move,
	  false, KEYS_PANEL },
	{ { '\n', '\r', KEY_ENTER }, "Enter",
	  "set the selected knob to its next value, put back at the end (SMT off asks y first)",
	  key_panel_enter, false, KEYS_PANEL },
	{ { 'K' }, "K", "keep the tuned state at the end instead of putting it back (asks y); "
	  "again: put it back", key_panel_keep, false, KEYS_PANEL },
	{ { KEY_ESC }, "Esc", "close the system panel", key_panel, false, KEYS_PANEL },
	{ { KEY_CTRL('l') }, "Ctrl-L", "redraw the screen", key_redraw, false, KEYS_BOTH },
	{ { KEY_F(1), '?', 'h' }, "F1, ?, h", "show this help", key_help, false, KEYS_BOTH },
	{ { 'q', KEY_F(10) }, "q, F10", "quit: restore the kernel's settings, print the summary table",
	  key_quit, false, KEYS_BOTH },
	{ { 0 }, NULL, NULL, NULL, false, KEYS_BOTH }
};

const char *keys_view_note(const struct key_def *k)
{
	return k->view == KEYS_HWNOISE ? " (hwnoise view)" : k->view == KEYS_HWLAT ? " (hwlat view)" :
	       k->view == KEYS_PANEL ? " (system panel)" : k->view == KEYS_REPLAY ? " (replay)" : "";
}

const char *keys_prompt_label(enum dash_prompt p)
{
	switch (p) {
	case PROMPT_CPUS:
		return "CPUs to measure (cpu-list)";
	case PROMPT_THRESHOLD:
		return "threshold (us)";
	case PROMPT_PERIOD:
		return "period (us)";
	case PROMPT_RUNTIME:
		return "runtime (us)";
	case PROMPT_WIDTH:
		return "hwlat width (us)";
	case PROMPT_WINDOW:
		return "hwlat window (us)";
	case PROMPT_MARK:
		return "marker note (Enter: none)";
	case PROMPT_NONE:
		break;
	}
	return "";
}

static void set_hwlat_timing(struct dashboard *d, uint64_t window, uint64_t width)
{
	const struct hwlat_conf *c = session_hwlat_conf(d->s);
	uint64_t from_n = c->window_us, from_w = c->width_us;

	if (session_set_hwlat_timing(d->req, window, width ? width : 1) < 0) {
		dash_message(d, true, "%s", d->s->err);
		return;
	}
	dash_message(d, false, "hwlat window %llu us, width %llu us",
		     (unsigned long long)window, (unsigned long long)(width ? width : 1));
	marks_set(d, "key", "hwlat window %llu -> %llu us, width %llu -> %llu us",
		  (unsigned long long)from_n, (unsigned long long)window,
		  (unsigned long long)from_w, (unsigned long long)(width ? width : 1));
}

/* period and runtime together: the kernel's pair, one marker. */
static void set_timing(struct dashboard *d, uint64_t period, uint64_t runtime)
{
	const struct osnoise_conf *c = session_osnoise_conf(d->s);
	uint64_t from_p = c->period_us, from_r = c->runtime_us;

	if (session_set_timing(d->req, period, runtime) < 0) {
		dash_message(d, true, "%s", d->s->err);
		return;
	}
	dash_message(d, false, "period %llu us, runtime %llu us", (unsigned long long)period,
		     (unsigned long long)runtime);
	if (period == from_p)
		marks_set(d, "key", "runtime %llu -> %llu us", (unsigned long long)from_r,
			  (unsigned long long)runtime);
	else
		marks_set(d, "key", "period %llu -> %llu us, runtime %llu -> %llu us",
			  (unsigned long long)from_p, (unsigned long long)period,
			  (unsigned long long)from_r, (unsigned long long)runtime);
}

static void prompt_apply(struct dashboard *d)
{
	const struct osnoise_conf *c = session_osnoise_conf(d->s);
	const struct hwlat_conf *h = session_hwlat_conf(d->s);
	struct cpuset set, missing;
	const char *why;
	uint64_t v, runtime;
	char list[128];

	switch (d->prompt) {
	case PROMPT_CPUS:
		if (cpuset_parse(d->input, &set, &why) < 0) {
			dash_message(d, true, "CPUs '%s' %s", d->input, why);
			return;
		}
		cpuset_andnot(&missing, &set, &d->online);
		if (!cpuset_empty(&missing)) {
			dash_message(d, true, "CPUs %s do not exist or are offline",
				     cpuset_format(&missing, list, sizeof(list)));
			return;
		}
		apply_cpus(d, &set, "CPUs set");
		return;
	case PROMPT_THRESHOLD:
		if (parse_u64(d->input, 1, PERIOD_MAX, &v, &why) < 0) {
			dash_message(d, true, "threshold '%s' %s", d->input, why);
			return;
		}
		set_threshold(d, v);
		return;
	case PROMPT_PERIOD:
		if (parse_u64(d->input, PERIOD_MIN, PERIOD_MAX, &v, &why) < 0) {
			dash_message(d, true, "period '%s' %s", d->input, why);
			return;
		}
		runtime = c->runtime_us <= v ? c->runtime_us : v * 3 / 4;
		if (runtime < PERIOD_MIN)
			runtime = PERIOD_MIN;
		set_timing(d, v, runtime);
		return;
	case PROMPT_RUNTIME:
		if (parse_u64(d->input, PERIOD_MIN, c->period_us, &v, &why) < 0) {
			dash_message(d, true, "runtime '%s' %s", d->input, why);
			return;
		}
		set_timing(d, c->period_us, v);
		return;
	case PROMPT_WIDTH:
		if (parse_u64(d->input, 1, h->window_us, &v, &why) < 0) {
			dash_message(d, true, "width '%s' %s (at most the window)", d->input, why);
			return;
		}
		if (v > HWLAT_VIEW_WIDTH_MAX) {
			dash_message(d, true, "width '%s' is above %llu us: the CPU would spin with "
				     "interrupts off that long (hwnoisetop hwlat --width takes more)",
				     d->input, HWLAT_VIEW_WIDTH_MAX);
			return;
		}
		set_hwlat_timing(d, h->window_us, v);
		return;
	case PROMPT_WINDOW:
		if (parse_u64(d->input, 1, HWLAT_WINDOW_MAX, &v, &why) < 0) {
			dash_message(d, true, "window '%s' %s", d->input, why);
			return;
		}
		/* As hwnoisetop hwlat --window: a width that no longer fits becomes half. */
		set_hwlat_timing(d, v, h->width_us <= v ? h->width_us :
				 v / 2 < HWLAT_VIEW_WIDTH_MAX ? v / 2 : HWLAT_VIEW_WIDTH_MAX);
		return;
	case PROMPT_MARK:
		marks_apply_note(d);
		return;
	case PROMPT_NONE:
		return;
	}
}

static void prompt_key(struct dashboard *d, int ch)
{
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		enum dash_prompt p = d->prompt;

		d->prompt = PROMPT_NONE;
		if (d->input_len || p == PROMPT_MARK) {
			d->prompt = p;
			prompt_apply(d);
			d->prompt = PROMPT_NONE;
		}
	} else if (ch == KEY_ESC || ch == KEY_CTRL('g') || ch == KEY_CTRL('c')) {
		d->prompt = PROMPT_NONE;
		dash_message(d, false, "cancelled");
	} else if (ch == KEY_BACKSPACE || ch == 127 || ch == KEY_CTRL('h')) {
		if (d->input_len)
			d->input[--d->input_len] = '\0';
	} else if (ch == KEY_CTRL('u')) {
		d->input_len = 0;
		d->input[0] = '\0';
	} else if (ch >= 0x20 && ch < 0x7f && d->input_len + 1 < sizeof(d->input)) {
		d->input[d->input_len++] = (char)ch;
		d->input[d->input_len] = '\0';
	}
}

static void help_key(struct dashboard *d, int ch)
{
	if (!dash_scroll_key(ch, &d->help_top, INT_MAX / 2))	/* help_draw() clamps it */
		d->help = false;
}

void keys_dispatch(struct dashboard *d, int ch)
{
	if (ch == KEY_RESIZE)
		return;
	if (d->prompt != PROMPT_NONE) {
		prompt_key(d, ch);
		return;
	}
	if (d->help) {
		help_key(d, ch);
		return;
	}
	if (d->marks_list) {
		marks_list_key(d, ch);
		return;
	}
	if (d->confirm != CONFIRM_NONE) {
		panel_confirm(d, ch);
		return;
	}
	d->msg[0] = '\0';
	for (const struct key_def *k = keys_table; k->names; k++)
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++) {
			if (k->codes[i] != ch || (d->panel && !panel_key(k)) ||
			    (!d->panel && k->view == KEYS_PANEL) ||
			    (k->view == KEYS_REPLAY && !playview_on(d)))
				continue;
			if (playview_on(d) && (k->live || k->run == key_capture || k->run == key_panel))
				playview_refuse(d, k->names, !k->live);
			else if (k->live && d->s->state == SESSION_STOPPED)
				dash_message(d, true, "the measurement has stopped: t saves the trace, q quits");
			else if (k->view == KEYS_HWLAT && !dash_hwlat(d))
				dash_message(d, true, "%s works in the hwlat view: w switches to it", k->names);
			else if (k->view == KEYS_HWNOISE && dash_hwlat(d))
				dash_message(d, true, "%s works in the hwnoise view%s", k->names,
					     playview_on(d) ? " (the recording is in the hwlat view here)" :
					     ": w switches back");
			else
				k->run(d, ch);
			return;
		}
	dash_message(d, true, "unknown key: F1 or ? shows the keys");
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
		fputs(keys_view_note(k), out);
		fputc('\n', out);
	}
}
