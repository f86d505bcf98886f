/*
 * stats: per-CPU accumulation of osnoise period summaries.
 *
 * Samples in, statistics out: a struct osn_sample is one ftrace:osnoise
 * record, already decoded; the statistics know nothing of tracefs.  Sums
 * and maxima follow rtla's top view exactly (Period = summaries received,
 * Runtime/Noise/HW/NMI/IRQ/Softirq/Thread = sums, Max Noise = max of noise,
 * Max Single = max of max_sample), plus a short history of recent periods
 * for the dashboard.
 */
#ifndef HWN_STATS_H
#define HWN_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Events the ring buffer dropped, against those read, while the
 * statistics they belong to count (not in a warm-up, a pause, or before a
 * reset): both in events, one unit.
 */
struct lost {
	uint64_t read;		/* events read */
	uint64_t missed;	/* events dropped, as counted by the kernel */
	bool unknown;		/* a page said events were dropped, without a count */
};

/* stats_lost_add()'s count for "some, the kernel did not say how many". */
#define LOST_UNKNOWN UINT64_MAX

void stats_lost_add(struct lost *l, uint64_t missed);
/*
 * The report's line, without a newline: "N (P.PP%) events missed, results
 * might not be accurate", "an unknown number of events missed, ...", or ""
 * when nothing was lost.  No floating point: the same in every locale.
 */
const char *stats_lost_text(const struct lost *l, char *buf, size_t size);

struct osn_sample {
	int cpu;
	uint64_t ts;		/* ring-buffer timestamp, ns */
	uint64_t runtime;	/* us */
	uint64_t noise;		/* us */
	uint64_t max_sample;	/* us */
	uint64_t hw_count;
	uint64_t nmi_count;
	uint64_t irq_count;
	uint64_t softirq_count;
	uint64_t thread_count;
	/* --why: the period's NMI time from its osnoise:nmi_noise events, when nmi_time. */
	uint64_t nmi_ns;
	bool nmi_time;
};

#define STATS_HISTORY 128

/*
 * The sums and maxima of a CPU's table row, in its order: X(field) for
 * each, so that what keeps only them (segments.h) keeps every one.  smi:
 * SMIs counted in MSR 0x34 (see smi.h).
 */
#define STATS_SUMS(X) X(periods) X(runtime) X(noise) X(max_noise) X(max_single) X(hw) \
	X(nmi) X(irq) X(softirq) X(thread) X(smi)
#define STATS_FIELD(f) uint64_t f;

struct cpu_stats {
	STATS_SUMS(STATS_FIELD)
	uint64_t last_smi;	/* SMIs of the latest period read */
	uint64_t last_noise;	/* noise of the latest period */
	uint64_t last_single;	/* its longest single noise */
	uint64_t last_ts;	/* its timestamp, ns; 0 = none yet */
	/* Noise of the most recent periods, oldest first from hist_head (NULL: none kept). */
	uint64_t *hist;
	unsigned hist_head;
	unsigned hist_len;
};

struct stats {
	int ncpus;			/* rows in cpu[] */
	struct cpu_stats *cpu;
	uint64_t samples;		/* summaries accepted */
	struct lost lost;		/* events dropped and read meanwhile */
	uint64_t *history;		/* the cpu[].hist arrays, STATS_HISTORY each; NULL: none */
};

int stats_init(struct stats *st, int ncpus);
/* The same without the recent periods' history (stats_history() gives 0). */
int stats_init_bare(struct stats *st, int ncpus);
void stats_free(struct stats *st);
void stats_reset(struct stats *st);
/* Account one summary; samples for CPUs outside [0, ncpus) are ignored. */
void stats_add(struct stats *st, const struct osn_sample *s);
/*
 * Account SMIs counted on cpu since the previous read: added to the run's
 * total and kept as the latest period's count.
 */
void stats_add_smi(struct stats *st, int cpu, uint64_t count);
/* The i-th most recent period's noise (0 = latest); returns 0 when absent. */
uint64_t stats_history(const struct cpu_stats *cs, unsigned age);

/*
 * % CPU available, truncated like the kernel's print:
 * p = (runtime - noise) * 10000000 / runtime, shown as p / 100000 "." p % 100000.
 * Computed in 128 bits so it never overflows.  Returns p (0 when runtime is 0).
 */
uint64_t stats_avail(uint64_t runtime, uint64_t noise);

#endif
