/*
 * cause: a CPU's hardware noise put down to its causes, with the evidence.
 * Pure logic: no tracefs, no /proc, no globals.
 *
 * Each period of one CPU comes with what was seen beside it: SMIs counted
 * in it, NMIs in it, its SMT sibling's busy share, the CPU's steal time,
 * thermal throttling events, the clocksource watchdog's visits, a
 * clocksource other than the run's first (each cause present, absent or
 * unmeasured).
 * For each cause the periods go into two verdict series (verdict.h), those
 * with the cause and those without, and the verdict engine's noise per
 * second of runtime compares them: the ratio r = with / without with its
 * 95% interval.  So that another cause's noise does not blur the
 * comparison, a cause is judged on the periods where no other cause was
 * seen, and on all its periods only when those are too few.  The noise the cause explains is the excess of the periods
 * with it over what they would have had at the rate without it,
 * N_with * (1 - 1/r), as a share of the CPU's whole noise; the interval of
 * r gives the share's.  A cause is credited only when the verdict says the
 * noise is worse with it (the interval clear of zero and past the margin);
 * otherwise its state says why not: unmeasured, never seen, present in
 * every period (nothing to compare it with), too few periods, or no
 * evidence.  What no credited cause explains is unexplained.  Causes that
 * come together are each credited with the whole excess of their periods:
 * the shares may then overlap (the report says so).
 *
 * The largest single noises are put down the same way, on the verdict
 * engine's max single figure (verdict.h): the share of periods whose max
 * single reaches a level L.  L is one level per CPU, chosen over all its
 * periods, whatever their causes: the smallest power of two that at most
 * VERDICT_TAIL (10%) of them reach (verdict_series_level()), so every
 * cause of one CPU is asked about the same noises, and a cause's own
 * split of the periods cannot move the level it is judged at.  For each
 * cause the ratio q = (share of the periods with it reaching L) / (share
 * of those without) with its 95% interval, judged as the noise is
 * (alone-periods first, the drift as far as the sides lie apart,
 * CAUSE_MARGIN); the largest noises it explains are the excess of its
 * periods reaching L over what the rate without it predicts,
 * R_with * (1 - 1/q), as a share of all the CPU's periods reaching L, the
 * interval from q's.  Credited only when that verdict says worse, whatever
 * the noise's verdict; otherwise its own state says why not.  The rest is
 * the largest noises left unexplained.  The leading cause is the noise's.
 *
 * One CPU's verdict is one test of many: a run of 256 CPUs makes 256 x 7
 * x 2 of them, and at each one's own error rate some would credit a cause
 * that is not there.  cause_adjust() holds the false discovery rate over
 * all of one run's judgements (Benjamini & Hochberg 1995, as a
 * comparison's verdicts are held, verdict_adjust()): a credit that does
 * not clear it is CAUSE_WITHIN_FDR, not credited.
 *
 * NMIs are also measured directly where the kernel traces each one
 * (osnoise:nmi_noise): a period's NMI time, summed over the periods where
 * it was measured, as a share of those periods' noise (capped at 1).  That
 * figure stands beside the verdict; it credits nothing by itself.  One
 * period whose NMIs were counted but left no time leaves it unmeasured.
 */
#ifndef HWN_CAUSE_H
#define HWN_CAUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "verdict.h"

enum cause_kind {
	CAUSE_SMI, CAUSE_NMI, CAUSE_SIBLING, CAUSE_STEAL, CAUSE_THERMAL, CAUSE_TSCWD,
	CAUSE_CLOCKSOURCE, CAUSE_N
};

/* A cause in one period. */
enum cause_seen { CAUSE_UNMEASURED, CAUSE_ABSENT, CAUSE_PRESENT };

/* The sibling counts as busy in a period from this share of its time on. */
#define CAUSE_BUSY_SHARE 0.5
/*
 * The margin of the verdicts that credit a cause: 10% more noise with it
 * (or a share of periods reaching the level 10% higher).
 */
#define CAUSE_MARGIN 0.10

struct cause_period {
	uint64_t runtime, noise, max_single;	/* us */
	enum cause_seen seen[CAUSE_N];
	uint64_t nmi_count;
	uint64_t nmi_ns;	/* the NMIs' time, when nmi_time */
	bool nmi_time;		/* measured (osnoise:nmi_noise read) */
};

struct cause_cpu {
	struct verdict_series with[CAUSE_N], without[CAUSE_N];
	/* The same over the periods with no other cause present. */
	struct verdict_series with_alone[CAUSE_N], without_alone[CAUSE_N];
	uint64_t unmeasured[CAUSE_N];	/* periods where the cause could not be seen */
	uint64_t periods;
	double noise;			/* us, every period's */
	double noise_with[CAUSE_N];	/* us, in the periods with the cause */
	uint64_t both[CAUSE_N][CAUSE_N];	/* periods with two causes at once */
	/* Sums of the periods' numbers (0, 1, ...) on each side: their mean times. */
	double t_with[CAUSE_N], t_without[CAUSE_N], t_with_alone[CAUSE_N], t_without_alone[CAUSE_N];
	/* The NMI time measured: its periods, their noise (us) and the time (ns). */
	uint64_t nmi_periods, nmi_ns;
	double nmi_noise;
	uint64_t nmi_untimed;	/* periods whose NMIs were counted and left no time */
	double oct[VERDICT_OCT];	/* every period by octave of max single: the level */
};

