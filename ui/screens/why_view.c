/*
 * why_view: the selected CPU's noise put down to its causes (y, with
 * --why): a bar of each cause's share with its interval, the figures (and
 * under NMI the NMI time measured), where a cause is credited on the
 * largest single noises one line of them (on a row to spare only), the
 * evidence of the latest tick and one sentence of what to try (the blank
 * rows between go first on a short terminal).  The attribution is the session's (causes.h);
 * the lines are why_report's.
 */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "causes.h"
#include "dash.h"
#include "text.h"
#include "why_report.h"

#define WHY_BAR 12
#define WHY_NAME 12	/* "TSC watchdog" */

/* "[####==     ]": # the share, = up to its interval's high end. */
static void bar(char *buf, const struct cause_result *r)
{
	int s = 0, h = 0;

	if (r->state == CAUSE_CREDITED || r->state == CAUSE_WITHIN_FDR ||
	    r->state == CAUSE_NO_EVIDENCE) {
		s = (int)(r->share * WHY_BAR + 0.5);
		h = (int)(r->share_hi * WHY_BAR + 0.5);
	}
	buf[0] = '[';
	for (int i = 0; i < WHY_BAR; i++)
		buf[1 + i] = i < s ? '#' : i < h ? '=' : ' ';
	buf[WHY_BAR + 1] = ']';
	buf[WHY_BAR + 2] = 0;
}

static void evidence_line(char *buf, size_t size, const struct causes *c, int cpu)
{
	struct evidence_cpu ev;
	char sib[32], steal[32], thr[32], wd[32];

	causes_latest(c, cpu, &ev);
	snprintf(sib, sizeof(sib), ev.sibling_pm < 0 ? "-" : "%d%%", (ev.sibling_pm + 5) / 10);
	snprintf(steal, sizeof(steal), ev.steal_us < 0 ? "-" : "%lld us", (long long)ev.steal_us);
	snprintf(thr, sizeof(thr), ev.throttle < 0 ? "-" : "%lld", (long long)ev.throttle);
	snprintf(wd, sizeof(wd), ev.tscwd < 0 ? "-" : "%lld", (long long)ev.tscwd);
	snprintf(buf, size, "latest tick: SMT sibling busy %s, steal %s, throttling %s, "
		 "TSC watchdog visits %s%s", sib, steal, thr, wd,
		 ev.clocksource > 0 ? ", clocksource changed" : "");
}

/*
 * The largest single noises in one short line, where a cause is credited
 * on them: the one with the largest share, how many more, the rest
 * unexplained; false (nothing to say) otherwise.
 */
static bool largest_line(char *buf, size_t size, const struct cause_answer *a)
{
	int top = -1, more = 0;

	for (int k = 0; k < CAUSE_N; k++) {
		if (a->c[k].max_state != CAUSE_CREDITED)
			continue;
		more += top >= 0;
		if (top < 0 || a->c[k].max_share > a->c[top].max_share)
			top = k;
	}
	if (top < 0)
		return false;
	snprintf(buf, size, "%-*s >= %.0f us: %s %.0f%% [%.0f%%, %.0f%%]%s, unexplained %.0f%%",
		 WHY_NAME, "largest", a->level, cause_name(top), 100 * a->c[top].max_share,
		 100 * a->c[top].max_share_lo, 100 * a->c[top].max_share_hi,
		 more ? " and more" : "", 100 * a->max_unexplained);
	return true;
}

/* The rows dash_put_wrapped() gives text with no figures to keep together. */
static int rows_of(const char *text, int width, int indent)
{
	int n = 0, x = 1;
	size_t skip;

	do {
		text += text_wrap(text, width - x, &skip);
		text += skip;
		x = 1 + indent;
		n++;
	} while (*text && width - x > 8);
	return n;
}

