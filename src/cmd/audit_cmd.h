/*
 * audit_cmd: "hwnoisetop audit [-c LIST] [--json]", the box's tuning for
 * low hardware noise, read-only (src/machine/audit.h).  Exit status: 0
 * every item passes, 1 bad usage, AUDIT_EXIT_WARN (2) a warning or an item
 * it could not read, AUDIT_EXIT_FAIL (3) a failure.
 */
#ifndef HWN_AUDIT_CMD_H
#define HWN_AUDIT_CMD_H

#include "opt.h"

/* Its option table, ended by { 0 }. */
extern const struct opt_def audit_cmd_options[];

/* argv[0] is "audit"; prog main's argv[0]. */
int audit_cmd_main(int argc, char **argv, const char *prog);

#endif
