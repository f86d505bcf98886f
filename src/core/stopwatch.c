/*
 * meter: measured time.  See meter.h.
 */
#include "meter.h"

#include <time.h>

uint64_t meter_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

void meter_run(struct meter *m, uint64_t now)
{
	if (!m->since_ns)
		m->since_ns = now;
}

void meter_halt(struct meter *m, uint64_t now)
{
	if (m->since_ns) {
		m->total_ns += now > m->since_ns ? now - m->since_ns : 0;
		m->since_ns = 0;
	}
}

void meter_reset(struct meter *m, uint64_t now)
{
	m->total_ns = 0;
	if (m->since_ns)
		m->since_ns = now;
}

uint64_t meter_ns(const struct meter *m, uint64_t now)
{
	return m->total_ns + (m->since_ns && now > m->since_ns ? now - m->since_ns : 0);
}
