/*
 * session: a run's lifecycle (start, finish, the tracers and their
 * instances) and the requests front ends make while it runs.  The loop is
 * in loop.c, the readers' sink in sink.c, signals in signals.c.  See
 * session.h.
 */
#define _GNU_SOURCE
#include "config.h"
#include "session.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
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
#include "neighbours.h"
#include "reader.h"
#include "recording.h"
#include "session_int.h"
#include "settings.h"
#include "smi.h"
#include "tracedat.h"
#include "tuning.h"

uint64_t session_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* The process's CPU time so far, user and system, in ms. */
static void cpu_ms(uint64_t *user, uint64_t *sys)
{
	struct rusage ru;

	*user = *sys = 0;
	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return;
	*user = (uint64_t)ru.ru_utime.tv_sec * 1000 + (uint64_t)ru.ru_utime.tv_usec / 1000;
	*sys = (uint64_t)ru.ru_stime.tv_sec * 1000 + (uint64_t)ru.ru_stime.tv_usec / 1000;
}

/* -D: what each phase of the start and the end cost, in wall and CPU time. */
void session_debug_phase(const struct session *s, const char *what)
{
	static uint64_t last, last_user, last_sys;
	uint64_t now = session_now_ns(), user, sys;

	cpu_ms(&user, &sys);
	if (s->conf.debug)
		fprintf(stderr, "hwnoisetop: debug: %s (%llu ms; CPU %llu ms user, %llu ms "
			"system; %llu ms, %llu ms in all)\n", what,
			last ? (unsigned long long)((now - last) / 1000000) : 0ULL,
			(unsigned long long)(user - last_user), (unsigned long long)(sys - last_sys),
			(unsigned long long)user, (unsigned long long)sys);
	last = now;
	last_user = user;
	last_sys = sys;
}

uint64_t session_elapsed_of(const struct session *s, enum session_tracer t)
{
	return meter_ns(&s->meter[t], session_now_ns()) / 1000000000ULL;
}

uint64_t session_elapsed(const struct session *s)
{
	return session_elapsed_of(s, s->conf.tracer);
}

/* The running tracer's measured time goes on, or stops. */
static void meter_on(struct session *s, bool on)
{
	if (on)
		meter_run(&s->meter[s->conf.tracer], session_now_ns());
	else
		meter_halt(&s->meter[s->conf.tracer], session_now_ns());
}

/* Measuring starts, pauses, resumes or ends: the view's time and the run's. */
static void clocks_on(struct session *s, bool on)
{
	meter_on(s, on);
	if (on)
		meter_run(&s->run_meter, session_now_ns());
	else
		meter_halt(&s->run_meter, session_now_ns());
}

uint64_t session_run_ns(const struct session *s)
{
	return meter_ns(&s->run_meter, session_now_ns());
}

int session_arm_timer(int fd, uint64_t first_ms, uint64_t every_ms)
{
	struct itimerspec its = {
		.it_value = { first_ms / 1000, (first_ms % 1000) * 1000000 },
		.it_interval = { every_ms / 1000, (every_ms % 1000) * 1000000 },
	};

	return timerfd_settime(fd, 0, &its, NULL);
}

const struct session_source *session_source_of(enum session_tracer t)
{
	return t == SESSION_HWLAT ? &source_hwlat : &source_osnoise;
}

/* The measured CPUs of the source. */
static const struct cpuset *measured_cpus(const struct session *s)
{
	return s->source->cpus(s);
}

static struct tracefs_instance *tracer_inst(const struct session *s)
{
	return s->source->instance ? s->source->instance(s) : NULL;
}

/* A request the source can not take (a replay changes nothing). */
static int cannot(struct session *s)
{
	snprintf(s->err, sizeof(s->err), "not with %s: it changes nothing in the kernel",
		 s->source->name);
	return -1;
}

/*
 * Run ourselves on the housekeeping CPUs, never on a measured one.  With
 * every CPU measured (no -c: rtla's default) there is no other place.
 */
