/*
 * session_hist: the histogram of single noises in a run of the osnoise
 * tracer, for hwnoisetop hist (conf.hist.on) and the dashboard's D view
 * (conf.hist_view, while its key has them counted: session_count_noises()).
 * The kernel counts them in hist triggers of the run's
 * instance (osn_hist.h); a kernel without them (or
 * HWNOISETOP_NO_HIST_TRIGGER=1, a debugging aid) has every
 * osnoise:sample_threshold event recorded instead, counted here as it is
 * read (histo_add()), and one line says so.  The counts restart with the
 * statistics, and when the CPUs or the threshold change.  See session.h.
 */
#include "config.h"
#include "session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "affinity.h"
#include "session_int.h"

static bool wanted(const struct session *s)
{
	return s->conf.hist.on || s->conf.hist_view;
}

/*
 * Something failed: hwnoisetop hist ends, or the key that asked is
 * refused (must; s->err says why); else (the tracer started again) the
 * dashboard goes on without its histogram, and its D view says why.
 */
static int failed(struct session *s, bool must)
{
	if (must)
		return -1;
	snprintf(s->hist_note, sizeof(s->hist_note), "no histogram: %.200s", s->err);
	s->err[0] = '\0';
	return 0;
}

/* The plan for the measured CPUs (histo_plan()): 0, or -1 with s->err. */
static int plan(struct session *s, struct histo_plan *p)
{
	int n = cpuset_count(&s->conf.osn.cpus);

	if (histo_plan(n, s->conf.hist.bucket_us, s->conf.hist.entries, p) == 0)
		return 0;
	snprintf(s->err, sizeof(s->err), "%d CPUs do not fit in the kernel's histogram map "
		 "(%d entries)", n, HISTO_MAP_MAX);
	return -1;
}

/* What the reason says when the kernel refused the triggers (-e). */
static const char *refused(struct session *s, int e, char *why, size_t len)
{
	snprintf(why, len, "this kernel refused the hist triggers (%s)", strerror(-e));
	s->err[0] = '\0';
	return why;
}

/* Why the kernel does not count them here; NULL: it does (the triggers are set, or asked). */
static const char *no_triggers(struct session *s, const struct histo_plan *p, char *why,
			       size_t len)
{
	const char *env = getenv("HWNOISETOP_NO_HIST_TRIGGER");
	int e;

	if (env && strcmp(env, "1") == 0)
		return "HWNOISETOP_NO_HIST_TRIGGER=1";
	if (!osn_hist_supported())
		return "this kernel has no hist triggers (CONFIG_HIST_TRIGGERS)";
	/* The dashboard's loop does not wait for the kernel (osn_hist.h): a refusal comes later. */
	e = osn_hist_setup(&s->khist, s->osn.inst, p, !s->conf.hist.on, s->err, sizeof(s->err));
	if (e != -ENODEV && e != -EINVAL)
		return e ? "" : NULL;
	return refused(s, e, why, len);
}

/* Counted from the events read instead, for the reason no; must as setup()'s. */
static int count_events(struct session *s, const char *no, bool must)
{
	if (osnoise_all_samples(&s->osn, true, s->err, sizeof(s->err)) < 0)
		return failed(s, must);
	s->hist.events = true;
	s->hist.read = true;
	snprintf(s->hist_note, sizeof(s->hist_note), "%s: the single noises are counted from the "
		 "osnoise:sample_threshold events read", no);
	if (!s->hist_said)	/* once in the notes, however often the tracer starts again */
		textbuf_printf(&s->notes, "%s\n", s->hist_note);
	s->hist_said = true;
	return 0;
}

/* The triggers set (or the events recorded); must: a failure is -1 (failed()). */
static int setup(struct session *s, bool must)
{
	struct histo_plan p;
	const char *no;
	char why[128];

	if (!wanted(s))
		return 0;
	s->hist_read_ns = 0;
	s->hist_note[0] = '\0';
	snprintf(s->hist_since, sizeof(s->hist_since), "the start");
	if (plan(s, &p) < 0)
		return failed(s, must);
	histo_free(&s->hist);
	if (histo_init(&s->hist, &p, s->ncpus) < 0) {
		snprintf(s->err, sizeof(s->err), "out of memory");
		return failed(s, must);
	}
	no = no_triggers(s, &p, why, sizeof(why));
	if (!no)
		return 0;
	if (!*no)	/* the kernel took them, and something else failed */
		return failed(s, must);
	return count_events(s, no, must);
}

int session_hist_setup(struct session *s)
{
	return setup(s, s->conf.hist.on);
}

