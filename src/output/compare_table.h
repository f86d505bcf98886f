/*
 * cmptable: "hwnoisetop compare A.jsonl B.jsonl", two recordings (--record)
 * side by side per CPU with the figures of the dashboard's compare view
 * (segments_rates(), format.h): noise per second of runtime and its
 * change, % CPU available, HW and NMI per second of runtime, and SMIs per
 * second where both runs counted them.  Plain text, no terminal needed.
 * Recordings of different modes (hwnoise, osnoise, hwlat) are refused:
 * osnoise counts IRQ, softirq and thread noise, hwnoise does not.
 */
#ifndef HWN_CMPTABLE_H
#define HWN_CMPTABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "stats.h"
#include "verdict.h"

/* One recording's periods: its CPUs' series (verdict.h), nseries of them. */
struct cmptable_run {
	const struct verdict_series *series;
	int nseries;
};

struct cmptable_opts {
	double margin;		/* the equivalence margin, a fraction (0.10) */
	bool comparable;	/* period, runtime and threshold are the same */
	bool smi;		/* both counted SMIs */
};

/*
 * The table of a against b: per CPU and for all CPUs, each figure's
 * verdict (verdict.h) as the mark of its B cell, the noise change's 95%
 * interval, max single's p99 and largest.
 */
void cmptable_print(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		    const struct cmptable_opts *o);
/* compare --json: the same as one JSON object. */
void cmptable_json(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		   const struct cmptable_opts *o);

/* The subcommand: argv[0] is "compare".  Its exit status. */
int cmptable_main(int argc, char **argv);

struct replay;

/*
 * "compare A.jsonl --live [OPTIONS]" (or "compare --live A.jsonl ..."):
 * argv[0] is "compare".  Not asking for --live: 0.  Otherwise A is read
 * into *ref (free with replay_free() and free()) and *path, and the
 * count of words before the live run's options (3) returned; or -1 after
 * a one-line error (*ref NULL).
 */
int cmptable_live(int argc, char **argv, struct replay **ref, const char **path);

/*
 * compare --live: does the recording ref (read from path) count the same
 * noise as a live run with irq_disable (hwnoise; false: osnoise)?  0; or
 * -1 after one line naming both modes.  Before anything touches the system.
 */
int cmptable_live_mode(const struct replay *ref, const char *path, bool irq_disable);

#endif
