/*
 * session_int: what the files of the session (session.c, signals.c) share
 * and nothing else sees.
 */
#ifndef HWN_SESSION_INT_H
#define HWN_SESSION_INT_H

#include <signal.h>

/* The signals the loop takes through its signalfd (SIGWINCH included). */
void session_loop_sigset(sigset_t *set);
/* Restore the kernel's settings on a fault, from a stack of its own. */
void session_install_fatal_handlers(void);

#endif
