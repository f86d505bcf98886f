/*
 * hist_cmd: "hwnoisetop hist [OPTIONS]", rtla osnoise hist's histogram of
 * single noises for hwnoise, counted in the kernel (osn_hist.h).  Its
 * option table: its own (-b, -E and the layout options) and the main
 * command's measuring and output options it takes, copied from theirs.
 */
#ifndef HWN_HIST_CMD_H
#define HWN_HIST_CMD_H

#include "histo.h"
#include "options.h"

/* The table (built on the first call, ended by { 0 }). */
const struct opt_def *hist_options(void);

/* The entry point: argv[0] is "hist". */
int hist_main(int argc, char **argv, const char *prog);

/* hwnoise_cmd.c: the main command's run, with the histogram conf (NULL: none). */
int hwnoise_run_hist(int argc, char **argv, const struct histo_conf *hist);

#endif
