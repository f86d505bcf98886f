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

/* The table of a against b (smi: both counted SMIs). */
void cmptable_print(FILE *out, const struct stats *a, const struct stats *b, bool smi);

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
