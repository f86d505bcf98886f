/*
 * playview: the dashboard playing a recording back (--replay FILE, see
 * rec_player.h): the title bar that says REPLAY, the file, the recorded
 * kernel, the speed and the recorded time; the keys of the playback
 * (pause, step, speed); and the refusal of keys that would change the
 * kernel, which a recording cannot.  The grid, markers and compare view
 * are the live dashboard's, drawn from the replayed statistics.
 */
#include <stdio.h>
#include <string.h>

#include "dash.h"
#include "format.h"
#include "keys.h"
#include "parse.h"
#include "rec_player.h"

bool playview_on(const struct dashboard *d)
{
	return d->conf.play != NULL;
}

static const char *speed_name(unsigned speed)
{
	switch (speed) {
	case 1:
		return "x1";
	case 10:
		return "x10";
	case 100:
		return "x100";
	default:
		return "max";
	}
}

/* " REPLAY FILE | Linux 6.1.0 | hwnoise: IRQs disabled      x10 playing  0 00:12:34 / 1 00:00:00 " */
void playview_title(struct dashboard *d, int width, const char *mode)
{
	struct rec_player_status st;
	char left[512], right[96], state[64], now[32], all[32];
	attr_t sa = d->look[LOOK_TITLE];

	rec_player_status(d->conf.play, &st);
	parse_format_duration(session_elapsed(d->s), now, sizeof(now));
	/* The total is the hwnoise view's: not beside the time of a hwlat view of w. */
	if (st.total_s && (st.hwlat_recording || !dash_hwlat(d)))
		snprintf(right, sizeof(right), " %s / %s ", now, parse_format_duration(st.total_s, all,
										  sizeof(all)));
	else
		snprintf(right, sizeof(right), " %s ", now);
	if (st.end) {
		snprintf(state, sizeof(state), "%s", st.error ? "END: bad line" :
			 st.footer ? "END" : "END: cut short");
		sa = d->look[st.error ? LOOK_ERROR : LOOK_PAUSED];
	} else if (st.paused) {
		snprintf(state, sizeof(state), "%s PAUSED", speed_name(st.speed));
		sa = d->look[LOOK_PAUSED];
	} else {
		snprintf(state, sizeof(state), "%s playing", speed_name(st.speed));
	}
	snprintf(left, sizeof(left), " REPLAY %s | Linux %s | %s", st.file, st.kernel, mode);
	if (text_width(left) + 3 + text_width(state) + text_width(right) > width) {
		/* The state and the time first: then the end of the file's path, in columns. */
		int room = width - 3 - text_width(state) - text_width(right) - 8;
		char file[sizeof(left)];

		snprintf(left, sizeof(left), " REPLAY %s",
			 format_path_fit(st.file, room, file, sizeof(file)));
	}
	dash_title_bar(d, width, left, state, sa, right);
}

const char *playview_hints(void)
{
	return " F1 help  q quit  z pause  . step  1 2 3 4 speed x1 x10 x100 max  < > sort  "
	       "d compare  M markers";
}

/*
 * The recorded run switched tracer (w): the view follows, as the live
 * dashboard's does (its sort and the views over the grid were the other
 * view's: all of them close).
 */
static bool follow_view(struct dashboard *d, bool first)
{
	bool hwlat = dash_hwlat(d);

	if (first || hwlat == d->play_hwlat) {
		d->play_hwlat = hwlat;
		return false;
	}
	d->play_hwlat = hwlat;
	d->sort = 0;
	d->top = 0;
	dash_views_off(d);
	dash_message(d, false, "%s", hwlat ? "the recorded run switched to the hwlat view here (w)" :
		     "the recorded run switched back to the hwnoise view here (w)");
	return true;
}

/* Anything the title shows, or the view, changed since the last draw. */
bool playview_changed(struct dashboard *d)
{
	struct rec_player_status st;
	bool view = follow_view(d, d->play_seq == (uint64_t)-1);

	rec_player_status(d->conf.play, &st);
	if (st.seq == d->play_seq)
		return view;
	d->play_seq = st.seq;
	return true;
}

