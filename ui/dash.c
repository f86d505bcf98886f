/*
 * dash: what every part of the dashboard shares besides struct dashboard
 * (dash.h): the status line's message, questions about the run (measured
 * CPUs, the view, the budgets, the samples), drawing text in a cell of a
 * given width (whole, or wrapped over rows: dash_put_wrapped()) and the
 * title bar, the screens opened over the others
 * (dash_open()), each screen's state and the views toggled on
 * (dash_data(), dash_view_on()), and the input line's opening
 * (dash_prompt_open()).
 * dashboard.c runs the dashboard, frame.c and the screens draw, keys.c and
 * prompt.c take keys; all of them use these, and call nothing above.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dash.h"
#include "format.h"
#include "text.h"

void dash_message(struct dashboard *d, bool err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	d->msg_err = err;
	d->redraw |= DASH_REDRAW_STATUS;
}

bool dash_measured(const struct dashboard *d, int cpu)
{
	return cpuset_has(session_cpus(d->s), cpu);
}

bool dash_hwlat(const struct dashboard *d)
{
	return session_conf(d->s)->tracer == SESSION_HWLAT;
}

uint64_t dash_budget(const struct dashboard *d, bool period, const char **from)
{
	const struct osnoise_conf *c = session_osnoise_conf(d->s);
	uint64_t own = period ? d->conf.period_budget_us : d->conf.single_budget_us;
	uint64_t stop = period ? c->stop_total_us : c->stop_us;

	if (own) {
		*from = period ? "--period-budget" : "--single-budget";
		return own;
	}
	if (stop) {
		*from = period ? "-S" : "-s";
		return stop;
	}
	*from = "the default";
	return period ? FORMAT_PERIOD_BUDGET_US : FORMAT_SINGLE_BUDGET_US;
}

uint64_t dash_samples(const struct dashboard *d)
{
	return session_stats(d->s)->samples + session_hwl_stats(d->s)->samples;
}

void dash_put(int y, int x, int w, attr_t a, const char *text, bool right)
{
	chtype cells[512];
	int len = (int)strnlen(text, (size_t)(w > 0 ? w : 0)), pad = right ? w - len : 0, n = 0;
	bool plain = pad + len <= (int)(sizeof(cells) / sizeof(cells[0]));

	for (int i = 0; plain && i < len; i++)
		plain = text[i] >= ' ' && text[i] < 0x7f;
	attrset(a);
	if (!plain) {
		/* In columns, not bytes: a 'ü' takes one, a CJK character two, a Tab one '?'. */
		wchar_t safe[sizeof(cells) / sizeof(cells[0])];
		int used;
		size_t n_safe = text_fit(text, w > 0 ? w : 0, safe, sizeof(safe) / sizeof(safe[0]),
					 &used);

		mvprintw(y, x, "%*s", right ? w - used : 0, "");
		addnwstr(safe, (int)n_safe);
		return;
	}
	while (n < pad)
		cells[n++] = ' ' | a;
	for (int i = 0; i < len; i++)
		cells[n++] = (chtype)(unsigned char)text[i] | a;
	mvaddchnstr(y, x, cells, n);
	move(y, x + n < COLS ? x + n : COLS - 1);
}

int dash_put_wrapped(int y, int rows, int width, int indent, attr_t a, const char *text,
		     bool figures)
{
	int n = 0, x = 1;
	size_t skip, len;

	if (rows <= 0)
		return 0;
	do {
		char part[512];
		int cols = width - x;

		len = text_wrap(text, cols, &skip);
		if (figures && text[len + skip]) {
			size_t g = len;

			while (g > 1 && !(text[g] == ' ' && text[g - 1] == ' '))
				g--;
			while (g > (size_t)cols / 2 && text[g - 1] == ' ')
				g--;
			if (g > (size_t)cols / 2) {
				len = g;
				skip = strspn(text + g, " ");
			}
		}
		snprintf(part, sizeof(part), "%.*s", (int)len, text);
		dash_put(y + n++, x, cols, a, part, false);
		text += len + skip;
		x = 1 + indent;
	} while (*text && n < rows && width - x > 8);
	return n;
}

static void fill(int y, int width, attr_t a)
{
	dash_put(y, 0, width, a, "", true);
}

void dash_title(const struct dashboard *d, int y, int width, const char *text)
{
	fill(y, width, d->look[LOOK_TITLE]);
	mvaddnstr(y, 0, text, width);
}

bool dash_scroll_key(int ch, int *top, int end)
{
	switch (ch) {
	case KEY_UP:
		if (*top > 0)
			(*top)--;
		return true;
	case KEY_DOWN:
		(*top)++;	/* the drawing keeps it in range */
		return true;
	case KEY_HOME:
		*top = 0;
		return true;
	case KEY_END:
		*top = end;
		return true;
	case KEY_RESIZE:
		return true;
	default:
		return false;
	}
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

bool dash_is_open(const struct dashboard *d, const struct dash_screen *scr)
{
	for (int i = 0; i < d->nopen; i++)
		if (d->open[i] == scr)
			return true;
	return false;
}

/* Screen scr's place in DASH_SCREENS, as frame_screens_start() laid it in d->screen. */
static size_t screen_index(const struct dashboard *d, const struct dash_screen *scr)
{
	size_t i = 0;

	while (i < DASH_NSCREENS - 1 && d->screen[i] != scr)
		i++;
	return i;
}

void *dash_data(const struct dashboard *d, const struct dash_screen *scr)
{
	return d->data[screen_index(d, scr)];
}

bool dash_view_on(const struct dashboard *d, const struct dash_screen *scr)
{
	return d->view_on[screen_index(d, scr)];
}

void dash_view_set(struct dashboard *d, const struct dash_screen *scr, bool on)
{
	d->view_on[screen_index(d, scr)] = on;
}

void dash_views_off(struct dashboard *d)
{
	memset(d->view_on, 0, sizeof(d->view_on));
}

void dash_open(struct dashboard *d, const struct dash_screen *scr)
{
	if (!dash_is_open(d, scr) && d->nopen < DASH_OPEN_MAX)
		d->open[d->nopen++] = scr;
}

void dash_close(struct dashboard *d, const struct dash_screen *scr)
{
	int n = 0;

	for (int i = 0; i < d->nopen; i++)
		if (d->open[i] != scr)
			d->open[n++] = d->open[i];
	d->nopen = n;
}

unsigned dash_prompt_open(struct dashboard *d, enum dash_prompt p)
{
	d->prompt = p;
	/* A note any printable character (that the marker holds whole); numbers ASCII. */
	if (p == PROMPT_MARK)
		text_lineedit_reset(&d->input, MARKER_TEXT - 1, !d->utf8);
	else
		text_lineedit_reset(&d->input, LINEEDIT_SIZE - 1, true);
	return DASH_REDRAW_STATUS;
}
