/*
 * test-cause: cause.h on generated periods with known answers (fixed
 * seeds).  A CPU's base noise is lognormal around 40 us a 1 s period; a
 * cause switched on in blocks of 10 periods adds a known noise to the
 * periods it is in, so the share it explains is known; causes switched
 * with no noise of their own must not be credited beyond chance.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "cause.h"
#include "randgen.h"
#include "tap.h"

#define NCPU 40
#define PERIODS 600

struct gen {
	double extra[CAUSE_N];		/* us added in a period with the cause */
	double on[CAUSE_N];		/* share of blocks with the cause */
	bool fix[CAUSE_N];		/* the cause is always fixed[] */
	enum cause_seen fixed[CAUSE_N];
};

/* One CPU's periods into c; the true share of each cause's noise into truth. */
static void gen(struct cause_cpu *c, const struct gen *g, uint64_t seed, double *truth)
{
	double added[CAUSE_N] = { 0 }, total = 0;
	bool on[CAUSE_N] = { false };

	rng_state = seed;
	cause_cpu_init(c);
	for (unsigned t = 0; t < PERIODS; t++) {
		struct cause_period p = { .runtime = 1000000 };
		double noise = 40 * exp(0.6 * gauss());

		for (int k = 0; k < CAUSE_N; k++) {
			if (t % 10 == 0)
				on[k] = uni() < g->on[k];
			p.seen[k] = g->fix[k] ? g->fixed[k] : on[k] ? CAUSE_PRESENT : CAUSE_ABSENT;
			if (p.seen[k] == CAUSE_PRESENT) {
				double e = g->extra[k] * (0.5 + uni());

				noise += e;
				added[k] += e;
			}
		}
		p.noise = (uint64_t)llround(noise);
		p.max_single = p.noise / 3 + 1;
		total += (double)p.noise;
		cause_cpu_add(c, &p);
	}
	for (int k = 0; k < CAUSE_N; k++)
		truth[k] = added[k] / total;
}

static struct cause_cpu cpu;

static void test_found(void)
{
	struct gen g = { .extra = { [CAUSE_SIBLING] = 120 }, .on = { [CAUSE_SIBLING] = 0.5 },
			 .fix = { [CAUSE_STEAL] = true, [CAUSE_THERMAL] = true },
			 .fixed = { [CAUSE_STEAL] = CAUSE_UNMEASURED, [CAUSE_THERMAL] = CAUSE_ABSENT } };
	unsigned credited = 0, covered = 0, lead = 0, others = 0;
	double truth[CAUSE_N];
	struct cause_answer a;

	for (int i = 0; i < NCPU; i++) {
		gen(&cpu, &g, 1000 + i, truth);
		cause_cpu_answer(&cpu, &a);
		credited += a.c[CAUSE_SIBLING].state == CAUSE_CREDITED;
		covered += a.c[CAUSE_SIBLING].share_lo <= truth[CAUSE_SIBLING] &&
			   truth[CAUSE_SIBLING] <= a.c[CAUSE_SIBLING].share_hi;
		lead += a.lead == CAUSE_SIBLING;
		others += a.c[CAUSE_SMI].state == CAUSE_CREDITED;
	}
	/* The verdict engine widens the interval of a side whose halves disagree: a few CPUs. */
	tap_ok(credited >= NCPU * 9 / 10, "a busy sibling adding 3x the noise is credited on %u "
	       "of %d CPUs", credited, NCPU);
	tap_ok(lead == credited, "and leads wherever credited (%u)", lead);
	tap_ok(covered >= NCPU * 85 / 100, "its interval holds the true share on %u of %d CPUs",
	       covered, NCPU);
	tap_ok(others <= 3, "an SMI switched with no noise of its own is credited on %u CPUs", others);
	tap_ok(a.c[CAUSE_STEAL].state == CAUSE_NOT_MEASURED, "an unmeasured cause says so");
	tap_ok(a.c[CAUSE_THERMAL].state == CAUSE_NONE_SEEN, "a cause never seen says so");
	tap_ok(a.unexplained > 0 && a.unexplained < 1 - a.c[CAUSE_SIBLING].share + 1e-9 &&
	       a.unexplained_lo <= a.unexplained && a.unexplained <= a.unexplained_hi,
	       "the unexplained share is the rest, inside its interval");
}

