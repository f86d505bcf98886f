/*
 * exp_blocks: what became of each block of an experiment (counted as
 * designed, longer, shortened, lost) and why an undecided verdict is
 * undecided, in the report's words.  See experiment.h.
 */
#include "experiment.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static double secs(uint64_t ns)
{
	return (double)ns / 1e9;
}

static bool any_periods(const struct exp_run *r, unsigned k)
{
	for (int cpu = 0; cpu < r->ncpus; cpu++)
		if (r->cpu[cpu].blk[k].periods)
			return true;
	return false;
}

enum exp_fate exp_block_fate(const struct exp_run *r, unsigned k)
{
	uint64_t t = r->counted_ns[k];

	if (!r->ran || k >= r->d.n || k > r->done || (k == r->done && !r->cut[0]))
		return EXP_NOT_RUN;
	/* The block before was cut and counted, shortened: this one never began. */
	if (k == r->done && k && r->counted_ns[k - 1] && r->counted_ns[k - 1] < r->d.block_ns)
		return EXP_NOT_RUN;
	if (k == r->done || !any_periods(r, k))
		return EXP_LOST;	/* cut in it before half of it, or nothing came */
	if (t && t < r->d.block_ns)
		return EXP_SHORT;
	return t > r->d.block_ns ? EXP_LONG : EXP_FULL;
}

const char *exp_fate_name(enum exp_fate f)
{
	static const char *const names[] = { "full", "longer", "shortened", "lost", "not run" };

	return f <= EXP_NOT_RUN ? names[f] : "?";
}

bool exp_block_text(const struct exp_run *r, unsigned k, char *buf, size_t len)
{
	enum exp_fate f = exp_block_fate(r, k);
	uint64_t t = r->counted_ns[k], want = r->d.block_ns;
	int n;

	buf[0] = '\0';
	if (f == EXP_FULL || f == EXP_NOT_RUN)
		return false;
	n = snprintf(buf, len, "block %u (%c): ", k + 1, r->d.side[k] == EXP_A ? 'A' : 'B');
	if (n < 0 || (size_t)n >= len)
		return true;
	buf += n;
	len -= (size_t)n;
	if (f == EXP_LONG)
		snprintf(buf, len, "counted in full, %.1f s for %.1f s: a tick came late, the "
			 "blocks after it later by as much", secs(t), secs(want));
	else if (f == EXP_SHORT)
		snprintf(buf, len, "shortened by %.1f s: %.1f s of %.1f s counted, the run was cut",
			 secs(want - t), secs(t), secs(want));
	else if (k == r->done && t)
		snprintf(buf, len, "lost: the run was cut after %.1f s of its %.1f s", secs(t),
			 secs(want));
	else if (k == r->done && any_periods(r, k))
		snprintf(buf, len, "lost: the run was cut in it");
	else if (k == r->done)
		snprintf(buf, len, "lost: the run was cut before it counted");
	else
		snprintf(buf, len, "lost: no period counted in it");
	return true;
}

static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t at = strlen(buf);
	va_list ap;

	if (at + 3 >= len)
		return;
	if (at)
		at += (size_t)snprintf(buf + at, len - at, "; ");
	va_start(ap, fmt);
	vsnprintf(buf + at, len - at, fmt, ap);
	va_end(ap);
}

/* "block 4 lost", "blocks 4, 6 lost" (the blocks done that counted nothing). */
static void lost_blocks(const struct exp_run *r, char *buf, size_t len)
{
	char list[128] = "";
	unsigned n = 0;

	for (unsigned k = 0; k < r->done && k < r->d.n; k++) {
		size_t at = strlen(list);

		if (exp_block_fate(r, k) != EXP_LOST)
			continue;
		if (at + 8 < sizeof(list))
			snprintf(list + at, sizeof(list) - at, "%s%u", n ? ", " : "", k + 1);
		n++;
	}
	if (n)
		add(buf, len, "block%s %s lost", n > 1 ? "s" : "", list);
}

/* Blocks of side counted on any CPU. */
static unsigned exp_run_blocks(const struct exp_run *r, enum exp_side side)
{
	unsigned n = 0;

	for (unsigned k = 0; k < r->done && k < r->d.n; k++)
		n += r->d.side[k] == side && any_periods(r, k);
	return n;
}

void exp_undecided_why(const struct exp_run *r, const struct exp_cpu *all,
		       const struct verdict *v, char *buf, size_t len)
{
	unsigned a = exp_cpu_blocks(all, &r->d, r->done, EXP_A);
	unsigned b = exp_cpu_blocks(all, &r->d, r->done, EXP_B);

	if (!len)
		return;
	buf[0] = '\0';
	if (v->kind != VK_UNDECIDED && v->kind != VK_NOT_COMPARABLE)
		return;
	if (r->change_block)
		add(buf, len, "conditions changed in block %u (%s)", r->change_block, r->change);
	lost_blocks(r, buf, len);
	if (!a || !b)
		add(buf, len, "no CPU counted in both states (blocks: %u of A, %u of B)",
		    exp_run_blocks(r, EXP_A), exp_run_blocks(r, EXP_B));
	else if (a < VERDICT_MIN_BATCHES || b < VERDICT_MIN_BATCHES)
		add(buf, len, "too few blocks: %u of A, %u of B, %d a side decide", a, b,
		    VERDICT_MIN_BATCHES);
	if (buf[0])
		return;
	if (v->why == VW_MANY || v->why == VW_NO_EVENTS)
		add(buf, len, "%s", verdict_why_name(v->why));
	else if (v->ci)
		add(buf, len, "the 95%% interval [%+.0f%%, %+.0f%%] reaches past +-%.0f%%: the "
		    "blocks vary more than the change", v->lo_pct, v->hi_pct, EXP_MARGIN * 100);
	else
		add(buf, len, "too few periods in the blocks");
}
