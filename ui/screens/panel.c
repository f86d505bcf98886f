/*
 * panel: the system panel (s), modal while open like htop's setup screen.
 * It shows the knobs the session reads on each tick (sysknobs: their
 * value now, at the start, who changed them, their file) and the
 * read-only lines (sysinfo), and turns Enter and K into session requests.
 * Taking CPUs offline and keeping the tuned state ask for a y first.
 *
 * The panel is built as a list of lines, then drawn from its top line so
 * that the selected knob stays in view on a small terminal.
 */
#include <stdio.h>
#include <string.h>

#include "dash.h"
#include "session_knobs.h"

#define PANEL_LINES (KNOB_COUNT + INFO_COUNT + 10)

/* A question the status line asks before a change that needs a yes. */
enum panel_question {
	ASK_NONE,
	ASK_KNOB,	/* the selected knob's next value takes CPUs offline */
	ASK_KEEP,	/* keep (or stop keeping) the tuned state at the end */
};

/* The panel's own state. */
struct panel_state {
	int sel;			/* the selected knob */
	int top;			/* first shown line when it does not fit */
	enum panel_question ask;
	uint64_t news_seq;		/* the session's latest change, once shown */
};

static struct panel_state *state(const struct dashboard *d)
{
	return dash_data(d, &screen_panel);
}

int panel_selected(const struct dashboard *d)
{
	return state(d)->sel;
}

struct pline {
	char text[512];
	char tail[256];		/* dimmed, after text */
	enum dash_look look;
	bool bold;
};

static const char *origin_text(const struct sysknob *k)
{
	switch (sysknobs_origin(k)) {
	case SYSKNOB_SET_HERE:
		return "hwnoisetop";
	case SYSKNOB_SET_OUTSIDE:
		return "outside";
	case SYSKNOB_AS_FOUND:
		break;
	}
	return "-";
}

static int build(const struct dashboard *d, struct pline *l, int *sel_line)
{
	const struct tuning *t = session_tuning(d->s);
	int n = 0;

	memset(l, 0, sizeof(*l) * PANEL_LINES);
	snprintf(l[n].text, sizeof(l[n].text), " %-16s %-12s %-12s %-11s %s", "Knob", "Now",
		 "At start", "Changed by", "File");
	l[n++].look = LOOK_COLHEAD;
	for (int id = 0; id < KNOB_COUNT; id++, n++) {
		const struct sysknob *k = &t->knobs.k[id];
		const struct audit_item *au = &t->audit.item[sysknobs_audit_item((enum sysknob_id)id)];

		snprintf(l[n].text, sizeof(l[n].text), " %-16s %-12s %-12s %-11s %s", k->name,
			 k->value, k->start, origin_text(k), k->file);
		snprintf(l[n].tail, sizeof(l[n].tail), "  %s%s%s%s", k->na[0] ? k->na : k->detail,
			 au->key ? "  [audit: " : "", au->key ? audit_rules_verdict_name(au->v) : "",
			 au->key ? "]" : "");
		l[n].look = id == state(d)->sel ? LOOK_SELECT :
			    sysknobs_origin(k) == SYSKNOB_SET_OUTSIDE ? LOOK_WARN : LOOK_NORMAL;
		if (id == state(d)->sel)
			*sel_line = n;
	}
	n++;
	snprintf(l[n].text, sizeof(l[n].text), " %-16s %-12s %s", "Read-only", "Now", "Why, where from");
	l[n++].look = LOOK_COLHEAD;
	for (int i = 0; i < INFO_COUNT; i++, n++) {
		const struct sysinfo_line *il = &t->info.line[i];

		snprintf(l[n].text, sizeof(l[n].text), " %-16s %-12s ", il->name ? il->name : "",
			 il->value);
		snprintf(l[n].tail, sizeof(l[n].tail), "%s", il->note);
		l[n].look = il->warn ? LOOK_WARN : LOOK_NORMAL;
	}
	n++;
	snprintf(l[n].text, sizeof(l[n].text), " At the end: %s", t->keep ?
		 "the knobs set here stay as they are (K: put them back)" :
		 "every knob set here is put back, unless changed from outside since (K keeps them)");
	l[n++].bold = true;
	return n;
}

