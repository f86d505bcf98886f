/*
 * histo_json: the histogram in a recording (the footer's "hist" object)
 * and back.  See histo.h.  The counts are kept at the kernel's
 * granularity, each CPU that counted a sample as one array of integers:
 * [cpu, count, sum_ns, max_ns, bucket, n, bucket, n, ...], the buckets
 * that counted only; "events": true when they were counted from the events
 * read (histo_add()).  Which command's histogram it is, the recording's
 * header says (hwnoisetop hist's "hist": true), not this object.
 */
#include "histo.h"

#include <stdlib.h>
#include <string.h>

#include "jsonread.h"

void histo_json_write(FILE *out, const struct histo *h, const struct histo_conf *c)
{
	const struct histo_plan *p = &h->plan;
	const char *sep = "";

	fprintf(out, "{\"bucket_us\":%llu,\"entries\":%llu,\"gran_us\":%llu,\"map_size\":%llu,"
		"\"coarsened\":%s,\"dropped\":%llu,\"no_header\":%s,\"no_summary\":%s,"
		"\"no_index\":%s,\"with_zeros\":%s,\"asked_bucket_us\":%llu,\"asked_entries\":%llu,"
		"%s\"cpus\":[",
		(unsigned long long)p->bucket_us, (unsigned long long)p->entries,
		(unsigned long long)p->gran_us, (unsigned long long)p->map_size,
		p->coarsened ? "true" : "false", (unsigned long long)h->dropped,
		c->no_header ? "true" : "false", c->no_summary ? "true" : "false",
		c->no_index ? "true" : "false", c->with_zeros ? "true" : "false",
		(unsigned long long)c->bucket_us, (unsigned long long)c->entries,
		h->events ? "\"events\":true," : "");
	for (int cpu = 0; cpu < h->ncpus; cpu++) {
		const struct histo_cpu *hc = &h->cpu[cpu];

		if (!hc->count)
			continue;
		fprintf(out, "%s[%d,%llu,%llu,%llu", sep, cpu, (unsigned long long)hc->count,
			(unsigned long long)hc->sum_ns, (unsigned long long)hc->max_ns);
		for (uint64_t i = 0; hc->b && i < histo_nbuckets(h); i++)
			if (hc->b[i])
				fprintf(out, ",%llu,%llu", (unsigned long long)i,
					(unsigned long long)hc->b[i]);
		fprintf(out, "]");
		sep = ",";
	}
	fprintf(out, "]}");
}

static int need(const struct jsonr_obj *o, const char *key, uint64_t *v, const char **why)
{
	if (jsonread_u64(o, key, v) < 0)
		return *why = "a histogram without its bucket_us, entries or gran_us", -1;
	return 0;
}

static bool flag(const struct jsonr_obj *o, const char *key)
{
	bool b = false;

	jsonread_bool(o, key, &b);
	return b;
}

/* The integers of one CPU's array [p, end) into h. */
static int take_cpu(struct histo *h, const char *p, const char *end, const char **why)
{
	uint64_t v[4];
	char *e;

	for (int i = 0; i < 4; i++) {
		while (p < end && (*p == ',' || *p == ' '))
			p++;
		if (p >= end || *p < '0' || *p > '9')
			return *why = "a histogram CPU without its count, sum and max", -1;
		v[i] = strtoull(p, &e, 10);
		p = e;
	}
	if (v[0] >= (uint64_t)h->ncpus)
		return *why = "a histogram CPU out of range", -1;
	h->cpu[v[0]].count = v[1];
	h->cpu[v[0]].sum_ns = v[2];
	h->cpu[v[0]].max_ns = v[3];
	while (p < end) {
		uint64_t idx, n;

		while (p < end && (*p == ',' || *p == ' '))
			p++;
		if (p >= end)
			break;
		idx = strtoull(p, &e, 10);
		if (e == p || *e != ',')
			return *why = "a histogram bucket without its count", -1;
		n = strtoull(e + 1, &e, 10);
		p = e;
		if (idx >= histo_nbuckets(h))
			return *why = "a histogram bucket out of range", -1;
		if (!h->cpu[v[0]].b && !(h->cpu[v[0]].b = calloc(histo_nbuckets(h), sizeof(uint64_t))))
			return *why = "out of memory", -1;
		h->cpu[v[0]].b[idx] += n;
		h->cpu[v[0]].in += n;
	}
	if (h->cpu[v[0]].in > h->cpu[v[0]].count)
		return *why = "a histogram CPU with more in its buckets than its count", -1;
	return 0;
}

static int take_cpus(struct histo *h, const struct jsonr_field *f, const char **why)
{
	const char *p = f->raw + 1, *end = f->raw + f->rawlen - 1;

	while (p < end) {
		const char *open = memchr(p, '[', (size_t)(end - p)), *close;

		if (!open)
			break;
		close = memchr(open, ']', (size_t)(end - open));
		if (!close || take_cpu(h, open + 1, close, why) < 0)
			return close ? -1 : (*why = "a histogram CPU not closed", -1);
		p = close + 1;
	}
	return 0;
}

int histo_json_read(struct histo *h, struct histo_conf *c, const char *text, size_t len,
		    const char **why)
{
	struct jsonr_obj *o = malloc(sizeof(*o));
	struct histo_plan p = { 0 };
	const struct jsonr_field *f;
	uint64_t dropped = 0;
	int ncpus = h->ncpus, rc = -1;

	if (!o)
		return *why = "out of memory", -1;
	if (jsonread_parse(text, len, o) < 0)
		*why = "a histogram that is not a JSON object";
	else if (need(o, "bucket_us", &p.bucket_us, why) == 0 &&
		 need(o, "entries", &p.entries, why) == 0 && need(o, "gran_us", &p.gran_us, why) == 0) {
		jsonread_u64(o, "map_size", &p.map_size);
		jsonread_u64(o, "dropped", &dropped);
		p.coarsened = flag(o, "coarsened");
		if (!p.gran_us || !p.bucket_us || p.bucket_us % p.gran_us ||
		    p.entries > HISTO_MAP_MAX || p.bucket_us / p.gran_us > HISTO_MAP_MAX ||
		    p.entries * (p.bucket_us / p.gran_us) > HISTO_MAP_MAX)
			*why = "a histogram with buckets out of range";
		else if (!(f = jsonread_get(o, "cpus")) || f->type != JR_ARR)
			*why = "a histogram without its cpus";
		else if (histo_free(h), histo_init(h, &p, ncpus) < 0)
			*why = "out of memory";
		else if (take_cpus(h, f, why) == 0)
			rc = 0;
	}
	if (rc == 0) {
		h->dropped = dropped;
		h->read = true;
		h->events = flag(o, "events");
		/* What was asked (-b, -E), where the plan made the buckets wider. */
		if (jsonread_u64(o, "asked_bucket_us", &c->bucket_us) < 0)
			c->bucket_us = p.bucket_us;
		if (jsonread_u64(o, "asked_entries", &c->entries) < 0)
			c->entries = p.entries;
		c->no_header = flag(o, "no_header");
		c->no_summary = flag(o, "no_summary");
		c->no_index = flag(o, "no_index");
		c->with_zeros = flag(o, "with_zeros");
	}
	free(o);
	return rc;
}
