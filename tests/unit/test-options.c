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

/* Arguments echoed in messages: control characters escaped, long ones cut. */
static void quoting(void)
{
	char longarg[100001];

	tap_is_str(opt_quote("a\nb", &(struct opt_text){ 0 }), "a\\nb", "a newline becomes \\n");
	tap_is_str(opt_quote("\x1b[2J", &(struct opt_text){ 0 }), "\\x1b[2J", "ESC becomes \\x1b");
	tap_is_str(opt_quote("t\tr\r\\", &(struct opt_text){ 0 }), "t\\tr\\r\\\\", "tab, CR, backslash");
	tap_is_str(opt_quote("\x7f\x01", &(struct opt_text){ 0 }), "\\x7f\\x01", "DEL and other control bytes");
	tap_is_str(opt_quote("caf\xc3\xa9", &(struct opt_text){ 0 }), "caf\xc3\xa9", "UTF-8 is kept");
	tap_is_str(opt_quote(NULL, &(struct opt_text){ 0 }), "", "no argument: empty");
	memset(longarg, 'x', sizeof(longarg) - 1);
	longarg[sizeof(longarg) - 1] = 0;
	tap_ok(strlen(opt_quote(longarg, &(struct opt_text){ 0 })) == OPT_QUOTE_MAX + 3 &&
	       strcmp(opt_quote(longarg, &(struct opt_text){ 0 }) + OPT_QUOTE_MAX, "...") == 0,
	       "a 100 kB argument is cut to %d bytes and \"...\"", OPT_QUOTE_MAX);
	memset(longarg, 'x', OPT_QUOTE_MAX);
	tap_ok(strlen(opt_quote(longarg, &(struct opt_text){ 0 })) == OPT_QUOTE_MAX + 3, "still cut at %d + 1 bytes",
	       OPT_QUOTE_MAX);
	longarg[OPT_QUOTE_MAX] = 0;
	tap_ok(strcmp(opt_quote(longarg, &(struct opt_text){ 0 }), longarg) == 0, "%d bytes are kept whole", OPT_QUOTE_MAX);
	/* "é" straddling the cut is left out whole. */
	memset(longarg, 'x', OPT_QUOTE_MAX - 1);
	strcpy(longarg + OPT_QUOTE_MAX - 1, "\xc3\xa9yz");
	tap_ok(strlen(opt_quote(longarg, &(struct opt_text){ 0 })) == OPT_QUOTE_MAX - 1 + 3, "a UTF-8 character is not cut");
	memset(longarg, '\n', OPT_QUOTE_MAX + 1);
	longarg[OPT_QUOTE_MAX + 1] = 0;
	tap_ok(strlen(opt_quote(longarg, &(struct opt_text){ 0 })) == 2 * OPT_QUOTE_MAX + 3 && !strchr(opt_quote(longarg, &(struct opt_text){ 0 }), '\n'),
	       "escapes fit in the buffer");
}

int main(void)
{
	const struct opt_def *main_opts = cli_options_of(OPT_MAIN);
	char *help = capture(opt_print_help, main_opts);
	char *man = capture(opt_print_man, main_opts);
	int n = 0;

	for (const struct opt_def *d = main_opts; d->id; d++)
		n++;
	tap_plan(3 * n + 11);
	quoting();
	for (const struct opt_def *d = main_opts; d->id; d++) {
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
