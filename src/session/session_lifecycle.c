/*
 * session_lifecycle: a run's start and end, and the switch from one tracer
 * to the other: the tracers and their instances, the recording beside
 * them, the settings saved and restored.  The requests are in
 * session.c.  See session.h.
 */
#define _GNU_SOURCE
#include "config.h"
#include "session.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "affinity.h"
#include "counters.h"
#include "env.h"
#include "events.h"
#include "instance.h"
#include "ledger_guard.h"
#include "reader.h"
#include "session_exp.h"
#include "session_int.h"
#include "settings.h"
#include "session_knobs.h"

/*
 * Let the kernel judge -e/--filter/--trigger in a scratch instance before
 * any global setting changes: a rejection is a usage error.
 */
const struct session_source *session_source_of(enum session_tracer t)
{
	return t == SESSION_HWLAT ? &source_hwlat : &source_osnoise;
}

static int check_events(struct session *s)
{
	const char *dir = env_tracing_dir(s->err, sizeof(s->err));
	struct tracefs_instance *inst;
	int rc;

	if (!dir)
		return -1;
	if (events_check(s->conf.events, dir, s->err, sizeof(s->err)) < 0) {
		s->exit_status = HWN_EXIT_USAGE;
		return -1;
	}
	inst = instance_create(s->ledger, "check", 0, s->err, sizeof(s->err));
	if (!inst)
		return -1;
	rc = events_apply(s->conf.events, inst, s->err, sizeof(s->err));
	instance_destroy(s->ledger, inst);
	if (rc < 0)
		s->exit_status = HWN_EXIT_USAGE;
	return rc;
}

/* The recording instance (osnoise tracer and events) for the dashboard's capture. */
int session_record_begin(struct session *s)
{
	s->rec = trace_capture_start(s->ledger, &s->conf.rec, s->err, sizeof(s->err));
	if (!s->rec)
		return -1;
	if (s->conf.events &&
	    events_apply(s->conf.events, trace_capture_instance(s->rec), s->err, sizeof(s->err)) < 0)
		return -1;
	if (s->state == SESSION_PAUSED)
		trace_capture_set_on(s->rec, 0);
	return 0;
}

int session_start(struct session *s, const struct session_conf *conf)
{
	char name[64];
	sigset_t set;
	bool osn, hwl;

	memset(s, 0, sizeof(*s));
	s->conf = *conf;
	s->sig_fd = s->end_fd = s->tick_fd = s->batch_fd = -1;
	s->hwl.dma_fd = -1;
	s->stop_cpu = -1;
	s->source = session_source_of(conf->tracer);
	s->ledger = conf->ledger;
	if (!s->ledger && !(s->ledger = settings_ledger_new()))
		goto nomem;
	s->own_ledger = !conf->ledger;
	s->ncpus = env_possible_cpus();
	if (s->ncpus < cpuset_last(measured_cpus(s)) + 1)
		s->ncpus = cpuset_last(measured_cpus(s)) + 1;
	if (s->source->prepare && s->source->prepare(s) < 0)
		goto nomem;
	s->source->figures(s, &osn, &hwl);
	if (stats_init(&s->stats, s->ncpus) < 0 ||
	    segments_init(&s->seg, s->ncpus, measured_cpus(s), osn, hwl) < 0) {
nomem:
		snprintf(s->err, sizeof(s->err), "out of memory");
		return -1;
	}
	session_loop_sigset(&set);
	s->sig_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	s->end_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	s->tick_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	s->batch_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (s->sig_fd < 0 || s->end_fd < 0 || s->tick_fd < 0 || s->batch_fd < 0) {
		snprintf(s->err, sizeof(s->err), "cannot create signalfd/timerfd: %s", strerror(errno));
		return -1;
	}
	session_debug_phase(s, "start");
	session_set_affinity(s);
	s->reader = reader_new(s->err, sizeof(s->err));
	if (!s->reader)
		return -1;
	session_debug_phase(s, "event formats loaded");

	instance_name(NULL, name, sizeof(name));
	if (settings_init(s->ledger, env_tracing_dir(s->err, sizeof(s->err)), name) < 0) {
		snprintf(s->err, sizeof(s->err), "%s", settings_error(s->ledger));
		return -1;
	}
	ledger_guard(s->ledger);	/* what the fatal handlers restore */
	session_install_fatal_handlers();
	if (session_knobs_start(s) < 0)
		return -1;
	if (conf->events && conf->events->n && check_events(s) < 0)
		return -1;
	/*
	 * The stop conditions are armed once the warm-up is over; known
	 * before the setup, which arms them in the aligned path.
	 */
	s->warming = conf->warmup_s != 0;
	counters_start(s);
	if (s->source->setup(s) < 0)
		return -1;
	counters_tracer_ready(s);
	session_debug_phase(s, "instance created and tracer configured");
	if (reader_open(s->reader, tracer_inst(s), measured_cpus(s), s->err, sizeof(s->err)) < 0)
		return -1;
	if (conf->record && session_record_begin(s) < 0)
		return -1;
	if (s->source->start(s) < 0)
		return -1;
	session_debug_phase(s, "tracing on");
	s->run_start_ns = stopwatch_now();
	s->state = SESSION_RUNNING;
	session_clocks_on(s, true);
	if (conf->sched.policy != THREADS_KEEP || conf->cgroup[0]) {
		s->threads = threads_new(&conf->sched, conf->cgroup);
		if (!s->threads) {
			snprintf(s->err, sizeof(s->err), "out of memory");
			return -1;
		}
		if (session_threads_refresh(s) < 0)
			return -1;
	}
	if (conf->warmup_s)
		session_arm_timer(s->end_fd, conf->warmup_s * 1000, 0);
	else if (conf->duration_s)
		session_arm_timer(s->end_fd, conf->duration_s * 1000, 0);
	return 0;
}

