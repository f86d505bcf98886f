/*
 * session_signals: the signals of a run.  Those whose default action ends
 * the process end the loop instead (through its signalfd); the faults
 * restore the kernel's settings from a handler on their own stack, then
 * end the process as they would have.  The public part is in session.h.
 */
#define _GNU_SOURCE
#include "config.h"
#include "session.h"

#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ledger_guard.h"
#include "session_int.h"
#include "settings.h"

/*
 * Every signal whose default action ends the process ends the loop instead
 * (through the signalfd) or, for the faults, restores from a handler.
 */
static const int loop_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
	SIGIO, SIGPWR, SIGXCPU, SIGSTKFLT,
};
static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGSYS, SIGTRAP };

void session_loop_sigset(sigset_t *set)
{
	sigemptyset(set);
	for (size_t i = 0; i < sizeof(loop_signals) / sizeof(loop_signals[0]); i++)
		sigaddset(set, loop_signals[i]);
	/* Not an end: the terminal's new size, for the front end. */
	sigaddset(set, SIGWINCH);
}

void session_block_signals(void)
{
	sigset_t set;

	session_loop_sigset(&set);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);	/* a file too large fails its write() instead */
}

/* A crash must not leave the kernel measuring with interrupts off. */
static void (*volatile fatal_hook)(void);

void session_set_fatal_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

/* Past the highest descriptor to close without close_range(): set before a crash. */
static int fatal_max_fd = 4096;

/*
 * The per-CPU readers hold the instance's trace_pipe_raw files open, and an
 * instance with open files can not be removed (EBUSY): close every
 * descriptor but the standard ones (plain system calls, no allocation).
 */
/* close_range(lo, hi): -1 when neither the function nor the system call is there. */
static int close_fds_range(unsigned int lo, unsigned int hi)
{
	if (lo > hi)
		return 0;
#ifdef HAVE_CLOSE_RANGE
	return close_range(lo, hi, 0);
#elif defined(SYS_close_range)
	return syscall(SYS_close_range, lo, hi, 0);
#else
	errno = ENOSYS;
	return -1;
#endif
}

void session_close_fds(int keep, int max_fd)
{
	if (keep < 3)
		keep = 2;
	if (close_fds_range(3, keep - 1) == 0 && close_fds_range(keep + 1, ~0U) == 0)
		return;
	/* glibc < 2.34 without the system call's number, or a kernel < 5.9 (ENOSYS). */
	for (int fd = 3; fd < max_fd; fd++)
		if (fd != keep)
			close(fd);
}

static void fatal_handler(int sig)
{
	/* The live ledger, registered by session_start() (ledger_guard.h). */
	struct ledger *l = ledger_guard_live();

	if (fatal_hook)
		fatal_hook();
	/* The run's lock stays held until the process is gone. */
	session_close_fds(l ? settings_lock_fd(l) : -1, fatal_max_fd);
	if (l)
		settings_restore(l);
	signal(sig, SIG_DFL);
	raise(sig);
}

void session_install_fatal_handlers(void)
{
	/* Its own stack: a stack overflow must still get the restore. */
	static char alt_stack[64 * 1024];
	stack_t ss = { .ss_sp = alt_stack, .ss_size = sizeof(alt_stack) };
	struct sigaction sa = { .sa_handler = fatal_handler, .sa_flags = SA_RESETHAND };
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		fatal_max_fd = rl.rlim_cur < (1 << 20) ? (int)rl.rlim_cur : 1 << 20;

	if (sigaltstack(&ss, NULL) == 0)
		sa.sa_flags |= SA_ONSTACK;

	for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++)
		sigaction(fatal_signals[i], &sa, NULL);
}
