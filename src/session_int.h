/*
 * session_int: what the files of the session share and nothing else sees:
 * session.c (the lifecycle and the requests), loop.c (the poll() loop),
 * sink.c (what each decoded event does), signals.c (signals, faults).
 */
#ifndef HWN_SESSION_INT_H
#define HWN_SESSION_INT_H

#include <signal.h>
#include <stdint.h>

#include "reader.h"

struct session;

/* The signals the loop takes through its signalfd (SIGWINCH included). */
void session_loop_sigset(sigset_t *set);
/* Restore the kernel's settings on a fault, from a stack of its own. */
void session_install_fatal_handlers(void);

/* session.c, for the loop (loop.c) */
/* -D: the wall and CPU time since the last phase, on stderr. */
void session_debug_phase(const struct session *s, const char *what);
uint64_t session_now_ns(void);
/* Read the signals waiting on signalfd fd: SIGWINCH sets s->winch, the others end the run. */
void session_take_signals(struct session *s, int fd);
/* Arm a timerfd: first after first_ms, then every every_ms (0: once; 0, 0: off). */
int session_arm_timer(int fd, uint64_t first_ms, uint64_t every_ms);
/* Did the kernel's stop condition end the run (tracing_on went 0)? */
void session_check_kernel_stop(struct session *s);
/* Look for restarted osnoise/N threads (-P, -C) and set them again. */
int session_threads_refresh(struct session *s);

#endif
