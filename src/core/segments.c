/*
 * segments: one open struct stats, closed segments packed.  See segments.h.
 */
#include "segments.h"

#include <stdlib.h>
#include <string.h>

static void seg_start(struct segment *g, uint64_t now_ns, const struct cpuset *cpus,
		      bool osnoise, bool hwlat)
{
	memset(g, 0, sizeof(*g));
	g->osnoise = osnoise;
	g->hwlat = hwlat;
	g->open_ns = now_ns;
	g->cpus = *cpus;
	g->rows = *cpus;
}

static struct verdict_series *series_new(int n)
{
	struct verdict_series *v = malloc(sizeof(*v) * (size_t)(n > 0 ? n : 1));

	for (int i = 0; v && i < n; i++)
		verdict_series_init(&v[i]);
	return v;
}

static void series_reset(struct verdict_series *v, int n)
{
	for (int i = 0; v && i < n; i++)
		verdict_series_init(&v[i]);
}

int segments_init(struct segments *sg, int ncpus, const struct cpuset *cpus, bool osnoise,
		  bool hwlat)
{
	memset(sg, 0, sizeof(*sg));
	markers_init(&sg->marks);
	sg->seg = calloc(16, sizeof(*sg->seg));
	if (!sg->seg || stats_init_bare(&sg->cur, ncpus) < 0 ||
	    markers_add(&sg->marks, 0, "", "start") < 0) {
		segments_free(sg);
		return -1;
	}
	sg->cap = 16;
	seg_start(&sg->seg[0], 0, cpus, osnoise, hwlat);
	sg->before_k = UINT_MAX;
	if (!(sg->run = series_new(ncpus))) {
		segments_free(sg);
		return -1;
	}
	return 0;
}

void segments_free(struct segments *sg)
{
	for (unsigned k = 0; sg->seg && k < sg->marks.n; k++) {
		free(sg->seg[k].row);
		free(sg->seg[k].pct);
	}
	free(sg->seg);
	free(sg->run);
	free(sg->open);
	free(sg->before);
	stats_free(&sg->cur);
	markers_free(&sg->marks);
	memset(sg, 0, sizeof(*sg));
}

unsigned segments_count(const struct segments *sg)
{
	return sg->marks.n;
}

struct segment *segments_open(struct segments *sg)
{
	return &sg->seg[sg->marks.n - 1];
}

/* The open segment's distributions: NULL when not kept. */
static struct verdict_series *open_series(const struct segments *sg)
{
	return sg->open ? sg->open : sg->marks.n == 1 ? sg->run : NULL;
}

void segments_add(struct segments *sg, const struct osn_sample *s)
{
	stats_add(&sg->cur, s);
	if (s->cpu >= 0 && s->cpu < sg->cur.ncpus && s->cpu < HWN_MAX_CPUS) {
		struct verdict_period p = { s->runtime, s->noise, s->max_sample, s->hw_count,
					    s->nmi_count };

		cpuset_add(&segments_open(sg)->rows, s->cpu);
		verdict_series_add(&sg->run[s->cpu], &p);
		if (sg->open)
			verdict_series_add(&sg->open[s->cpu], &p);
	}
	sg->cur.lost.read++;
}

void segments_smi(struct segments *sg, int cpu, uint64_t count)
{
	stats_add_smi(&sg->cur, cpu, count);
	if (cpu < 0 || cpu >= sg->cur.ncpus)
		return;
	verdict_series_smi(&sg->run[cpu], count);
	if (sg->open)
		verdict_series_smi(&sg->open[cpu], count);
}

void segments_run_only(struct segments *sg)
{
	sg->run_only = true;
	free(sg->open);
	free(sg->before);
	sg->open = sg->before = NULL;
	sg->before_k = UINT_MAX;
}

const struct verdict_series *segments_series(const struct segments *sg, unsigned k, int cpu)
{
	const struct verdict_series *v = k == SEGMENTS_RUN ? sg->run :
					 k == sg->marks.n - 1 ? open_series(sg) :
					 k == sg->before_k ? sg->before : NULL;

	return v && cpu >= 0 && cpu < sg->cur.ncpus ? &v[cpu] : NULL;
}

