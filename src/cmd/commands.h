/*
 * commands: hwnoisetop's commands, the main one and the subcommands named
 * by the first word of the command line, in one table (as tmux's
 * cmd_entry): each command's name, usage lines, option table and entry
 * point.  main.c dispatches on it; --help's usage lines, the man page's
 * SYNOPSIS and the bash completion (tools/mkcomp.c) are written from it.
 */
#ifndef HWN_COMMANDS_H
#define HWN_COMMANDS_H

#include <stdio.h>

#include "opt.h"

/* One usage line of a subcommand: "hwnoisetop NAME ARGS  (HELP)". */
struct cmd_usage {
	const char *args;	/* the words after the name: "[OPTIONS]", "A.jsonl B.jsonl" */
	const char *help;	/* --help's note beside it */
};

#define CMD_USAGE_MAX 2

struct cmd_entry {
	const char *name;	/* the first word: "hwlat", "compare"; NULL: the main command */
	struct cmd_usage usage[CMD_USAGE_MAX];	/* ended by args NULL (or the last) */
	/* Its option table, ended by { 0 }: parsing, --help, the man page, the completion. */
	const struct opt_def *(*options)(void);
	/*
	 * The entry point; the exit status.  A subcommand's argv[0] is its
	 * name and prog main's argv[0]; the main command's argv is main's.
	 */
	int (*exec)(int argc, char **argv, const char *prog);
	/*
	 * The bash completion's body for a command whose words are more than
	 * its options (compare's recordings), NULL for the options alone.  It
	 * may call _hwnoisetop_NAME, written from the options.
	 */
	const char *complete;
};

/* The main command first, then the subcommands in --help's order; ended by exec NULL. */
extern const struct cmd_entry commands_table[];

/* The subcommand named by argv1, else the main command (commands_table[0]). */
const struct cmd_entry *commands_find(const char *argv1);

/* --help's usage lines after the first ("Usage: hwnoisetop [OPTIONS]", after rtla's summary line). */
void commands_usage(FILE *out);

/*
 * The entry points of the main command and compare (hwnoise_cmd.c), and
 * the options of each command beside its parser (cli_options.c,
 * hist_cmd.c, compare_cmd.c, experiment_cmd.c).
 */
int hwnoise_cmd_main(int argc, char **argv);
int hwnoise_cmd_compare(int argc, char **argv, const char *prog);
/* "experiment ...": argv[0] is "experiment". */
int experiment_cmd_main(int argc, char **argv, const char *prog);
/* Its options, ours then the main command's it hands on (built on the first call). */
const struct opt_def *experiment_cmd_options(void);

#endif
