/*
 * parse: the number, duration and time parsers behind every option.
 * Pure logic; each returns 0, or -1 with a short reason in *why that the
 * caller prefixes with the option's name.
 */
#ifndef HWN_PARSE_H
#define HWN_PARSE_H

#include "why.h"

#include <stdbool.h>
#include <stdint.h>

/* A plain decimal integer in [min, max]. */
int parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out, struct why *why);

/*
 * A plain decimal integer in [min, max], negative only with a leading '-'
 * (no '+', no spaces: the same form as parse_u64).
 */
int parse_s64(const char *text, int64_t min, int64_t max, int64_t *out, struct why *why);

/*
 * A duration "N[s|m|h|d]" (and "w" when weeks is true) in seconds, N >= 1.
 * No suffix means seconds.
 */
int parse_duration(const char *text, bool weeks, uint64_t *seconds, struct why *why);
/* The same up to max seconds (at most 10 years); more: -1 with too_long in *why. */
int parse_duration_max(const char *text, bool weeks, uint64_t max, const char *too_long,
		       uint64_t *seconds, struct why *why);
/* A time that may be none: as parse_duration() without weeks, 0 taken ("0", "0s"). */
int parse_duration0(const char *text, uint64_t *seconds, struct why *why);

/* A time "N[ns|us|ms|s]" in nanoseconds; no suffix means nanoseconds. */
int parse_time_ns(const char *text, uint64_t *ns, struct why *why);

/*
 * A time "N[us|ms|s]" in microseconds (hwlatdetect's form); no suffix
 * means microseconds.  The result must lie in [min, max].
 */
int parse_time_us(const char *text, uint64_t min, uint64_t max, uint64_t *us, struct why *why);

/* Format seconds as rtla does: "%3d %02d:%02d:%02d" (days hh:mm:ss). */
char *parse_format_duration(uint64_t seconds, char *buf, int size);

#endif
