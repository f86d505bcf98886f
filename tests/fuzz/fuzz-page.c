/*
 * fuzz-page: one ring-buffer page as trace_pipe_raw hands it out (an 8-byte
 * timestamp, the commit field, then events), decoded with the lab kernel's
 * formats.  Whatever the bytes, the decoder stays inside the page.
 */
#include <stdint.h>
#include <stdlib.h>

#include "formats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_sample(void *ctx, const struct osn_sample *s)
{
	*(uint64_t *)ctx += s->noise;
}

static void on_hwlat(void *ctx, const struct hwl_sample *s)
{
	*(uint64_t *)ctx += s->inner;
}

static void on_print(void *ctx, int cpu, const char *text)
{
	(void)cpu;
	/* Read the whole text: it must be a string inside our buffers. */
	while (*text)
		*(uint64_t *)ctx += (unsigned char)*text++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t sum = 0;
	struct reader_sink sink = {
		.ctx = &sum, .sample = on_sample, .hwlat = on_hwlat, .print = on_print,
	};

	reader_page_decode(fuzz_reader(), 0, data, size, &sink);
	return 0;
}
