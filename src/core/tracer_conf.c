/*
 * tracer_conf: the tracers' settings and the names of the hwlat modes.
 * See tracer_conf.h.
 */
#include "tracer_conf.h"

#include <string.h>

static const char *const mode_names[] = {
	[HWLAT_MODE_NONE] = "none",
	[HWLAT_MODE_ROUND_ROBIN] = "round-robin",
	[HWLAT_MODE_PER_CPU] = "per-cpu",
};

#define MODES (sizeof(mode_names) / sizeof(mode_names[0]))

const char *tracer_conf_hwlat_mode_name(enum hwlat_mode mode)
{
	return (unsigned)mode < MODES ? mode_names[mode] : "?";
}

int tracer_conf_hwlat_mode_parse(const char *text, enum hwlat_mode *mode)
{
	for (unsigned i = 0; i < MODES; i++) {
		if (text && strcmp(text, mode_names[i]) == 0) {
			*mode = (enum hwlat_mode)i;
			return 0;
		}
	}
	return -1;
}