static void set_affinity(struct session *s)
{
	struct cpuset online, hk;

	env_online_cpus(&online);
	/* Those that are online: SMT off may take some away while it runs. */
	cpuset_and(&hk, &s->conf.housekeeping, &online);
	if (!s->conf.housekeeping_set || cpuset_empty(&hk)) {
		cpuset_andnot(&hk, &online, measured_cpus(s));
		if (cpuset_empty(&hk))
			return;	/* every CPU is measured: nowhere else to go */
	}
	if (affinity_set(&hk, s->ncpus) < 0 && s->conf.debug)
		fprintf(stderr, "hwnoisetop: debug: sched_setaffinity: %s\n", strerror(errno));
}

/*
 * Let the kernel judge -e/--filter/--trigger in a scratch instance before
 * any global setting changes: a rejection is a usage error.
 */
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
	inst = instance_create("check", 0, s->err, sizeof(s->err));
	if (!inst)
		return -1;
	rc = events_apply(s->conf.events, inst, s->err, sizeof(s->err));
	instance_destroy(inst);
	if (rc < 0)
		s->exit_status = HWN_EXIT_USAGE;
	return rc;
}

/* -P/-C on the osnoise/N threads the kernel created since the last look. */
int session_threads_refresh(struct session *s)
{
	if (!s->threads || s->state != SESSION_RUNNING)
		return 0;
	if (threads_apply(s->threads, s->conf.debug, s->err, sizeof(s->err)) < 0) {
		s->quit = true;
		s->exit_status = HWN_EXIT_ENV;
		return -1;
	}
	return 0;
}

