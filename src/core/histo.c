/*
 * histo: the histogram of single noises.  See histo.h.
 */
#include "histo.h"

#include <stdlib.h>
#include <string.h>

#include "jsonread.h"

static uint64_t pow2_at_least(uint64_t n)
{
	uint64_t p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

int histo_plan(int ncpus, uint64_t bucket_us, uint64_t entries, struct histo_plan *p)
{
	uint64_t n = ncpus > 0 ? (uint64_t)ncpus : 1, k = 1;

	memset(p, 0, sizeof(*p));
	if (n > HISTO_MAP_MAX)
		return -1;
	p->bucket_us = bucket_us;
	p->entries = entries;
	p->gran_us = 1;
	if (n * entries * bucket_us > HISTO_MAP_MAX) {
		p->gran_us = bucket_us;
		/* Rows k times wider, as few as still cover the range asked. */
		while (n * ((entries + k - 1) / k) > HISTO_MAP_MAX)
			k *= 2;
		if (k > 1) {
			p->coarsened = true;
			p->bucket_us = bucket_us * k;
			p->gran_us = p->bucket_us;
			p->entries = (entries + k - 1) / k;
		}
	}
	p->map_size = pow2_at_least(n * p->entries * (p->bucket_us / p->gran_us));
	if (p->map_size < HISTO_MAP_MIN)
		p->map_size = HISTO_MAP_MIN;
	return 0;
}

uint64_t histo_nbuckets(const struct histo *h)
{
	return h->plan.entries * (h->plan.bucket_us / h->plan.gran_us);
}

int histo_init(struct histo *h, const struct histo_plan *p, int ncpus)
{
	memset(h, 0, sizeof(*h));
	h->plan = *p;
	h->ncpus = ncpus;
	h->cpu = calloc(ncpus > 0 ? (size_t)ncpus : 1, sizeof(*h->cpu));
	if (!h->cpu)
		return -1;
	return 0;
}

void histo_clear(struct histo *h)
{
	for (int i = 0; i < h->ncpus; i++) {
		free(h->cpu[i].b);
		memset(&h->cpu[i], 0, sizeof(h->cpu[i]));
	}
	h->dropped = 0;
	h->read = false;
}

void histo_free(struct histo *h)
{
	if (h->cpu)
		histo_clear(h);
	free(h->cpu);
	h->cpu = NULL;
	h->ncpus = 0;
}

/* Add n samples to kernel bucket idx of cpu; -1 when out of range or memory. */
static int add_bucket(struct histo *h, long long cpu, uint64_t idx, uint64_t n, const char **why)
{
	struct histo_cpu *c;

	if (cpu < 0 || cpu >= h->ncpus)
		return *why = "a CPU out of range", -1;
	if (idx >= histo_nbuckets(h))
		return *why = "a bucket out of the rows' range", -1;
	c = &h->cpu[cpu];
	if (!c->b && !(c->b = calloc(histo_nbuckets(h), sizeof(*c->b))))
		return *why = "out of memory", -1;
	c->b[idx] += n;
	c->in += n;
	return 0;
}

/* The number after key in [p, end), or -1 (returned in *v, p moved past it). */
static int number_after(const char **p, const char *end, const char *key, uint64_t *v)
{
	const char *k = *p;
	size_t kl = strlen(key);
	char *e;

	for (; k + kl <= end; k++)
		if (memcmp(k, key, kl) == 0)
			break;
	if (k + kl > end)
		return -1;
	k += kl;
	while (k < end && (*k == ' ' || *k == '~' || *k == '\t'))
		k++;
	if (k >= end || *k < '0' || *k > '9')
		return -1;
	*v = strtoull(k, &e, 10);
	*p = e;
	return 0;
}

static void add_dropped(struct histo *h, const char *text)
{
	const char *d = strstr(text, "Dropped:");
	uint64_t v;

	if (d && number_after(&d, d + strlen(d), "Dropped:", &v) == 0)
		h->dropped += v;
}

/* "{ common_cpu: C, duration: ~ LO-HI } hitcount: N" */
static int parse_buckets(struct histo *h, const char *text, const char **why)
{
	uint64_t gran_ns = h->plan.gran_us * 1000;

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *end = strchr(l, '\n') ? strchr(l, '\n') : l + strlen(l), *p = l;
		uint64_t cpu, lo, n;

		if (*l != '{')
			continue;
		if (number_after(&p, end, "common_cpu:", &cpu) || number_after(&p, end, "duration:", &lo) ||
		    number_after(&p, end, "hitcount:", &n))
			return *why = "a bucket line not understood", -1;
		if (add_bucket(h, (long long)cpu, lo / gran_ns, n, why) < 0)
			return -1;
	}
	return 0;
}