void session_hist_restart(struct session *s, const char *since)
{
	struct histo_plan p;

	if (!wanted(s) || !s->hist.cpu || (!s->hist.events && !s->khist.inst))
		return;
	snprintf(s->hist_since, sizeof(s->hist_since), "%s", since);
	s->hist_read_ns = 0;
	if (s->hist.events) {
		histo_clear(&s->hist);
		s->hist.read = true;	/* counted as they come: zero is what was read */
		return;
	}
	/* Other CPUs: the kernel's map sized for them, as at the start. */
	if (plan(s, &p) == 0 && memcmp(&p, &s->hist.plan, sizeof(p)) != 0) {
		osn_hist_unset(&s->khist);
		/* Only the dashboard changes its CPUs: a failure is its D view's note. */
		session_hist_setup(s);
		snprintf(s->hist_since, sizeof(s->hist_since), "%s", since);
		return;
	}
	osn_hist_clear(&s->khist);
	histo_clear(&s->hist);
}

void session_hist_teardown(struct session *s)
{
	char err[256];

	if (s->khist.inst && osn_hist_read(&s->khist, &s->hist, err, sizeof(err)) < 0)
		textbuf_printf(&s->notes, "%s\n", err);
	osn_hist_teardown(&s->khist);
}

int session_count_noises(struct session *s, bool on)
{
	if (s->conf.hist.on) {
		snprintf(s->err, sizeof(s->err), "hwnoisetop hist counts the single noises all along");
		return -1;
	}
	if (!s->osn.inst || tracer_inst(s) != s->osn.inst) {
		snprintf(s->err, sizeof(s->err), "single noises are counted in the hwnoise view only");
		return -1;
	}
	if (on == s->conf.hist_view)
		return 0;
	s->conf.hist_view = on;
	if (!on) {
		/*
		 * Their counts as last read kept (session_histo(), the recording's
		 * footer); the triggers removed by the worker, not waited for.
		 */
		osn_hist_unset(&s->khist);
		s->hist_note[0] = '\0';
		return s->hist.events ? osnoise_all_samples(&s->osn, false, s->err, sizeof(s->err)) : 0;
	}
	if (setup(s, true) < 0) {
		s->conf.hist_view = false;
		return -1;
	}
	snprintf(s->hist_since, sizeof(s->hist_since), "counting started");
	return 0;
}

/* Events read while the counting is off (those -s asks for) count nowhere. */
void session_hist_event(struct session *s, int cpu, uint64_t duration_ns)
{
	if (s->hist.events && wanted(s))
		histo_add(&s->hist, cpu, duration_ns);
}

void session_hist_lost(struct session *s, uint64_t count)
{
	if (s->hist.events && wanted(s))
		s->hist.dropped += count;
}

/*
 * The worker's setup failed (nothing set): a kernel that refuses hist
 * triggers has them counted from the events, as at the start; else the D
 * view says why.
 */
static int set_failed(struct session *s, int e)
{
	char why[128];

	if (e == -ENODEV || e == -EINVAL)
		return count_events(s, refused(s, e, why, sizeof(why)), false);
	return failed(s, false);
}

int session_histo_refresh(struct session *s)
{
	uint64_t now = stopwatch_now();
	int e;

	/* Counted as read, or nothing counted. */
	if (s->hist.events || !s->khist.inst)
		return 0;
	/* What the worker finished (a refusal too, wherever we run): the loop never waits for it. */
	if (osn_hist_take(&s->khist, &s->hist, &e, s->err, sizeof(s->err)) < 0)
		return e ? set_failed(s, e) : -1;
	/* On a measured CPU the reads would add noise there: read at the end only. */
	if (!affinity_apart(measured_cpus(s), s->ncpus))
		return 0;
	if (s->hist_read_ns && now - s->hist_read_ns < s->conf.osn.period_us * 1000)
		return 0;
	if (osn_hist_ask(&s->khist))
		s->hist_read_ns = now;
	return 0;
}

const struct histo *session_histo(const struct session *s)
{
	return s->hist.read ? &s->hist : NULL;
}

const char *session_histo_note(const struct session *s)
{
	if (s->hist_note[0])
		return s->hist_note;
	if (s->khist.inst && !affinity_apart(measured_cpus(s), s->ncpus))
		return "the kernel's counts are read at the end: hwnoisetop runs on a measured CPU "
		       "(-c or -H leaves it one of its own)";
	return "";
}

const char *session_histo_since(const struct session *s)
{
	return s->hist_since;
}
