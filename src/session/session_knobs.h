/*
 * session_knobs: the session's side of the system panel (struct
 * tuning).  It reads the knobs (sysknobs.h) and the read-only lines
 * (sysinfo.h) on the loop's 1 s tick, turns a front end's request into a
 * knob change, and tells every change it sees (ours, from outside, CPUs
 * going offline or online) as a marker.  When CPUs go offline (SMT off),
 * hwnoisetop moves to the housekeeping CPUs that are left.  No curses here.
 */
#ifndef HWN_TUNING_H
#define HWN_TUNING_H

#include <stdbool.h>
#include <stdint.h>

#include "sysinfo.h"
#include "sysknobs.h"

struct session;

struct tuning {
	struct sysknobs knobs;
	struct sysinfo info;
	struct audit audit;	/* the audit of the measured CPUs, with the read-only lines */
	bool info_wanted;	/* a front end shows the read-only lines: read them too */
	bool keep;		/* leave the tuned knobs as they are at exit */
	char said[256];		/* what the latest request did ("SMT on -> off") */
	char news[256];		/* the latest change seen, as its marker says it */
	uint64_t news_seq;	/* bumped with each change seen */
};

/* Read the knobs' start values; 0, or -1 with s->err. */
int session_knobs_start(struct session *s);
/* The tick: read everything again, tell what changed. */
void session_knobs_tick(struct session *s);
void session_knobs_free(struct session *s);

/* The requests of the panel (session_knob_next...) are in session.h. */

#endif
