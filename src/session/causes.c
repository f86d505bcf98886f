/*
 * causes: the periods of each CPU, their evidence and the attribution's
 * tallies, allocated for a CPU at its first period.  See causes.h.
 *
 * The watchdog's visits and the periods.  Its count is read once a tick;
 * a read gives the visits since the read before it, whenever in that time
 * they came.  The periods are taken in the order their summaries come,
 * and the reads in the same order (live, and in a replay, whose "ev" lines
 * sit between the "s" lines where the ticks came), so that one rule gives
 * the same answer both ways:
 * - a period is measured (visited or not) only when a read comes after its
 *   summary and before the next one; the first such read gives it what it
 *   saw, since the read before it: the end of that period;
 * - the reads after that first one, while no other summary comes, saw the
 *   next period run (it began at this one's end): they wait for it, and it
 *   adds them to what its own first read gives;
 * - a period that no read follows before its CPU's next summary is not
 *   measured: with periods shorter than the tick, all but the last of a
 *   tick's, whose visits, if any, the next read gives to that last one
 *   (the read cannot tell which of them they came in; the SMI counts are
 *   read in the gap after each period, so each period has its own);
 * - a read not counted (a pause, the warm-up: null in the recording)
 *   ends both: the waiting period takes no later read, and the reads
 *   waiting for the next period are dropped (they saw time before it).
 * Reads before a CPU's first period are dropped.
 */
#include "causes.h"

#include "jsonread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smi.h"
#include "tscwd.h"

/* The waiting period and the watchdog's reads (see the top). */
enum causes_wd {
	CAUSES_WD_OPEN,		/* no read since its summary: the next is its */
	CAUSES_WD_READ,		/* its read came: measured; later ones are the next period's */
	CAUSES_WD_LOST,		/* a read not counted came first: not measured */
};

struct causes_cpu {
	struct cause_cpu tally;
	struct cause_period wait;	/* the period waiting for its SMI count */
	uint64_t wait_smi, wait_wd;
	unsigned wait_reads;		/* SMI reads while it waited */
	bool prev_read;			/* the period before it had one */
	enum causes_wd wd;		/* the waiting period's reads */
	uint64_t next_wd;		/* visits the next period's reads gave before its summary */
	bool waiting;
};

/*
 * Every CPU's answer, held to the false discovery rate over all of them
 * (cause_adjust()), computed once for the tallies of generation gen and
 * served from here until a period changes them.
 */
struct causes_cache {
	uint64_t gen;			/* the tallies' generation these answers are of */
	uint64_t pgen;			/* ... and the partner's (causes_pair()) */
	bool valid;
	int *slot;			/* a CPU's answer in a[], -1 none */
	struct cause_answer *a;		/* the CPUs' with periods, in CPU order */
};

struct causes {
	int ncpus;
	uint64_t gen;			/* bumped whenever a period goes into a tally */
	struct causes_cache *cache;
	struct causes *partner;		/* one family with it (causes_pair()); NULL alone */
	struct causes_cpu **cpu;
	struct evidence_cpu *latest;
	struct evidence *ev;		/* live; NULL in a replay */
	bool live;
	char why_smi[160];		/* why SMIs are not counted, "" */
	/* The watchdog's visits: why not counted, each CPU's latest count. */
	char why_wd[200];
	uint64_t *wd_last;		/* live */
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
	c->wd_last = calloc((size_t)ncpus, sizeof(*c->wd_last));
	c->cache = calloc(1, sizeof(*c->cache));
	if (c->cache) {
		c->cache->slot = malloc((size_t)ncpus * sizeof(*c->cache->slot));
		c->cache->a = malloc((size_t)ncpus * sizeof(*c->cache->a));
	}
	if (!c->cpu || !c->latest || !c->nmi_pending || !c->wd_last || !c->cache ||
	    !c->cache->slot || !c->cache->a) {
		causes_free(c);
		return NULL;
	}
	for (int i = 0; i < ncpus; i++)
		c->latest[i] = (struct evidence_cpu){ -1, -1, -1, -1, -1 };
	snprintf(c->why_smi, sizeof(c->why_smi), "%s",
		 live ? "SMIs not counted" : "no SMI counts recorded");
	c->why_nmi = live ? "osnoise:nmi_noise not available" : "no NMI time recorded";
	snprintf(c->why_wd, sizeof(c->why_wd), "%s",
		 live ? "TSC watchdog visits not counted" : "no TSC watchdog visits recorded");
	c->live = live;
	if (live && (c->ev = evidence_open("", ncpus, measured)))
		evidence_read(c->ev);
	return c;
}