/* "{ common_cpu: C } hitcount: N  duration: SUM" then "\tmax: M  duration: M" */
static int parse_cpus(struct histo *h, const char *text, const char **why)
{
	struct histo_cpu *c = NULL;

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *end = strchr(l, '\n') ? strchr(l, '\n') : l + strlen(l), *p = l;
		uint64_t cpu, n, sum, max;

		if (*l == '{') {
			if (number_after(&p, end, "common_cpu:", &cpu) ||
			    number_after(&p, end, "hitcount:", &n) ||
			    number_after(&p, end, "duration:", &sum))
				return *why = "a CPU line not understood", -1;
			if (cpu >= (uint64_t)h->ncpus)
				return *why = "a CPU out of range", -1;
			c = &h->cpu[cpu];
			c->count = n;
			c->sum_ns = sum;
		} else if (c && *l == '\t' && number_after(&p, end, "max:", &max) == 0) {
			c->max_ns = max;
		}
	}
	return 0;
}

int histo_parse(struct histo *h, const char *buckets_text, const char *cpus_text,
		const char **why)
{
	histo_clear(h);
	if (parse_buckets(h, buckets_text, why) < 0 || parse_cpus(h, cpus_text, why) < 0)
		return -1;
	for (int i = 0; i < h->ncpus; i++)
		if (h->cpu[i].in > h->cpu[i].count)
			return *why = "more samples in the buckets than in all", -1;
	add_dropped(h, buckets_text);
	add_dropped(h, cpus_text);
	h->read = true;
	return 0;
}

int histo_add(struct histo *h, int cpu, uint64_t duration_ns)
{
	uint64_t gran_ns = h->plan.gran_us * 1000;
	struct histo_cpu *c;
	const char *why;

	if (cpu < 0 || cpu >= h->ncpus || !gran_ns)
		return -1;
	c = &h->cpu[cpu];
	c->count++;
	c->sum_ns += duration_ns;
	if (duration_ns > c->max_ns)
		c->max_ns = duration_ns;
	/* The bucket trigger's filter: duration < entries * bucket_us. */
	if (duration_ns >= h->plan.entries * h->plan.bucket_us * 1000)
		return 0;
	return add_bucket(h, cpu, duration_ns / gran_ns, 1, &why);
}

uint64_t histo_over(const struct histo_cpu *c)
{
	return c->count - c->in;
}

uint64_t histo_min_us(const struct histo *h, const struct histo_cpu *c)
{
	uint64_t nb = histo_nbuckets(h);

	for (uint64_t i = 0; c->b && i < nb; i++)
		if (c->b[i])
			return i * h->plan.gran_us;
	/* Every sample over the range: the range's end is all that is known. */
	return c->count ? h->plan.entries * h->plan.bucket_us : 0;
}

double histo_avg_us(const struct histo_cpu *c)
{
	return c->count ? (double)c->sum_ns / 1000.0 / (double)c->count : 0.0;
}

uint64_t histo_row(const struct histo *h, const struct histo_cpu *c, uint64_t r)
{
	uint64_t per = h->plan.bucket_us / h->plan.gran_us, n = 0;

	for (uint64_t i = r * per; c->b && i < (r + 1) * per; i++)
		n += c->b[i];
	return n;
}

static bool column(const struct histo *h, const uint8_t *mask, int cpu)
{
	if (mask && !(mask[cpu / 8] & (1u << (cpu % 8))))
		return false;
	return h->cpu[cpu].count > 0;
}

static void header(FILE *out, const struct histo *h, const struct histo_conf *c,
		   uint64_t duration_s, const uint8_t *mask)
{
	unsigned d = (unsigned)(duration_s / 86400);

	if (c->no_header)
		return;
	fprintf(out, "# RTLA osnoise histogram\n# Time unit is microseconds (us)\n");
	fprintf(out, "# Duration: %3u %02u:%02u:%02u\n", d, (unsigned)(duration_s / 3600 % 24),
		(unsigned)(duration_s / 60 % 60), (unsigned)(duration_s % 60));
	if (!c->no_index)
		fprintf(out, "Index");
	for (int cpu = 0; cpu < h->ncpus; cpu++)
		if (column(h, mask, cpu))
			fprintf(out, "   CPU-%03d", cpu);
	fprintf(out, "\n");
}