void panel_draw(struct dashboard *d, int y, int height, int width)
{
	static struct pline l[PANEL_LINES];
	struct panel_state *st = state(d);
	int n, sel = 0;

	if (!session_tuning(d->s) || height < 2)
		return;
	n = build(d, l, &sel);
	dash_title(d, y, width, " System panel: Up/Down select, Enter next value, K keep the tuned "
		   "state, s or Esc close");
	y++;
	height--;
	if (sel < st->top + 1)
		st->top = sel - 1 > 0 ? sel - 1 : 0;
	if (sel >= st->top + height)
		st->top = sel - height + 1;
	if (st->top > n - height)
		st->top = n - height > 0 ? n - height : 0;
	for (int r = 0; r < height && st->top + r < n; r++) {
		int i = st->top + r, row = y + r;

		attrset(d->look[l[i].look] | (l[i].bold ? A_BOLD : 0));
		if (l[i].look == LOOK_SELECT || l[i].look == LOOK_COLHEAD)
			for (int x = 0; x < width; x++)
				mvaddch(row, x, ' ');
		mvaddnstr(row, 0, l[i].text, width);
		if (l[i].tail[0] && getcury(stdscr) == row && getcurx(stdscr) < width) {
			if (l[i].look != LOOK_SELECT)
				attrset(d->look[LOOK_DIM]);
			addnstr(l[i].tail, width - getcurx(stdscr));
		}
	}
}

void panel_open(struct dashboard *d, bool open)
{
	if (open)
		dash_open(d, &screen_panel);
	else
		dash_close(d, &screen_panel);
	state(d)->ask = ASK_NONE;
	session_want_sysinfo(d->req, open);
	if (open)
		state(d)->top = 0;
}

unsigned panel_move(struct dashboard *d, int code)
{
	int *sel = &state(d)->sel;

	switch (code) {
	case KEY_UP:
		if (*sel > 0)
			(*sel)--;
		break;
	case KEY_DOWN:
		if (*sel < KNOB_COUNT - 1)
			(*sel)++;
		break;
	case KEY_HOME:
		*sel = 0;
		break;
	case KEY_END:
		*sel = KNOB_COUNT - 1;
		break;
	}
	return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
}

/* The knob's change shows in the panel, and CPUs going offline on the settings line. */
static unsigned knob_next(struct dashboard *d)
{
	const struct tuning *t = session_tuning(d->s);

	if (session_knob_next(d->req, (enum sysknob_id)state(d)->sel) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return DASH_REDRAW_STATUS;
	}
	state(d)->news_seq = t->news_seq;
	dash_message(d, false, "%s", t->said);
	return DASH_REDRAW_PARTS;
}

unsigned panel_enter(struct dashboard *d)
{
	const struct sysknobs *kn = &session_tuning(d->s)->knobs;
	int sel = state(d)->sel;

	if (sysknobs_next_offlines(kn, (enum sysknob_id)sel)) {
		state(d)->ask = ASK_KNOB;
		dash_message(d, true, "%s off takes the second thread of each core offline: "
			     "y goes on, any other key cancels", kn->k[sel].name);
		return DASH_REDRAW_STATUS;
	}
	return knob_next(d);
}

/* The panel's last line says what happens at the end. */
unsigned panel_keep(struct dashboard *d)
{
	if (session_tuning(d->s)->keep) {
		session_keep_tuning(d->req, false);
		dash_message(d, false, "at the end every knob set here is put back");
		return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
	}
	state(d)->ask = ASK_KEEP;
	dash_message(d, true, "keep the tuned state at the end (nothing set here is put back): "
		     "y keeps, any other key cancels");
	return DASH_REDRAW_STATUS;
}

/* The answer to the status line's question (any key but y cancels). */
static unsigned confirm(struct dashboard *d, int ch)
{
	enum panel_question c = state(d)->ask;

	state(d)->ask = ASK_NONE;
	if (ch != 'y' && ch != 'Y') {
		dash_message(d, false, "cancelled: nothing changed");
		return DASH_REDRAW_STATUS;
	}
	if (c == ASK_KNOB)
		return knob_next(d);
	session_keep_tuning(d->req, true);
	dash_message(d, false, "the tuned state stays at the end (K again puts it back)");
	return DASH_REDRAW_BODY | DASH_REDRAW_STATUS;
}

/* The session saw a change (a key's, from outside, CPUs): show it (status and panel). */
static void panel_news(struct dashboard *d)
{
	const struct tuning *t = session_tuning(d->s);

	if (!t || t->news_seq == state(d)->news_seq)
		return;
	state(d)->news_seq = t->news_seq;
	dash_message(d, false, "%s", t->news);
	d->redraw |= DASH_REDRAW_PARTS;	/* the panel, the settings line (CPUs online) */
}

/* Its question on the status line takes the next key; else the key table. */
static unsigned panel_key(struct dashboard *d, int ch)
{
	return state(d)->ask != ASK_NONE ? confirm(d, ch) : DASH_KEY_PASS;
}

static int panel_top(const struct dashboard *d)
{
	(void)d;
	return 1;
}

const struct dash_screen screen_panel = {
	.name = "panel",
	.data_size = sizeof(struct panel_state),
	.update = panel_news,
	.top = panel_top,
	.draw = panel_draw,
	.key = panel_key,
	.hints = playview_view_hints,
};
