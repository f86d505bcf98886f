/*
 * source_hwlat: the hwlat tracer as a source of the session (struct
 * session_source): hwlat.c in the session's terms.
 */
#include "config.h"
#include "session.h"

#include <stdio.h>

#include "session_int.h"

static int check(const struct session *s, char *err, size_t len)
{
	return hwlat_check(s->ledger, err, len);
}

/* Its samples' statistics, kept across switches of the view. */
static int prepare(struct session *s)
{
	if (s->hwl_stats.cpu)
		return 0;
	if (hwlat_stats_init(&s->hwl_stats, s->ncpus) < 0)
		return -1;
	s->hwl_stats.limit = s->conf.hwlat_keep;
	return 0;
}

static int setup(struct session *s)
{
	return hwlat_setup(&s->hwl, s->ledger, &s->conf.hwl, s->conf.debug, s->err, sizeof(s->err));
}

static int start(struct session *s)
{
	return hwlat_start(&s->hwl, s->err, sizeof(s->err));
}

static void stop(struct session *s)
{
	hwlat_stop(&s->hwl);
}

static void teardown(struct session *s)
{
	hwlat_teardown(&s->hwl);
}

static struct tracefs_instance *instance(const struct session *s)
{
	return s->hwl.inst;
}

static const struct cpuset *cpus(const struct session *s)
{
	return &s->conf.hwl.cpus;
}

static uint64_t threshold(const struct session *s)
{
	return s->conf.hwl.threshold_us;
}

static void figures(const struct session *s, bool *osnoise, bool *hwlat)
{
	(void)s;
	*osnoise = false;
	*hwlat = true;
}

static void reset_stats(struct session *s)
{
	hwlat_stats_reset(&s->hwl_stats);
}

static void count_lost(struct session *s, uint64_t count)
{
	stats_lost_add(&s->hwl_stats.lost, count);
}

static void count_smi(struct session *s, int cpu, uint64_t count)
{
	hwlat_stats_add_smi(&s->hwl_stats, cpu, count);
}

/* Have n of its windows passed, its measured time over the window in force? */
static bool periods_done(const struct session *s, uint64_t n)
{
	uint64_t window_ns = (s->conf.hwl.window_us ? s->conf.hwl.window_us : 1) * 1000;

	return stopwatch_ns(&s->watch[SESSION_HWLAT], stopwatch_now()) / window_ns >= n;
}

static int set_threshold(struct session *s, uint64_t us)
{
	return hwlat_set_threshold(&s->hwl, us, s->err, sizeof(s->err));
}

static int set_cpus(struct session *s, const struct cpuset *set)
{
	return hwlat_set_cpus(&s->hwl, set, s->err, sizeof(s->err));
}

static int set_timing(struct session *s, uint64_t window_us, uint64_t width_us)
{
	return hwlat_set_timing(&s->hwl, window_us, width_us, s->err, sizeof(s->err));
}

static int set_mode(struct session *s, int mode)
{
	return hwlat_set_mode(&s->hwl, (enum hwlat_mode)mode, s->err, sizeof(s->err));
}

const struct session_source source_hwlat = {
	.name = "hwlat",
	.check = check,
	.prepare = prepare,
	.setup = setup,
	.start = start,
	.stop = stop,
	.teardown = teardown,
	.instance = instance,
	.cpus = cpus,
	.threshold = threshold,
	.figures = figures,
	.reset_stats = reset_stats,
	.count_lost = count_lost,
	.count_smi = count_smi,
	.smi_each_tick = true,
	.periods_done = periods_done,
	.set_threshold = set_threshold,
	.set_cpus = set_cpus,
	.set_timing = set_timing,
	.set_mode = set_mode,
};