/* The recording instance (osnoise tracer and events) for the dashboard's capture. */
static int record_begin(struct session *s)
{
	s->rec = record_start(&s->conf.rec, s->err, sizeof(s->err));
	if (!s->rec)
		return -1;
	if (s->conf.events &&
	    events_apply(s->conf.events, record_instance(s->rec), s->err, sizeof(s->err)) < 0)
		return -1;
	if (s->state == SESSION_PAUSED)
		record_set_on(s->rec, 0);
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
	s->ncpus = env_possible_cpus();
	if (s->ncpus < cpuset_last(measured_cpus(s)) + 1)
		s->ncpus = cpuset_last(measured_cpus(s)) + 1;
	if (s->source->prepare(s) < 0)
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
	set_affinity(s);
	s->reader = reader_new(s->err, sizeof(s->err));
	if (!s->reader)
		return -1;
	session_debug_phase(s, "event formats loaded");

	instance_name(NULL, name, sizeof(name));
	if (settings_init(env_tracing_dir(s->err, sizeof(s->err)), name) < 0) {
		snprintf(s->err, sizeof(s->err), "%s", settings_error());
		return -1;
	}
	session_install_fatal_handlers();
	if (tuning_start(s) < 0)
		return -1;
	if (conf->events && conf->events->n && check_events(s) < 0)
		return -1;
	counters_start(s);
	if (s->source->setup(s) < 0)
		return -1;
	counters_tracer_ready(s);
	session_debug_phase(s, "instance created and tracer configured");
	if (reader_open(s->reader, tracer_inst(s), measured_cpus(s), s->err, sizeof(s->err)) < 0)
		return -1;
	if (conf->record && record_begin(s) < 0)
		return -1;
	if (conf->warmup_s) {
		/* The stop conditions are armed once the warm-up is over. */
		s->osn.conf.stop_us = 0;
		s->osn.conf.stop_total_us = 0;
		s->warming = true;
	}
	if (s->source->start(s) < 0)
		return -1;
	session_debug_phase(s, "tracing on");
	s->run_start_ns = session_now_ns();
	s->state = SESSION_RUNNING;
	clocks_on(s, true);
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

void session_check_kernel_stop(struct session *s)
{
	struct reader_sink sink = session_sink(s);

	/* A pause turns tracing off too: that is not the kernel's stop. */
	if (s->quit || !s->source->stopped_by_kernel || s->state != SESSION_RUNNING ||
	    !s->source->stopped_by_kernel(s))
		return;
	/* The sample that fired it may still be in a buffer. */
	reader_drain_all(s->reader, &sink);
	s->quit = true;
	s->exit_status = HWN_EXIT_STOPPED;
	s->stop_hit = true;
	if (s->stop_cpu >= 0 && s->stop_detail[0])
		snprintf(s->stop_reason, sizeof(s->stop_reason), "stop tracing hit on cpu %d: %s",
			 s->stop_cpu, s->stop_detail);
	else if (s->stop_cpu >= 0)
		snprintf(s->stop_reason, sizeof(s->stop_reason), "stop tracing hit on cpu %d",
			 s->stop_cpu);
	else
		snprintf(s->stop_reason, sizeof(s->stop_reason), "stop tracing hit");
}

/* -t: the trace on a stop condition (or always); hist: triggers' output. */
static void save_record(struct session *s)
{
	size_t used;
	uint64_t events = 0;

	record_set_on(s->rec, 0);
	if (s->conf.events)
		events_save_hists(s->conf.events, record_instance(s->rec), s->notes,
				  sizeof(s->notes));
	if (!s->conf.trace_file || !(s->stop_hit || s->conf.trace_always))
		return;
	used = strlen(s->notes);
	if (record_save(s->rec, s->conf.trace_file, 0, &events, s->err, sizeof(s->err)) < 0) {
		snprintf(s->notes + used, sizeof(s->notes) - used, "%s\n", s->err);
		if (!s->exit_status)
			s->exit_status = HWN_EXIT_ENV;
	} else {
		FILE *f;

		/*
		 * Without trace_printk buffers (distribution kernels) the kernel's
		 * own "stop tracing hit" line is missing: end the file with ours
		 * (a text file only: trace.dat is binary).
		 */
		if (s->stop_hit && !tracedat_wanted(s->conf.trace_file) &&
		    (f = fopen(s->conf.trace_file, "ae"))) {
			fprintf(f, "# hwnoisetop: %s\n", s->stop_reason);
			fclose(f);
		}
		snprintf(s->notes + used, sizeof(s->notes) - used, "trace saved to %s (%llu events)\n",
			 s->conf.trace_file, (unsigned long long)events);
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
		instance_set_tracer(record_instance(s->rec), "nop");
	session_debug_phase(s, "tracers stopped");
	record_free(s->rec);
	s->rec = NULL;
	s->source->teardown(s);
	session_debug_phase(s, "instances removed");
}

void session_finish(struct session *s)
{
	struct reader_sink sink = session_sink(s);
	int failed;

	clocks_on(s, false);
	if (tracer_inst(s)) {
		/*
		 * Did the kernel stop it?  Ask before our own stop clears
		 * tracing_on, and never after an error: that run ends with
		 * the error's status.
		 */
		if (!s->exit_status)
			session_check_kernel_stop(s);
		s->source->stop(s);
		if (s->reader && s->state == SESSION_RUNNING)
			reader_drain_all(s->reader, &sink);
		s->source->keep_conf(s);	/* for the final report */
		counters_tracer_stopped(s, session_now_ns());
	}
	if (s->reader)
		reader_close(s->reader);
	session_debug_phase(s, "stopping");
	tracers_remove(s);
	/* After the tracers: removing the watchdog's instance waits for every CPU too. */
	counters_finish(s);
	session_debug_phase(s, "counters stopped");
	failed = settings_restore();
	session_debug_phase(s, "settings restored");
	/* What the restore did to the knobs, and what failed (one line each). */
	settings_print(stderr, settings_outcome, "hwnoisetop: ");
	settings_done();
	if (failed) {
		fprintf(stderr, "hwnoisetop: %d tracer settings could not be restored: run 'hwnoisetop --cleanup'\n", failed);
		if (!s->exit_status)
			s->exit_status = HWN_EXIT_ENV;
	}
	tuning_free(s);
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

void session_request_quit(struct session *s)
{
	s->quit = true;
}

int session_set_threshold(struct session *s, uint64_t us)
{
	if (!s->source->set_threshold)
		return cannot(s);
	return s->source->set_threshold(s, us);
}

int session_set_cpus(struct session *s, const struct cpuset *cpus)
{
	struct reader_sink sink = session_sink(s);

	if (cpuset_empty(cpus)) {
		snprintf(s->err, sizeof(s->err), "at least one CPU must be measured");
		return -1;
	}
	if (cpuset_last(cpus) >= s->ncpus) {
		snprintf(s->err, sizeof(s->err), "CPU %d does not exist", cpuset_last(cpus));
		return -1;
	}
	if (!s->source->set_cpus)
		return cannot(s);
	reader_drain_all(s->reader, &sink);
	if (s->source->set_cpus(s, cpus) < 0)
		return -1;
	if (!s->conf.housekeeping_set)
		set_affinity(s);
	return reader_open(s->reader, tracer_inst(s), cpus, s->err, sizeof(s->err));
}

/* Requests that only make sense for one tracer. */
static int need_tracer(struct session *s, enum session_tracer t)
{
	if (s->source == session_source_of(t))
		return 0;
	snprintf(s->err, sizeof(s->err), "this needs the %s tracer, and %s runs",
		 session_source_of(t)->name, s->source->name);
	return -1;
}

int session_set_timing(struct session *s, uint64_t period_us, uint64_t runtime_us)
{
	if (need_tracer(s, SESSION_OSNOISE))
		return -1;
	return s->source->set_timing(s, period_us, runtime_us);
}

int session_set_irq_disable(struct session *s, bool on)
{
	if (need_tracer(s, SESSION_OSNOISE))
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
			record_set_on(s->rec, 0);
		clocks_on(s, false);
		s->state = SESSION_PAUSED;
	} else if (!pause && s->state == SESSION_PAUSED) {
		reader_drain_all(s->reader, &sink);	/* discard what came while pausing */
		s->state = SESSION_RUNNING;
		clocks_on(s, true);
		if (s->rec)
			record_set_on(s->rec, 1);
		if (s->source->start(s) < 0)
			return -1;
		return session_threads_refresh(s);
	}
	return 0;
}

void session_reset_stats(struct session *s)
{
	/* Only the running tracer's: the other view keeps its figures. */
	s->source->reset_stats(s);
	counters_reset(s);
	meter_reset(&s->meter[s->conf.tracer], session_now_ns());
	session_hooks(s, reset);
}

int session_mark(struct session *s, const char *origin, const char *fmt, ...)
{
	va_list ap;
	int num;

	va_start(ap, fmt);
	num = session_vmark(s, origin, fmt, ap);
	va_end(ap);
	return num;
}

int session_vmark(struct session *s, const char *origin, const char *fmt, va_list ap)
{
	struct reader_sink sink = session_sink(s);
	char text[MARKER_TEXT];
	bool osn, hwl;
	int num;

	vsnprintf(text, sizeof(text), fmt, ap);
	if (!s->seg.seg) {
		snprintf(s->err, sizeof(s->err), "no run to mark");
		return -1;
	}
	if (s->reader && s->state == SESSION_RUNNING)
		reader_drain_all(s->reader, &sink);
	s->source->figures(s, &osn, &hwl);
	num = segments_mark(&s->seg, s->run_start_ns ? (session_now_ns() - s->run_start_ns) / 1000000 : 0,
			    session_run_ns(s), measured_cpus(s), osn, hwl, origin, text);
	if (num < 0)
		snprintf(s->err, sizeof(s->err), "no marker set: %d markers is the most", MARKERS_MAX);
	else
		session_hooks(s, mark);
	return num;
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
		record_set_on(s->rec, 0);
	rc = record_save(s->rec, path, s->conf.capture_last_s, events, s->err, sizeof(s->err));
	/*
	 * trace-cmd extract (a .dat capture) removes the instance it read:
	 * a new, empty one records on, with the same events.
	 */
	if (!tracefs_instance_exists(tracefs_instance_get_name(record_instance(s->rec)))) {
		record_free(s->rec);
		s->rec = NULL;
		if (record_begin(s) < 0) {
			char why[sizeof(s->err)];

			memcpy(why, s->err, sizeof(why));
			snprintf(s->err, sizeof(s->err), "%.200s saved, but the recording could not "
				 "start again: %.250s", path, why);
			return -1;
		}
		return rc;
	}
	if (s->state == SESSION_RUNNING)
		record_set_on(s->rec, 1);
	return rc;
}

void session_request_stop(struct session *s, const char *why)
{
	s->quit = true;
	if (!s->stop_reason[0])
		snprintf(s->stop_reason, sizeof(s->stop_reason), "%s", why);
}

void session_follow_online(struct session *s)
{
	set_affinity(s);
}

int session_add_hook(struct session *s, const struct session_hook *h)
{
	if (s->nhooks == SESSION_HOOKS_MAX)
		return -1;
	s->hooks[s->nhooks++] = h;
	return 0;
}

void session_free_results(struct session *s)
{
	stats_free(&s->stats);
	segments_free(&s->seg);
	hwl_stats_free(&s->hwl_stats);
	smi_close(s->smi);
	s->smi = NULL;
}

bool session_periods_done(const struct session *s, uint64_t n)
{
	return s->source->periods_done(s, n);
}

int session_hold(struct session *s, const struct session_ui *ui)
{
	if (!s->quit || s->exit_status != HWN_EXIT_STOPPED || s->state != SESSION_RUNNING ||
	    s->source->run)
		return s->exit_status;
	/* The kernel stopped every osnoise instance: the recording is intact. */
	clocks_on(s, false);
	s->state = SESSION_STOPPED;
	s->quit = false;
	session_run(s, ui);
	return s->exit_status;
}

int session_set_hwlat_timing(struct session *s, uint64_t window_us, uint64_t width_us)
{
	if (need_tracer(s, SESSION_HWLAT))
		return -1;
	return s->source->set_timing(s, window_us, width_us);
}

int session_set_hwlat_mode(struct session *s, enum hwlat_mode mode)
{
	if (need_tracer(s, SESSION_HWLAT))
		return -1;
	return s->source->set_mode(s, mode);
}

int session_switch_tracer(struct session *s, enum session_tracer to)
{
	struct reader_sink sink = session_sink(s);
	const struct session_source *next = session_source_of(to);

	if (to == s->conf.tracer)
		return 0;
	if (!s->source->setup)
		return cannot(s);
	if (s->threads || s->warming) {
		snprintf(s->err, sizeof(s->err),
			 "the tracer can not be switched with -P/-C or during the warm-up");
		return -1;
	}
	if (next->check(s, s->err, sizeof(s->err)))
		return -1;
	if (next->prepare(s) < 0) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return -1;
	}
	/* The kernel never runs both: this one goes completely first. */
	session_debug_phase(s, "switching tracers");
	if (s->state == SESSION_RUNNING)
		reader_drain_all(s->reader, &sink);
	s->source->stop(s);
	counters_tracer_stopped(s, session_now_ns());
	meter_on(s, false);
	reader_close(s->reader);
	s->source->keep_conf(s);	/* the live changes come back with the tracer */
	/*
	 * The recording runs the osnoise tracer too: it goes with hwnoise,
	 * and -t saves what it holds first (a run that ends in the hwlat
	 * view has nothing else to save).
	 */
	tracers_remove(s);
	s->conf.tracer = to;
	s->source = next;
	if (next->setup(s) < 0 ||
	    reader_open(s->reader, tracer_inst(s), measured_cpus(s), s->err, sizeof(s->err)) < 0 ||
	    (next->record_beside && s->conf.record && record_begin(s) < 0))
		goto failed;
	if (!s->conf.housekeeping_set)
		set_affinity(s);
	counters_tracer_ready(s);
	if (s->state == SESSION_RUNNING && next->start(s) < 0)
		goto failed;
	if (s->state == SESSION_RUNNING)
		meter_on(s, true);
	session_debug_phase(s, "switch: the other tracer runs");
	return 0;
failed:
	/* Half way: the run can not go on, and its status says so. */
	s->exit_status = HWN_EXIT_ENV;
	return -1;
}

const struct cpuset *session_cpus(const struct session *s)
{
	return measured_cpus(s);
}

uint64_t session_threshold(const struct session *s)
{
	return s->source->threshold(s);
}
