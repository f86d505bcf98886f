/*
 * verdict: is a change between two runs real or chance?  Pure logic: no
 * tracefs, no terminal, no globals.
 *
 * Each side's periods of one CPU go into a struct verdict_series as they
 * come: contiguous batches of equal length (at most VERDICT_SLOTS; when
 * they are full, neighbours merge and the length doubles), so the memory
 * is bounded whatever the run's length, and a histogram of max single.
 * verdict_figure() then gives a figure's change B against A with its 95%
 * interval, the p-value of "no change" and a verdict:
 *   - noise per second of runtime: batch means (Schmeiser 1982), a Welch
 *     t interval on the log ratio of the two means (delta method), the
 *     variance widened by the drift each side shows between its halves;
 *     never a test on the raw periods, which are autocorrelated and
 *     heavy-tailed;
 *   - % CPU available: the complement of noise, the same verdict;
 *   - HW, NMI, SMI counts over runtime: with few events (under
 *     VERDICT_MANY_PER_BATCH a batch on either side) the exact conditional
 *     binomial test of two Poisson rates (Przyborowski & Wilenski 1940)
 *     and its Clopper-Pearson (1934) interval for the rate ratio, the
 *     counts deflated by the dispersion seen between batches; with many
 *     events batch means as above;
 *   - max single: the share of periods whose max single reaches a level
 *     (the smallest power of two that at most VERDICT_TAIL of both sides'
 *     periods reach), counts over periods as above, so that the answer
 *     does not depend on the two sides' lengths.
 * Relevance (criterion.rs's noise threshold): an interval inside the
 * margin is "no change" whether or not it excludes zero; better or worse
 * needs an interval that excludes zero and reaches past the margin.  Too
 * few periods is never better or worse.  verdict_adjust() then controls
 * the false discovery rate over every verdict of one comparison
 * (Benjamini & Hochberg 1995).
 */
#ifndef HWN_VERDICT_H
#define HWN_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VERDICT_SLOTS 16	/* batches kept: 8 to 16 once there are 16 periods */
#define VERDICT_MIN_BATCHES 5	/* fewer on a side: undecided */
#define VERDICT_MIN_LEN 2	/* periods a batch at least, else undecided */
#define VERDICT_MANY_PER_BATCH 10
#define VERDICT_TAIL 0.10	/* max single: the level at most this share of periods reach */
#define VERDICT_FDR 0.05	/* verdict_adjust(): the false discovery rate */
#define VERDICT_OCT 24		/* a batch's octaves of max single: 0, 1, 2-3, 4-7, ... */
/*
 * The histograms' buckets (per-period noise per second of runtime, max
 * single): exact to 15 us, then 8 an octave up to 2^21 us (2.1 s), above
 * it the last one.  A percentile is its bucket's low end: exact under
 * 16 us, above it at most 12.5% under the true value (the rank is exact).
 */
#define VERDICT_HIST 152

struct verdict_batch {
	double runtime, noise, hw, nmi, smi;	/* sums: us, us, events */
	double max_single;			/* the batch's largest, us */
	uint32_t periods;
	uint32_t oct[VERDICT_OCT];		/* periods by max single's octave */
};

struct verdict_series {
	struct verdict_batch b[VERDICT_SLOTS];
	unsigned nb;		/* batches begun (the last may be short) */
	uint32_t len;		/* periods a full batch */
	uint64_t periods;
	uint64_t max_single;
	uint64_t smi_early;	/* SMIs read before the first period: its batch's */
	uint64_t max_noise_s;	/* the largest per-period noise per s of runtime, us */
	uint32_t hist[VERDICT_HIST];	/* max single */
	uint32_t nhist[VERDICT_HIST];	/* noise per s of runtime */
	/*
	 * The batches are the blocks of an interleaved design (experiment.h):
	 * the design, not the batches' length, answers the drift, so their
	 * lag-1 correlation is not estimated from so few of them.
	 */
	bool blocks;
};

/* One period of one CPU. */
struct verdict_period {
	uint64_t runtime, noise, max_single, hw, nmi;	/* us, us, us, events, events */
};

/* The octave of a max single (struct verdict_batch's oct[]). */
unsigned verdict_octave(uint64_t max_single);
/* A series' periods by octave of max single, added into n[]. */
void verdict_series_octaves(const struct verdict_series *s, double n[VERDICT_OCT]);
/*
 * Max single's level: the smallest octave k >= 1 that at most VERDICT_TAIL
 * of the periods counted in n[] (by octave) reach; its level is 2^(k-1) us.
 */
unsigned verdict_series_level(const double n[VERDICT_OCT]);
/* A period into a batch's sums; a batch's sums into another's. */
void verdict_batch_add(struct verdict_batch *b, const struct verdict_period *p);
void verdict_batch_merge(struct verdict_batch *d, const struct verdict_batch *x);

void verdict_series_init(struct verdict_series *s);
void verdict_series_add(struct verdict_series *s, const struct verdict_period *p);
/* SMIs counted since the last read: the current batch's. */
void verdict_series_smi(struct verdict_series *s, uint64_t n);
/* The p-th quantile (0..1) of max single, us (a bucket's low end); 0 without periods. */
double verdict_series_quantile(const struct verdict_series *s, double p);
/* The same of the per-period noise per second of runtime, us per s. */
double verdict_series_noise_quantile(const struct verdict_series *s, double p);

