/*
 * stats: per-CPU sums and maxima of osnoise summaries.  See stats.h.
 */
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Point each CPU at its history, if kept. */
static void history_link(struct stats *st)
{
	for (int i = 0; st->history && i < st->ncpus; i++)
		st->cpu[i].hist = st->history + (size_t)i * STATS_HISTORY;
}

int stats_init_bare(struct stats *st, int ncpus)
{
	memset(st, 0, sizeof(*st));
	st->cpu = calloc(ncpus > 0 ? ncpus : 1, sizeof(*st->cpu));
	if (!st->cpu)
		return -1;
	st->ncpus = ncpus;
	return 0;
}

int stats_init(struct stats *st, int ncpus)
{
	if (stats_init_bare(st, ncpus) < 0)
		return -1;
	st->history = calloc((size_t)(ncpus > 0 ? ncpus : 1) * STATS_HISTORY, sizeof(uint64_t));
	if (!st->history) {
		stats_free(st);
		return -1;
	}
	history_link(st);
	return 0;
}

void stats_free(struct stats *st)
{
	free(st->cpu);
	free(st->history);
	st->cpu = NULL;
	st->history = NULL;
	st->ncpus = 0;
}

void stats_reset(struct stats *st)
{
	memset(st->cpu, 0, sizeof(*st->cpu) * st->ncpus);
	history_link(st);
	st->samples = 0;
	memset(&st->lost, 0, sizeof(st->lost));
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

void stats_add(struct stats *st, const struct osn_sample *s)
{
	struct cpu_stats *c;

	if (s->cpu < 0 || s->cpu >= st->ncpus)
		return;
	c = &st->cpu[s->cpu];
	c->periods++;
	c->runtime += s->runtime;
	c->noise += s->noise;
	c->max_noise = max_u64(c->max_noise, s->noise);
	c->max_single = max_u64(c->max_single, s->max_sample);
	c->hw += s->hw_count;
	c->nmi += s->nmi_count;
	c->irq += s->irq_count;
	c->softirq += s->softirq_count;
	c->thread += s->thread_count;
	c->last_noise = s->noise;
	c->last_single = s->max_sample;
	c->last_ts = s->ts;
	if (c->hist) {
		c->hist[(c->hist_head + c->hist_len) % STATS_HISTORY] = s->noise;
		if (c->hist_len < STATS_HISTORY)
			c->hist_len++;
		else
			c->hist_head = (c->hist_head + 1) % STATS_HISTORY;
	}
	st->samples++;
}

void stats_add_smi(struct stats *st, int cpu, uint64_t count)
{
	if (cpu < 0 || cpu >= st->ncpus)
		return;
	st->cpu[cpu].smi += count;
	st->cpu[cpu].last_smi = count;
}

uint64_t stats_history(const struct cpu_stats *cs, unsigned age)
{
	if (age >= cs->hist_len || !cs->hist)
		return 0;
	return cs->hist[(cs->hist_head + cs->hist_len - 1 - age) % STATS_HISTORY];
}

uint64_t stats_avail(uint64_t runtime, uint64_t noise)
{
	if (!runtime)
		return 0;
	if (noise > runtime)
		noise = runtime;
	return (uint64_t)((unsigned __int128)(runtime - noise) * 10000000u / runtime);
}

void stats_lost_add(struct lost *l, uint64_t missed)
{
	if (missed == LOST_UNKNOWN)
		l->unknown = true;
	else
		l->missed += missed;
}

const char *stats_lost_text(const struct lost *l, char *buf, size_t size)
{
	uint64_t total = l->missed + l->read, bp;

	if (l->unknown)
		snprintf(buf, size, "an unknown number of events missed, results might not be accurate");
	else if (!l->missed)
		snprintf(buf, size, "%s", "");
	else {
		/* Hundredths of a percent, rounded to the nearest as %.2f would. */
		bp = (uint64_t)(((unsigned __int128)l->missed * 20000 + total) / (2 * (unsigned __int128)total));
		snprintf(buf, size, "%llu (%llu.%02llu%%) events missed, results might not be accurate",
			 (unsigned long long)l->missed, (unsigned long long)(bp / 100),
			 (unsigned long long)(bp % 100));
	}
	return buf;
}
