/*
 * source_osnoise: the osnoise tracer (hwnoise with OSNOISE_IRQ_DISABLE)
 * as a source of the session (struct session_source): osnoise.c in the
 * session's terms.
 */
#include "config.h"
#include "session.h"

#include <stdio.h>
#include <string.h>

#include <tracefs.h>

#include "causes.h"
#include "env.h"
#include "instance.h"
#include "session_int.h"
#include "smi.h"
#include "tscwd.h"

static int check(const struct session *s, char *err, size_t len)
{
	return osnoise_check(s->ledger, s->conf.osn.irq_disable, err, len);
}

static int setup(struct session *s)
{
	if (osnoise_setup(&s->osn, s->ledger, &s->conf.osn, s->err, sizeof(s->err)) < 0)
		return -1;
	/* --why: each NMI's time, where the kernel has the event (not measured otherwise). */
	if (s->causes) {
		int e = osnoise_nmi_noise(&s->osn);

		if (e < 0 && s->conf.debug)
			fprintf(stderr, "hwnoisetop: debug: osnoise:nmi_noise: %s\n", strerror(-e));
		causes_nmi_time(s->causes, e == 0);
	}
	/* The triggers before the tracer: they see its first sample. */
	if (session_hist_setup(s) < 0)
		return -1;
	/* Armed here as start() arms them: the tracer's first window begins here. */
	return s->conf.osn.aligned ? osnoise_begin_aligned(&s->osn, !s->warming, s->err,
							   sizeof(s->err)) : 0;
}

/*
 * Summaries stamped with CLOCK_MONOTONIC, so that their CPU's sleep gap
 * can be told from our clock (the instance's own clock only).
 */
static void smi_ready(struct session *s)
{
	if (tracefs_instance_file_write(s->osn.inst, "trace_clock", "mono") <= 0 && s->conf.debug)
		fprintf(stderr, "hwnoisetop: debug: the instance's trace_clock stays as it is\n");
}

/* The stop conditions wait for the end of a warm-up (session_loop.c arms them). */
static int start(struct session *s)
{
	return osnoise_start(&s->osn, !s->warming, s->err, sizeof(s->err));
}

static void stop(struct session *s)
{
	osnoise_stop(&s->osn);
}

/* The osnoise threads stop with the nop tracer (tracers_remove() says why). */
static void quiet(struct session *s)
{
	if (s->osn.inst)
		instance_set_tracer(s->osn.inst, "nop");
}

static void end_periods(struct session *s)
{
	if (s->conf.osn.aligned)
		osnoise_end_periods(&s->osn);
}

/* The histogram is read once the tracer stopped, before its triggers go. */
static void teardown(struct session *s)
{
	session_hist_teardown(s);
	osnoise_teardown(&s->osn);
}

static bool stopped_by_kernel(struct session *s)
{
	return osnoise_stopped_by_kernel(&s->osn);
}

static struct tracefs_instance *instance(const struct session *s)
{
	return s->osn.inst;
}

static const struct cpuset *cpus(const struct session *s)
{
	return &s->conf.osn.cpus;
}

static uint64_t threshold(const struct session *s)
{
	return s->conf.osn.threshold_us;
}

/* Interrupts are other events only while they are not disabled. */
static void figures(const struct session *s, bool *osnoise, bool *hwlat)
{
	*osnoise = !s->conf.osn.irq_disable;
	*hwlat = false;
}

/* Its view shows the TSC watchdog's visits too: they count from here. */
static void reset_stats(struct session *s)
{
	stats_reset(&s->stats);
	segments_reset(&s->seg);
	tscwd_reset(s->tscwd);
	session_hist_restart(s, "the statistics restarted");
}

/* Other events read: the missed-events ratio counts them. */
static void count_other(struct session *s)
{
	s->stats.lost.read++;
	segments_read(&s->seg);
}

static void count_lost(struct session *s, uint64_t count)
{
	stats_lost_add(&s->stats.lost, count);
	segments_missed(&s->seg, count);
}

static void count_smi(struct session *s, int cpu, uint64_t count)
{
	stats_add_smi(&s->stats, cpu, count);
	if (s->seg.seg)		/* the open segment between markers, too */
		segments_smi(&s->seg, cpu, count);
}

/* Has every measured online CPU delivered n summaries? */
static bool periods_done(const struct session *s, uint64_t n)
{
	struct cpuset online, measured;
	int cpu, seen = 0;

	env_online_cpus(&online);
	cpuset_and(&measured, &s->conf.osn.cpus, &online);
	cpuset_for_each(cpu, &measured) {
		if (cpu >= s->stats.ncpus || s->stats.cpu[cpu].periods < n)
			return false;
		seen++;
	}
	return seen > 0;
}

/* The histogram's counts restart with a threshold or CPUs of their own. */
static int set_threshold(struct session *s, uint64_t us)
{
	char since[64];

	if (osnoise_set_threshold(&s->osn, us, s->err, sizeof(s->err)) < 0)
		return -1;
	snprintf(since, sizeof(since), "the threshold went to %llu us", (unsigned long long)us);
	session_hist_restart(s, since);
	return 0;
}

static int set_cpus(struct session *s, const struct cpuset *set)
{
	if (osnoise_set_cpus(&s->osn, set, s->err, sizeof(s->err)) < 0)
		return -1;
	session_hist_restart(s, "the CPUs changed");
	return session_threads_refresh(s);	/* the kernel restarted the osnoise/N threads */
}

static int set_timing(struct session *s, uint64_t period_us, uint64_t runtime_us)
{
	if (runtime_us > period_us) {
		snprintf(s->err, sizeof(s->err), "runtime %llu us is above the period %llu us",
			 (unsigned long long)runtime_us, (unsigned long long)period_us);
		return -1;
	}
	return osnoise_set_timing(&s->osn, period_us, runtime_us, s->err, sizeof(s->err));
}

static int set_mode(struct session *s, int irq_disable)
{
	if (osnoise_set_irq_disable(&s->osn, irq_disable, s->err, sizeof(s->err)) < 0)
		return -1;
	return session_threads_refresh(s);	/* the kernel restarted the osnoise/N threads */
}

const struct session_source source_osnoise = {
	.name = "osnoise",
	.check = check,
	.setup = setup,
	.start = start,
	.stop = stop,
	.quiet = quiet,
	.end_periods = end_periods,
	.teardown = teardown,
	.stopped_by_kernel = stopped_by_kernel,
	.instance = instance,
	.cpus = cpus,
	.threshold = threshold,
	.figures = figures,
	.reset_stats = reset_stats,
	.count_other = count_other,
	.count_lost = count_lost,
	.count_smi = count_smi,
	.smi_ready = smi_ready,
	.periods_done = periods_done,
	.set_threshold = set_threshold,
	.set_cpus = set_cpus,
	.set_timing = set_timing,
	.set_mode = set_mode,
	.record_beside = true,
};