enum cause_state {
	CAUSE_NOT_MEASURED,	/* never measurable here */
	CAUSE_NONE_SEEN,	/* measured, never present */
	CAUSE_ALWAYS,		/* present in every period: nothing to compare with */
	CAUSE_FEW,		/* too few periods on a side to say */
	CAUSE_NO_EVIDENCE,	/* seen, the noise is not worse with it */
	/*
	 * Worse with it on this CPU's own verdict, but not among the run's
	 * many judgements (cause_adjust()): not credited, the figures kept.
	 */
	CAUSE_WITHIN_FDR,
	CAUSE_CREDITED,		/* the noise is worse with it: share credited */
};

struct cause_result {
	enum cause_state state;
	uint64_t with, without;		/* periods with and without the cause */
	bool alone;			/* judged on the periods with no other cause */
	double ratio, ratio_lo, ratio_hi;	/* noise per s with / without, 95% */
	double p;			/* the noise verdict's p-value; NAN: no test */
	double share, share_lo, share_hi;	/* of the CPU's noise, 0..1, 95% */
	/*
	 * The largest single noises, the periods reaching the CPU's level
	 * (cause_answer's): max_ratio the share of the periods with the cause
	 * reaching it over that of those without; max_share of all the CPU's
	 * periods reaching it, 0..1.  max_state as state; NOT_MEASURED,
	 * NONE_SEEN and ALWAYS are state's, the figures 0 then.
	 */
	enum cause_state max_state;
	bool max_alone;
	uint64_t max_with;		/* periods with the cause reaching the level */
	double max_ratio, max_ratio_lo, max_ratio_hi;
	double max_share, max_share_lo, max_share_hi;
	double max_p;			/* max single's p-value; NAN: no test */
	/*
	 * CAUSE_NMI only: the NMI time measured (timed), in timed_periods, and
	 * its share of their noise (0..1); timed false where none was.
	 */
	bool timed;
	uint64_t timed_periods;
	double time_us, time_share;
};

/* The whole answer for one CPU. */
struct cause_answer {
	struct cause_result c[CAUSE_N];
	double unexplained, unexplained_lo, unexplained_hi;	/* share of noise, 0..1 */
	int lead;		/* the credited cause with the largest share; -1 none */
	bool overlap;		/* credited causes came together in some periods */
	uint64_t periods;
	double noise;		/* us */
	/* The largest single noises: the level, the periods reaching it, their rest. */
	double level;		/* us, a power of two */
	uint64_t reach;		/* periods whose max single reaches it */
	double max_unexplained, max_unexplained_lo, max_unexplained_hi;	/* share of reach, 0..1 */
	bool max_overlap;	/* causes credited on them came together in some periods */
	uint8_t together[CAUSE_N];	/* bit j of [k]: causes k and j came together */
	/* The judgements (valid tests) of the family cause_adjust() held it in; 0: alone. */
	uint64_t family;
};

void cause_cpu_init(struct cause_cpu *c);
void cause_cpu_add(struct cause_cpu *c, const struct cause_period *p);
void cause_cpu_answer(const struct cause_cpu *c, struct cause_answer *a);
/*
 * The false discovery rate over one run's credits: every judgement of the
 * n answers (each CPU's causes on the noise and on the largest single
 * noises, where a valid test was made: credited or no evidence, not too
 * few periods) is one family; Benjamini &
 * Hochberg at fdr (fdr.h, VERDICT_FDR) over it, and a credit whose
 * p-value does not clear the threshold becomes CAUSE_WITHIN_FDR.  The
 * leading cause, the unexplained rest and the overlaps are then those of
 * the credits that stand; each answer's family is the family's size.
 * Without memory no credit stands (family 0).
 */
void cause_adjust(struct cause_answer *a, size_t n, double fdr);

/*
 * "SMI", "NMI", "SMT sibling", "steal", "thermal", "TSC watchdog", "clocksource";
 * keys: "smi", "nmi", "sibling", ..., "tsc_watchdog", "clocksource".
 */
const char *cause_name(enum cause_kind k);
const char *cause_key(enum cause_kind k);
/*
 * "not measured", "none seen", "in every period", "too few periods",
 * "no evidence", "within FDR", "credited"; keys alike ("within_fdr").
 */
const char *cause_state_name(enum cause_state s);
const char *cause_state_key(enum cause_state s);
/* One sentence of what to try for a cause credited: "keep the sibling idle...". */
const char *cause_advice(enum cause_kind k);
/* r's state on the noise, or on the largest single noises (max_state). */
enum cause_state cause_state_on(const struct cause_result *r, bool largest);
/* Whether a state is one where the cause was compared (its figures stand). */
bool cause_compared(enum cause_state s);
/*
 * r's share of the largest single noises (reach periods reached the level)
 * as an interval fit to set beside another run's: max_share_lo/hi hold the
 * count of periods with the cause that reached the level as it came; this
 * one takes that count's own chance too (its share of reach, Wilson's 95%
 * interval), so that a side where none happened to reach it is not a
 * certain 0.  False when nothing reached the level (nothing to say).
 */
bool cause_largest_between(const struct cause_result *r, uint64_t reach, double *lo, double *hi);
/*
 * compare, the experiment: did cause k move from x to y, on the noise or
 * on the largest single noises?  When its share there has 95% intervals
 * on the two sides that do not meet ("none seen" is a share of 0; the
 * largest's as cause_largest_between() has it) and one side credits it (a
 * credit its run's false discovery rate let stand: with no credit on
 * either side a difference of shares is the noise of two estimates, and
 * over many CPUs some would part by chance).  A side that could not say
 * (not measured, in every period, too few periods) says nothing.
 */
bool cause_moved(const struct cause_answer *x, const struct cause_answer *y, int k, bool largest);

#endif
