/*
 * source_recording: a recording's lines as the session's source (struct
 * session_source source_recording), for --replay, compare and the
 * playback.  It changes nothing in the kernel (no setup, no settings); the
 * figures are those of the view its lines are for (rec_reader.c sets
 * s->conf.tracer to it), so it asks that tracer's
 * source.  rec_reader_open() puts it in the session; the player
 * (rec_player.c) adds its pace to a copy.
 */
#include "session_int.h"

static const struct session_source *view(const struct session *s)
{
	return session_source_of(s->conf.tracer);
}

static const struct cpuset *view_cpus(const struct session *s)
{
	return view(s)->cpus(s);
}

static uint64_t view_threshold(const struct session *s)
{
	return view(s)->threshold(s);
}

static void view_figures(const struct session *s, bool *osnoise, bool *hwlat)
{
	view(s)->figures(s, osnoise, hwlat);
}

static void view_reset_stats(struct session *s)
{
	view(s)->reset_stats(s);
}

static bool view_periods_done(const struct session *s, uint64_t n)
{
	return view(s)->periods_done(s, n);
}

static void view_count_other(struct session *s)
{
	if (view(s)->count_other)
		view(s)->count_other(s);
}

static void view_count_lost(struct session *s, uint64_t count)
{
	view(s)->count_lost(s, count);
}

static void view_count_smi(struct session *s, int cpu, uint64_t count)
{
	view(s)->count_smi(s, cpu, count);
}

const struct session_source source_recording = {
	.name = "replay",
	.recorded = true,
	.cpus = view_cpus,
	.threshold = view_threshold,
	.figures = view_figures,
	.reset_stats = view_reset_stats,
	.periods_done = view_periods_done,
	.count_other = view_count_other,
	.count_lost = view_count_lost,
	.count_smi = view_count_smi,
};
