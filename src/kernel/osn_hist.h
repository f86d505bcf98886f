/*
 * osn_hist: the kernel's count of single noises for hwnoisetop hist: two
 * hist triggers on osnoise:sample_threshold in the run's own instance (no
 * event crosses to user space; the event itself stays off, the triggers
 * fire all the same).  One counts per CPU and duration bucket within the
 * rows' range, one per CPU the count, sum and maximum of every duration
 * (histo.h).  The triggers live in the instance: removed before it
 * (instance_destroy), and by the ledger's removal of a killed run's
 * instance (settings_restore(), --cleanup), which an instance holding a
 * trigger refuses otherwise.
 */
#ifndef HWN_OSN_HIST_H
#define HWN_OSN_HIST_H

#include <stdbool.h>
#include <stddef.h>

#include "histo.h"

struct tracefs_instance;
struct osn_hist_reader;

struct osn_hist {
	struct tracefs_instance *inst;	/* NULL: no triggers set (or asked to be) */
	char buckets[256], cpus[256];	/* the two triggers' text */
	struct osn_hist_reader *reader;	/* the worker thread, from the first setup */
	unsigned gen;			/* counts since: a setup, a clear or an unset */
	unsigned set_gen;		/* gen of the latest setup */
};

/*
 * Writing a trigger takes the kernel a while when the measured CPUs run
 * the tracer with interrupts disabled (it waits for them: seconds, tens of
 * seconds under emulation), and reading the hist file takes a while with
 * many buckets: the dashboard's loop must wait for neither.  A thread of
 * our own (the worker, started by the first setup, running where that
 * caller runs) takes the writes and reads asked of it in their order.
 */

/*
 * Does this kernel have hist triggers (CONFIG_HIST_TRIGGERS): the event's
 * trigger and hist files?
 */
bool osn_hist_supported(void);
/*
 * Set the triggers for plan p in inst.  0, or -errno with err (nothing
 * left set): -ENODEV or -EINVAL, a kernel that does not take them.  later:
 * asked of the worker, 0 at once; a failure comes from osn_hist_take().
 */
int osn_hist_setup(struct osn_hist *k, struct tracefs_instance *inst, const struct histo_plan *p,
		   bool later, char *err, size_t errlen);
/* Read the kernel's counts into h, here, once what was asked before is done.  0, or -1 with err. */
int osn_hist_read(struct osn_hist *k, struct histo *h, char *err, size_t errlen);
/* Ask the worker for a read: false when one is still out (or no triggers, no worker). */
bool osn_hist_ask(struct osn_hist *k);
/*
 * What the worker finished: 1, a read parsed into h; 0, nothing (or a
 * read from before the latest setup, clear or unset: dropped); -1 with
 * err, a read that failed, or with *set_errno too, a setup that failed
 * (nothing is set then).
 */
int osn_hist_take(struct osn_hist *k, struct histo *h, int *set_errno, char *err, size_t errlen);
/* Zero the kernel's counts (a warm-up's end, R), by the worker. */
void osn_hist_clear(struct osn_hist *k);
/* Remove the triggers, by the worker (the counts read so far stay the caller's). */
void osn_hist_unset(struct osn_hist *k);
/* Remove the triggers and end the worker, once all it was asked is done. */
void osn_hist_teardown(struct osn_hist *k);

#endif
