/*
 * help: the help screen, generated from the key table (keys.c, d->keys) and the
 * meaning of the marks in the grid: the bindings of the view on screen,
 * each key once, the text wrapped at word boundaries.  Up/Down, PgUp/PgDn
 * and Home/End scroll it when it does not fit; any other key closes it.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "dash.h"
#include "keys.h"

/* Where the budgets' line goes in the legend (it says the budgets in force). */
static const char budget_slot[] = "";

static const char *const legend[] = {
	"",
	"Marks in the grid (beside the colours, also with NO_COLOR):",
	"  !  bad: under 99 % of the CPU available (% CPU Aval, Noise)",
	"  ~  warning: under 99.9 % available",
	budget_slot,
	"  -  after the CPU number: the CPU is not measured (dimmed)",
	"  x  after the CPU number: the CPU is offline",
	"",
	"Noise and times are in microseconds; Last is the latest period's noise and",
	"Last Single its longest single noise,",
	"History one column per period, newest on the right, every CPU's bars on one",
	"scale: the largest period in sight over all CPUs, in us after the title",
	"(History (max 106 us), History 106 when narrow); | marks the first period",
	"after a marker (b, M, and every key that changes the measurement).",
	"The compare view (d): per second of runtime, three significant digits, the",
	"last osnoise segment before the latest marker and the current one; after",
	"each figure that prints differently + better, ! worse; settings that differ",
	"(CPUs, mode) are named above the table.",
	"",
	"The hwlat view (w): one sample per window with a gap above the threshold;",
	"Max Inner and Max Outer the largest gaps (us) inside and between the",
	"loop's clock reads, Over the iterations over the threshold, NMI and NMI us",
	"the NMIs during the samples' windows and their time, Last Sample the time",
	"of the latest sample. The kernel runs one of osnoise and hwlat at a time.",
	"",
	"Playing a recording back (--replay FILE): z, . and 1-4 (replay) drive it;",
	"the keys that would change the kernel, t and s are refused.",
	"",
	"At a prompt (b, c, T, p, r, N, W, x): Enter applies, Esc cancels, Backspace",
	"takes back one character, Ctrl-U clears. A note takes any printable",
	"character of the locale (accents, CJK: UTF-8), a value ASCII.",
	NULL
};

/* Draws one row of the help (when it is on screen) and counts it. */
static void help_row(int *row, int top, int height, int x, const char *text, int len)
{
	int y = *row - top + 1;

	if (y >= 1 && y < height)
		mvaddnstr(y, x, text, len);
	(*row)++;
}

/* The rows of text, wrapped at x..width, from the first row *row on. */
static void help_text(int *row, int top, int height, int x, int width, const char *text)
{
	size_t skip, len;

	do {
		len = text_wrap(text, width - x, &skip);
		help_row(row, top, height, x, text, (int)len);
		text += len + skip;
	} while (*text);
}

/* The budgets' rule, with the budgets in force and where they came from. */
static const char *budget_text(const struct dashboard *d, char *buf, size_t size)
{
	const char *fs, *fp;
	uint64_t single = dash_budget(d, false, &fs), period = dash_budget(d, true, &fp);

	snprintf(buf, size, "over the budget, ~ over half of it: Max Single and Last Single "
		 "against a single noise's budget, %llu us (%s), Max Noise and Last against one "
		 "period's, %llu us (%s)", (unsigned long long)single, fs,
		 (unsigned long long)period, fp);
	return buf;
}

/*
 * Walks every row of the help: the bindings of the view on screen, each
 * key once, then the legend, drawing the rows from top on.  Returns the
 * number of rows.
 */
static int help_walk(struct dashboard *d, int top, int height, int width)
{
	char line[512];
	int row = 0;

	for (const struct key_def *k = d->keys; k->names; k++) {
		int y = row - top + 1;

		if (!keymap_shown(d, k))
			continue;
		if (y >= 1 && y < height) {
			attrset(d->look[LOOK_COLHEAD] & ~A_REVERSE);
			mvprintw(y, 1, "%-10s", k->names);
			attrset(A_NORMAL);
		}
		snprintf(line, sizeof(line), "%s%s", k->help, keymap_view_note(k));
		help_text(&row, top, height, 12, width, line);
	}
	attrset(A_NORMAL);
	for (int i = 0; legend[i]; i++) {
		if (legend[i] == budget_slot) {	/* "  !  " then the text, wrapped under itself */
			if (row - top + 1 >= 1 && row - top + 1 < height)
				mvaddstr(row - top + 1, 1, "  !  ");
			help_text(&row, top, height, 6, width, budget_text(d, line, sizeof(line)));
		} else if (!legend[i][0]) {
			help_row(&row, top, height, 1, "", 0);
		} else {
			help_text(&row, top, height, 1, width, legend[i]);
		}
	}
	return row;
}

/* The help's own state. */
struct help_state {
	int top;	/* its first row on screen */
	int page;	/* its rows a page (PgUp/PgDn), from the last draw */
};

static struct help_state *state(const struct dashboard *d)
{
	return dash_data(d, &screen_help);
}

static void help_draw(struct dashboard *d, int height, int width)
{
	struct help_state *h = state(d);
	int nlines = help_walk(d, 0, 0, width);

	h->page = height - 2 > 1 ? height - 2 : 1;
	if (h->top > nlines - (height - 1))
		h->top = nlines - (height - 1) > 0 ? nlines - (height - 1) : 0;
	dash_title(d, 0, width, " hwnoisetop keys: any key returns, Up/Down/PgUp/PgDn/Home/End "
		   "scroll");
	help_walk(d, h->top, height, width);
	curs_set(0);
}

static unsigned help_key(struct dashboard *d, int ch)
{
	struct help_state *h = state(d);

	if (ch == KEY_PPAGE || ch == KEY_NPAGE) {
		h->top += ch == KEY_NPAGE ? h->page : -h->page;
		if (h->top < 0)
			h->top = 0;	/* help_draw() clamps the end */
	} else if (!dash_scroll_key(ch, &h->top, INT_MAX / 2)) {
		dash_close(d, &screen_help);
	}
	return DASH_REDRAW_ALL;
}

unsigned help_key_open(struct dashboard *d, int code)
{
	(void)code;
	dash_open(d, &screen_help);
	state(d)->top = 0;
	return DASH_REDRAW_ALL;
}

const struct dash_screen screen_help = {
	.name = "help",
	.data_size = sizeof(struct help_state),
	.draw_whole = help_draw,
	.key = help_key,
};
