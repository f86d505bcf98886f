/*
 * opt: command-line options as data (struct opt_def, the opt_*
 * parser).  One table per command drives getopt_long, --help and the man
 * page's OPTIONS section.
 */
#ifndef HWN_OPTIONS_H
#define HWN_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum opt_arg { OPT_NONE, OPT_REQUIRED, OPT_OPTIONAL };

/*
 * Which command lines an entry of the one option table belongs to: the
 * main command's (the default, 0), "hwnoisetop hwlat"'s, or both.
 */
enum opt_cmd { OPT_MAIN = 0, OPT_HWLAT = 1, OPT_BOTH = 2 };

struct opt_def {
	int id;			/* returned by opt_next(); a letter or >= 256 */
	char short_name;	/* 0 when long only */
	const char *long_name;	/* NULL when short only */
	const char *alias;	/* a second long name (an older spelling), or NULL */
	unsigned char cmds;	/* enum opt_cmd */
	enum opt_arg arg;
	const char *arg_name;	/* "us", "cpu-list", ... */
	const char *help;	/* one sentence for --help */
	const char *more;	/* extra man-page text, may be NULL */
	const char *example;	/* a command line for the man page, may be NULL */
	const char *accepts;	/* for error messages: what the argument may be */
};

/*
 * The entries of table that belong to command cmd (OPT_MAIN or OPT_HWLAT),
 * in the table's order, copied into out (max entries, the last one the
 * terminating zero entry).  Returns out.
 */
const struct opt_def *opt_select(const struct opt_def *table, enum opt_cmd cmd,
				 struct opt_def *out, size_t max);

struct opt_parser;

/* command: the command line's name for "(see COMMAND --help)" after an unknown option. */
struct opt_parser *opt_parser_new(const struct opt_def *defs, const char *command);
void opt_parser_free(struct opt_parser *p);
/*
 * The next option's id, its definition in *def and its argument in *arg;
 * -1 at the end (*first_arg = index of the first non-option argument);
 * '?' after printing a one-line error for an unknown option or a missing
 * argument.
 */
int opt_next(struct opt_parser *p, int argc, char **argv, const struct opt_def **def,
	     const char **arg, int *first_arg);

/*
 * The index in argv of the next word opt_next() reads: after an option,
 * the word after it and its argument (the same word while a cluster of
 * short options, "-qc1", is not done).
 */
int opt_index(const struct opt_parser *p);
/*
 * Go on from argv[next] at the next opt_next(): past a word that is no
 * option (a command's file, say), after opt_next() stopped at it.
 */
void opt_resume(struct opt_parser *p, int next);

/* A message's text of an option or an argument, in the caller's storage. */
#define OPT_QUOTE_MAX 64
struct opt_text {
	char s[OPT_QUOTE_MAX * 4 + 4];	/* each byte at most 4 ("\\x1b"), and "..." */
};
/* "-c/--cpus" for messages, in *t. */
const char *opt_label(const struct opt_def *def, struct opt_text *t);
/* The entry of defs with that id (the table's end when there is none). */
const struct opt_def *opt_find(const struct opt_def *defs, int id);
/*
 * The one-line error on stderr: "hwnoisetop: -c/--cpus 'arg' why (it takes
 * ...)", without the quoted argument when arg is NULL.  HWN_EXIT_USAGE.
 */
int opt_bad(const struct opt_def *def, const char *arg, const char *why);

/*
 * An argument as it may be echoed in a message: control characters escaped
 * (newline as \n, ESC as \x1b, a backslash doubled) and anything past
 * OPT_QUOTE_MAX bytes cut, ending in "...".  Written in *t, which it returns:
 * opt_quote(arg, &(struct opt_text){ 0 }) lives until the end of the call's block.
 */
const char *opt_quote(const char *arg, struct opt_text *t);

/* Print the options' help lines (for --help). */
void opt_print_help(FILE *out, const struct opt_def *defs);
/*
 * The same with the help text from column indent (opt_print_help(): 32),
 * and, without short_column, no room kept for a short name before a long
 * one ("  --knob NAME", not "      --knob NAME").
 */
void opt_print_help_at(FILE *out, const struct opt_def *defs, int indent, bool short_column);
/* Print the options as man-page .TP entries. */
void opt_print_man(FILE *out, const struct opt_def *defs);

#endif
