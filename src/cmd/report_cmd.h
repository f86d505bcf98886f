/*
 * report_cmd: "hwnoisetop report REC.jsonl [-o FILE.html]": one
 * self-contained HTML page of a recording (report_html.h).  Its option
 * table drives its --help, the man page's REPORT section and the completion.
 */
#ifndef HWN_REPORT_CMD_H
#define HWN_REPORT_CMD_H

#include "options.h"

/* The table, ended by { 0 }. */
const struct opt_def *report_options(void);

/* The command: argv[0] is "report", prog main's argv[0].  Its exit status. */
int report_main(int argc, char **argv, const char *prog);

#endif
