/*
 * counters: SMI and TSC watchdog counts hooked into the session.  See
 * counters.h.
 */
#include "counters.h"

#include <stdio.h>

#include "causes.h"
#include "env.h"
#include "session_int.h"
#include "smi.h"
#include "tscwd.h"

/* A count for the statistics of the source's view; none while paused or warming up. */
static void smi_to_stats(void *ctx, int cpu, uint64_t count)
{
	struct session *s = ctx;

	bool counted = s->state == SESSION_RUNNING && !s->warming;

	session_hooks(s, smi, cpu, count, counted);
	if (counted) {
		s->source->count_smi(s, cpu, count);
		causes_smi(s->causes, cpu, count);
	}
}

void counters_add_smi(struct session *s, int cpu, uint64_t count)
{
	smi_to_stats(s, cpu, count);
}

void counters_start(struct session *s)
{
	struct cpuset cpus;
	int cpu;

	if (s->conf.smi) {
		/* Every online CPU: the measured ones may change during the run. */
		env_online_cpus(&cpus);
		cpuset_for_each(cpu, session_cpus(s))
			cpuset_add(&cpus, cpu);
		s->smi = smi_open(s->ledger, &cpus, s->conf.smi_load, s->conf.debug);
		if (s->conf.debug && !smi_ok(s->smi))
			fprintf(stderr, "hwnoisetop: debug: SMI counts: %s\n", smi_why(s->smi));
	}
	if (s->conf.why && !s->causes)	/* the recording's first "ev" lines: rec_writer_begin() */
		s->causes = causes_new(s->ncpus, session_cpus(s), true);
	if (s->conf.tscwd || s->conf.why) {	/* --why: the watchdog's visits are a cause */
		s->tscwd = tscwd_start(s->ledger, s->ncpus, s->conf.debug);
		if (s->conf.debug && !tscwd_ok(s->tscwd))
			fprintf(stderr, "hwnoisetop: debug: %s\n", tscwd_why(s->tscwd));
	}
}

void counters_tracer_ready(struct session *s)
{
	if (smi_ok(s->smi) && s->source->smi_ready)
		s->source->smi_ready(s);
}

void counters_sample(struct session *s, const struct osn_sample *smp, uint64_t now_ns)
{
	if (smi_ok(s->smi) && smi_gap_ok(smp->ts, now_ns, s->conf.osn.period_us,
					 s->conf.osn.runtime_us))
		smi_request(s->smi, smp->cpu);
}

void counters_poll(struct session *s, uint64_t now_ns, bool tick)
{
	int cpu;

	if (smi_ok(s->smi)) {
		smi_collect(s->smi, smi_to_stats, s);
		if (tick && s->source->smi_each_tick && s->state == SESSION_RUNNING)
			cpuset_for_each(cpu, session_cpus(s))
				smi_request(s->smi, cpu);
	}
	if (tick) {
		tscwd_update(s->tscwd, now_ns);
		if (causes_tick(s->causes, session_cpus(s), s->tscwd,
				s->state == SESSION_RUNNING && !s->warming))
			session_evidence_hooks(s);	/* a replay's come from its "ev" lines */
	}
}

void counters_tracer_stopped(struct session *s, uint64_t now_ns)
{
	smi_read_now(s->smi, smi_to_stats, s);
	tscwd_update(s->tscwd, now_ns);
}

void counters_finish(struct session *s)
{
	causes_flush(s->causes, smi_ok(s->smi),
		     s->conf.smi ? smi_why(s->smi) : "SMIs not counted");
	smi_stop(s->smi);
	tscwd_stop(s->tscwd);
	s->tscwd = NULL;
}
