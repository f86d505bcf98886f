/*
 * parse: numbers, durations and times for the option parsers.  See parse.h.
 */
#include "parse.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Digits at *p into *v; advances *p.  -1 on no digits, -2 on overflow. */
static int read_digits(const char **p, uint64_t *v)
{
	const char *s = *p;
	uint64_t n = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s)) {
		unsigned d = *s - '0';

		if (n > (UINT64_MAX - d) / 10)
			return -2;
		n = n * 10 + d;
		s++;
	}
	*p = s;
	*v = n;
	return 0;
}

static int number_prefix(const char **p, uint64_t *v, struct why *why)
{
	int rc;

	if (**p == '-') {
		why->text = "must not be negative";
		return -1;
	}
	rc = read_digits(p, v);
	if (rc == -2) {
		why->text = "is too large";
		return -1;
	}
	if (rc < 0) {
		why->text = "is not a number";
		return -1;
	}
	return 0;
}

/* "must be between MIN and MAX[unit]" unless min <= v <= max. */
static int in_range(uint64_t v, uint64_t min, uint64_t max, const char *unit, struct why *why)
{
	if (v >= min && v <= max)
		return 0;
	snprintf(why->buf, sizeof(why->buf), "must be between %llu and %llu%s",
		 (unsigned long long)min, (unsigned long long)max, unit);
	why->text = why->buf;
	return -1;
}

int parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out, struct why *why)
{
	const char *p = text;
	uint64_t v;

	if (!text || !*text) {
		why->text = "is empty";
		return -1;
	}
	if (number_prefix(&p, &v, why))
		return -1;
	if (*p) {
		why->text = "is not a plain number";
		return -1;
	}
	if (in_range(v, min, max, "", why))
		return -1;
	*out = v;
	return 0;
}

int parse_s64(const char *text, int64_t min, int64_t max, int64_t *out, struct why *why)
{
	const char *p = text;
	bool neg;
	uint64_t v;
	int rc;

	if (!text || !*text) {
		why->text = "is empty";
		return -1;
	}
	neg = *p == '-';
	p += neg;
	rc = read_digits(&p, &v);
	if (rc == -2 || (rc == 0 && v > (uint64_t)INT64_MAX + neg)) {
		why->text = "is too large";
		return -1;
	}
	if (rc < 0) {
		why->text = "is not a number";
		return -1;
	}
	if (*p) {
		why->text = "is not a plain number";
		return -1;
	}
	/* -(INT64_MIN) does not fit: negate in unsigned arithmetic. */
	int64_t n = neg ? (int64_t)(0 - v) : (int64_t)v;

	if (n < min || n > max) {
		snprintf(why->buf, sizeof(why->buf), "must be between %lld and %lld",
			 (long long)min, (long long)max);
		why->text = why->buf;
		return -1;
	}
	*out = n;
	return 0;
}

struct unit {
	const char *suffix;
	uint64_t scale;
};

/* A number with one of units' suffixes; unit_why is the reason when none fits. */
static int parse_with_units(const char *text, const struct unit *units, const char *unit_why,
			    uint64_t *out, struct why *why)
{
	const char *p = text;
	uint64_t v;

	if (!text || !*text) {
		why->text = "is empty";
		return -1;
	}
	if (number_prefix(&p, &v, why))
		return -1;
	for (const struct unit *u = units; u->suffix; u++) {
		if (strcmp(p, u->suffix) == 0) {
			if (v > UINT64_MAX / u->scale) {
				why->text = "is too large";
				return -1;
			}
			*out = v * u->scale;
			return 0;
		}
	}
	why->text = unit_why;
	return -1;
}

int parse_duration(const char *text, bool weeks, uint64_t *seconds, struct why *why)
{
	/* Keep well inside what timerfd and "%3d" days can carry: 10 years. */
	return parse_duration_max(text, weeks, 10ULL * 366 * 86400, "must be at most 10 years",
				  seconds, why);
}

int parse_duration_max(const char *text, bool weeks, uint64_t max, const char *too_long,
		       uint64_t *seconds, struct why *why)
{
	static const struct unit units[] = {
		{ "", 1 }, { "s", 1 }, { "m", 60 }, { "h", 3600 }, { "d", 86400 },
		{ "w", 604800 }, { NULL, 0 },
	};
	/* Without weeks the table simply ends one entry early. */
	static const struct unit no_weeks[] = {
		{ "", 1 }, { "s", 1 }, { "m", 60 }, { "h", 3600 }, { "d", 86400 }, { NULL, 0 },
	};
	uint64_t v;

	if (parse_with_units(text, weeks ? units : no_weeks,
			     weeks ? "takes a unit of s, m, h, d or w" : "takes a unit of s, m, h or d",
			     &v, why))
		return -1;
	if (v == 0) {
		why->text = "must be at least 1 second";
		return -1;
	}
	if (v > max) {
		why->text = too_long;
		return -1;
	}
	*seconds = v;
	return 0;
}

int parse_duration0(const char *text, uint64_t *seconds, struct why *why)
{
	static const struct unit units[] = {
		{ "", 1 }, { "s", 1 }, { "m", 60 }, { "h", 3600 }, { "d", 86400 }, { NULL, 0 },
	};

	return parse_with_units(text, units, "takes a unit of s, m, h or d", seconds, why);
}

int parse_time_ns(const char *text, uint64_t *ns, struct why *why)
{
	static const struct unit units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
		{ NULL, 0 },
	};

	return parse_with_units(text, units, "takes a unit of ns, us, ms or s", ns, why);
}

int parse_time_us(const char *text, uint64_t min, uint64_t max, uint64_t *us, struct why *why)
{
	static const struct unit units[] = {
		{ "", 1 }, { "us", 1 }, { "ms", 1000 }, { "s", 1000000 }, { NULL, 0 },
	};
	uint64_t v;

	if (parse_with_units(text, units, "takes a unit of us, ms or s", &v, why) ||
	    in_range(v, min, max, " us", why))
		return -1;
	*us = v;
	return 0;
}

char *parse_format_duration(uint64_t seconds, char *buf, int size)
{
	snprintf(buf, size, "%3d %02d:%02d:%02d", (int)(seconds / 86400),
		 (int)(seconds / 3600 % 24), (int)(seconds / 60 % 60), (int)(seconds % 60));
	return buf;
}
