/*
 * sysknobs: the machine's tuning knobs that can change at run time (SMT,
 * clocksource, NMI watchdog, frequency governor, deep idle states, the
 * idle latency request, timer migration, RT throttling): read them, step
 * one to its next value, and notice changes made from outside.
 *
 * Every write goes through settings (saved first, put back on every way
 * out unless the user keeps the tuned state), except the idle latency
 * request: an open /dev/cpu_dma_latency that the kernel drops when the
 * process ends, however it ends.  No curses, no terminal output here.
 *
 * Each knob is one descriptor of sysknobs_table.c (sysknobs_int.h), from
 * which every list of knobs is read, through the functions below.
 */
#ifndef HWN_SYSKNOBS_H
#define HWN_SYSKNOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpuset.h"

#include "audit.h"
#include "exp_keep.h"
#include "kfile.h"

enum sysknob_id {
	KNOB_SMT,
	KNOB_CLOCKSOURCE,
	KNOB_NMI_WATCHDOG,
	KNOB_GOVERNOR,
	KNOB_DEEP_IDLE,
	KNOB_IDLE_LATENCY,
	KNOB_TIMER_MIGRATION,
	KNOB_RT_THROTTLING,
	KNOB_COUNT
};

#define SYSKNOB_VALUE_LEN 64

struct sysknob {
	const char *name;		/* "SMT", "Clocksource" */
	const char *tag;		/* in a marker: "SMT", "clocksource" */
	const char *file;		/* the file it reads and writes, as shown */
	char value[SYSKNOB_VALUE_LEN];	/* now; "n/a" when na[] says why */
	char start[SYSKNOB_VALUE_LEN];	/* when hwnoisetop started */
	char detail[SYSKNOB_VALUE_LEN];	/* beside the value: "active 1", "POLL stays" */
	char na[128];			/* why it can not be changed here; "" when it can */
	char ours[SYSKNOB_VALUE_LEN];	/* what hwnoisetop set it to; "" never */
	char last[SYSKNOB_VALUE_LEN];	/* at the last read: changes are told once */
};

/* Who made a knob what it is now. */
enum sysknob_origin { SYSKNOB_AS_FOUND, SYSKNOB_SET_HERE, SYSKNOB_SET_OUTSIDE };

struct ledger;

struct sysknobs {
	struct sysknob k[KNOB_COUNT];
	struct cpuset cpus;		/* the measured CPUs (governor, idle states) */
	struct cpuset online;		/* online CPUs at the last read */
	int dma_fd;			/* /dev/cpu_dma_latency held with 0, or -1 */
	struct kfiles files;		/* the files read each tick, kept open */
	uint64_t checked_ns;		/* when missing files were last tried */
	int nmi_ro;			/* nmi_watchdog read-only: 1, 0, or -1 not known */
	int dma_ok;			/* /dev/cpu_dma_latency writable: 1, 0, or -1 */
	struct ledger *ledger;		/* the owner's: every step is saved there */
};

/*
 * A change a read found: a knob changed from outside (origin "outside",
 * text "SMT on -> off", with the knob's tag) or CPUs going offline or online (origin "hotplug",
 * text "CPUs 1,3 went offline").
 */
typedef void (*sysknobs_seen)(void *ctx, const char *origin, const char *text);

/*
 * Read every knob; the values now are the start values.  sysknobs_next()
 * writes through l (NULL: only read, never stepped).
 */
void sysknobs_init(struct sysknobs *kn, struct ledger *l, const struct cpuset *measured);
/*
 * Read them again (the 1 s tick); each change not made by
 * sysknobs_next() since the last read goes to seen (may be NULL).
 */
void sysknobs_read(struct sysknobs *kn, const struct cpuset *measured, sysknobs_seen seen,
		   void *ctx);
/*
 * Set knob id to its next value (the choices in turn; on/off for the
 * switches).  0 with what was done in msg ("clocksource tsc -> hpet"), or
 * -1 with one line saying why nothing changed.
 */
int sysknobs_next(struct sysknobs *kn, enum sysknob_id id, char *msg, size_t len);
/* Taking CPUs offline needs a yes first: does the next value of id do that? */
bool sysknobs_next_offlines(const struct sysknobs *kn, enum sysknob_id id);
enum sysknob_origin sysknobs_origin(const struct sysknob *k);
/* Close the idle latency request (the kernel drops it on exit anyway). */
void sysknobs_close(struct sysknobs *kn);

/* The audit's item (audit.h) on the setting knob id changes. */
enum audit_id sysknobs_audit_item(enum sysknob_id id);
/*
 * A knob's name on the command line of hwnoisetop experiment and in its
 * recordings ("smt", "clocksource"...); NULL for no knob.
 */
const char *sysknobs_cli_name(enum sysknob_id id);
/* The knob of that command-line name, or -1. */
int sysknobs_by_cli_name(const char *name);
/* Every knob's command-line name, in the panel's order: "smt, clocksource, ... or rt_throttling". */
void sysknobs_cli_names(char *buf, size_t len);
/* How the experiment's winner is kept after a reboot (exp_keep.h); NULL for no knob. */
const struct exp_keep *sysknobs_keep(enum sysknob_id id);
/*
 * How to keep value of the knob of command-line name cli after a reboot
 * (a recording's knob too), or that no knob has that name.  Never empty.
 */
void sysknobs_keep_text(const char *cli, const char *value, char *buf, size_t len);

#endif