/* Why the watchdog's visits are not counted live: tscwd_why() without its opening. */
static void why_wd(struct causes *c, const struct tscwd *wd)
{
	const char *why = tscwd_why(wd), *colon = strstr(why, ": ");

	if (!wd)
		why = "not started";
	else if (strncmp(why, "TSC watchdog", 12) == 0 && colon)
		why = colon + 2;
	snprintf(c->why_wd, sizeof(c->why_wd), "TSC watchdog visits not counted (%s)", why);
}

bool causes_tick(struct causes *c, const struct cpuset *measured, const struct tscwd *wd,
		 bool counted)
{
	int cpu;

	if (!c || !c->live)
		return false;
	if (c->ev)
		evidence_read(c->ev);
	if (!tscwd_ok(wd))
		why_wd(c, wd);
	else
		snprintf(c->why_wd, sizeof(c->why_wd), "no TSC watchdog count in its periods yet");
	cpuset_for_each(cpu, measured) {
		uint64_t n, total;

		if (cpu >= c->ncpus)
			break;
		if (c->ev)
			evidence_get(c->ev, cpu, &c->latest[cpu]);
		c->latest[cpu].tscwd = -1;
		if (!tscwd_ok(wd)) {
			causes_tscwd_lost(c, cpu);
			continue;
		}
		total = tscwd_count(wd, cpu);
		n = total >= c->wd_last[cpu] ? total - c->wd_last[cpu] : 0;
		c->wd_last[cpu] = total;
		if (counted)	/* not in a pause nor the warm-up */
			causes_tscwd(c, cpu, n);
		else
			causes_tscwd_lost(c, cpu);
	}
	return true;
}

void causes_evidence(struct causes *c, int cpu, const struct evidence_cpu *ev)
{
	if (c && cpu >= 0 && cpu < c->ncpus)
		c->latest[cpu] = *ev;
}

/* cpu's periods, made at the first use; NULL without memory. */
static struct causes_cpu *cpu_of(struct causes *c, int cpu)
{
	if (!c->cpu[cpu]) {
		if (!(c->cpu[cpu] = calloc(1, sizeof(**c->cpu))))
			return NULL;
		cause_cpu_init(&c->cpu[cpu]->tally);
	}
	return c->cpu[cpu];
}

static enum cause_seen seen(bool measured, bool present)
{
	return !measured ? CAUSE_UNMEASURED : present ? CAUSE_PRESENT : CAUSE_ABSENT;
}

/* The waiting period of a CPU into its tally. */
static void settle(struct causes_cpu *cc, bool smi, uint64_t *gen)
{
	struct cause_period *p = &cc->wait;

	if (!cc->waiting)
		return;
	/*
	 * A read gives the SMIs since the read before: they are this period's
	 * alone when it had a read and the period before it had one too.  A
	 * period no read came in (the read it asked for came a period late)
	 * is not measured, nor the next, whose read holds both's SMIs.
	 */
	p->seen[CAUSE_SMI] = seen(smi && cc->wait_reads && cc->prev_read, cc->wait_smi > 0);
	cc->prev_read = cc->wait_reads > 0;
	p->seen[CAUSE_NMI] = seen(true, p->nmi_count > 0);
	p->seen[CAUSE_TSCWD] = seen(cc->wd == CAUSES_WD_READ, cc->wait_wd > 0);
	cause_cpu_add(&cc->tally, p);
	cc->waiting = false;
	(*gen)++;
}

