/*
 * fuzz-state: a state file's text as --cleanup reads it (settings_parse):
 * refused or taken into the plan, never written anywhere (nothing is
 * restored here).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "settings.h"
#include "settings_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	char *text = malloc(size ? size : 1);
	char msg[512];

	if (!ready) {
		settings_set_tracing_dir("/sys/kernel/tracing");
		ready = true;
	}
	if (!text)
		return 0;
	memcpy(text, data, size);
	settings_parse(text, size, msg, sizeof(msg));
	free(text);
	return 0;
}
