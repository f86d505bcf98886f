/*
 * stopwatch: measured time.  See stopwatch.h.
 */
#include "stopwatch.h"

#include <time.h>

uint64_t stopwatch_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

void stopwatch_run(struct stopwatch *m, uint64_t now)
{
	if (!m->since_ns)
		m->since_ns = now;
}

void stopwatch_halt(struct stopwatch *m, uint64_t now)
{
	if (m->since_ns) {
		m->total_ns += now > m->since_ns ? now - m->since_ns : 0;
		m->since_ns = 0;
	}
}

void stopwatch_reset(struct stopwatch *m, uint64_t now)
{
	m->total_ns = 0;
	if (m->since_ns)
		m->since_ns = now;
}

uint64_t stopwatch_ns(const struct stopwatch *m, uint64_t now)
{
	return m->total_ns + (m->since_ns && now > m->since_ns ? now - m->since_ns : 0);
}
