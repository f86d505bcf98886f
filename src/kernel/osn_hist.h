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
	struct tracefs_instance *inst;	/* NULL: no triggers set */
	char buckets[256], cpus[256];	/* the two triggers' text */
	struct osn_hist_reader *reader;	/* osn_hist_ask()'s thread, once asked */
	unsigned gen;			/* counts since: a clear or a setup */
};

/*
 * Does this kernel have hist triggers (CONFIG_HIST_TRIGGERS): the event's
 * trigger and hist files?
 */
bool osn_hist_supported(void);
/*
 * Set the triggers for plan p in inst.  0, or -errno with err (nothing
 * left set): -ENODEV or -EINVAL, a kernel that does not take them.
 */
int osn_hist_setup(struct osn_hist *k, struct tracefs_instance *inst, const struct histo_plan *p,
		   char *err, size_t errlen);
/* Read the kernel's counts into h.  0, or -1 with err. */
int osn_hist_read(struct osn_hist *k, struct histo *h, char *err, size_t errlen);
/*
 * The same read off the caller's thread: reading the hist file takes the
 * kernel a while (seconds under emulation, with many buckets), which the
 * dashboard's loop must not wait for.  osn_hist_ask() starts a read on a
 * thread of our own that runs where the asking thread runs (the first ask
 * starts it); false when one is still under way (or no thread).
 * osn_hist_take() parses a finished read into h: 1, 0 when none finished
 * (or it began before the latest clear: its counts are dropped), or -1
 * with err.
 */
bool osn_hist_ask(struct osn_hist *k);
int osn_hist_take(struct osn_hist *k, struct histo *h, char *err, size_t errlen);
/* Zero the kernel's counts (a warm-up's end, R); a read under way is dropped. */
void osn_hist_clear(struct osn_hist *k);
/* Remove the triggers, once a read under way has ended (its thread too). */
void osn_hist_teardown(struct osn_hist *k);

#endif
