/*
 * causes: the periods of each CPU, their evidence and the attribution's
 * tallies, allocated for a CPU at its first period.  See causes.h.
 */
#include "causes.h"

#include "jsonread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smi.h"

struct causes_cpu {
	struct cause_cpu tally;
	struct cause_period wait;	/* the period waiting for its SMI count */
	uint64_t wait_nmi, wait_smi;
	bool waiting;
};

struct causes {
	int ncpus;
	struct causes_cpu **cpu;
	struct evidence_cpu *latest;
	struct evidence *ev;		/* live; NULL in a replay */
	bool replay;
	char why_smi[160];		/* why SMIs are not counted, "" */
	/* Live with osnoise:nmi_noise: each CPU's NMI time since its last summary. */
	uint64_t *nmi_pending;		/* ns */
	bool nmi_live;
	bool nmi_timed;			/* a period came with its NMI time */
	const char *why_nmi;		/* why NMI time is not measured, where it never was */
};

struct causes *causes_new(int ncpus, const struct cpuset *measured, bool live)
{
	struct causes *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->ncpus = ncpus;
	c->cpu = calloc((size_t)ncpus, sizeof(*c->cpu));
	c->latest = malloc((size_t)ncpus * sizeof(*c->latest));
	c->nmi_pending = calloc((size_t)ncpus, sizeof(*c->nmi_pending));
	if (!c->cpu || !c->latest || !c->nmi_pending) {
		causes_free(c);
		return NULL;
	}
	for (int i = 0; i < ncpus; i++)
		c->latest[i] = (struct evidence_cpu){ -1, -1, -1 };
	snprintf(c->why_smi, sizeof(c->why_smi), "%s",
		 live ? "SMIs not counted" : "no SMI counts recorded");
	c->why_nmi = live ? "osnoise:nmi_noise not available" : "no NMI time recorded";
	if (live && (c->ev = evidence_open("", ncpus, measured)))
		evidence_read(c->ev);
	return c;
}

void causes_tick(struct causes *c, const struct cpuset *measured)
{
	int cpu;

	if (!c || !c->ev)
		return;
	evidence_read(c->ev);
	cpuset_for_each(cpu, measured) {
		if (cpu >= c->ncpus)
			break;
		evidence_get(c->ev, cpu, &c->latest[cpu]);
	}
}

void causes_evidence(struct causes *c, int cpu, const struct evidence_cpu *ev)
{
	if (c && cpu >= 0 && cpu < c->ncpus)
		c->latest[cpu] = *ev;
}

static enum cause_seen seen(bool measured, bool present)
{
	return !measured ? CAUSE_UNMEASURED : present ? CAUSE_PRESENT : CAUSE_ABSENT;
}

/* The waiting period of a CPU into its tally. */
static void settle(struct causes_cpu *cc, bool smi)
{
	struct cause_period *p = &cc->wait;

	if (!cc->waiting)
		return;
	p->seen[CAUSE_SMI] = seen(smi, cc->wait_smi > 0);
	p->seen[CAUSE_NMI] = seen(true, cc->wait_nmi > 0);
	cause_cpu_add(&cc->tally, p);
	cc->waiting = false;
}

void causes_sample(struct causes *c, const struct osn_sample *smp, bool smi)
{
	struct causes_cpu *cc;
	const struct evidence_cpu *ev;

	if (!c || smp->cpu < 0 || smp->cpu >= c->ncpus)
		return;
	if (!c->cpu[smp->cpu]) {
		if (!(c->cpu[smp->cpu] = malloc(sizeof(**c->cpu))))
			return;
		cause_cpu_init(&c->cpu[smp->cpu]->tally);
		c->cpu[smp->cpu]->waiting = false;
	}
	cc = c->cpu[smp->cpu];
	settle(cc, smi);
	ev = &c->latest[smp->cpu];
	cc->wait = (struct cause_period){ .runtime = smp->runtime, .noise = smp->noise,
					  .max_single = smp->max_sample };
	cc->wait.seen[CAUSE_SIBLING] = seen(ev->sibling_pm >= 0,
					    ev->sibling_pm >= CAUSE_BUSY_SHARE * 1000);
	cc->wait.seen[CAUSE_STEAL] = seen(ev->steal_us >= 0, ev->steal_us > 0);
	cc->wait.seen[CAUSE_THERMAL] = seen(ev->throttle >= 0, ev->throttle > 0);
	cc->wait_nmi = smp->nmi_count;
	cc->wait.nmi_count = smp->nmi_count;
	cc->wait.nmi_ns = smp->nmi_ns;
	cc->wait.nmi_time = smp->nmi_time;
	c->nmi_timed |= smp->nmi_time;
	cc->wait_smi = 0;
	cc->waiting = true;
}

