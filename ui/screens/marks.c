/*
 * marks: the dashboard's side of the markers (src/markers.h): the marker
 * a key sets after a change of what is measured, b's note, the list M
 * shows over the grid, the d switch of the compare view (compare_view.c), and
 * where each marker falls in a CPU's History sparkline.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dash.h"

void marks_set(struct dashboard *d, const char *origin, const char *fmt, ...)
{
	va_list ap;
	int num;

	va_start(ap, fmt);
	num = session_vmark(d->req, origin, fmt, ap);
	va_end(ap);
	if (num < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return;
	}
	marks_said(d, num);
}

void marks_said(struct dashboard *d, int num)
{
	if (num <= 0)
		return;
	/* The key's own message stays; the marker's number goes with it. */
	if (d->msg[0] && !d->msg_err && strlen(d->msg) + 16 < sizeof(d->msg))
		snprintf(d->msg + strlen(d->msg), sizeof(d->msg) - strlen(d->msg),
			 "  [marker %d]", num);
	else
		dash_message(d, false, "marker %d: %s", num, session_segments(d->s)->marks.m[num].text);
}

unsigned marks_key_note(struct dashboard *d, int code)
{
	(void)code;
	return dash_prompt_open(d, PROMPT_MARK);
}

void marks_apply_note(struct dashboard *d)
{
	d->msg[0] = '\0';
	marks_set(d, "user", "%s", d->input.len ? d->input.text : "mark");
}

/* The markers list's own state: its first row on screen. */
struct marks_state {
	int top;
};

static struct marks_state *state(const struct dashboard *d)
{
	return dash_data(d, &screen_marks);
}

unsigned marks_key_list(struct dashboard *d, int code)
{
	unsigned n = segments_count(session_segments(d->s));

	(void)code;
	dash_open(d, &screen_marks);
	state(d)->top = n > 1 ? (int)n : 0;
	return DASH_REDRAW_ALL;
}

static unsigned marks_list_key(struct dashboard *d, int ch)
{
	if (!dash_scroll_key(ch, &state(d)->top, (int)segments_count(session_segments(d->s))))
		dash_close(d, &screen_marks);
	return DASH_REDRAW_ALL;
}

/* The list: newest at the bottom, End shows the newest (where it opens). */
static void marks_list_draw(struct dashboard *d, int height, int width)
{
	const struct markers *ms = &session_segments(d->s)->marks;
	int rows = height - 2, n = (int)ms->n, *top = &state(d)->top;
	char line[MARKER_TEXT + 64];

	if (rows < 1)
		rows = 1;
	if (*top > n - rows)
		*top = n - rows > 0 ? n - rows : 0;
	snprintf(line, sizeof(line), " Markers (%d): any key returns, Up/Down/Home/End scroll", n - 1);
	dash_title(d, 0, width, line);
	for (int i = 0; i < rows && *top + i < n; i++) {
		const struct marker *m = &ms->m[*top + i];

		attr_t a = m->num == ms->n - 1 && m->num ? A_BOLD : A_NORMAL;

		dash_put(1 + i, 0, width, a, " ", false);
		dash_put(1 + i, 1, width - 1, a, markers_line(m, line, sizeof(line)), false);
	}
	attrset(d->look[LOOK_DIM]);
	mvaddnstr(height - 1, 0, playview_on(d) ? " d compares the segment before the latest "
		  "marker with the current one" : " b sets a marker, d compares the segment before "
		  "the latest marker with the current one", width);
}

/*
 * The markers in a CPU's sparkline: at[age] is set for the period that
 * came first after a marker, age 0 the newest.  The open segment holds the
 * newest periods, the one before it the periods before them, and so on.
 */
void marks_ages(const struct dashboard *d, int cpu, bool *at, unsigned n)
{
	const struct segments *sg = session_segments(d->s);
	uint64_t age = 0;

	memset(at, 0, sizeof(*at) * n);
	for (unsigned k = segments_count(sg); k-- > 1;) {
		struct seg_row buf;
		const struct seg_row *c = segments_cpu(sg, k, cpu, &buf);

		if (!segments_kept(sg, k))
			break;	/* its periods are not known any more */
		age += c ? c->periods : 0;
		if (age > n)
			break;
		if (age > 0)
			at[age - 1] = true;
	}
}

const struct dash_screen screen_marks = {
	.name = "marks",
	.data_size = sizeof(struct marks_state),
	.draw_whole = marks_list_draw,
	.key = marks_list_key,
};