void segments_read(struct segments *sg)
{
	sg->cur.lost.read++;
}

void segments_missed(struct segments *sg, uint64_t count)
{
	stats_lost_add(&sg->cur.lost, count);
}

#define COPY(f) to->f = from->f;

const struct seg_row *segments_row(const struct cpu_stats *from, struct seg_row *to)
{
	STATS_SUMS(COPY)
	return to;
}

/* Into a zeroed row (stats_reset()). */
static void row_unpack(const struct seg_row *from, struct cpu_stats *to)
{
	STATS_SUMS(COPY)
}

static size_t row_bytes(const struct segment *g)
{
	return (sizeof(*g->row) + sizeof(*g->pct)) * (size_t)cpuset_count(&g->rows);
}

/* Let the oldest closed segments' rows go while past SEGMENTS_ROWS_MAX, never the newest's. */
static void seg_trim(struct segments *sg, unsigned newest)
{
	while (sg->row_bytes > SEGMENTS_ROWS_MAX && sg->first_kept < newest) {
		struct segment *g = &sg->seg[sg->first_kept++];

		sg->row_bytes -= row_bytes(g);
		free(g->row);
		free(g->pct);
		g->row = NULL;
		g->pct = NULL;
	}
}

/* Pack the open statistics into g's rows. */
static int seg_close(struct segments *sg, struct segment *g, uint64_t now_ns)
{
	const struct verdict_series *v = open_series(sg);
	size_t nrows = cpuset_count(&g->rows) ? cpuset_count(&g->rows) : 1;
	int cpu, n = 0;

	g->row = calloc(nrows, sizeof(*g->row));
	g->pct = calloc(nrows, sizeof(*g->pct));
	if (!g->row || !g->pct) {
		free(g->row);
		free(g->pct);
		g->row = NULL;
		g->pct = NULL;
		return -1;
	}
	cpuset_for_each(cpu, &g->rows) {
		if (cpu < sg->cur.ncpus) {
			segments_row(&sg->cur.cpu[cpu], &g->row[n]);
			if (v)
				verdict_series_pcts(&v[cpu], &g->pct[n]);
		}
		n++;
	}
	g->ns = now_ns > g->open_ns ? now_ns - g->open_ns : 0;
	g->samples = sg->cur.samples;
	g->lost = sg->cur.lost;
	return 0;
}

/*
 * Segment k closed: its distributions become the "before" ones when it was
 * an osnoise segment, and the open segment's start empty.
 */
static void series_turn(struct segments *sg, unsigned k)
{
	int n = sg->cur.ncpus;

	if (sg->run_only)
		return;
	if (!sg->open) {	/* the first marker: segment 0's are the run's */
		sg->open = series_new(n);
		sg->before = series_new(n);
		if (!sg->open || !sg->before) {
			segments_run_only(sg);
			return;
		}
		memcpy(sg->before, sg->run, sizeof(*sg->run) * (size_t)n);
		sg->before_k = sg->seg[k].hwlat ? UINT_MAX : k;
		return;
	}
	if (!sg->seg[k].hwlat) {
		struct verdict_series *t = sg->before;

		sg->before = sg->open;
		sg->open = t;
		sg->before_k = k;
	}
	series_reset(sg->open, n);
}

int segments_mark(struct segments *sg, uint64_t t_ms, uint64_t now_ns, const struct cpuset *cpus,
		  bool osnoise, bool hwlat, const char *origin, const char *text)
{
	unsigned k = sg->marks.n;
	int num;

	if (k > MARKERS_MAX)
		return -1;
	if (k == sg->cap) {
		struct segment *p = realloc(sg->seg, sizeof(*p) * sg->cap * 2);

		if (!p)
			return -1;
		sg->seg = p;
		sg->cap *= 2;
	}
	if (seg_close(sg, &sg->seg[k - 1], now_ns) < 0)
		return -1;
	num = markers_add(&sg->marks, t_ms, origin, text);
	if (num < 0) {
		free(sg->seg[k - 1].row);
		free(sg->seg[k - 1].pct);
		sg->seg[k - 1].row = NULL;
		sg->seg[k - 1].pct = NULL;
		return -1;
	}
	series_turn(sg, k - 1);
	sg->row_bytes += row_bytes(&sg->seg[k - 1]);
	seg_trim(sg, k - 1);
	seg_start(&sg->seg[k], now_ns, cpus, osnoise, hwlat);
	stats_reset(&sg->cur);
	return num;
}

