/*
 * session_view: making a session and reading it, and the hooks and the
 * stop request every part may use (session_free() is in session.c, above
 * the parts whose memory it frees).  struct session is
 * defined in session_int.h for the session's own files; everyone else
 * holds a pointer from session_new() and reads the run through these
 * accessors (const), and changes it only through the requests of
 * session.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "causes.h"
#include "env.h"
#include "session_int.h"
#include "smi.h"

struct session *session_new(const struct session_source *source)
{
	struct session *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->sig_fd = s->end_fd = s->tick_fd = s->batch_fd = -1;
	s->hwl.dma_fd = -1;
	s->stop_cpu = -1;
	s->source = source;
	return s;
}

uint64_t session_elapsed_of(const struct session *s, enum session_tracer t)
{
	return stopwatch_ns(&s->watch[t], stopwatch_now()) / 1000000000ULL;
}

uint64_t session_elapsed(const struct session *s)
{
	return session_elapsed_of(s, s->conf.tracer);
}

uint64_t session_run_ns(const struct session *s)
{
	return stopwatch_ns(&s->run_stopwatch, stopwatch_now());
}

bool session_periods_done(const struct session *s, uint64_t n)
{
	return s->source->periods_done(s, n);
}

const struct cpuset *session_cpus(const struct session *s)
{
	return measured_cpus(s);
}

uint64_t session_threshold(const struct session *s)
{
	return s->source->threshold(s);
}

const struct osnoise_conf *session_osnoise_conf(const struct session *s)
{
	return &s->conf.osn;
}

const struct hwlat_conf *session_hwlat_conf(const struct session *s)
{
	return &s->conf.hwl;
}

void session_set_exit_status(struct session *s, int status)
{
	s->exit_status = status;
}

int session_add_note(struct session *s, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = textbuf_vprintf(&s->notes, fmt, ap);
	va_end(ap);
	return rc;
}

void session_remove_hooks(struct session *s)
{
	s->nhooks = 0;
}

const struct session_conf *session_conf(const struct session *s)
{
	return &s->conf;
}

const struct stats *session_stats(const struct session *s)
{
	return &s->stats;
}

const struct hwl_stats *session_hwl_stats(const struct session *s)
{
	return &s->hwl_stats;
}

const struct segments *session_segments(const struct session *s)
{
	return &s->seg;
}

const struct textbuf *session_notes(const struct session *s)
{
	return &s->notes;
}

const char *session_err(const struct session *s)
{
	return s->err;
}

int session_exit_status(const struct session *s)
{
	return s->exit_status;
}

enum session_state session_run_state(const struct session *s)
{
	return s->state;
}

bool session_replaying(const struct session *s)
{
	return s->source && s->source->recorded;
}

bool session_quitting(const struct session *s)
{
	return s->quit;
}

bool session_stop_hit(const struct session *s)
{
	return s->stop_hit;
}

bool session_warming(const struct session *s)
{
	return s->warming;
}

const char *session_stop_reason(const struct session *s)
{
	return s->stop_reason;
}

const struct causes *session_causes(const struct session *s)
{
	return s->causes;
}

void session_evidence_of(struct session *s, int cpu)
{
	struct evidence_cpu ev;

	if (!s->causes)
		return;
	causes_latest(s->causes, cpu, &ev);
	session_hooks(s, evidence, cpu, &ev);
}

void session_evidence_hooks(struct session *s)
{
	int cpu;

	cpuset_for_each(cpu, session_cpus(s))
		session_evidence_of(s, cpu);
}

const struct smi *session_smi(const struct session *s)
{
	return s->smi;
}

const struct tscwd *session_tscwd(const struct session *s)
{
	return s->tscwd;
}

bool session_smi_recorded(const struct session *s)
{
	return s->smi_recorded;
}

int session_ncpus(const struct session *s)
{
	return s->ncpus;
}

void session_online_cpus(const struct session *s, struct cpuset *set)
{
	if (!session_replaying(s)) {
		env_online_cpus(set);
		return;
	}
	cpuset_clear(set);
	for (int cpu = 0; cpu < s->ncpus; cpu++)
		cpuset_add(set, cpu);
}

const char *session_neighbour(const struct session *s)
{
	return s->neighbour;
}

const char *session_neighbour_log(const struct session *s)
{
	return s->neighbour_log;
}

void session_loop_counts(const struct session *s, uint64_t *ticks, uint64_t *batches,
			 uint64_t *wakeups)
{
	*ticks = s->ticks;
	*batches = s->batches;
	*wakeups = s->wakeups;
}

void session_request_stop(struct session *s, const char *why)
{
	s->quit = true;
	if (!s->stop_reason[0])
		snprintf(s->stop_reason, sizeof(s->stop_reason), "%s", why);
}

int session_add_hook(struct session *s, const struct session_hook *h)
{
	if (s->nhooks == SESSION_HOOKS_MAX)
		return -1;
	s->hooks[s->nhooks++] = h;
	return 0;
}
