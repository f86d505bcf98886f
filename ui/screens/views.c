/*
 * views: the live views' screens (struct dash_screen, dash.h): the hwnoise
 * grid and the hwlat grid, and the lines under their title bar, the
 * settings in force (period, runtime, threshold, CPUs, lost events; the
 * hwlat view: window, width, mode) and a note when another osnoise user
 * runs beside this one or, in the hwlat view, that hwnoise is off
 * meanwhile.  The grid itself is grid.c's.
 */
#include <stdio.h>
#include <string.h>

#include "dash.h"

/* The lost events of the settings line: "3", or "3+?" when a count was unknown. */
static const char *lost_short(const struct lost *l, char *buf, size_t size)
{
	snprintf(buf, size, "%llu%s", (unsigned long long)l->missed, l->unknown ? "+?" : "");
	return buf;
}

static bool lost_any(const struct lost *l)
{
	return l->missed || l->unknown;
}

/* The hwlat view's settings, and the note that hwnoise is off meanwhile. */
static void draw_hwlat_settings(struct dashboard *d, int width)
{
	const struct hwlat_conf *c = session_hwlat_conf(d->s);
	const char *mode = tracer_conf_hwlat_mode_name(c->mode);
	char line[512], cpus[128], online[128], lost[32];

	cpuset_format(&c->cpus, cpus, sizeof(cpus));
	cpuset_format(&d->online, online, sizeof(online));
	snprintf(line, sizeof(line),
		 " window %llu us  width %llu us  mode %s  threshold %llu us  CPUs %s (online %s)  lost %s",
		 (unsigned long long)c->window_us, (unsigned long long)c->width_us, mode,
		 (unsigned long long)c->threshold_us, cpus, online,
		 lost_short(&session_hwl_stats(d->s)->lost, lost, sizeof(lost)));
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " N %llu W %llu us %s T %llu us CPUs %s/%s lost %s",
			 (unsigned long long)c->window_us, (unsigned long long)c->width_us, mode,
			 (unsigned long long)c->threshold_us, cpus, online,
			 lost_short(&session_hwl_stats(d->s)->lost, lost, sizeof(lost)));
	dash_put(1, 0, width, lost_any(&session_hwl_stats(d->s)->lost) ? d->look[LOOK_WARN] : A_NORMAL,
		 line, false);
	if (playview_on(d)) {	/* a recording: no tracer stopped here */
		playview_hwlat_note(d, width);
		return;
	}
	snprintf(line, sizeof(line), " hwnoise is stopped: the kernel can not run the osnoise and "
		 "hwlat tracers at once (w switches back)");
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " hwnoise stopped: the kernel runs osnoise or hwlat, not both");
	dash_put(2, 0, width, d->look[LOOK_WARN], line, false);
}

/* The settings in force; a compact form when the long one does not fit. */
static void draw_settings(struct dashboard *d, int width)
{
	const struct osnoise_conf *c = session_osnoise_conf(d->s);
	char line[512], cpus[128], online[128], lost[32];

	cpuset_format(&c->cpus, cpus, sizeof(cpus));
	cpuset_format(&d->online, online, sizeof(online));
	snprintf(line, sizeof(line),
		 " period %llu us  runtime %llu us  threshold %llu us  CPUs %s (online %s)  lost %s",
		 (unsigned long long)c->period_us, (unsigned long long)c->runtime_us,
		 (unsigned long long)c->threshold_us, cpus, online,
		 lost_short(&session_stats(d->s)->lost, lost, sizeof(lost)));
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " P %llu R %llu T %llu us  CPUs %s/%s  lost %s",
			 (unsigned long long)c->period_us, (unsigned long long)c->runtime_us,
			 (unsigned long long)c->threshold_us, cpus, online,
			 lost_short(&session_stats(d->s)->lost, lost, sizeof(lost)));
	dash_put(1, 0, width, lost_any(&session_stats(d->s)->lost) ? d->look[LOOK_WARN] : A_NORMAL, line,
		 false);
}

/* Another osnoise user beside this run (neighbours.h): one line, 1; else 0. */
static int draw_neighbour(struct dashboard *d, int y, int width)
{
	char line[256];

	if (!session_neighbour(d->s)[0])
		return 0;
	snprintf(line, sizeof(line), " another osnoise user runs beside this one: %s; it shares "
		 "the osnoise settings (M lists the markers)", session_neighbour(d->s));
	dash_put(y, 0, width, d->look[LOOK_WARN], line, false);
	return 1;
}

void views_settings_title(struct dashboard *d, int width)
{
	draw_settings(d, width);
	xview_progress(d, 2 + draw_neighbour(d, 2, width), width);
}

int views_settings_top(const struct dashboard *d)
{
	return 2 + (session_neighbour(d->s)[0] != '\0') + xview_running(d);
}

static bool grid_shown(const struct dashboard *d)
{
	(void)d;
	return true;
}

const struct dash_screen screen_grid = {
	.name = "grid",
	.shown = grid_shown,
	.top = views_settings_top,
	.title = views_settings_title,
	.draw = grid_draw,
	.draw_select = grid_draw_select,
	.hints = playview_view_hints,
	.cursor = true,
};

static int hwlat_top(const struct dashboard *d)
{
	(void)d;
	return 3;
}

const struct dash_screen screen_hwlat = {
	.name = "hwlat",
	.shown = dash_hwlat,
	.top = hwlat_top,
	.title = draw_hwlat_settings,
	.draw = grid_draw,
	.draw_select = grid_draw_select,
	.hints = playview_view_hints,
	.cursor = true,
};