void segments_reset(struct segments *sg)
{
	for (unsigned k = 0; k + 1 < sg->marks.n; k++)
		sg->seg[k].before_reset = true;
	stats_reset(&sg->cur);
	series_reset(sg->run, sg->cur.ncpus);
	series_reset(sg->open, sg->cur.ncpus);
}

bool segments_pcts(const struct segments *sg, unsigned k, int cpu, struct verdict_pcts *q)
{
	const struct verdict_series *v = segments_series(sg, k, cpu);
	const struct segment *g;
	int c, n = 0;

	memset(q, 0, sizeof(*q));
	if (v) {
		verdict_series_pcts(v, q);
		return v->periods > 0;
	}
	if (k >= sg->marks.n - 1 || !sg->seg[k].pct || cpu < 0)
		return false;
	g = &sg->seg[k];
	cpuset_for_each(c, &g->rows) {
		if (c == cpu) {
			*q = g->pct[n];
			return g->row[n].periods > 0;
		}
		n++;
	}
	return false;
}

bool segments_kept(const struct segments *sg, unsigned k)
{
	return k < sg->marks.n && (k == sg->marks.n - 1 || sg->seg[k].row);
}

const struct seg_row *segments_cpu(const struct segments *sg, unsigned k, int cpu,
				   struct seg_row *buf)
{
	const struct segment *g;
	int c, n = 0;

	if (!segments_kept(sg, k) || cpu < 0)
		return NULL;
	if (k == sg->marks.n - 1) {
		if (cpu >= sg->cur.ncpus)
			return NULL;
		segments_row(&sg->cur.cpu[cpu], buf);
		return buf;
	}
	g = &sg->seg[k];
	if (!cpuset_has(&g->rows, cpu))
		return NULL;
	cpuset_for_each(c, &g->rows) {
		if (c == cpu)
			return &g->row[n];
		n++;
	}
	return NULL;
}

uint64_t segments_ns(const struct segments *sg, unsigned k, uint64_t now_ns)
{
	const struct segment *g;

	if (k >= sg->marks.n)
		return 0;
	g = &sg->seg[k];
	if (k < sg->marks.n - 1)
		return g->ns;
	return now_ns > g->open_ns ? now_ns - g->open_ns : 0;
}

void segments_unpack(const struct segments *sg, unsigned k, struct stats *st)
{
	const struct segment *g;
	int cpu, n = 0;

	stats_reset(st);
	if (k >= sg->marks.n)
		return;
	g = &sg->seg[k];
	if (k == sg->marks.n - 1) {
		for (int c = 0; c < st->ncpus && c < sg->cur.ncpus; c++)
			row_unpack(segments_row(&sg->cur.cpu[c], &(struct seg_row){ 0 }), &st->cpu[c]);
		st->samples = sg->cur.samples;
		st->lost = sg->cur.lost;
		return;
	}
	cpuset_for_each(cpu, &g->rows) {
		if (!g->row)
			break;
		if (cpu < st->ncpus)
			row_unpack(&g->row[n], &st->cpu[cpu]);
		n++;
	}
	st->samples = g->samples;
	st->lost = g->lost;
}

/* a * b / c in 128 bits, 0 when c is 0. */
static uint64_t muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	return c ? (uint64_t)((unsigned __int128)a * b / c) : 0;
}

void segments_rates(const struct seg_row *c, struct seg_rates *r)
{
	/* x per second of runtime, nano-units: x * 1e15 / runtime_us. */
	r->noise_per_s_nano = muldiv(c->noise, 1000000000000000ULL, c->runtime);
	r->hw_per_s_nano = muldiv(c->hw, 1000000000000000ULL, c->runtime);
	r->nmi_per_s_nano = muldiv(c->nmi, 1000000000000000ULL, c->runtime);
	r->smi_per_s_nano = muldiv(c->smi, 1000000000000000ULL, c->runtime);
	r->avail = stats_avail(c->runtime, c->noise);
}
