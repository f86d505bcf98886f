/*
 * events: the -e/--filter/--trigger trace events of the recording
 * instance (-t).  A list of "system[:event]" entries, each with an
 * optional filter and trigger; checked against tracefs before anything
 * changes, tried in a scratch instance so the kernel can reject a filter
 * or trigger before the measurement starts, applied to the recording
 * instance, and, for hist: triggers, their histograms saved at the end.
 */
#ifndef HWN_EVENTS_H
#define HWN_EVENTS_H

#include "why.h"

#include <stdbool.h>
#include <stddef.h>

struct tracefs_instance;

struct event_opt {
	char *system;
	char *event;		/* NULL: every event of the system */
	char *filter;		/* NULL: none */
	char *trigger;		/* NULL: none */
};

struct events {
	struct event_opt *v;
	int n;
};

/* Add "system[:event]".  0, or -1 with a reason in *why. */
int events_add(struct events *e, const char *arg, struct why *why);
/* Attach to the last -e.  0, or -1 with a reason in *why. */
int events_set_filter(struct events *e, const char *filter, struct why *why);
int events_set_trigger(struct events *e, const char *trigger, struct why *why);
void events_free(struct events *e);

/*
 * Does every system and event exist in tracefs (tracing_dir)?  Only reads.
 * 0, or -1 with err naming the option and what it accepts.
 */
int events_check(const struct events *e, const char *tracing_dir, char *err, size_t errlen);

/*
 * Enable the events and write the filters and triggers into inst.
 * 0, or -1 with err (the kernel's own reason when it gives one).
 */
int events_apply(const struct events *e, struct tracefs_instance *inst, char *err, size_t errlen);

/*
 * Save the output of every hist: trigger to "<system>_<event>_hist.txt"
 * in the current directory, then remove the triggers.  Appends one line
 * per file (or failure) to notes.  Returns the number of failures.
 */
struct textbuf;
int events_save_hists(const struct events *e, struct tracefs_instance *inst,
		      struct textbuf *notes);

#endif
