/*
 * prom_hook: the --prometheus file fed by the session's hook and written
 * at each tick (at most once in MIN_INTERVAL_NS) and at the end.  See prom.h.
 */
#include "prom_int.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "stopwatch.h"

void prom_hook_session_view(const struct session *s, struct prom_view *v)
{
	*v = (struct prom_view){
		.osnoise = !session_conf(s)->osn.irq_disable,
		.hwlat_running = session_conf(s)->tracer == SESSION_HWLAT,
		.st = session_stats(s)->cpu ? session_stats(s) : NULL,
		.cpus = &session_conf(s)->osn.cpus,
		.period_us = session_conf(s)->osn.period_us,
		.runtime_us = session_conf(s)->osn.runtime_us,
		.threshold_us = session_conf(s)->osn.threshold_us,
		.elapsed_s = session_elapsed_of(s, SESSION_OSNOISE),
		.hwl = session_hwl_stats(s)->cpu ? session_hwl_stats(s) : NULL,
		.hwl_cpus = &session_conf(s)->hwl.cpus,
		.causes = session_causes(s),
	};
}

/* The totals count whatever the view counts (counted is not looked at). */
static void on_osnoise(void *ctx, const struct session *s, const struct osn_sample *smp,
		       bool counted)
{
	(void)counted;
	prom_add_osnoise(ctx, !session_conf(s)->osn.irq_disable, smp);
}

static void on_hwlat(void *ctx, const struct session *s, const struct hwl_sample *smp,
		     bool counted)
{
	(void)s, (void)counted;
	prom_add_hwlat(ctx, smp);
}

static void on_smi(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted)
{
	(void)s, (void)counted;
	prom_add_smi(ctx, cpu, count);
}

static void on_missed(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted)
{
	(void)s, (void)counted;
	prom_add_missed(ctx, cpu, count);
}

static void on_mark(void *ctx, const struct session *s)
{
	const struct markers *ms = &session_segments(s)->marks;
	struct timespec ts;

	if (!ms->n)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	prom_add_marker(ctx, (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000,
			ms->m[ms->n - 1].origin, ms->m[ms->n - 1].text);
}

static void on_tick(void *ctx, struct session *s)
{
	struct prom *p = ctx;
	struct prom_view v;
	uint64_t now = stopwatch_now();
	char line[1200];

	if (p->last_write_ns && now - p->last_write_ns < MIN_INTERVAL_NS)
		return;
	p->last_write_ns = now;
	prom_hook_session_view(s, &v);
	if (prom_write(p, &v) == 0) {
		p->failing = false;
		return;
	}
	if (p->failing)
		return;
	p->failing = true;
	snprintf(line, sizeof(line), "--prometheus: cannot write %s: %s", p->path, strerror(errno));
	session_note(s, line);
}

void prom_hook_attach(struct prom *p, struct session *s)
{
	p->hook = (struct session_hook){
		.ctx = p, .osnoise = on_osnoise, .hwlat = on_hwlat, .smi = on_smi,
		.missed = on_missed, .mark = on_mark, .tick = on_tick,
	};
	session_add_hook(s, &p->hook);
}

void prom_hook_end(struct prom *p, const struct session *s)
{
	struct prom_view v;

	if (!p)
		return;
	if (s) {
		prom_hook_session_view(s, &v);
		if (prom_write(p, &v) < 0)
			fprintf(stderr, "hwnoisetop: --prometheus: cannot write %s: %s\n", p->path,
				strerror(errno));
	}
	prom_free(p);
}
