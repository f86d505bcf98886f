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
};

/*
 * How to keep value of knob (the command line's knob names: "smt",
 * "clocksource", ...) after a reboot: the kernel command-line parameter,
 * sysctl.d line or tuned profile line with the same effect, and where it
 * is documented; or that none is equivalent.  Never NULL.
 */
void exp_keep_text(const char *knob, const char *value, char *buf, size_t len);

/*
 * The line of the report: "SMT off: noise -43% [-51%, -35%] on all CPUs:
 * better"; "timer migration 0: no change within +-10%".
 */
void exp_summary_line(const char *what, const struct verdict *noise, char *buf, size_t len);

#endif