/* Row 2 of the hwlat view: where a hwnoise run's recording shows it (w in the live run). */
void playview_hwlat_note(struct dashboard *d, int width)
{
	struct rec_player_status st;

	rec_player_status(d->conf.play, &st);
	if (st.hwlat_recording)
		return;
	dash_put(2, 0, width, d->look[LOOK_WARN], " the recorded run showed its hwlat view here "
		 "(w): hwnoise was stopped meanwhile", false);
}

/* The status line at the end: what the end was. */
void playview_end_note(struct dashboard *d)
{
	struct rec_player_status st;

	rec_player_status(d->conf.play, &st);
	if (!st.end || d->play_end_said)
		return;
	d->play_end_said = true;
	if (st.error)
		dash_message(d, true, "END: %s: played up to the line before; the file is refused: "
			     "q quits with status 2", st.error);
	else if (!st.footer)
		dash_message(d, false, "END: the file has no footer (the run was cut short): played "
			     "up to its last line; q prints the report");
	else
		dash_message(d, false, "END of the recording: q prints its report");
}

void playview_refuse(struct dashboard *d, const char *names, bool system)
{
	if (strcmp(names, "w") == 0)	/* the view is the recorded run's */
		dash_message(d, true, "replay: the view follows the recording (w switches a live "
			     "run's tracer)");
	else if (system)
		dash_message(d, true, "replay: %s works on a live run only, not on a recording",
			     names);
	else
		dash_message(d, true, "replay: the recording cannot be changed (%s changes a live "
			     "run)", names);
}

/* The title says playing or PAUSED. */
unsigned playview_key_pause(struct dashboard *d, int code)
{
	struct rec_player_status st;

	(void)code;
	rec_player_status(d->conf.play, &st);
	rec_player_pause(d->conf.play, !st.paused);
	dash_message(d, false, st.paused ? "playing" : "paused: z plays on, . steps a period");
	return DASH_REDRAW_TOP | DASH_REDRAW_STATUS;
}

unsigned playview_key_step(struct dashboard *d, int code)
{
	struct rec_player_status st;
	const char *what;
	uint64_t us;

	(void)code;
	rec_player_status(d->conf.play, &st);
	if (!st.paused) {
		dash_message(d, true, ". steps while paused: z pauses");
		return DASH_REDRAW_STATUS;
	}
	if (st.end) {
		dash_message(d, true, "the recording has ended: q prints its report");
		return DASH_REDRAW_STATUS;
	}
	what = dash_hwlat(d) ? "hwlat window" : "period";	/* before a switch of view */
	us = rec_player_step(d->conf.play);
	dash_message(d, false, "stepped one %s of the recording (%llu us)", what,
		     (unsigned long long)us);
	return DASH_REDRAW_PARTS;	/* a switch of view: frame_draw() redraws all */
}

/* The title shows the speed. */
unsigned playview_key_speed(struct dashboard *d, int code)
{
	static const unsigned speeds[] = { 1, 10, 100, PLAYBACK_MAX };
	unsigned speed = speeds[(code - '1') & 3];

	rec_player_speed(d->conf.play, speed);
	dash_message(d, false, "speed %s", speed == PLAYBACK_MAX ? "max: as fast as it can" :
		     speed_name(speed));
	return DASH_REDRAW_TOP | DASH_REDRAW_STATUS;
}

const char *playview_view_hints(const struct dashboard *d)
{
	/* q quit beside F1 help: a narrow terminal cuts the bar's end, never these two. */
	if (playview_on(d))
		return playview_hints();
	return dash_hwlat(d) ?
		" F1 help  q quit  s system  w hwnoise  Space CPU on/off  c CPUs  +/- threshold  N window  W width  m mode" :
		" F1 help  q quit  s system  w hwlat  Space CPU on/off  c CPUs  +/- threshold  t capture  i mode  z pause";
}
