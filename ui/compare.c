/*
 * compare: the before/after view of the grid (d).  For each CPU measured
 * in the segment before the latest marker or in the current one: the
 * noise per second of runtime, % CPU available (as the kernel prints it),
 * HW and NMI events per second of runtime, before and after, and the
 * change: coloured better or worse, with a mark ('+' better, '!' worse)
 * that survives NO_COLOR.  The figures come from segments.h; with compare
 * --live, "before" is a recording's whole run (dashboard_conf.ref).
 */
#include <stdio.h>
#include <string.h>

#include "dash.h"
#include "format.h"

/* Column widths: CPU, then before/after pairs; the after cells end with the mark. */
#define W_CPU 4
#define W_NUM 9
#define W_AVAIL 10
#define W_PCT 6

static void cell(int y, int *x, int w, attr_t a, const char *text)
{
	int len = (int)strlen(text);

	if (*x + w > COLS) {	/* no wrap onto the next row */
		*x += w + 1;
		return;
	}
	if (len > w)
		len = w;
	attrset(a);
	mvprintw(y, *x, "%*s", w - len, "");
	addnstr(text, len);
	*x += w + 1;
}

static attr_t change_look(const struct dashboard *d, enum format_class k)
{
	return d->look[k == FORMAT_GOOD ? LOOK_GOOD : k == FORMAT_BAD ? LOOK_BAD : LOOK_NORMAL];
}

/* One figure: before, then after with its mark in the change's look. */
static void pair(const struct dashboard *d, int y, int *x, int w, bool have_b, bool have_a,
		 uint64_t before, uint64_t after, bool avail, int higher_better)
{
	enum format_class k = have_b && have_a ? format_change(before, after, higher_better) :
				FORMAT_NONE;
	char b[32], a[40];

	if (avail) {
		snprintf(b, sizeof(b), "%llu.%05llu", (unsigned long long)(before / 100000),
			 (unsigned long long)(before % 100000));
		snprintf(a, sizeof(a), "%llu.%05llu%c", (unsigned long long)(after / 100000),
			 (unsigned long long)(after % 100000), format_change_mark(k));
	} else {
		format_milli(before, b, sizeof(b));
		format_milli(after, a, sizeof(a) - 1);
		snprintf(a + strlen(a), 2, "%c", format_change_mark(k));
	}
	cell(y, x, w, A_NORMAL, have_b ? b : "-");
	cell(y, x, w + 1, change_look(d, k), have_a ? a : "- ");
}

static void header(const struct dashboard *d, int y, int width, unsigned kb, unsigned ka)
{
	const struct markers *ms = &d->s->seg.marks;
	char line[MARKER_TEXT + 1200], m[MARKER_TEXT + 48];

	attrset(A_NORMAL);
	if (d->conf.ref)
		snprintf(line, sizeof(line), " before: %.1024s, the whole recording (%s, %s measured)",
			 d->conf.ref_name, d->conf.ref_osnoise ? "osnoise: IRQs enabled" : "hwnoise",
			 markers_clock(d->conf.ref_elapsed_s * 1000, m, sizeof(m)));
	else
		snprintf(line, sizeof(line), " before: %s", markers_line(&ms->m[kb], m, sizeof(m)));
	mvaddnstr(y, 0, line, width);
	snprintf(line, sizeof(line), " after:  %s", markers_line(&ms->m[ka], m, sizeof(m)));
	mvaddnstr(y + 1, 0, line, width);
	attrset(d->look[LOOK_COLHEAD]);
	for (int x = 0; x < width; x++) {
		mvaddch(y + 2, x, ' ');
		mvaddch(y + 3, x, ' ');
	}
	snprintf(line, sizeof(line), "%*s %*s %*s %*s %*s %*s", W_CPU, "",
		 W_NUM * 2 + W_PCT + 3, "noise us per s runtime",
		 W_AVAIL * 2 + 2, "% CPU available", W_NUM * 2 + 2, "HW per s", W_NUM * 2 + 2,
		 "NMI per s", 0, "");
	mvaddnstr(y + 2, 0, line, width);
	snprintf(line, sizeof(line), "%*s %*s %*s %*s %*s %*s %*s %*s %*s %*s", W_CPU, "CPU",
		 W_NUM, "before", W_NUM + 1, "after", W_PCT, "change", W_AVAIL, "before",
		 W_AVAIL + 1, "after", W_NUM, "before", W_NUM + 1, "after", W_NUM, "before",
		 W_NUM + 1, "after");
	mvaddnstr(y + 3, 0, line, width);
}

void compare_draw(struct dashboard *d, int y, int height, int width)
{
	const struct segments *sg = &d->s->seg;
	unsigned ka = segments_count(sg) - 1, kb = ka ? ka - 1 : 0;
	int row = 0, cpu;

	if (height < 5)
		return;
	header(d, y, width, kb, ka);
	y += 4;
	height -= 4;
	/* compare --live: i switched the live run to the other mode. */
	if (d->conf.ref && d->conf.ref_osnoise == session_osnoise_conf(d->s)->irq_disable) {
		attrset(d->look[LOOK_WARN]);
		mvaddnstr(y, 1, d->conf.ref_osnoise ?
			  "not comparable: the recording is of osnoise mode, the live run is in hwnoise "
			  "mode now (i switches back)" :
			  "not comparable: the recording is of hwnoise mode, the live run is in osnoise "
			  "mode now (i switches back)", width - 1);
		attrset(A_NORMAL);
		return;
	}
	for (cpu = 0; cpu < d->s->ncpus && row < height; cpu++) {
		const struct stats *ref = d->conf.ref;
		const struct cpu_stats *b = !ref ? segments_cpu(sg, kb, cpu) :
					    cpu < ref->ncpus ? &ref->cpu[cpu] : NULL;
		const struct cpu_stats *a = segments_cpu(sg, ka, cpu);
		bool hb = b && b->periods, ha = a && a->periods;
		struct seg_rates rb = { 0 }, ra = { 0 };
		char buf[32];
		int x = 0;

		if (!hb && !ha)
			continue;
		if (hb)
			segments_rates(b, &rb);
		if (ha)
			segments_rates(a, &ra);
		snprintf(buf, sizeof(buf), "%3d", cpu);
		cell(y + row, &x, W_CPU, A_NORMAL, buf);
		pair(d, y + row, &x, W_NUM, hb, ha, rb.noise_per_s_milli, ra.noise_per_s_milli,
		     false, 0);
		if (hb && ha)
			format_change_pct(rb.noise_per_s_milli, ra.noise_per_s_milli, buf, sizeof(buf));
		else
			snprintf(buf, sizeof(buf), "-");
		cell(y + row, &x, W_PCT,
		     change_look(d, hb && ha ? format_change(rb.noise_per_s_milli,
							     ra.noise_per_s_milli, 0) : FORMAT_NONE),
		     buf);
		pair(d, y + row, &x, W_AVAIL, hb, ha, rb.avail, ra.avail, true, 1);
		pair(d, y + row, &x, W_NUM, hb, ha, rb.hw_per_s_milli, ra.hw_per_s_milli, false, 0);
		pair(d, y + row, &x, W_NUM, hb, ha, rb.nmi_per_s_milli, ra.nmi_per_s_milli, false, 0);
		row++;
	}
	attrset(A_NORMAL);
	if (!row && height > 0)
		mvaddnstr(y, 1, "no periods in either segment yet", width - 1);
	else if (row < height)
		mvaddnstr(y + row + 1 < y + height ? y + row + 1 : y + row, 1,
			  "per second of runtime; after: '+' better, '!' worse", width - 1);
}
