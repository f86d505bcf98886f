/*
 * session: the requests front ends make while a run goes on, through the
 * source that feeds it (struct session_source).  The start and the end are
 * in session_lifecycle.c, the loop in session_loop.c, the readers' sink in session_sink.c, signals
 * in session_signals.c.  session_free() is here, the top of the session's files,
 * since it frees what each of them made.  See session.h.
 */
#define _GNU_SOURCE
#include "config.h"
#include "session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>

#include <tracefs.h>

#include "causes.h"
#include "actions.h"
#include "env.h"
#include "reader.h"
#include "session_int.h"
#include "smi.h"

void session_request_quit(struct session *s)
{
	s->quit = true;
}

/*
 * Before a setting changes: the summaries read so far came under the old
 * one, so they go to the sink (and the hooks) first; the hooks then see
 * the new setting with the first line after it (a "set" line of
 * --record).  need: the tracer the request needs, or -1 for either.
 */
static int before_change(struct session *s, int need)
{
	struct reader_sink sink = session_sink(s);

	if (need >= 0 && s->source != session_source_of((enum session_tracer)need)) {
		snprintf(s->err, sizeof(s->err), "this needs the %s tracer, and %s runs",
			 session_source_of((enum session_tracer)need)->name, s->source->name);
		return -1;
	}
	if (s->reader)
		reader_drain_all(s->reader, &sink);
	return 0;
}

int session_set_threshold(struct session *s, uint64_t us)
{
	if (!s->source->set_threshold)
		return session_cannot(s);
	before_change(s, -1);
	return s->source->set_threshold(s, us);
}

int session_set_cpus(struct session *s, const struct cpuset *cpus)
{
	if (cpuset_empty(cpus)) {
		snprintf(s->err, sizeof(s->err), "at least one CPU must be measured");
		return -1;
	}
	if (cpuset_last(cpus) >= s->ncpus) {
		snprintf(s->err, sizeof(s->err), "CPU %d does not exist", cpuset_last(cpus));
		return -1;
	}
	if (!s->source->set_cpus)
		return session_cannot(s);
	before_change(s, -1);
	if (s->source->set_cpus(s, cpus) < 0)
		return -1;
	if (!s->conf.housekeeping_set)
		session_set_affinity(s);
	return reader_open(s->reader, tracer_inst(s), cpus, s->err, sizeof(s->err));
}

int session_set_timing(struct session *s, uint64_t period_us, uint64_t runtime_us)
{
	if (before_change(s, SESSION_OSNOISE))
		return -1;
	return s->source->set_timing(s, period_us, runtime_us);
}

int session_set_irq_disable(struct session *s, bool on)
{
	if (before_change(s, SESSION_OSNOISE))
		return -1;
	return s->source->set_mode(s, on);
}

int session_pause(struct session *s, bool pause)
{
	struct reader_sink sink = session_sink(s);

	if (pause && s->state == SESSION_RUNNING) {
		reader_drain_all(s->reader, &sink);
		s->source->stop(s);
		if (s->rec)
			trace_capture_set_on(s->rec, 0);
		session_clocks_on(s, false);
		s->state = SESSION_PAUSED;
	} else if (!pause && s->state == SESSION_PAUSED) {
		reader_drain_all(s->reader, &sink);	/* discard what came while pausing */
		causes_nmi_drop(s->causes);	/* and the NMI time of the window cut */
		s->state = SESSION_RUNNING;
		session_clocks_on(s, true);
		if (s->rec)
			trace_capture_set_on(s->rec, 1);
		if (s->source->start(s) < 0) {
			/* Still paused: tracing off is not the kernel's stop. */
			if (s->rec)
				trace_capture_set_on(s->rec, 0);
			session_clocks_on(s, false);
			s->state = SESSION_PAUSED;
			return -1;
		}
		return session_threads_refresh(s);
	}
	return 0;
}

int session_capture(struct session *s, char *path, size_t pathlen, uint64_t *events)
{
	time_t now = time(NULL);
	struct tm tm;
	int rc;

	if (!s->rec) {
		snprintf(s->err, sizeof(s->err), s->conf.record ?
			 "the trace is recorded beside hwnoise only (the kernel runs one of "
			 "osnoise and hwlat at a time)" : "no trace is being recorded");
		return -1;
	}
	localtime_r(&now, &tm);
	strftime(path, pathlen, s->conf.capture_dat ? "hwnoisetop-%Y%m%d-%H%M%S.dat" :
		 "hwnoisetop-%Y%m%d-%H%M%S.txt", &tm);
	/*
	 * Reading "trace" while the instance records chases the writers and
	 * may never end on a noisy machine: hold the recording meanwhile.
	 */
	if (s->state == SESSION_RUNNING)
		trace_capture_set_on(s->rec, 0);
	rc = trace_capture_save(s->rec, path, s->conf.capture_last_s, events, s->err, sizeof(s->err));
	/*
	 * trace-cmd extract (a .dat capture) removes the instance it read:
	 * a new, empty one records on, with the same events.
	 */
	if (!tracefs_instance_exists(tracefs_instance_get_name(trace_capture_instance(s->rec)))) {
		trace_capture_free(s->rec);
		s->rec = NULL;
		if (session_record_begin(s) < 0) {
			char why[sizeof(s->err)];

			memcpy(why, s->err, sizeof(why));
			snprintf(s->err, sizeof(s->err), "%.200s saved, but the recording could not "
				 "start again: %.250s", path, why);
			return -1;
		}
		return rc;
	}
	if (s->state == SESSION_RUNNING)
		trace_capture_set_on(s->rec, 1);
	return rc;
}

int session_hold(struct session *s, const struct session_ui *ui)
{
	if (!s->quit || s->exit_status != HWN_EXIT_STOPPED || s->state != SESSION_RUNNING ||
	    s->source->pace)
		return s->exit_status;
	/* The kernel stopped every osnoise instance: the recording is intact. */
	session_clocks_on(s, false);
	s->state = SESSION_STOPPED;
	s->quit = false;
	session_run(s, ui);
	return s->exit_status;
}

int session_set_hwlat_timing(struct session *s, uint64_t window_us, uint64_t width_us)
{
	if (before_change(s, SESSION_HWLAT))
		return -1;
	return s->source->set_timing(s, window_us, width_us);
}

int session_set_hwlat_mode(struct session *s, enum hwlat_mode mode)
{
	if (before_change(s, SESSION_HWLAT))
		return -1;
	return s->source->set_mode(s, mode);
}


void session_free(struct session *s)
{
	if (!s)
		return;
	session_free_results(s);
	session_experiment_free(s);
	free(s);
}

void session_free_results(struct session *s)
{
	stats_free(&s->stats);
	segments_free(&s->seg);
	hwlat_stats_free(&s->hwl_stats);
	histo_free(&s->hist);
	textbuf_free(&s->notes);
	smi_close(s->smi);
	s->smi = NULL;
	causes_free(s->causes);
	s->causes = NULL;
}
