/*
 * help: the help screen, generated from the key table (keys.c) and the
 * meaning of the marks in the grid.  Up/Down/Home/End scroll it when it
 * does not fit; any other key closes it.
 */
#include <stdio.h>

#include "dash.h"
#include "keys.h"

static const char *const legend[] = {
	"",
	"Marks in the grid (beside the colours):",
	"  !  bad: under 99 % of the CPU available (% CPU Aval, Noise, Last)",
	"  ~  warning: under 99.9 % available",
	"  -  after the CPU number: the CPU is not measured (dimmed)",
	"  x  after the CPU number: the CPU is offline",
	"",
	"Noise and times are in microseconds; Last is the latest period's noise,",
	"History one column per period, newest on the right; | marks the first",
	"period after a marker (b, M, and every key that changes the measurement).",
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
	"At a prompt (b, c, T, p, r, N, W): Enter applies, Esc cancels, Backspace",
	"takes back one character, Ctrl-U clears. A note takes any printable",
	"character of the locale (accents, CJK: UTF-8), a value ASCII.",
	NULL
};

void help_draw(struct dashboard *d, int height, int width)
{
	int nkeys = 0, nlines, y = 0, line = 0;

	for (const struct key_def *k = keys_table; k->names; k++)
		nkeys++;
	nlines = nkeys + 2;
	for (int i = 0; legend[i]; i++)
		nlines++;
	if (d->help_top > nlines - (height - 1))
		d->help_top = nlines - (height - 1) > 0 ? nlines - (height - 1) : 0;

	dash_title(d, 0, width, " hwnoisetop keys: any key returns, Up/Down/Home/End scroll");
	y = 1;
	for (const struct key_def *k = keys_table; k->names; k++, line++) {
		if (line < d->help_top || y >= height)
			continue;
		attrset(d->look[LOOK_COLHEAD] & ~A_REVERSE);
		mvprintw(y, 1, "%-10s", k->names);
		attrset(A_NORMAL);
		mvaddnstr(y, 12, k->help, width - 12 > 0 ? width - 12 : 0);
		if (getcury(stdscr) == y)
			addnstr(keys_view_note(k), width - getcurx(stdscr) > 0 ?
				width - getcurx(stdscr) : 0);
		y++;
	}
	for (int i = 0; legend[i]; i++, line++) {
		if (line < d->help_top || y >= height)
			continue;
		attrset(A_NORMAL);
		mvaddnstr(y++, 1, legend[i], width - 1);
	}
}
