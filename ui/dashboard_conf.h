/*
 * dashboard_conf: what a command asks of the dashboard (dashboard_run(),
 * dashboard.h), kept in struct dashboard (dash.h) for its parts to read.
 */
#ifndef HWN_UI_DASHBOARD_CONF_H
#define HWN_UI_DASHBOARD_CONF_H

#include <stdbool.h>
#include <stdint.h>

struct stats;
struct machine_id;
struct osnoise_conf;
struct playback;
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
	struct playback *play;	/* playing a recording back (rec_player.h); NULL: live */
	bool debug;		/* -D: the redraws counted and timed, said at the end */
	/* --single-budget, --period-budget (us); 0: -s, -S, else the defaults (format.h). */
	uint64_t single_budget_us, period_budget_us;
	double margin;		/* --margin: the compare view's equivalence margin; 0: 10% */
	/*
	 * P: write the HTML page of the run so far (hwnoisetop report's), given
	 * from above.  0 with the file written in path; else -1 with one line
	 * in path saying why.  NULL: P says it cannot.
	 */
	int (*page)(void *ctx, char *path, size_t len);
	void *page_ctx;
};

#endif
