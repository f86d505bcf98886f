/*
 * histo: the histogram of single noises (hwnoisetop hist), pure logic.
 *
 * The kernel counts every osnoise:sample_threshold in hist triggers of the
 * run's instance (kernel/osn_hist.h): one keyed on CPU and duration in
 * buckets of gran_us, kept to the rows' range (duration below
 * entries * bucket_us), and one keyed on the CPU alone with the count, the
 * sum and the maximum of every duration.  struct histo holds what they
 * said, per CPU, at the kernel's granularity; the rows of bucket_us are
 * summed from it when printed.  Here: the plan that keeps the kernel's map
 * within its size (coarser buckets where CPUs x buckets would not fit),
 * the parsing of the kernel's hist files, rtla osnoise hist's layout, one
 * CPU's rows as lines (for a dashboard), and the recording's form.
 */
#ifndef HWN_HISTO_H
#define HWN_HISTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "textbuf.h"

#define HISTO_BUCKET_DEFAULT 1		/* us, as rtla */
#define HISTO_ENTRIES_DEFAULT 256	/* as rtla */
#define HISTO_BUCKET_MAX 999999		/* rtla: below 1000000 */
#define HISTO_ENTRIES_MIN 10
#define HISTO_ENTRIES_MAX 9999999
#define HISTO_MAP_MAX 131072		/* the kernel's largest map (2^TRACING_MAP_BITS_MAX) */
#define HISTO_MAP_MIN 2048		/* its default */

/* What hwnoisetop hist was asked (-b, -E and the layout options). */
struct histo_conf {
	bool on;		/* count the histogram (hwnoisetop hist) */
	uint64_t bucket_us;	/* -b */
	uint64_t entries;	/* -E */
	bool no_header, no_summary, no_index, with_zeros;
};

/*
 * How the kernel counts it: rows of bucket_us (entries of them, the rest
 * "over"), counted in kernel buckets of gran_us (bucket_us a multiple of
 * it), map_size entries at most.  coarsened: bucket_us and entries are not
 * what was asked (CPUs x buckets would not fit): say so.
 */
struct histo_plan {
	uint64_t bucket_us, entries, gran_us, map_size;
	bool coarsened;
};

/*
 * The plan for ncpus CPUs: 1 us kernel buckets when ncpus x entries x
 * bucket_us fit in the largest map, else bucket_us ones when ncpus x
 * entries fit, else rows of a multiple of bucket_us (fewer of them,
 * covering at least the same range) that fit.  -1 when not even one
 * bucket per CPU fits (more CPUs than the map holds).
 */
int histo_plan(int ncpus, uint64_t bucket_us, uint64_t entries, struct histo_plan *p);

struct histo_cpu {
	uint64_t count;		/* every sample of the CPU */
	uint64_t in;		/* those in the rows' range (the buckets' sum) */
	uint64_t sum_ns, max_ns;
	uint64_t *b;		/* per kernel bucket (plan.entries * bucket_us / gran_us) */
};

struct histo {
	struct histo_plan plan;
	int ncpus;		/* rows of cpu (possible CPUs) */
	struct histo_cpu *cpu;
	/*
	 * The kernel's "Dropped:" (both maps): counts it could not keep; with
	 * events, the events lost before they were read (ring buffer full).
	 */
	uint64_t dropped;
	bool read;		/* the kernel's counts were read (or a recording's) */
	bool events;		/* counted from the events read (histo_add()), not by the kernel */
};

/* Zeroed counts for ncpus CPUs; -1: out of memory. */
int histo_init(struct histo *h, const struct histo_plan *p, int ncpus);
void histo_clear(struct histo *h);
void histo_free(struct histo *h);
/* Kernel buckets per CPU. */
uint64_t histo_nbuckets(const struct histo *h);

/*
 * The kernel's hist file of the bucket trigger (keys common_cpu and
 * duration.buckets, vals hitcount and duration) and of the per-CPU one
 * (keys common_cpu, vals hitcount and duration, onmax's "max:"), into h
 * (cleared first).  0, or -1 with why (a line not understood).
 */
int histo_parse(struct histo *h, const char *buckets_text, const char *cpus_text,
		const char **why);

/*
 * One osnoise:sample_threshold event read (a kernel without hist
 * triggers): counted as the two triggers count it, every duration in the
 * CPU's count, sum and maximum, those below the rows' range in their
 * bucket.  -1: a CPU out of range, or out of memory.
 */
int histo_add(struct histo *h, int cpu, uint64_t duration_ns);

/* A CPU's figures, in us as rtla prints them: over, min, avg, max. */
uint64_t histo_over(const struct histo_cpu *c);
uint64_t histo_min_us(const struct histo *h, const struct histo_cpu *c);
double histo_avg_us(const struct histo_cpu *c);
/* The count of row r (rows of plan.bucket_us) of a CPU. */
uint64_t histo_row(const struct histo *h, const struct histo_cpu *c, uint64_t r);

/*
 * rtla osnoise hist's output: the header (with duration_s), a row per
 * bucket (empty rows left out unless with_zeros), over:, then count:,
 * min:, avg:, max:.  Columns: the CPUs of cpus_mask (ncpus bits; NULL:
 * every CPU) that counted a sample.
 */
void histo_print(FILE *out, const struct histo *h, const struct histo_conf *c,
		 uint64_t duration_s, const uint8_t *cpus_mask);

/*
 * One CPU's histogram as text lines for a screen: "   0-1    us  12345"
 * for each row that counted (at most max_rows, the largest rows kept
 * when more), then "over" and the count, min, avg and max in a line.
 * The lines are appended to tb; their number is returned.
 */
int histo_cpu_lines(const struct histo *h, int cpu, int max_rows, struct textbuf *tb);

/* The recording's form: one JSON object (the footer's "hist"), and back. */
void histo_json_write(FILE *out, const struct histo *h, const struct histo_conf *c);
int histo_json_read(struct histo *h, struct histo_conf *c, const char *text, size_t len,
		    const char **why);

#endif
