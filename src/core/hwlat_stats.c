/*
 * hwlat_stats: hwlat samples and per-CPU sums.  See hwlat_stats.h.
 */
#include "hwlat_stats.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hwlat_stats_init(struct hwl_stats *st, int ncpus)
{
	memset(st, 0, sizeof(*st));
	st->cpu = calloc(ncpus > 0 ? ncpus : 1, sizeof(*st->cpu));
	if (!st->cpu)
		return -1;
	st->ncpus = ncpus;
	return 0;
}

void hwlat_stats_free(struct hwl_stats *st)
{
	free(st->cpu);
	free(st->sample);
	memset(st, 0, sizeof(*st));
}

void hwlat_stats_reset(struct hwl_stats *st)
{
	if (st->cpu)
		memset(st->cpu, 0, sizeof(*st->cpu) * (st->ncpus > 0 ? st->ncpus : 1));
	st->nsamples = st->head = 0;
	st->samples = 0;
	st->max = st->count = 0;
	st->first_ns = st->last_ns = 0;
	memset(&st->lost, 0, sizeof(st->lost));
}

bool hwlat_stats_avg_interval(const struct hwl_stats *st, uint64_t *us)
{
	if (st->samples < 2)
		return false;
	*us = (st->last_ns - st->first_ns) / (st->samples - 1) / 1000;
	return true;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

int hwlat_stats_add(struct hwl_stats *st, const struct hwl_sample *s)
{
	int rc = 0;
	uint64_t ns = (uint64_t)s->ts_sec * 1000000000ULL + (uint64_t)s->ts_nsec;

	/* Samples of several CPUs may come out of time order: the extremes count. */
	if (!st->samples || ns < st->first_ns)
		st->first_ns = ns;
	if (!st->samples || ns > st->last_ns)
		st->last_ns = ns;
	st->samples++;
	st->max = max_u64(st->max, max_u64(s->inner, s->outer));
	st->count += s->count;
	if (st->cpu && s->cpu >= 0 && s->cpu < st->ncpus) {
		struct hwl_cpu_stats *c = &st->cpu[s->cpu];

		c->samples++;
		c->max_inner = max_u64(c->max_inner, s->inner);
		c->max_outer = max_u64(c->max_outer, s->outer);
		c->count += s->count;
		c->nmi_count += s->nmi_count;
		c->nmi_total += s->nmi_total;
		c->last_sec = s->ts_sec;
		c->last_nsec = s->ts_nsec;
	}
	if (st->limit && st->nsamples == st->limit) {
		/* Full: the newest takes the oldest one's place. */
		st->sample[st->head] = *s;
		st->head = (st->head + 1) % st->limit;
		return rc;
	}
	if (st->nsamples == st->cap) {
		size_t cap = st->cap ? st->cap * 2 : 256;
		struct hwl_sample *p;

		if (st->limit && cap > st->limit)
			cap = st->limit;
		p = realloc(st->sample, cap * sizeof(*p));

		if (!p)
			rc = -1;
		else {
			st->sample = p;
			st->cap = cap;
		}
	}
	if (st->nsamples < st->cap)
		st->sample[st->nsamples++] = *s;
	return rc;
}

void hwlat_stats_add_smi(struct hwl_stats *st, int cpu, uint64_t count)
{
	if (st->cpu && cpu >= 0 && cpu < st->ncpus)
		st->cpu[cpu].smi += count;
}

const struct hwl_sample *hwlat_stats_sample(const struct hwl_stats *st, size_t i)
{
	size_t at = st->head + i;

	return &st->sample[at >= st->nsamples ? at - st->nsamples : at];
}

char *hwlat_stats_format_sample(const struct hwl_sample *s, char *buf, size_t size)
{
	snprintf(buf, size,
		 "ts: %" PRId64 ".%09ld, inner:%" PRIu64 ", outer:%" PRIu64 ", cpu:%d, count:%" PRIu64
		 ", nmi-total:%" PRIu64 ", nmi-count:%" PRIu64,
		 s->ts_sec, s->ts_nsec, s->inner, s->outer, s->cpu, s->count, s->nmi_total,
		 s->nmi_count);
	return buf;
}

int hwlat_stats_parse_sample(const char *line, struct hwl_sample *s)
{
	long long sec;
	long nsec;
	unsigned long long inner, outer, count, nmi_total, nmi_count;
	int cpu, end = 0;

	memset(s, 0, sizeof(*s));
	if (sscanf(line, "ts: %lld.%ld, inner:%llu, outer:%llu, cpu:%d, count:%llu, "
			 "nmi-total:%llu, nmi-count:%llu%n",
		   &sec, &nsec, &inner, &outer, &cpu, &count, &nmi_total, &nmi_count, &end) != 8)
		return -1;
	if (line[end] && line[end] != '\n')
		return -1;
	s->ts_sec = sec;
	s->ts_nsec = nsec;
	s->inner = inner;
	s->outer = outer;
	s->cpu = cpu;
	s->count = count;
	s->nmi_total = nmi_total;
	s->nmi_count = nmi_count;
	return 0;
}
