/*
 * session_int: what the files of the session share and nothing else sees:
 * lifecycle.c (start, finish, the tracers and their instances),
 * session.c (the requests), loop.c (the poll() loop),
 * sink.c (what each decoded event does), signals.c (signals, faults).
 */
#ifndef HWN_SESSION_INT_H
#define HWN_SESSION_INT_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "reader.h"
#include "session.h"

struct session;

/* The signals the loop takes through its signalfd (SIGWINCH included). */
void session_loop_sigset(sigset_t *set);
/* Restore the kernel's settings on a fault, from a stack of its own. */
void session_install_fatal_handlers(void);

/* The measured CPUs of the source, and its instance (NULL: none). */
static inline const struct cpuset *measured_cpus(const struct session *s)
{
	return s->source->cpus(s);
}

static inline struct tracefs_instance *tracer_inst(const struct session *s)
{
	return s->source->instance ? s->source->instance(s) : NULL;
}

/* lifecycle.c, for the requests (session.c) and the loop */
/* -D: the wall and CPU time since the last phase, on stderr. */
void session_debug_phase(const struct session *s, const char *what);
/* Run on the housekeeping CPUs that are online, never on a measured one. */
void session_set_affinity(struct session *s);
/* Start the recording instance (conf.record) with the events of -e. */
int session_record_begin(struct session *s);

/* session.c, for the lifecycle (lifecycle.c) and the loop (loop.c) */
/* The running tracer's measured time goes on, or stops. */
void session_meter_on(struct session *s, bool on);
/* Measuring starts, pauses, resumes or ends: the view's time and the run's. */
void session_clocks_on(struct session *s, bool on);
/* A request the source can not take: -1 with s->err. */
int session_cannot(struct session *s);
/* Read the signals waiting on signalfd fd: SIGWINCH sets s->winch, the others end the run. */
void session_take_signals(struct session *s, int fd);
/* Arm a timerfd: first after first_ms, then every every_ms (0: once; 0, 0: off). */
int session_arm_timer(int fd, uint64_t first_ms, uint64_t every_ms);
/* Did the kernel's stop condition end the run (tracing_on went 0)? */
void session_check_kernel_stop(struct session *s);
/*
 * Run a list of actions (session_actions.c); when: "on-threshold" or
 * "on-end".  0, or -1 when one failed (the rest did not run); *cont: a
 * continue was reached.  What ran is in s->actions_said.
 */
int session_actions_run(struct session *s, const struct actions *list, const char *when,
			bool *cont);
/*
 * Save the recording instance's trace to file (the recording stops): the
 * stop's reason at its end, rtla's "  Saving trace to FILE" in the notes.
 * 0, or -1 with err.
 */
int session_trace_save(struct session *s, const char *file, char *err, size_t len);
/* Look for restarted osnoise/N threads (-P, -C) and set them again. */
int session_threads_refresh(struct session *s);

#endif
