/*
 * spark: the grid's History column, one cell per recent period, newest on
 * the right, every CPU on one scale (the largest period in sight over all
 * CPUs, said in the title); '|' marks the first period after a marker.
 */
#include <stdio.h>
#include <string.h>

#include "dash.h"
#include "format.h"

/* "History (max 106 us)", narrower "History max 106" or "History 106": the bars' scale. */
const char *spark_title(const char *title, int width, uint64_t spark_max, char *buf, size_t size)
{
	if (!spark_max || !buf || !size)
		return title;
	snprintf(buf, size, "%s (max %llu us)", title, (unsigned long long)spark_max);
	if ((int)strlen(buf) <= width)
		return buf;
	snprintf(buf, size, "%s max %llu", title, (unsigned long long)spark_max);
	if ((int)strlen(buf) <= width)
		return buf;
	snprintf(buf, size, "%s %llu", title, (unsigned long long)spark_max);
	return (int)strlen(buf) <= width ? buf : title;
}

void spark_draw(const struct dashboard *d, int y, int x, int w, attr_t a, int cpu, uint64_t max)
{
	const struct cpu_stats *c = &session_stats(d->s)->cpu[cpu];
	bool mark[STATS_HISTORY];
	static const char *const utf8[] = { "\xc2\xb7", "\xe2\x96\x81", "\xe2\x96\x82",
					    "\xe2\x96\x83", "\xe2\x96\x84", "\xe2\x96\x85",
					    "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88" };
	static const char ascii[] = "._-=+*#%@";

	if (w > STATS_HISTORY)
		w = STATS_HISTORY;
	marks_ages(d, cpu, mark, (unsigned)w);
	attrset(a);
	move(y, x);
	for (int i = 0; i < w; i++) {
		unsigned age = (unsigned)(w - 1 - i);
		int lvl;

		if (age >= c->hist_len) {
			addch(' ');
			continue;
		}
		if (mark[age]) {	/* the first period after a marker */
			attrset(d->look[LOOK_MARK]);
			addch('|');
			attrset(a);
			continue;
		}
		lvl = format_spark_level(stats_history(c, age), max);
		if (d->utf8)
			addstr(utf8[lvl]);
		else
			addch((chtype)(unsigned char)ascii[lvl]);
	}
}