void causes_sample(struct causes *c, const struct osn_sample *smp, bool smi)
{
	struct causes_cpu *cc;
	const struct evidence_cpu *ev;

	if (!c || smp->cpu < 0 || smp->cpu >= c->ncpus || !(cc = cpu_of(c, smp->cpu)))
		return;
	settle(cc, smi, &c->gen);
	ev = &c->latest[smp->cpu];
	cc->wait = (struct cause_period){ .runtime = smp->runtime, .noise = smp->noise,
					  .max_single = smp->max_sample };
	cc->wait.seen[CAUSE_SIBLING] = seen(ev->sibling_pm >= 0,
					    ev->sibling_pm >= CAUSE_BUSY_SHARE * 1000);
	cc->wait.seen[CAUSE_STEAL] = seen(ev->steal_us >= 0, ev->steal_us > 0);
	cc->wait.seen[CAUSE_THERMAL] = seen(ev->throttle >= 0, ev->throttle > 0);
	cc->wait.seen[CAUSE_CLOCKSOURCE] = seen(ev->clocksource >= 0, ev->clocksource > 0);
	cc->wait.nmi_count = smp->nmi_count;
	cc->wait.nmi_ns = smp->nmi_ns;
	cc->wait.nmi_time = smp->nmi_time;
	c->nmi_timed |= smp->nmi_time;
	cc->wait_smi = 0;
	cc->wait_reads = 0;
	cc->wait_wd = cc->next_wd;	/* the reads while it ran, before its summary */
	cc->next_wd = 0;
	cc->wd = CAUSES_WD_OPEN;
	cc->waiting = true;
}

void causes_nmi_time(struct causes *c, bool on)
{
	if (!c)
		return;
	c->nmi_live = on;
	causes_nmi_drop(c);
}

void causes_nmi_drop(struct causes *c)
{
	if (c)
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
	if (c && cpu >= 0 && cpu < c->ncpus && c->cpu[cpu] && c->cpu[cpu]->waiting) {
		c->cpu[cpu]->wait_smi += count;
		c->cpu[cpu]->wait_reads++;
	}
}

void causes_tscwd(struct causes *c, int cpu, uint64_t visits)
{
	struct causes_cpu *cc;

	if (!c || cpu < 0 || cpu >= c->ncpus)
		return;
	c->latest[cpu].tscwd = (int64_t)visits;
	if (!(cc = c->cpu[cpu]) || !cc->waiting)
		return;		/* before the CPU's first period: dropped */
	if (cc->wd == CAUSES_WD_OPEN) {
		cc->wait_wd += visits;
		cc->wd = CAUSES_WD_READ;
	} else {
		cc->next_wd += visits;
	}
}

void causes_tscwd_lost(struct causes *c, int cpu)
{
	struct causes_cpu *cc;

	if (!c || cpu < 0 || cpu >= c->ncpus || !(cc = c->cpu[cpu]) || !cc->waiting)
		return;
	if (cc->wd == CAUSES_WD_OPEN)
		cc->wd = CAUSES_WD_LOST;
	cc->next_wd = 0;
}

void causes_tscwd_next(struct causes *c, int cpu, uint64_t visits)
{
	struct causes_cpu *cc;

	if (c && cpu >= 0 && cpu < c->ncpus && (cc = cpu_of(c, cpu)))
		cc->next_wd = visits;
}

