/* fuzz-hwlat-sample: a --report line; what parses formats back to the same sample. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hwlat_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = strndup((const char *)data, size);
	struct hwl_sample s, again;
	char line[512];

	if (!text)
		return 0;
	if (hwlat_stats_parse_sample(text, &s) == 0 && s.ts_nsec >= 0 && s.ts_nsec < 1000000000) {
		hwlat_stats_format_sample(&s, line, sizeof(line));
		if (hwlat_stats_parse_sample(line, &again) != 0 || memcmp(&s, &again, sizeof(s)) != 0)
			abort();
	}
	free(text);
	return 0;
}
