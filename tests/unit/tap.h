/*
 * tap.h: a minimal TAP producer for the unit tests (automake's tap-driver).
 */
#ifndef HWN_TAP_H
#define HWN_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/* Standard error into a temporary file from tap_stderr_begin() to tap_stderr_end(). */
struct tap_stderr {
	FILE *tmp;
	int saved;
};

TAP_UNUSED static void tap_stderr_begin(struct tap_stderr *t)
{
	fflush(stderr);
	t->tmp = tmpfile();
	t->saved = dup(STDERR_FILENO);
	dup2(fileno(t->tmp), STDERR_FILENO);
}

/* Standard error back; the first line written meanwhile in msg ("" for none). */
TAP_UNUSED static void tap_stderr_end(struct tap_stderr *t, char *msg, int len)
{
	fflush(stderr);
	dup2(t->saved, STDERR_FILENO);
	close(t->saved);
	rewind(t->tmp);
	if (!fgets(msg, len, t->tmp))
		msg[0] = '\0';
	fclose(t->tmp);
}

/* The value of expr, the first line it wrote on stderr in msg (len bytes). */
#define tap_stderr_of(msg, len, expr)							\
	({										\
		struct tap_stderr tap_t_;						\
		int tap_rc_;								\
											\
		tap_stderr_begin(&tap_t_);						\
		tap_rc_ = (expr);							\
		tap_stderr_end(&tap_t_, (msg), (len));					\
		tap_rc_;								\
	})

TAP_UNUSED static int tap_done(void)
{
	return tap_failed ? 1 : 0;
}

#endif
