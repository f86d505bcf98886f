/*
 * opt: table-driven getopt_long, help and man text.  See opt.h.
 */
#include "opt.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "exits.h"
#include "utf8.h"

struct opt_parser {
	const struct opt_def *defs;
	const char *command;		/* "hwnoisetop", "hwnoisetop hwlat": its --help */
	struct option *longopts;
	char shortopts[128];
};

/* One getopt_long entry for the long name name of d. */
static void long_entry(struct option *o, const struct opt_def *d, const char *name)
{
	o->name = name;
	o->has_arg = d->arg == OPT_NONE ? no_argument :
		     d->arg == OPT_REQUIRED ? required_argument : optional_argument;
	o->val = d->id;
}

struct opt_parser *opt_parser_new(const struct opt_def *defs, const char *command)
{
	struct opt_parser *p = calloc(1, sizeof(*p));
	size_t n = 0, s = 0, l = 0;

	if (!p)
		return NULL;
	while (defs[n].id)
		n++;
	p->defs = defs;
	p->command = command;
	/* From argv[1] of whatever argv comes: 0 is getopt's full restart. */
	optind = 0;
	p->longopts = calloc(2 * n + 1, sizeof(*p->longopts));	/* a name and an alias each */
	if (!p->longopts) {
		free(p);
		return NULL;
	}
	/* Leading ':' : missing arguments come back as ':' for our own message. */
	p->shortopts[s++] = '+';
	p->shortopts[s++] = ':';
	for (size_t i = 0; i < n; i++) {
		const struct opt_def *d = &defs[i];

		if (d->long_name)
			long_entry(&p->longopts[l++], d, d->long_name);
		if (d->alias)
			long_entry(&p->longopts[l++], d, d->alias);
		if (d->short_name && s + 3 < sizeof(p->shortopts)) {
			p->shortopts[s++] = d->short_name;
			if (d->arg != OPT_NONE)
				p->shortopts[s++] = ':';
			if (d->arg == OPT_OPTIONAL)
				p->shortopts[s++] = ':';
		}
	}
	p->shortopts[s] = '\0';
	return p;
}

const struct opt_def *opt_select(const struct opt_def *table, enum opt_cmd cmd,
				 struct opt_def *out, size_t max)
{
	size_t n = 0;

	for (; table->id && n + 1 < max; table++)
		if (table->cmds == OPT_BOTH || table->cmds == cmd)
			out[n++] = *table;
	out[n] = (struct opt_def){ 0 };
	return out;
}

void opt_parser_free(struct opt_parser *p)
{
	if (!p)
		return;
	free(p->longopts);
	free(p);
}

static const struct opt_def *find(const struct opt_def *defs, int id)
{
	for (; defs->id; defs++)
		if (defs->id == id)
			return defs;
	return NULL;
}

const char *opt_label(const struct opt_def *def, struct opt_text *t)
{
	if (def->short_name && !def->long_name)
		snprintf(t->s, sizeof(t->s), "-%c", def->short_name);
	else if (def->short_name)
		snprintf(t->s, sizeof(t->s), "-%c/--%s", def->short_name, def->long_name);
	else
		snprintf(t->s, sizeof(t->s), "--%s", def->long_name);
	return t->s;
}

int opt_index(const struct opt_parser *p)
{
	(void)p;
	return optind;
}

void opt_resume(struct opt_parser *p, int next)
{
	(void)p;
	optind = next;
}

const struct opt_def *opt_find(const struct opt_def *defs, int id)
{
	while (defs->id && defs->id != id)
		defs++;
	return defs;
}

int opt_bad(const struct opt_def *def, const char *arg, const char *why)
{
	struct opt_text label, quoted;

	if (arg)
		fprintf(stderr, "hwnoisetop: %s '%s' %s", opt_label(def, &label),
			opt_quote(arg, &quoted), why);
	else
		fprintf(stderr, "hwnoisetop: %s %s", opt_label(def, &label), why);
	if (def->accepts)
		fprintf(stderr, " (it takes %s)", def->accepts);
	fputc('\n', stderr);
	return HWN_EXIT_USAGE;
}

const char *opt_quote(const char *arg, struct opt_text *t)
{
	/* Each input byte takes at most 4 output bytes ("\\x1b"), plus "...". */
	char *b = t->s, *o = b;
	size_t n = strlen(arg ? arg : "");

	if (!arg)
		arg = "";
	if (n > OPT_QUOTE_MAX)
		n = utf8_cut(arg, OPT_QUOTE_MAX);	/* never a UTF-8 character in two */
	for (size_t i = 0; i < n; i++) {
		unsigned char c = arg[i];

		if (c == '\\') {
			*o++ = '\\';
			*o++ = '\\';
		} else if (c == '\n' || c == '\t' || c == '\r') {
			*o++ = '\\';
			*o++ = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
		} else if (c < 0x20 || c == 0x7f) {
			o += sprintf(o, "\\x%02x", c);
		} else {
			*o++ = c;
		}
	}
	if (arg[n])
		o += sprintf(o, "...");
	*o = 0;
	return b;
}

