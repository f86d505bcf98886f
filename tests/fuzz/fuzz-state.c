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
	struct ledger *l = settings_ledger_new();
	char *text = malloc(size ? size : 1);
	char msg[512];

	if (!text || !l) {
		free(text);
		settings_ledger_free(l);
		return 0;
	}
	settings_set_tracing_dir(l, "/sys/kernel/tracing");
	memcpy(text, data, size);
	settings_parse(l, text, size, msg, sizeof(msg));
	settings_ledger_free(l);
	free(text);
	return 0;
}
