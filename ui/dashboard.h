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

struct machine_id;
struct osnoise_conf;
struct playback;
struct session;
struct verdict_series;

struct dashboard_conf {
	uint64_t iterations;	/* end after this many periods per CPU; 0 = never */
	bool color;		/* false: monochrome (NO_COLOR) */
	/* compare --live: a recording's figures, "before" in the compare view (or NULL). */
	const struct stats *ref;
	const char *ref_name;
	uint64_t ref_elapsed_s;	/* its measured time */
	bool ref_osnoise;	/* it was in osnoise mode (IRQs enabled), not hwnoise */
	const struct osnoise_conf *ref_osn;	/* its settings at its end */
	bool ref_smi;		/* it counted SMIs */
	const struct verdict_series *ref_series;	/* its whole run's distributions, per CPU */
	int ref_nseries;
	const struct machine_id *ref_mid;	/* the machine it ran on */
	struct playback *play;	/* playing a recording back (playback.h); NULL: live */
	bool debug;		/* -D: the redraws counted and timed, said at the end */
	/* --single-budget, --period-budget (us); 0: -s, -S, else the defaults (format.h). */
	uint64_t single_budget_us, period_budget_us;
	double margin;		/* --margin: the compare view's equivalence margin; 0: 10% */
};

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
