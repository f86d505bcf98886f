/* fuzz-priority: -P o:nice, r:prio, f:prio, d:runtime:period. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = strndup((const char *)data, size);
	struct threads_sched s;
	struct why w = { .text = "" };

	if (!text)
		return 0;
	if (threads_parse_priority(text, &s, &w) == 0) {
		/* What is accepted is in range for its class. */
		if ((s.policy == THREADS_FIFO || s.policy == THREADS_RR) && (s.prio < 1 || s.prio > 99))
			abort();
		if (s.policy == THREADS_OTHER && (s.prio < -20 || s.prio > 19))
			abort();
		if (s.policy == THREADS_DEADLINE && s.runtime_ns > s.period_ns)
			abort();
	}
	free(text);
	return 0;
}
