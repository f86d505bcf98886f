/*
 * tap.h: a minimal TAP producer for the unit tests (automake's tap-driver).
 */
#ifndef HWN_TAP_H
#define HWN_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TAP_UNUSED __attribute__((unused))

static int tap_n, tap_failed;

TAP_UNUSED static void tap_plan(int n)
{
	printf("1..%d\n", n);
}

TAP_UNUSED static int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", cond ? "ok" : "not ok", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond)
		tap_failed++;
	return cond;
}

TAP_UNUSED static int tap_is_str(const char *got, const char *want, const char *what)
{
	int ok = got && want && strcmp(got, want) == 0;

	tap_ok(ok, "%s", what);
	if (!ok)
		printf("# got:  '%s'\n# want: '%s'\n", got ? got : "(null)", want ? want : "(null)");
	return ok;
}

TAP_UNUSED static int tap_is_u64(unsigned long long got, unsigned long long want, const char *what)
{
	int ok = got == want;

	tap_ok(ok, "%s", what);
	if (!ok)
		printf("# got %llu, want %llu\n", got, want);
	return ok;
}

TAP_UNUSED static int tap_done(void)
{
	return tap_failed ? 1 : 0;
}

#endif