/* One summary line: label (unless no_index), then each column's value. */
static void summary_row(FILE *out, const struct histo *h, const struct histo_conf *c,
			const uint8_t *mask, const char *label, int what)
{
	if (!c->no_index)
		fprintf(out, "%s", label);
	for (int cpu = 0; cpu < h->ncpus; cpu++) {
		const struct histo_cpu *hc = &h->cpu[cpu];

		if (!column(h, mask, cpu))
			continue;
		switch (what) {
		case 0: fprintf(out, "%9llu ", (unsigned long long)histo_over(hc)); break;
		case 1: fprintf(out, "%9llu ", (unsigned long long)hc->count); break;
		case 2: fprintf(out, "%9llu ", (unsigned long long)histo_min_us(h, hc)); break;
		case 3: fprintf(out, "%9.2f ", histo_avg_us(hc)); break;
		default: fprintf(out, "%9llu ", (unsigned long long)(hc->max_ns / 1000)); break;
		}
	}
	fprintf(out, "\n");
}

void histo_print(FILE *out, const struct histo *h, const struct histo_conf *c,
		 uint64_t duration_s, const uint8_t *mask)
{
	static const char *const labels[] = { "over: ", "count:", "min:  ", "avg:  ", "max:  " };
	bool rows = false;

	header(out, h, c, duration_s, mask);
	for (uint64_t r = 0; r < h->plan.entries; r++) {
		uint64_t total = 0;

		for (int cpu = 0; cpu < h->ncpus; cpu++)
			if (column(h, mask, cpu))
				total += histo_row(h, &h->cpu[cpu], r);
		if (!total && !c->with_zeros)
			continue;
		rows = true;
		if (!c->no_index)
			fprintf(out, "%-6llu", (unsigned long long)(r * h->plan.bucket_us));
		for (int cpu = 0; cpu < h->ncpus; cpu++)
			if (column(h, mask, cpu))
				fprintf(out, "%9llu ", (unsigned long long)histo_row(h, &h->cpu[cpu], r));
		fprintf(out, "\n");
	}
	if (!rows) {
		fprintf(out, "over: 0\ncount: 0\nmin: 0\navg: 0\nmax: 0\n");
		return;
	}
	for (int i = 0; i < 5; i++)
		if (i == 0 || !c->no_summary)
			summary_row(out, h, c, mask, labels[i], i);
}

int histo_cpu_lines(const struct histo *h, int cpu, int max_rows, struct textbuf *tb)
{
	const struct histo_cpu *c;
	uint64_t floor = 0, shown = 0, nonzero = 0;
	int lines = 0;

	if (cpu < 0 || cpu >= h->ncpus || max_rows < 0)
		return 0;
	c = &h->cpu[cpu];
	for (uint64_t r = 0; r < h->plan.entries; r++)
		nonzero += histo_row(h, c, r) > 0;
	/* More rows than fit: keep the largest (ties: the lower rows first). */
	while (nonzero > (uint64_t)max_rows) {
		uint64_t least = UINT64_MAX, dropped = 0;

		for (uint64_t r = 0; r < h->plan.entries; r++) {
			uint64_t n = histo_row(h, c, r);

			if (n > floor && n < least)
				least = n;
		}
		for (uint64_t r = 0; r < h->plan.entries; r++)
			dropped += histo_row(h, c, r) == least;
		floor = least;
		nonzero -= dropped;
	}
	for (uint64_t r = 0; r < h->plan.entries; r++) {
		uint64_t n = histo_row(h, c, r);

		if (!n || n <= floor || shown++ >= (uint64_t)max_rows)
			continue;
		textbuf_printf(tb, "%7llu-%-7llu us %12llu\n",
			       (unsigned long long)(r * h->plan.bucket_us),
			       (unsigned long long)((r + 1) * h->plan.bucket_us),
			       (unsigned long long)n);
		lines++;
	}
	textbuf_printf(tb, "   over %-7llu us %12llu\n",
		       (unsigned long long)(h->plan.entries * h->plan.bucket_us),
		       (unsigned long long)histo_over(c));
	textbuf_printf(tb, "count %llu  min %llu  avg %.2f  max %llu us\n",
		       (unsigned long long)c->count, (unsigned long long)histo_min_us(h, c),
		       histo_avg_us(c), (unsigned long long)(c->max_ns / 1000));
	return lines + 2;
}
