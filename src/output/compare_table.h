/*
 * compare_table: "hwnoisetop compare A.jsonl B.jsonl"'s table (the command
 * is src/cmd/compare_cmd.c), two recordings (--record) side by side per CPU with the figures of the dashboard's compare view
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

#endif