/* The percentiles shown: p50, p90, p99, p99.9, then the largest. */
#define VERDICT_NPCT 5
extern const double verdict_pct_p[VERDICT_NPCT - 1];
extern const char *const verdict_pct_name[VERDICT_NPCT];	/* "p50", ..., "max" */
struct verdict_pcts {
	uint32_t noise[VERDICT_NPCT];	/* per-period noise, us per s of runtime */
	uint32_t single[VERDICT_NPCT];	/* per-period max single, us */
};
void verdict_series_pcts(const struct verdict_series *s, struct verdict_pcts *q);
/*
 * Pool: add src's batches into dst batch by batch (the per-period sum over
 * CPUs; max single the largest).  False, and nothing added, when their
 * batches differ in length or count (dst empty: takes src's shape).
 */
bool verdict_series_pool(struct verdict_series *dst, const struct verdict_series *src);

enum verdict_fig { VF_NOISE, VF_AVAIL, VF_HW, VF_NMI, VF_SMI, VF_MAXS, VF_N };
/* JSON names: "noise_us_per_s", "cpu_available_percent", ... */
const char *verdict_fig_name(enum verdict_fig f);

enum verdict_kind { VK_BETTER, VK_WORSE, VK_SAME, VK_UNDECIDED, VK_NOT_COMPARABLE };
/* Why a verdict is undecided (VW_NONE otherwise). */
enum verdict_why {
	VW_NONE,
	VW_WIDE,	/* the interval reaches past the margin on both sides of zero */
	VW_FEW,		/* too few periods or batches on a side */
	VW_FEW_BLOCKS,	/* an experiment: too few blocks on a side */
	VW_NO_EVENTS,	/* none on either side: no ratio */
	VW_DRIFT,	/* a side drifted: its halves disagree */
	VW_MANY,	/* clear alone, not among the comparison's many verdicts */
	VW_UNALIGNED,	/* all CPUs: CPUs of other lengths do not line up */
	VW_N
};
/* "", "more periods", "too few periods", ..., for the reports; JSON: verdict_why_key(). */
const char *verdict_why_name(enum verdict_why w);
const char *verdict_why_key(enum verdict_why w);
/* "better", "worse", "no change", "undecided", "not comparable". */
const char *verdict_kind_name(enum verdict_kind k);
/* '+', '!', '=', '?', ' '. */
char verdict_kind_mark(enum verdict_kind k);

struct verdict {
	double a, b;			/* the figure on each side (rates per s of runtime) */
	double change_pct;		/* b against a; NAN when a is 0 and b not */
	double lo_pct, hi_pct;		/* 95% interval of the change; INFINITY when open */
	bool ci;			/* an interval was computed */
	enum verdict_kind kind;
	enum verdict_why why;		/* undecided: why */
	double p;			/* two-sided p-value of no change; NAN: no test */
	double level;			/* max single: the level whose share is compared, us */
	double share_a, share_b;	/* max single: each side's share of periods reaching it */
	bool drift;			/* a side's halves disagree (p < 0.01) */
	uint64_t periods_needed;	/* undecided: periods a side likely to decide; 0 unknown */
};

/*
 * Figure f of b against a; margin: the equivalence margin as a fraction
 * (0.10 for +-10%); comparable false: the settings that affect it differ.
 */
void verdict_figure(const struct verdict_series *a, const struct verdict_series *b,
		    enum verdict_fig f, double margin, bool comparable, struct verdict *v);
/*
 * The same for two sides taken from one run, their periods interleaved in
 * time (the periods with a cause and those without it, cause.h): a drift
 * of the run moves both alike, except as far as their times differ.
 * drift_weight: the distance between the sides' mean times over half the
 * run's length (0 interleaved evenly, 1 one side after the other as two
 * runs are); the drift each side shows counts that much.
 */
void verdict_figure_interleaved(const struct verdict_series *a, const struct verdict_series *b,
				enum verdict_fig f, double margin, double drift_weight,
				struct verdict *v);

/*
 * Max single as verdict_figure_interleaved() compares it, at a level
 * given instead of the two sides' own: the share of each side's periods
 * whose max single reaches octave oct (2^(oct-1) us), so that several
 * comparisons drawn from one run (cause.h) ask of the same noises.
 */
void verdict_figure_level(const struct verdict_series *a, const struct verdict_series *b,
			  unsigned oct, double margin, double drift_weight, struct verdict *v);

/*
 * Benjamini-Hochberg over n verdicts of one comparison: a better or worse
 * whose p-value does not clear the step-up threshold at fdr becomes
 * undecided (VW_MANY).  Every verdict with a p-value counts as a test.
 */
void verdict_adjust(struct verdict *const *v, size_t n, double fdr);

/* Distribution functions (tested against published values). */
double verdict_beta_inc(double a, double b, double x);		/* regularized I_x(a, b) */
double verdict_beta_quantile(double p, double a, double b);
double verdict_t_cdf(double t, double df);
double verdict_t_quantile(double p, double df);

#endif
