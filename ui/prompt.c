/*
 * prompt: the status-line prompts (c, T, p, r, N, W, b) and the changes
 * they and the keys of keys.c ask for: a value typed, checked, then
 * turned into a session request with a message and a marker.
 */
#include <stdio.h>
#include <string.h>

#include "dash.h"
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

static void say_cpus(struct dashboard *d, const char *what)
{
	char list[256];

	dash_message(d, false, "%s: measuring CPUs %s", what,
		     cpuset_format(session_cpus(d->s), list, sizeof(list)));
}

unsigned prompt_apply_cpus(struct dashboard *d, const struct cpuset *set, const char *what)
{
	char from[128], to[128];

	cpuset_format(session_cpus(d->s), from, sizeof(from));
	if (session_set_cpus(d->req, set) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	say_cpus(d, what);
	marks_set(d, "key", "CPUs %s -> %s", from, cpuset_format(set, to, sizeof(to)));
	return DASH_REDRAW_PARTS;
}

unsigned prompt_set_threshold(struct dashboard *d, uint64_t us)
{
	uint64_t from = session_threshold(d->s);

	if (session_set_threshold(d->req, us) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	dash_message(d, false, "threshold %llu us", (unsigned long long)us);
	marks_set(d, "key", "threshold %llu -> %llu us", (unsigned long long)from,
		  (unsigned long long)us);
	return DASH_REDRAW_PARTS;
}

const char *prompt_label(enum dash_prompt p)
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
	case PROMPT_EXPERIMENT:
		return "experiment: blocks, block s, settle s";
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
		dash_message(d, true, "%s", session_err(d->s));
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
		dash_message(d, true, "%s", session_err(d->s));
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
	struct why why;
	uint64_t v, runtime;
	char list[128];

	switch (d->prompt) {
	case PROMPT_CPUS:
		if (cpuset_parse(d->input.text, &set, &why) < 0) {
			dash_message(d, true, "CPUs '%s' %s", d->input.text, why.text);
			return;
		}
		cpuset_andnot(&missing, &set, &d->online);
		if (!cpuset_empty(&missing)) {
			dash_message(d, true, "CPUs %s do not exist or are offline",
				     cpuset_format(&missing, list, sizeof(list)));
			return;
		}
		prompt_apply_cpus(d, &set, "CPUs set");
		return;
	case PROMPT_THRESHOLD:
		if (parse_u64(d->input.text, 1, PERIOD_MAX, &v, &why) < 0) {
			dash_message(d, true, "threshold '%s' %s", d->input.text, why.text);
			return;
		}
		prompt_set_threshold(d, v);
		return;
	case PROMPT_PERIOD:
		if (parse_u64(d->input.text, PERIOD_MIN, PERIOD_MAX, &v, &why) < 0) {
			dash_message(d, true, "period '%s' %s", d->input.text, why.text);
			return;
		}
		runtime = c->runtime_us <= v ? c->runtime_us : v * 3 / 4;
		if (runtime < PERIOD_MIN)
			runtime = PERIOD_MIN;
		set_timing(d, v, runtime);
		return;
	case PROMPT_RUNTIME:
		if (parse_u64(d->input.text, PERIOD_MIN, c->period_us, &v, &why) < 0) {
			dash_message(d, true, "runtime '%s' %s", d->input.text, why.text);
			return;
		}
		set_timing(d, c->period_us, v);
		return;
	case PROMPT_WIDTH:
		if (parse_u64(d->input.text, 1, h->window_us, &v, &why) < 0) {
			dash_message(d, true, "width '%s' %s (at most the window)", d->input.text, why.text);
			return;
		}
		if (v > HWLAT_VIEW_WIDTH_MAX) {
			dash_message(d, true, "width '%s' is above %llu us: the CPU would spin with "
				     "interrupts off that long (hwnoisetop hwlat --width takes more)",
				     d->input.text, HWLAT_VIEW_WIDTH_MAX);
			return;
		}
		set_hwlat_timing(d, h->window_us, v);
		return;
	case PROMPT_WINDOW:
		if (parse_u64(d->input.text, 1, HWLAT_WINDOW_MAX, &v, &why) < 0) {
			dash_message(d, true, "window '%s' %s", d->input.text, why.text);
			return;
		}
		/* As hwnoisetop hwlat --window: a width that no longer fits becomes half. */
		set_hwlat_timing(d, v, h->width_us <= v ? h->width_us :
				 v / 2 < HWLAT_VIEW_WIDTH_MAX ? v / 2 : HWLAT_VIEW_WIDTH_MAX);
		return;
	case PROMPT_MARK:
		marks_apply_note(d);
		return;
	case PROMPT_EXPERIMENT:
		xview_apply(d);
		return;
	case PROMPT_NONE:
		return;
	}
}

unsigned prompt_key(struct dashboard *d, int ch)
{
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		enum dash_prompt p = d->prompt;

		d->prompt = PROMPT_NONE;
		if (d->input.len || p == PROMPT_MARK || p == PROMPT_EXPERIMENT) {
			d->prompt = p;
			prompt_apply(d);
			d->prompt = PROMPT_NONE;
			return DASH_REDRAW_PARTS;	/* a setting, a marker */
		}
	} else if (ch == KEY_ESC || ch == KEY_CTRL('g') || ch == KEY_CTRL('c')) {
		d->prompt = PROMPT_NONE;
		dash_message(d, false, "cancelled");
	} else if (ch == KEY_BACKSPACE || ch == 127 || ch == KEY_CTRL('h')) {
		text_lineedit_backspace(&d->input);
	} else if (ch == KEY_CTRL('u')) {
		text_lineedit_clear(&d->input);
	} else if (ch < 0x80 || (ch & DASH_WIDE)) {
		/* A Tab, another control character or a key code is refused. */
		text_lineedit_insert(&d->input, (uint32_t)(ch & ~DASH_WIDE));
	}
	return DASH_REDRAW_STATUS;	/* the prompt's line only */
}

/*
 * The prompt on status line y: its label, then the text typed with the
 * cursor after it; a text too long for the line shows its end after a '<'.
 */
void prompt_draw(struct dashboard *d, int y, int width)
{
	int x, room, used;
	size_t skip;

	attrset(A_BOLD);
	mvprintw(y, 0, " %s: ", d->prompt == PROMPT_EXPERIMENT ? xview_label(d) : prompt_label(d->prompt));
	x = getcurx(stdscr);
	room = width - x - 1;	/* the last column for the cursor */
	if (room < 2)
		return;
	skip = text_tail(d->input.text, room);
	if (skip) {
		skip = text_tail(d->input.text, room - 1);
		dash_put(y, x++, 1, A_BOLD, "<", false);
		room--;
	}
	if (d->input.len)
		dash_put(y, x, room, A_NORMAL, d->input.text + skip, false);
	used = text_width(d->input.text + skip);
	move(y, x + (used < room ? used : room));
}