void causes_flush(struct causes *c, bool smi, const char *why_smi)
{
	if (!c)
		return;
	snprintf(c->why_smi, sizeof(c->why_smi), "%s", smi ? "" : why_smi);
	for (int i = 0; i < c->ncpus; i++)
		if (c->cpu[i])
			settle(c->cpu[i], smi, &c->gen);
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

int causes_read(struct causes **cp, int ncpus, const struct jsonr_obj *o, int *cpu,
		const char **why)
{
	struct evidence_cpu ev;
	int64_t sib, n, cs;

	*why = "an \"ev\" line without a CPU, or with a figure that is no count or null";
	if (!ev_figure(o, "cpu", ncpus - 1, &n) || n < 0 ||
	    !ev_figure(o, "sib_pm", 1000, &sib) ||
	    !ev_figure(o, "steal_us", INT64_MAX / 2, &ev.steal_us) ||
	    !ev_figure(o, "throttle", INT64_MAX / 2, &ev.throttle) ||
	    !ev_figure(o, "tscwd", INT64_MAX / 2, &ev.tscwd) || !ev_figure(o, "cs_changed", 1, &cs))
		return -1;
	ev.sibling_pm = (int)sib;
	ev.clocksource = (int)cs;
	*cpu = (int)n;
	if (!*cp && !(*cp = causes_new(ncpus, NULL, false))) {
		*why = "out of memory";
		return -1;
	}
	causes_evidence(*cp, *cpu, &ev);
	if (ev.tscwd >= 0)	/* none before the cause, null where not counted */
		causes_tscwd(*cp, *cpu, (uint64_t)ev.tscwd);
	else			/* as a live tick gives it: a read not counted */
		causes_tscwd_lost(*cp, *cpu);
	return 0;
}

void causes_free(struct causes *c)
{
	if (!c)
		return;
	if (c->partner) {	/* the partner answers alone from now on */
		c->partner->partner = NULL;
		c->partner->cache->valid = false;
	}
	for (int i = 0; c->cpu && i < c->ncpus; i++)
		free(c->cpu[i]);
	free(c->cpu);
	free(c->latest);
	free(c->nmi_pending);
	free(c->wd_last);
	if (c->cache) {
		free(c->cache->slot);
		free(c->cache->a);
		free(c->cache);
	}
	evidence_close(c->ev);
	free(c);
}

/* Every CPU's answer of c into a[] (the cache's slots set): how many. */
static size_t answers_of(const struct causes *c, struct cause_answer *a)
{
	struct causes_cache *k = c->cache;
	size_t n = 0;

	for (int i = 0; i < c->ncpus; i++) {
		k->slot[i] = -1;
		if (!c->cpu[i] || !c->cpu[i]->tally.periods)
			continue;
		cause_cpu_answer(&c->cpu[i]->tally, &a[n]);
		k->slot[i] = (int)n++;
	}
	return n;
}

static void cache_mark(const struct causes *c)
{
	c->cache->gen = c->gen;
	c->cache->pgen = c->partner ? c->partner->gen : 0;
	c->cache->valid = true;
}

/*
 * Every CPU's answer into the cache, held to the false discovery rate over
 * all of them, and over the partner's too when it has one (both caches
 * are filled; without memory for that, each is its own family).
 */
static void answer_all(const struct causes *c)
{
	const struct causes *p = c->partner;
	struct cause_answer *all;
	size_t n, m;

	if (!p) {
		cause_adjust(c->cache->a, answers_of(c, c->cache->a), VERDICT_FDR);
		cache_mark(c);
		return;
	}
	all = malloc(((size_t)c->ncpus + (size_t)p->ncpus) * sizeof(*all));
	n = answers_of(c, all ? all : c->cache->a);
	m = answers_of(p, all ? all + n : p->cache->a);
	if (all) {
		cause_adjust(all, n + m, VERDICT_FDR);
		memcpy(c->cache->a, all, n * sizeof(*all));
		memcpy(p->cache->a, all + n, m * sizeof(*all));
		free(all);
	} else {	/* without memory for the pair: each its own family */
		cause_adjust(c->cache->a, n, VERDICT_FDR);
		cause_adjust(p->cache->a, m, VERDICT_FDR);
	}
	cache_mark(c);
	cache_mark(p);
}

void causes_pair(struct causes *a, struct causes *b)
{
	if (!a || !b || a == b)
		return;
	a->partner = b;
	b->partner = a;
	a->cache->valid = b->cache->valid = false;
}

bool causes_answer(const struct causes *c, int cpu, struct cause_answer *a)
{
	const struct causes_cache *k;

	if (!c || cpu < 0 || cpu >= c->ncpus || !c->cpu[cpu] || !c->cpu[cpu]->tally.periods)
		return false;
	k = c->cache;
	if (!k->valid || k->gen != c->gen || (c->partner && k->pgen != c->partner->gen))
		answer_all(c);
	*a = k->a[k->slot[cpu]];
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
	case CAUSE_TSCWD:
		return c->why_wd;
	case CAUSE_CLOCKSOURCE:
		return c->ev ? evidence_why_clocksource(c->ev) : "no clocksource recorded";
	default:
		return "";
	}
}

void causes_latest(const struct causes *c, int cpu, struct evidence_cpu *ev)
{
	*ev = (struct evidence_cpu){ -1, -1, -1, -1, -1 };
	if (c && cpu >= 0 && cpu < c->ncpus)
		*ev = c->latest[cpu];
}
