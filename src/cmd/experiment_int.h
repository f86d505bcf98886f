/*
 * experiment_int: what the experiment's command (experiment_cmd.c) and
 * its replay (exp_replay.c) share beside the block driver of the session
 * (session_exp.h).
 */
#ifndef HWN_EXPERIMENT_INT_H
#define HWN_EXPERIMENT_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "exp_report.h"
#include "session_exp.h"

/*
 * experiment --replay FILE: the report the recorded experiment printed, on
 * out (stdout; hwnoisetop report: its page); the exit status.
 */
int exp_replay(const char *path, bool json, FILE *out);

#endif
