/*
 * dashboard: the live ncursesw front end.  It attaches to a started
 * session through struct session_ui, draws the header, the per-CPU grid
 * and a status line, and turns key presses into session_* requests.
 * It never touches tracefs.
 */
#ifndef HWN_UI_DASHBOARD_H
#define HWN_UI_DASHBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dashboard_conf.h"

struct session;

/*
 * Run the session with the dashboard on the terminal (stdin/stdout) until
 * it ends; the terminal is restored on return.  Returns the session's
 * status, or -1 with err when the terminal cannot be used (the session is
 * then untouched: run it another way).
 */
/*
 * The grid's columns in the order a narrow terminal keeps them, as man
 * page text ("\fBCPU\fR, \fB% CPU Aval\fR, ..."): tools/mkman.
 */
void grid_print_order(FILE *out);

int dashboard_run(struct session *s, const struct dashboard_conf *conf, char *err,
		  size_t errlen);

#endif
