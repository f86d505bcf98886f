/*
 * compare_cmd: the compare subcommand (compare_table.h prints its table).
 */
#ifndef HWN_COMPARE_CMD_H
#define HWN_COMPARE_CMD_H

#include <stdbool.h>

#include "opt.h"

/* Its options (A.jsonl B.jsonl's; --live takes the main command's), ended by { 0 }. */
const struct opt_def *compare_cmd_options(void);

/* The subcommand: argv[0] is "compare".  Its exit status. */
int compare_cmd_main(int argc, char **argv);

struct replay;

/*
 * "compare A.jsonl --live [OPTIONS]" (or "compare --live A.jsonl ..."):
 * argv[0] is "compare".  Not asking for --live: 0.  Otherwise A is read
 * into *ref (free with rec_reader_free() and free()) and *path, and the
 * count of words before the live run's options (3) returned; or -1 after
 * a one-line error (*ref NULL).
 */
int compare_cmd_live(int argc, char **argv, struct replay **ref, const char **path);

/*
 * compare --live: does the recording ref (read from path) count the same
 * noise as a live run with irq_disable (hwnoise; false: osnoise)?  0; or
 * -1 after one line naming both modes.  Before anything touches the system.
 */
int compare_cmd_live_mode(const struct replay *ref, const char *path, bool irq_disable);

#endif
