/*
 * experiment: an interleaved A/B experiment on one knob, the pure part.
 * No tracefs, no terminal, no globals.
 *
 * The run is a sequence of blocks, each a settle time (measured, not
 * counted: the first periods after a switch are not the steady state)
 * then the block proper, in state A or B.  The order is balanced:
 *   - ABBA ABBA ... by default: any linear drift over the run weighs the
 *     same on A as on B (the blocks' mean positions are equal), so a trend
 *     can not pass for an effect;
 *   - with a seed, each pair of blocks is AB or BA at random: a drift with
 *     the ABBA rhythm can not line up with the design, and linear drift
 *     cancels on average.
 * Each block of each CPU is one observation: its sums (noise, runtime,
 * events) become one batch of a struct verdict_series (verdict.h), so the
 * verdict's batch means, Welch interval and exact count tests work on
 * blocks; drift between blocks is what the design cancels.
 */
#ifndef HWN_EXPERIMENT_H
#define HWN_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "verdict.h"

#define EXP_MAX_BLOCKS (2 * VERDICT_SLOTS)	/* a side's blocks fit the verdict's batches */
#define EXP_MIN_BLOCKS (2 * VERDICT_MIN_BATCHES)
#define EXP_DEFAULT_BLOCKS 12
#define EXP_DEFAULT_BLOCK_S 20
#define EXP_DEFAULT_SETTLE_S 5			/* 12 x 25 s: 5 minutes */
#define EXP_MARGIN 0.10				/* "no change" within +-10% */

enum exp_side { EXP_A, EXP_B };

struct exp_design {
	unsigned n;			/* blocks */
	uint64_t block_ns, settle_ns;
	bool randomized;		/* --seed given */
	uint64_t seed;
	unsigned char side[EXP_MAX_BLOCKS];	/* enum exp_side of each block */
};

/*
 * n blocks (even, EXP_MIN_BLOCKS to EXP_MAX_BLOCKS) of block_ns after
 * settle_ns each; randomized: pairs in random order from seed.  -1 when n
 * or the times are out of range.
 */
int exp_design_init(struct exp_design *d, unsigned n, uint64_t block_ns, uint64_t settle_ns,
		    bool randomized, uint64_t seed);
/* "ABBAABBAABBA" */
void exp_design_order(const struct exp_design *d, char *buf, size_t len);
uint64_t exp_design_length_ns(const struct exp_design *d);

/* Where a time (ns since the first block's settle began) falls. */
struct exp_phase {
	unsigned block;		/* 0..n-1; n when done */
	bool settling;
	bool done;
	enum exp_side side;
	uint64_t left_ns;	/* till the end of the run */
};
void exp_design_at(const struct exp_design *d, uint64_t t_ns, struct exp_phase *ph);

/*
 * The design's clock on the loop's ticks, catching up: a phase (a block's
 * settle, its counted time) ends at the first tick at or past its length
 * from its own start, and a tick moves it on by one phase at most.  A tick
 * late by more than a block never skips one: the phase it finds ran
 * longer, and every later phase comes later by as much.
 */
struct exp_clock {
	struct exp_phase ph;	/* now */
	uint64_t start_ns;	/* when this phase began */
};
/* The first block's settle (or counted time) begins at now. */
void exp_clock_start(struct exp_clock *c, const struct exp_design *d, uint64_t now);
/*
 * The tick at now: true when the phase moved on (c->ph is the new one);
 * *counted_ns: how long the counted time that ended ran, else 0.
 */
bool exp_clock_tick(struct exp_clock *c, const struct exp_design *d, uint64_t now,
		    uint64_t *counted_ns);
/* The phase begins at now instead (the knob's switch took that long). */
void exp_clock_restart(struct exp_clock *c, const struct exp_design *d, uint64_t now);
/*
 * A block's counted time longer than designed by more than this is told:
 * the design caught up with a late tick.
 */
#define EXP_LATE_NS 1500000000ULL
/* Counted times are told and kept to a tenth of a second (the markers' figure). */
uint64_t exp_tenths_ns(uint64_t ns);
/*
 * A counted time that ran counted_ns (cut: the run ended in it), as the
 * run keeps it (exp_run.counted_ns): 0 when it was as designed, else in
 * tenths, and a cut one shorter than the block.
 */