static void why_draw(struct dashboard *d, int y, int height, int width)
{
	const struct causes *c = session_causes(d->s);
	int cpu = d->sel_cpu, row = 2, spare;
	struct cause_answer a;
	char line[320], text[256], big[160], fdr[320], b[WHY_BAR + 3];

	snprintf(line, sizeof(line), " CPU %d: its noise put down to its causes (y returns)", cpu);
	attrset(d->look[LOOK_COLHEAD]);
	mvhline(y, 0, ' ', width);
	mvaddnstr(y, 0, line, width);
	attrset(A_NORMAL);
	if (!c) {
		mvaddnstr(y + row, 1, "no attribution: start with --why", width - 1);
		return;
	}
	if (!causes_answer(c, cpu, &a)) {
		mvaddnstr(y + row, 1, "no periods of this CPU yet", width - 1);
		return;
	}
	snprintf(line, sizeof(line), "%llu periods, %.0f us of noise; %s%s",
		 (unsigned long long)a.periods, a.noise,
		 a.lead < 0 ? "no cause credited" : "leading cause: ",
		 a.lead < 0 ? "" : cause_name(a.lead));
	row += dash_put_wrapped(y + row, height - row, width, 0, A_NORMAL, line, true);
	row++;
	/* A cause's figures go on under its text where the line is too wide. */
	for (int k = 0; k < CAUSE_N && row < height; k++) {
		bar(b, &a.c[k]);
		why_report_cause(text, sizeof(text), c, cpu, k, &a.c[k]);
		snprintf(line, sizeof(line), "%-*s %s %s", WHY_NAME, cause_name(k), b, text);
		row += dash_put_wrapped(y + row, height - row, width, WHY_NAME + 1 + WHY_BAR + 2 + 1,
					a.c[k].state == CAUSE_CREDITED ? d->look[LOOK_WARN] : A_NORMAL,
					line, true);
		/* Under NMI: its time measured, where osnoise:nmi_noise was read. */
		if (k == CAUSE_NMI && row < height && why_report_nmi_time(text, sizeof(text), c, &a.c[k])) {
			snprintf(line, sizeof(line), "%-*s %*s %s", WHY_NAME, "NMI time", WHY_BAR + 2,
				 "", text);
			row += dash_put_wrapped(y + row, height - row, width,
						WHY_NAME + 1 + WHY_BAR + 2 + 1,
						A_NORMAL, line, true);
		}
	}
	snprintf(line, sizeof(line), "%-*s %15s %.1f%% [%.1f%%, %.1f%%]%s", WHY_NAME, "unexplained",
		 "", 100 * a.unexplained, 100 * a.unexplained_lo, 100 * a.unexplained_hi,
		 a.overlap ? " (shares overlap)" : "");
	row += dash_put_wrapped(y + row, height - row, width, 0, A_NORMAL, line, true);
	/* The blank rows before the evidence and what to try go first where rows are short. */
	evidence_line(line, sizeof(line), c, cpu);
	snprintf(text, sizeof(text), "try: %s", a.lead >= 0 ? cause_advice(a.lead) : "");
	spare = height - row - rows_of(line, width, 0) - (a.lead >= 0 ? rows_of(text, width, 5) : 0);
	/* The largest single noises: only on a row to spare, never before the evidence. */
	if (largest_line(big, sizeof(big), &a) && spare >= rows_of(big, width, 0)) {
		spare -= rows_of(big, width, 0);
		row += dash_put_wrapped(y + row, height - row, width, 0, A_NORMAL, big, true);
	}
	/* The credits the run's false discovery rate withdrew: on a row to spare too. */
	if (why_report_fdr(fdr, sizeof(fdr), &a) && spare >= rows_of(fdr, width, 0)) {
		spare -= rows_of(fdr, width, 0);
		row += dash_put_wrapped(y + row, height - row, width, 0, A_NORMAL, fdr, true);
	}
	row += spare >= 1 + (a.lead >= 0);
	row += dash_put_wrapped(y + row, height - row, width, 0, A_NORMAL, line, true);
	if (a.lead >= 0) {
		row += spare >= 1;
		dash_put_wrapped(y + row, height - row, width, 5, A_NORMAL, text, true);
	}
}

unsigned why_view_key(struct dashboard *d, int code)
{
	bool on = !dash_view_on(d, &screen_why);

	(void)code;
	dash_view_set(d, &screen_why, on);
	if (on && !session_causes(d->s))
		dash_message(d, true, "no attribution in this run: start it with --why");
	else
		dash_message(d, false, on ? "the selected CPU's causes (y returns)" : "grid view");
	return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
}

static bool why_shown(const struct dashboard *d)
{
	return !dash_hwlat(d) && dash_view_on(d, &screen_why);
}

const struct dash_screen screen_why = {
	.name = "why",
	.shown = why_shown,
	.top = views_settings_top,
	.title = views_settings_title,
	.draw = why_draw,
	.hints = playview_view_hints,
	.cursor = true,
};
