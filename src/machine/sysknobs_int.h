/*
 * sysknobs_int: a knob's descriptor, the one record of everything about a
 * knob (like tmux's options_table_entry): how the panel names it, the file
 * it changes, its name on the command line, how it is read and stepped,
 * the audit's item on the same setting, how to keep a value after a
 * reboot.  The table (sysknobs_table.c) has one for each enum sysknob_id;
 * sysknobs.c and every list of knobs elsewhere read it.  Private to the
 * machine layer's knobs: the layers above go through sysknobs.h.
 */
#ifndef HWN_SYSKNOBS_INT_H
#define HWN_SYSKNOBS_INT_H

#include "sysknobs.h"

struct sysknob_def {
	const char *name;		/* on the panel: "SMT", "Clocksource" */
	const char *tag;		/* in a marker: "SMT", "clocksource" */
	const char *file;		/* the file it reads and writes, as shown */
	const char *cli;		/* hwnoisetop experiment --knob's, and in recordings: "smt" */
	/* Fill k's value, detail and na from the kernel's files. */
	void (*read)(struct sysknobs *kn, struct sysknob *k);
	/*
	 * Write the next value (into next) through kn->ledger: 0, or -1 with
	 * one line in msg.
	 */
	int (*step)(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen, char *msg,
		    size_t len);
	enum audit_id audit;		/* the audit's item on the same setting */
	struct exp_keep keep;		/* how an experiment's winner is kept after a reboot */
};

/* One descriptor a knob, indexed by enum sysknob_id. */
extern const struct sysknob_def sysknobs_table[KNOB_COUNT];

#endif
