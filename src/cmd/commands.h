/*
 * commands: hwnoisetop's subcommands (the first word of its command line),
 * one table for --help, the man page's SYNOPSIS and the bash completion.
 */
#ifndef HWN_COMMANDS_H
#define HWN_COMMANDS_H

#include <stdio.h>

struct command_line {
	const char *name;	/* the first word: "hwlat", "compare" */
	const char *args;	/* the words after it: "[OPTIONS]", "A.jsonl B.jsonl" */
	const char *help;	/* --help's note beside it */
};

/* Ended by { NULL }; a command may have more than one line (compare). */
extern const struct command_line command_lines[];

/* --help's usage lines after the first ("Usage: hwnoisetop [OPTIONS]", after rtla's summary line). */
void commands_usage(FILE *out);

/*
 * The commands' entry points (main.c looks them up; hwlat_main() is in
 * hwlat_cli.h).  Each returns the exit status.  "hwnoisetop [OPTIONS]":
 * argv as main's.  "compare ...": argv[0] is "compare", prog main's argv[0].
 */
int hwnoise_main(int argc, char **argv);
int compare_main(int argc, char **argv, const char *prog);
/* "experiment ...": argv[0] is "experiment". */
int experiment_main(int argc, char **argv, const char *prog);

#endif
