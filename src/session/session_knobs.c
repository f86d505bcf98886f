/*
 * session_knobs: the system panel's engine side.  See session_knobs.h.
 */
#include "session_knobs.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_int.h"
#include "settings.h"
#include "tscwd.h"

/* Every change becomes a marker, and the news of the moment. */
static void tell(struct session *s, const char *origin, const char *text)
{
	struct tuning *t = s->tuning;
	int num = session_mark(s, origin, "%s", text);

	if (num > 0)
		snprintf(t->news, sizeof(t->news), "marker %d: %.200s (%s)", num, text, origin);
	else
		snprintf(t->news, sizeof(t->news), "%.200s (%s)", text, origin);
	t->news_seq++;
}

static void seen(void *ctx, const char *origin, const char *text)
{
	struct session *s = ctx;

	tell(s, origin, text);
	/* CPUs went offline or came back: run where housekeeping CPUs are left. */
	if (strcmp(origin, "hotplug") == 0)
		session_follow_online(s);
}

int session_knobs_start(struct session *s)
{
	s->tuning = calloc(1, sizeof(*s->tuning));
	if (!s->tuning) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return -1;
	}
	sysknobs_init(&s->tuning->knobs, s->ledger, session_cpus(s));
	session_keep_tuning(s, s->conf.keep_tuning);
	return 0;
}

/* The TSC watchdog timer's visits over the last 10 s, when they are counted. */
static int64_t tsc_visits(const struct session *s)
{
	return s->tscwd && tscwd_ok(s->tscwd) ? (int64_t)tscwd_recent(s->tscwd, 10) : -1;
}

void session_knobs_tick(struct session *s)
{
	struct tuning *t = s->tuning;

	if (!t)
		return;
	sysknobs_read(&t->knobs, session_cpus(s), seen, s);
	if (t->info_wanted) {
		sysinfo_read(&t->info, session_cpus(s), tsc_visits(s));
		audit_run(&t->audit, session_cpus(s));
	}
}

void session_knobs_free(struct session *s)
{
	if (!s->tuning)
		return;
	sysknobs_close(&s->tuning->knobs);
	free(s->tuning);
	s->tuning = NULL;
}

int session_knob_next(struct session *s, enum sysknob_id id)
{
	return session_knob_step(s, id, "key");
}

int session_knob_step(struct session *s, enum sysknob_id id, const char *origin)
{
	struct tuning *t = s->tuning;
	char msg[256];

	if (!t || id >= KNOB_COUNT) {
		snprintf(s->err, sizeof(s->err), "no such knob");
		return -1;
	}
	if (sysknobs_next(&t->knobs, id, msg, sizeof(msg)) < 0) {
		snprintf(s->err, sizeof(s->err), "%s", msg);
		return -1;
	}
	tell(s, origin, msg);
	memcpy(t->said, t->news, sizeof(t->said));
	/* SMT off may have taken hwnoisetop's own CPU: tell the CPUs now, move. */
	session_knobs_tick(s);
	return 0;
}

void session_keep_tuning(struct session *s, bool keep)
{
	if (s->tuning)
		s->tuning->keep = keep;
	if (s->ledger)
		settings_set_keep(s->ledger, keep);
}

const struct tuning *session_tuning(const struct session *s)
{
	return s->tuning;
}

void session_want_sysinfo(struct session *s, bool want)
{
	if (!s->tuning)
		return;
	s->tuning->info_wanted = want;
	if (want) {
		sysinfo_read(&s->tuning->info, session_cpus(s), tsc_visits(s));
		audit_run(&s->tuning->audit, session_cpus(s));
	}
}
