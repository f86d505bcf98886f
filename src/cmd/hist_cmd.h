/*
 * hist_cmd: "hwnoisetop hist [OPTIONS]", rtla osnoise hist's histogram of
 * single noises for hwnoise, counted in the kernel (osn_hist.h).  Its
 * option table: its own (-b, -E and the layout options) and the main
 * command's measuring and output options it takes, copied from theirs.
 */
#ifndef HWN_HIST_CMD_H
#define HWN_HIST_CMD_H

#include "histo.h"
#include "opt.h"

/* The table (built on the first call, ended by { 0 }). */
const struct opt_def *hist_cmd_options(void);

/*
 * Its command line (argv[0] is "hist", prog main's argv[0]) into its conf
 * and the main command's line for the run (args[0..n): prog, -q and the
 * main command's options as --name=ARG).  -1 to go on, else the exit
 * status (0 after --help, 1 after a one-line error).  Free with
 * hist_cmd_args_free() either way.
 */
struct hist_args {
	struct histo_conf hc;
	char **args;
	int n;
};
int hist_cmd_parse(int argc, char **argv, const char *prog, struct hist_args *ha);
void hist_cmd_args_free(struct hist_args *ha);

/* hwnoise_cmd.c: the main command's run, with the histogram conf (NULL: none). */
int hwnoise_cmd_run_hist(int argc, char **argv, const struct histo_conf *hist);

#endif