/*
 * --trace-always: the -t trace at every end (without it, -t and -a are the
 * last --on-threshold action); hist: triggers' output.
 */
static void save_record(struct session *s)
{
	trace_capture_set_on(s->rec, 0);
	if (s->conf.events)
		events_save_hists(s->conf.events, trace_capture_instance(s->rec), &s->notes);
	if (!s->conf.trace_file || !s->conf.trace_always)
		return;
	if (session_trace_save(s, s->conf.trace_file, s->err, sizeof(s->err)) < 0) {
		textbuf_printf(&s->notes, "%s\n", s->err);
		if (!s->exit_status)
			s->exit_status = HWN_EXIT_ENV;
	}
}

/*
 * The end of a tracer's run, once its buffers are read: save what the
 * recording holds (-t), stop every osnoise tracer of ours, then remove the
 * instances.  Removing an instance turns its events off, which waits for
 * every CPU to pass through the scheduler; while any osnoise tracer of
 * ours still runs, a CPU measured with the runtime equal to the period
 * does so once a period (a switch to hwlat at 500 ms periods took 27 s).
 * Setting the tracer to nop stops the osnoise threads but empties the
 * buffer: so the recording is saved first.
 */
static void tracers_remove(struct session *s)
{
	if (s->rec)
		save_record(s);
	/* Not hwlat: its teardown puts the threshold the kernel remembers first. */
	if (s->source->quiet)
		s->source->quiet(s);
	if (s->rec)
		instance_set_tracer(trace_capture_instance(s->rec), "nop");
	session_debug_phase(s, "tracers stopped");
	trace_capture_free(s->rec);
	s->rec = NULL;
	s->source->teardown(s);
	session_debug_phase(s, "instances removed");
}

