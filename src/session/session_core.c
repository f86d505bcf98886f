/*
 * session_core: what the session's own files share, below its requests
 * (session.c), its start and end (session_lifecycle.c) and its loop (session_loop.c): the
 * clocks, the timers, the affinity and the statistics' reset.  It calls
 * only the accessors (session_view.c): the session's files call downward
 * in the order of session_int.h, never round in a circle.
 */
#define _GNU_SOURCE
#include "config.h"
#include "session.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/timerfd.h>
#include <time.h>

#include "affinity.h"
#include "env.h"
#include "session_int.h"

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
	uint64_t now = stopwatch_now(), user, sys;

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

/*
 * Run ourselves on the housekeeping CPUs, never on a measured one.  With
 * every CPU measured (no -c: rtla's default) there is no other place.
 */
void session_set_affinity(struct session *s)
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

/* The running tracer's measured time goes on, or stops. */
void session_meter_on(struct session *s, bool on)
{
	if (on)
		stopwatch_run(&s->watch[s->conf.tracer], stopwatch_now());
	else
		stopwatch_halt(&s->watch[s->conf.tracer], stopwatch_now());
}

/* Measuring starts, pauses, resumes or ends: the view's time and the run's. */
void session_clocks_on(struct session *s, bool on)
{
	session_meter_on(s, on);
	if (on)
		stopwatch_run(&s->run_stopwatch, stopwatch_now());
	else
		stopwatch_halt(&s->run_stopwatch, stopwatch_now());
}

int session_arm_timer(int fd, uint64_t first_ms, uint64_t every_ms)
{
	struct itimerspec its = {
		.it_value = { first_ms / 1000, (first_ms % 1000) * 1000000 },
		.it_interval = { every_ms / 1000, (every_ms % 1000) * 1000000 },
	};

	return timerfd_settime(fd, 0, &its, NULL);
}

/* A request the source can not take (a replay changes nothing). */
int session_cannot(struct session *s)
{
	snprintf(s->err, sizeof(s->err), "not with %s: it changes nothing in the kernel",
		 s->source->name);
	return -1;
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

void session_reset_stats(struct session *s)
{
	/* Only the running tracer's: the other view keeps its figures. */
	s->source->reset_stats(s);
	stopwatch_reset(&s->watch[s->conf.tracer], stopwatch_now());
	session_hooks(s, reset);
}

void session_follow_online(struct session *s)
{
	session_set_affinity(s);
}
