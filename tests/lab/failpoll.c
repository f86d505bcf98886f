/*
 * failpoll: an LD_PRELOAD library for the lab tests.  poll() fails with
 * ENOMEM from call FAILPOLL_AFTER + 1 on, so that a test sees what an
 * error in the loop does to the exit status and the kernel's settings.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>

int poll(struct pollfd *fds, nfds_t nfds, int timeout)
{
	static int (*real)(struct pollfd *, nfds_t, int);
	static long calls;
	const char *after = getenv("FAILPOLL_AFTER");

	if (!real)
		real = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
	if (after && ++calls > atol(after)) {
		errno = ENOMEM;
		return -1;
	}
	return real(fds, nfds, timeout);
}