void causes_nmi_time(struct causes *c, bool on)
{
	if (!c)
		return;
	c->nmi_live = on;
	memset(c->nmi_pending, 0, (size_t)c->ncpus * sizeof(*c->nmi_pending));
}

void causes_nmi(struct causes *c, int cpu, uint64_t ns)
{
	if (c && c->nmi_live && cpu >= 0 && cpu < c->ncpus)
		c->nmi_pending[cpu] += ns;
}

void causes_nmi_take(struct causes *c, struct osn_sample *smp)
{
	if (!c || !c->nmi_live || smp->cpu < 0 || smp->cpu >= c->ncpus)
		return;
	smp->nmi_ns = c->nmi_pending[smp->cpu];
	smp->nmi_time = true;
	c->nmi_pending[smp->cpu] = 0;
}

const char *causes_why_nmi_time(const struct causes *c)
{
	if (!c)
		return "";
	return c->nmi_timed ? "no osnoise:nmi_noise event came with the NMIs counted" : c->why_nmi;
}

void causes_smi(struct causes *c, int cpu, uint64_t count)
{
	if (c && cpu >= 0 && cpu < c->ncpus && c->cpu[cpu] && c->cpu[cpu]->waiting)
		c->cpu[cpu]->wait_smi += count;
}

void causes_flush(struct causes *c, bool smi, const char *why_smi)
{
	if (!c)
		return;
	snprintf(c->why_smi, sizeof(c->why_smi), "%s", smi ? "" : why_smi);
	for (int i = 0; i < c->ncpus; i++)
		if (c->cpu[i])
			settle(c->cpu[i], smi);
}

/* An "ev" figure: a count, or null where it was not measured (-1); false if neither. */
static bool ev_figure(const struct jsonr_obj *o, const char *key, int64_t max, int64_t *v)
{
	const struct jsonr_field *f = jsonread_get(o, key);
	uint64_t n;

	*v = -1;
	if (!f || f->type == JR_NULL)
		return true;
	if (jsonread_u64(o, key, &n) < 0 || n > (uint64_t)max)
		return false;
	*v = (int64_t)n;
	return true;
}

int causes_read(struct causes **cp, int ncpus, const struct jsonr_obj *o, const char **why)
{
	struct evidence_cpu ev;
	int64_t sib, cpu;

	*why = "an \"ev\" line without a CPU, or with a figure that is no count or null";
	if (!ev_figure(o, "cpu", ncpus - 1, &cpu) || cpu < 0 ||
	    !ev_figure(o, "sib_pm", 1000, &sib) ||
	    !ev_figure(o, "steal_us", INT64_MAX / 2, &ev.steal_us) ||
	    !ev_figure(o, "throttle", INT64_MAX / 2, &ev.throttle))
		return -1;
	ev.sibling_pm = (int)sib;
	if (!*cp && !(*cp = causes_new(ncpus, NULL, false))) {
		*why = "out of memory";
		return -1;
	}
	causes_evidence(*cp, (int)cpu, &ev);
	return 0;
}

void causes_free(struct causes *c)
{
	if (!c)
		return;
	for (int i = 0; c->cpu && i < c->ncpus; i++)
		free(c->cpu[i]);
	free(c->cpu);
	free(c->latest);
	free(c->nmi_pending);
	evidence_close(c->ev);
	free(c);
}

bool causes_answer(const struct causes *c, int cpu, struct cause_answer *a)
{
	if (!c || cpu < 0 || cpu >= c->ncpus || !c->cpu[cpu] || !c->cpu[cpu]->tally.periods)
		return false;
	cause_cpu_answer(&c->cpu[cpu]->tally, a);
	return true;
}

const char *causes_why(const struct causes *c, int cpu, enum cause_kind k)
{
	if (!c)
		return "";
	switch (k) {
	case CAUSE_SMI:
		return c->why_smi;
	case CAUSE_SIBLING:
		return c->ev ? evidence_why_sibling(c->ev, cpu) : "no sibling's load recorded";
	case CAUSE_STEAL:
		return c->ev ? evidence_why_steal(c->ev) : "no steal time recorded";
	case CAUSE_THERMAL:
		return c->ev ? evidence_why_thermal(c->ev, cpu) : "no throttle counts recorded";
	default:
		return "";
	}
}

void causes_latest(const struct causes *c, int cpu, struct evidence_cpu *ev)
{
	*ev = (struct evidence_cpu){ -1, -1, -1 };
	if (c && cpu >= 0 && cpu < c->ncpus)
		*ev = c->latest[cpu];
}