int opt_next(struct opt_parser *p, int argc, char **argv, const struct opt_def **def,
	     const char **arg, int *first_arg)
{
	int prev = optind ? optind : 1;
	int c;

	opterr = 0;
	c = getopt_long(argc, argv, p->shortopts, p->longopts, NULL);
	if (c == -1) {
		*first_arg = optind;
		return -1;
	}
	if (c == '?' || c == ':') {
		const char *word = prev < argc ? argv[prev] : "";
		const struct opt_def *d = optopt ? find(p->defs, optopt) : NULL;
		struct opt_text label, quoted;

		if (c == ':' && d)
			fprintf(stderr, "hwnoisetop: %s needs an argument (%s)\n", opt_label(d, &label),
				d->arg_name ? d->arg_name : "a value");
		else if (c == ':')
			fprintf(stderr, "hwnoisetop: %s needs an argument\n", opt_quote(word, &quoted));
		else if (d && d->arg == OPT_NONE)
			fprintf(stderr, "hwnoisetop: %s takes no argument ('%s')\n", opt_label(d, &label),
				opt_quote(word, &quoted));
		else if (optopt && optopt < 256)
			fprintf(stderr, "hwnoisetop: unknown option -%c (see %s --help)\n", optopt,
				p->command);
		else
			fprintf(stderr, "hwnoisetop: unknown option %s (see %s --help)\n",
				opt_quote(word, &quoted), p->command);
		return '?';
	}
	*def = find(p->defs, c);
	/* An optional argument may also be the next word if it is not an option. */
	if (*def && (*def)->arg == OPT_OPTIONAL && !optarg && optind < argc &&
	    argv[optind][0] != '-') {
		optarg = argv[optind++];
	}
	*arg = optarg;
	return c;
}

static void arg_text(const struct opt_def *d, char *buf, size_t size)
{
	if (d->arg == OPT_NONE)
		buf[0] = '\0';
	else if (d->arg == OPT_REQUIRED)
		snprintf(buf, size, " %s", d->arg_name);
	else
		snprintf(buf, size, " [%s]", d->arg_name);
}

#define HELP_INDENT 32
#define HELP_WIDTH 79

/* text from column indent, wrapped at word boundaries before HELP_WIDTH. */
static void print_wrapped(FILE *out, const char *text, int indent)
{
	const char *p = text;

	while (*p) {
		int room = HELP_WIDTH - indent, len = (int)strlen(p);

		if (len > room) {
			len = room;
			while (len > 0 && p[len] != ' ')
				len--;
			if (len == 0)	/* one long word: let it run over */
				len = (int)strcspn(p, " ");
		}
		fprintf(out, "%.*s\n", len, p);
		p += len;
		while (*p == ' ')
			p++;
		if (*p)
			fprintf(out, "%*s", indent, "");
	}
}

/*
 * "  -c, --cpus, --cpu-list", "      --width", "  -q": an entry's names, for
 * --help; without short_column, "  --knob".
 */
static void names(const struct opt_def *d, char *buf, size_t size, bool short_column)
{
	size_t n;

	if (d->short_name)
		snprintf(buf, size, "  -%c", d->short_name);
	else
		snprintf(buf, size, "%s", short_column ? "    " : "");
	n = strlen(buf);
	if (d->long_name)
		n += snprintf(buf + n, size - n, "%s--%s", d->short_name ? ", " : "  ",
			      d->long_name);
	if (d->alias && n < size)
		snprintf(buf + n, size - n, ", --%s", d->alias);
}

void opt_print_help_at(FILE *out, const struct opt_def *defs, int indent, bool short_column)
{
	for (; defs->id; defs++) {
		char left[96], a[48];

		arg_text(defs, a, sizeof(a));
		names(defs, left, sizeof(left), short_column);
		snprintf(left + strlen(left), sizeof(left) - strlen(left), "%s", a);
		if ((int)strlen(left) < indent)
			fprintf(out, "%-*s", indent, left);
		else
			fprintf(out, "%s\n%*s", left, indent, "");
		print_wrapped(out, defs->help, indent);
	}
}

void opt_print_help(FILE *out, const struct opt_def *defs)
{
	opt_print_help_at(out, defs, HELP_INDENT, true);
}

/* Escape '-' and leading '.' / '\'' for roff. */
static void roff(FILE *out, const char *s)
{
	for (const char *c = s; *c; c++) {
		if (*c == '-')
			fputs("\\-", out);
		else if (*c == '\\')
			fputs("\\e", out);
		else if ((*c == '.' || *c == '\'') && (c == s || c[-1] == '\n')) {
			fputs("\\&", out);
			fputc(*c, out);
		} else
			fputc(*c, out);
	}
}

void opt_print_man(FILE *out, const struct opt_def *defs)
{
	for (; defs->id; defs++) {
		fputs(".TP\n", out);
		if (defs->short_name)
			fprintf(out, "\\fB\\-%c\\fR%s", defs->short_name,
				defs->long_name ? ", " : "");
		if (defs->long_name) {
			fputs("\\fB\\-\\-", out);
			roff(out, defs->long_name);
			fputs("\\fR", out);
		}
		if (defs->alias) {
			fputs(", \\fB\\-\\-", out);
			roff(out, defs->alias);
			fputs("\\fR", out);
		}
		if (defs->arg == OPT_REQUIRED) {
			fputs(" \\fI", out);
			roff(out, defs->arg_name);
			fputs("\\fR", out);
		} else if (defs->arg == OPT_OPTIONAL) {
			fputs(" [\\fI", out);
			roff(out, defs->arg_name);
			fputs("\\fR]", out);
		}
		fputc('\n', out);
		roff(out, defs->help);
		/* The help line is a phrase; end it before the man page's sentences. */
		if (defs->more && !strchr(".:;", defs->help[strlen(defs->help) - 1]))
			fputc('.', out);
		fputc('\n', out);
		if (defs->more) {
			roff(out, defs->more);
			fputc('\n', out);
		}
		if (defs->example) {
			fputs(".br\nExample:\n.nf\n\\fB", out);
			roff(out, defs->example);
			fputs("\\fR\n.fi\n", out);
		}
	}
}
