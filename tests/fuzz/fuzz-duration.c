/* fuzz-duration: the number, duration and time parsers behind every option. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = strndup((const char *)data, size);
	struct why w = { .text = "" };
	uint64_t v;
	int64_t sv;
	char buf[32];

	if (!text)
		return 0;
	if (parse_duration(text, true, &v, &w) == 0)
		parse_format_duration(v, buf, sizeof(buf));
	parse_duration(text, false, &v, &w);
	parse_time_ns(text, &v, &w);
	if (parse_time_us(text, 1, 3600000000ULL, &v, &w) == 0 && (v < 1 || v > 3600000000ULL))
		abort();
	if (parse_u64(text, 0, UINT64_MAX, &v, &w) == 0 && (text[0] < '0' || text[0] > '9'))
		abort();
	if (parse_s64(text, -20, 19, &sv, &w) == 0 && (sv < -20 || sv > 19))
		abort();
	free(text);
	return 0;
}
