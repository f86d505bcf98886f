/* Unit tests: the option table, --help and the man page agree. */
#include <stdlib.h>

#include "cli.h"
#include "tap.h"

static char *capture(void (*fn)(FILE *, const struct opt_def *), const struct opt_def *defs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fn(f, defs);
	fclose(f);
	return buf;
}

int main(void)
{
	char *help = capture(opt_print_help, cli_options);
	char *man = capture(opt_print_man, cli_options);
	int n = 0;

	for (const struct opt_def *d = cli_options; d->id; d++)
		n++;
	tap_plan(3 * n);
	for (const struct opt_def *d = cli_options; d->id; d++) {
		char want[96];

		snprintf(want, sizeof(want), "--%s", d->long_name);
		tap_ok(strstr(help, want) != NULL, "--help lists %s", want);
		snprintf(want, sizeof(want), "\\fB\\-\\-%s", d->long_name);
		for (char *p = want + 8; (p = strchr(p, '-')); p += 2)
			memmove(p + 1, p, strlen(p) + 1), *p = '\\';
		tap_ok(strstr(man, want) != NULL, "the man text lists --%s", d->long_name);
		tap_ok(d->example && strstr(d->example, "hwnoisetop") &&
		       strstr(man, "Example:\n.nf\n\\fBhwnoisetop"),
		       "--%s has a man-page example", d->long_name);
	}
	free(help);
	free(man);
	return tap_done();
}