void session_finish(struct session *s)
{
	struct reader_sink sink = session_sink(s);
	int failed;

	session_experiment_ended(s);
	session_clocks_on(s, false);
	if (tracer_inst(s)) {
		/*
		 * Did the kernel stop it?  Ask before our own stop clears
		 * tracing_on, and never after an error: that run ends with
		 * the error's status.
		 */
		if (!s->exit_status)
			session_check_kernel_stop(s);
		if (s->source->end_periods && s->state == SESSION_RUNNING)
			s->source->end_periods(s);
		s->source->stop(s);
		if (s->reader && s->state == SESSION_RUNNING)
			reader_drain_all(s->reader, &sink);
		counters_tracer_stopped(s, stopwatch_now());
	}
	if (s->reader)
		reader_close(s->reader);
	/* --on-end: the tracer stopped, every setting still ours. */
	if (s->conf.on_end && s->state != SESSION_IDLE) {
		bool cont;

		session_actions_run(s, s->conf.on_end, "on-end", &cont);
	}
	session_debug_phase(s, "stopping");
	tracers_remove(s);
	/* After the tracers: removing the watchdog's instance waits for every CPU too. */
	counters_finish(s);
	session_debug_phase(s, "counters stopped");
	failed = s->ledger ? settings_restore(s->ledger) : 0;
	session_debug_phase(s, "settings restored");
	/* What the restore did to the knobs, and what failed (one line each). */
	if (s->ledger) {
		settings_print(s->ledger, stderr, settings_outcome, "hwnoisetop: ");
		settings_done(s->ledger);
	}
	if (s->own_ledger) {
		ledger_guard_release(s->ledger);
		s->ledger = NULL;
		s->own_ledger = false;
	}
	if (failed) {
		fprintf(stderr, "hwnoisetop: %d tracer settings could not be restored: run 'hwnoisetop --cleanup'\n", failed);
		if (!s->exit_status)
			s->exit_status = HWN_EXIT_ENV;
	}
	session_knobs_free(s);
	reader_free(s->reader);
	s->reader = NULL;
	threads_free(s->threads);
	s->threads = NULL;
	for (int *fd = &s->sig_fd; fd <= &s->batch_fd; fd++)
		if (*fd >= 0) {
			close(*fd);
			*fd = -1;
		}
	s->state = SESSION_STOPPED;
}

int session_switch_tracer(struct session *s, enum session_tracer to, const char *origin,
			  const char *mark)
{
	int num = 0;

	struct reader_sink sink = session_sink(s);
	const struct session_source *next = session_source_of(to);

	if (to == s->conf.tracer)
		return 0;
	if (!s->source->setup)
		return session_cannot(s);
	if (s->threads || s->warming) {
		snprintf(s->err, sizeof(s->err),
			 "the tracer can not be switched with -P/-C or during the warm-up");
		return -1;
	}
	if (next->check(s, s->err, sizeof(s->err)))
		return -1;
	if (next->prepare && next->prepare(s) < 0) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return -1;
	}
	/* The kernel never runs both: this one goes completely first. */
	session_debug_phase(s, "switching tracers");
	if (s->state == SESSION_RUNNING)
		reader_drain_all(s->reader, &sink);
	s->source->stop(s);
	counters_tracer_stopped(s, stopwatch_now());
	session_meter_on(s, false);
	reader_close(s->reader);
	/*
	 * The recording runs the osnoise tracer too: it goes with hwnoise,
	 * and -t saves what it holds first (a run that ends in the hwlat
	 * view has nothing else to save).
	 */
	tracers_remove(s);
	s->conf.tracer = to;
	s->source = next;
	/*
	 * The marker between the two: after the old tracer's last summary,
	 * before the new one's first sample (it measures from its setup on).
	 */
	if (mark) {
		num = session_mark(s, origin, "%s", mark);
		if (num < 0)
			num = 0;
	}
	if (next->setup(s) < 0 ||
	    reader_open(s->reader, tracer_inst(s), measured_cpus(s), s->err, sizeof(s->err)) < 0 ||
	    (next->record_beside && s->conf.record && session_record_begin(s) < 0))
		goto failed;
	if (!s->conf.housekeeping_set)
		session_set_affinity(s);
	counters_tracer_ready(s);
	if (s->state == SESSION_RUNNING && next->start(s) < 0)
		goto failed;
	if (s->state == SESSION_RUNNING)
		session_meter_on(s, true);
	session_debug_phase(s, "switch: the other tracer runs");
	return num;
failed:
	/* Half way: the run can not go on, and its status says so. */
	s->exit_status = HWN_EXIT_ENV;
	return -1;
}