uint64_t exp_counted_kept(const struct exp_design *d, uint64_t counted_ns, bool cut);

/* One CPU's figures, block by block. */
struct exp_cpu {
	struct verdict_batch blk[EXP_MAX_BLOCKS];	/* counted periods' sums */
	uint32_t settle[EXP_MAX_BLOCKS];		/* periods of its settle, not counted */
	struct verdict_series side[2];			/* each side's periods (max single's histogram) */
};

void exp_cpu_init(struct exp_cpu *c);
/* A period of this CPU at phase ph. */
void exp_cpu_add(struct exp_cpu *c, const struct exp_phase *ph, const struct verdict_period *p);
/* SMIs counted at phase ph (not counted while settling). */
void exp_cpu_smi(struct exp_cpu *c, const struct exp_phase *ph, uint64_t n);
/* Periods counted in state side over the first done blocks. */
uint64_t exp_cpu_periods(const struct exp_cpu *c, const struct exp_design *d, unsigned done,
			 enum exp_side side);
/* Settle periods over the first done blocks. */
uint64_t exp_cpu_settled(const struct exp_cpu *c, unsigned done);
/* Measured in both states over the first done blocks: comparable. */
bool exp_cpu_both(const struct exp_cpu *c, const struct exp_design *d, unsigned done);
/* Add src's blocks into dst (the all-CPUs row). */
void exp_cpu_pool(struct exp_cpu *dst, const struct exp_cpu *src);
/* Blocks of side with periods, over the first done blocks. */
unsigned exp_cpu_blocks(const struct exp_cpu *c, const struct exp_design *d, unsigned done,
			enum exp_side side);
/* The verdict on figure f, B against A, from the first done blocks. */
void exp_cpu_verdict(const struct exp_cpu *c, const struct exp_design *d, unsigned done,
		     enum verdict_fig f, struct verdict *v);

/* One knob's experiment, as far as it went. */
struct exp_run {
	const char *knob;		/* the command line's name: "smt" */
	const char *name;		/* the panel's: "SMT" */
	char a[64], b[64];		/* the two values */
	struct exp_design d;
	unsigned done;			/* blocks completed */
	int ncpus;
	struct exp_cpu *cpu;		/* ncpus of them */
	bool ran;			/* it began (the knob could change) */
	char cut[256];			/* why it ended early, "" it ran to its end */
	unsigned switches;		/* knob changes made */
	/*
	 * A block's counted time when it was not as designed (the design
	 * caught up with a late tick, or the run was cut in it), to a tenth of
	 * a second; 0: as designed.
	 */
	uint64_t counted_ns[EXP_MAX_BLOCKS];
	char change[96];		/* a condition the experiment did not change, "" none */
	unsigned change_block;		/* ... changed in this block (1..n), 0 none */
};

/* What became of block k (0..n-1) of a run. */
enum exp_fate {
	EXP_FULL,	/* counted as designed */
	EXP_LONG,	/* counted longer: the design caught up with a late tick */
	EXP_SHORT,	/* counted, shorter: the run was cut after half of it or more */
	EXP_LOST,	/* done but no period counted, or cut before half of it */
	EXP_NOT_RUN,	/* the run ended before it */
};
enum exp_fate exp_block_fate(const struct exp_run *r, unsigned k);
/* "full", "longer", "shortened", "lost", "not run" */
const char *exp_fate_name(enum exp_fate f);
/*
 * Block k's line in the report, when it was not counted as designed:
 * "block 6 (B): lost: no period counted"; false (buf "") when it was, or
 * never ran.
 */
bool exp_block_text(const struct exp_run *r, unsigned k, char *buf, size_t len);
/*
 * Why verdict v of the run's pooled CPUs all is undecided (or not
 * comparable), in words: "too few blocks: 4 of A, 5 of B", "block 6 lost",
 * "conditions changed in block 6 (...)", no CPU counted in both states, the
 * interval past the margin; "" when it is decided.
 */
void exp_undecided_why(const struct exp_run *r, const struct exp_cpu *all,
		       const struct verdict *v, char *buf, size_t len);

/*
 * The line of the report: "SMT off: noise -43% [-51%, -35%] on all CPUs:
 * better"; "timer migration 0: no change within +-10%".
 */
void exp_summary_line(const char *what, const struct verdict *noise, char *buf, size_t len);

#endif
