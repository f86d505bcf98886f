/* fuzz-cpulist: -c/-H CPU lists; a parsed list formats and parses back the same. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cpuset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = strndup((const char *)data, size);
	struct cpuset set, again;
	struct why w = { .text = "" };
	static char buf[65536];

	if (!text)
		return 0;
	if (cpuset_parse(text, &set, &w) == 0) {
		cpuset_format(&set, buf, sizeof(buf));
		if (cpuset_parse(buf, &again, &w) != 0 || !cpuset_equal(&set, &again))
			abort();
		cpuset_format_mask(&set, buf, sizeof(buf));
	}
	free(text);
	return 0;
}