static void test_nothing(void)
{
	struct gen g = { .on = { 0.3, 0.3, 0.5, 0.3, 0.3 } };
	unsigned credited = 0, inside = 0;
	double truth[CAUSE_N];
	struct cause_answer a;

	for (int i = 0; i < NCPU; i++) {
		gen(&cpu, &g, 5000 + i, truth);
		cause_cpu_answer(&cpu, &a);
		for (int k = 0; k < CAUSE_N; k++) {
			credited += a.c[k].state == CAUSE_CREDITED;
			inside += a.c[k].share_lo <= 0;
		}
	}
	/* 200 cause-CPUs, each a one-sided test at 2.5% past a 10% margin. */
	tap_ok(credited <= 6, "nothing injected: %u credits in %d", credited, NCPU * CAUSE_N);
	tap_ok(inside >= NCPU * CAUSE_N - 6, "and the interval reaches 0 in %u of %d", inside,
	       NCPU * CAUSE_N);
}

static void test_two(void)
{
	struct gen g = { .extra = { [CAUSE_SMI] = 150, [CAUSE_NMI] = 400 },
			 .on = { [CAUSE_SMI] = 0.5, [CAUSE_NMI] = 0.3 } };
	double truth[CAUSE_N];
	struct cause_answer a;

	gen(&cpu, &g, 77, truth);
	cause_cpu_answer(&cpu, &a);
	tap_ok(a.c[CAUSE_SMI].state == CAUSE_CREDITED && a.c[CAUSE_NMI].state == CAUSE_CREDITED,
	       "two causes at once are both credited (%s %.2f [%.2f, %.2f], %s %.2f [%.2f, %.2f])",
	       cause_state_name(a.c[CAUSE_SMI].state), a.c[CAUSE_SMI].ratio,
	       a.c[CAUSE_SMI].ratio_lo, a.c[CAUSE_SMI].ratio_hi,
	       cause_state_name(a.c[CAUSE_NMI].state), a.c[CAUSE_NMI].ratio,
	       a.c[CAUSE_NMI].ratio_lo, a.c[CAUSE_NMI].ratio_hi);
	tap_ok(a.lead == CAUSE_NMI, "the larger leads");
	tap_ok(a.overlap, "and their periods overlap: said");
	g.fix[CAUSE_SMI] = true;
	g.fixed[CAUSE_SMI] = CAUSE_PRESENT;
	gen(&cpu, &g, 78, truth);
	cause_cpu_answer(&cpu, &a);
	tap_ok(a.c[CAUSE_SMI].state == CAUSE_ALWAYS, "a cause in every period: nothing to compare");
}

static void test_few(void)
{
	struct cause_period p = { .runtime = 1000000, .noise = 50 };
	struct cause_answer a;

	cause_cpu_init(&cpu);
	for (int i = 0; i < 6; i++) {
		p.seen[CAUSE_SMI] = i % 2 ? CAUSE_PRESENT : CAUSE_ABSENT;
		cause_cpu_add(&cpu, &p);
	}
	cause_cpu_answer(&cpu, &a);
	tap_ok(a.c[CAUSE_SMI].state == CAUSE_FEW, "six periods: too few to say (%s)",
	       cause_state_name(a.c[CAUSE_SMI].state));
	tap_ok(a.lead == -1 && a.unexplained == 1, "nothing credited: all of it unexplained");
	tap_is_str(cause_key(CAUSE_SIBLING), "sibling", "the JSON key of the sibling");
}

int main(void)
{
	tap_plan(16);
	test_found();
	test_nothing();
	test_two();
	test_few();
	return tap_failed ? 1 : 0;
}
