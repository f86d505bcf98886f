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

/*
 * A run as the lab makes one: n periods, a base noise whose log drifts as
 * an AR(1) of coefficient phi and deviation sd (0: none) plus a trend (the log's rise over
 * the run), the sibling busy in alternate blocks of blk periods from block
 * `first` on (or, with late, only in the second half), adding `times` the
 * base noise when busy (1: nothing).
 */
struct run {
	unsigned n, blk, first;
	double phi, sd, trend, times;
	unsigned power;		/* credited in at least this % of runs */	/* sd: the drift's (stationary) in the log */
	bool late;
};

static void gen_run(struct cause_cpu *c, const struct run *r, uint64_t seed)
{
	double d = 0;

	rng_state = seed;
	cause_cpu_init(c);
	for (unsigned t = 0; t < r->n; t++) {
		struct cause_period p = { .runtime = 1000000 };
		bool busy = r->late ? t >= r->n / 2 : (t / r->blk) % 2 == r->first;
		double noise;

		d = r->phi * d + sqrt(1 - r->phi * r->phi) * r->sd * gauss();
		noise = 40 * exp(0.6 * gauss() + (r->phi > 0 ? d : 0) + r->trend * t / r->n);
		for (int k = 0; k < CAUSE_N; k++)
			p.seen[k] = k == CAUSE_SIBLING && busy ? CAUSE_PRESENT : CAUSE_ABSENT;
		if (busy)
			noise *= r->times;
		p.noise = (uint64_t)llround(noise);
		p.max_single = p.noise / 3 + 1;
		cause_cpu_add(c, &p);
	}
}

/* Of NRUNS runs, how many credit the sibling. */
#define NRUNS 200
static unsigned credits(const struct run *r, uint64_t seed)
{
	struct cause_answer a;
	unsigned n = 0;

	for (unsigned i = 0; i < NRUNS; i++) {
		gen_run(&cpu, r, seed + i);
		cause_cpu_answer(&cpu, &a);
		n += a.c[CAUSE_SIBLING].state == CAUSE_CREDITED;
	}
	return n;
}

/*
 * A drifting run: nothing injected, the sibling switched in blocks, is
 * credited at most 5% of the time, whether the blocks interleave (the
 * drift moves both sides alike) or the sibling comes only in the second
 * half of a rising run (the drift and the sibling confounded: the drift
 * counts in full); a sibling that triples the noise in the lab's design
 * (64 periods, blocks of 8) is found on a drifting run.
 */
static void test_drift(void)
{
	static const struct run aa[] = {
		{ .n = 64, .blk = 8, .phi = 0.9, .sd = 0.8, .times = 1 },
		{ .n = 64, .blk = 8, .phi = 0.99, .sd = 0.8, .times = 1 },
		{ .n = 64, .blk = 8, .phi = 0.5, .sd = 0.3, .times = 1 },
		{ .n = 600, .blk = 10, .phi = 0.99, .sd = 0.8, .times = 1 },
		{ .n = 600, .blk = 60, .phi = 0.99, .sd = 0.8, .times = 1 },
		{ .n = 64, .phi = 0.9, .sd = 0.8, .trend = 0.5, .times = 1, .late = true },
		{ .n = 600, .phi = 0.99, .sd = 0.8, .trend = 0.5, .times = 1, .late = true },
	};
	static const struct run found[] = {
		{ .n = 64, .blk = 8, .first = 1, .phi = 0.9, .sd = 0.3, .times = 3, .power = 80 },
		{ .n = 64, .blk = 4, .first = 1, .phi = 0.5, .sd = 0.3, .times = 2, .power = 70 },
		{ .n = 600, .blk = 10, .first = 1, .phi = 0.9, .sd = 0.3, .times = 1.5, .power = 75 },
	};

	for (size_t i = 0; i < sizeof(aa) / sizeof(aa[0]); i++) {
		unsigned n = credits(&aa[i], 9000 + 1000 * i);

		tap_ok(n <= NRUNS / 20, "nothing injected, %u periods, %s, AR(1) %.2f sd %.1f: the sibling "
		       "credited in %u of %d runs (%.1f%%)", aa[i].n, aa[i].late ?
		       "the sibling in the second half of a rising run" : "alternate blocks",
		       aa[i].phi, aa[i].sd, n, NRUNS, 100.0 * n / NRUNS);
	}
	for (size_t i = 0; i < sizeof(found) / sizeof(found[0]); i++) {
		unsigned n = credits(&found[i], 20000 + 1000 * i);

		tap_ok(n >= NRUNS * found[i].power / 100, "the sibling x%.1f in alternate blocks of %u of %u "
		       "periods, AR(1) %.2f sd %.1f: credited in %u of %d runs (%.1f%%)", found[i].times,
		       found[i].blk, found[i].n, found[i].phi, found[i].sd, n, NRUNS, 100.0 * n / NRUNS);
	}
}

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
	struct gen g = { .on = { 0.3, 0.3, 0.5, 0.3, 0.3, 0.3 } };
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
	/* 240 cause-CPUs, each a one-sided test at 2.5% past a 10% margin. */
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
	/* No period is free of the SMIs: the NMIs are judged on all periods, not left undecided. */
	tap_ok(a.c[CAUSE_NMI].state == CAUSE_CREDITED && !a.c[CAUSE_NMI].alone &&
	       isfinite(a.c[CAUSE_NMI].ratio) && a.c[CAUSE_NMI].share < 0.9,
	       "and the other cause is still judged, on all periods (%s x%.2f [%.2f, %.2f], %.0f%%)",
	       cause_state_name(a.c[CAUSE_NMI].state), a.c[CAUSE_NMI].ratio,
	       a.c[CAUSE_NMI].ratio_lo, a.c[CAUSE_NMI].ratio_hi, 100 * a.c[CAUSE_NMI].share);
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

/*
 * The clocksource watchdog as it visits a CPU of four: every other 1 s
 * period, from a phase of the seed's; each visit adds extra us (0.5 to 1.5
 * times), on a base noise that drifts as an AR(1) phi, sd of its log.
 */
static void gen_visits(struct cause_cpu *c, unsigned n, uint64_t seed, double extra, double phi,
		       double sd)
{
	double d = 0;
	unsigned phase;

	rng_state = seed;
	phase = uni() < 0.5;
	cause_cpu_init(c);
	for (unsigned t = 0; t < n; t++) {
		struct cause_period p = { .runtime = 1000000 };
		bool visit = t % 2 == phase;
		double noise;

		d = phi * d + sqrt(1 - phi * phi) * sd * gauss();
		noise = 40 * exp(0.6 * gauss() + d) + (visit ? extra * (0.5 + uni()) : 0);
		for (int k = 0; k < CAUSE_N; k++)
			p.seen[k] = CAUSE_ABSENT;
		p.seen[CAUSE_TSCWD] = visit ? CAUSE_PRESENT : CAUSE_ABSENT;
		p.noise = (uint64_t)llround(noise);
		p.max_single = p.noise / 3 + 1;
		cause_cpu_add(c, &p);
	}
}

/* Of NRUNS runs of gen_visits(), how many credit the watchdog. */
static unsigned visit_credits(unsigned n, uint64_t seed, double extra, double phi, double sd)
{
	struct cause_answer a;
	unsigned k = 0;

	for (unsigned i = 0; i < NRUNS; i++) {
		gen_visits(&cpu, n, seed + i, extra, phi, sd);
		cause_cpu_answer(&cpu, &a);
		k += a.c[CAUSE_TSCWD].state == CAUSE_CREDITED;
	}
	return k;
}

/* One period of every CPU state: the watchdog unmeasured, absent or present in it. */
static void visit_period(struct cause_cpu *c, enum cause_seen wd)
{
	struct cause_period p = { .runtime = 1000000, .noise = 50, .max_single = 20 };

	p.seen[CAUSE_TSCWD] = wd;
	cause_cpu_add(c, &p);
}

/*
 * The TSC watchdog: its states; credited where the periods it visits are
 * noisier, and not beyond chance where they are not (an A/A series, the
 * visits every other period on a drifting noise).
 */
static void test_tscwd(void)
{
	struct cause_answer a;
	unsigned n;

	tap_is_str(cause_name(CAUSE_TSCWD), "TSC watchdog", "the cause's name");
	tap_is_str(cause_key(CAUSE_TSCWD), "tsc_watchdog", "its JSON key");
	tap_is_str(cause_key(CAUSE_CLOCKSOURCE), "clocksource", "the clocksource's key");
	tap_ok(strstr(cause_advice(CAUSE_TSCWD), "tsc=reliable") != NULL, "its advice: %s",
	       cause_advice(CAUSE_TSCWD));
	cause_cpu_init(&cpu);
	for (int i = 0; i < 20; i++)
		visit_period(&cpu, CAUSE_UNMEASURED);
	cause_cpu_answer(&cpu, &a);
	tap_ok(a.c[CAUSE_TSCWD].state == CAUSE_NOT_MEASURED && a.periods == 20,
	       "visits not counted: not measured (%s)", cause_state_name(a.c[CAUSE_TSCWD].state));
	for (int i = 0; i < 20; i++)
		visit_period(&cpu, CAUSE_ABSENT);
	cause_cpu_answer(&cpu, &a);
	tap_ok(a.c[CAUSE_TSCWD].state == CAUSE_NONE_SEEN && a.c[CAUSE_TSCWD].without == 20,
	       "counted, no visit: none seen, the unmeasured periods on neither side (%s, %llu)",
	       cause_state_name(a.c[CAUSE_TSCWD].state), (unsigned long long)a.c[CAUSE_TSCWD].without);
	cause_cpu_init(&cpu);
	for (int i = 0; i < 20; i++)
		visit_period(&cpu, CAUSE_PRESENT);
	cause_cpu_answer(&cpu, &a);
	tap_ok(a.c[CAUSE_TSCWD].state == CAUSE_ALWAYS, "a visit in every period: nothing to compare");
	n = visit_credits(600, 30000, 40, 0, 0);
	tap_ok(n >= NRUNS * 95 / 100, "visits adding 40 us every other period of 600: credited in "
	       "%u of %d runs", n, NRUNS);
	n = visit_credits(64, 31000, 60, 0.9, 0.3);
	tap_ok(n >= NRUNS * 70 / 100, "adding 60 us every other period of 64, AR(1) 0.9: credited in "
	       "%u of %d runs", n, NRUNS);
	n = visit_credits(600, 32000, 0, 0, 0);
	tap_ok(n <= NRUNS / 20, "A/A, visits adding nothing, 600 periods: credited in %u of %d runs",
	       n, NRUNS);
	n = visit_credits(64, 33000, 0, 0.99, 0.8);
	tap_ok(n <= NRUNS / 20, "A/A, 64 periods, AR(1) 0.99 sd 0.8: credited in %u of %d runs", n,
	       NRUNS);
}

/* A period of noise us with nmis NMIs of ns in all, their time measured or not. */
static void nmi_period(struct cause_cpu *c, uint64_t noise, uint64_t nmis, uint64_t ns, bool timed)
{
	struct cause_period p = { .runtime = 1000000, .noise = noise, .max_single = noise,
				  .nmi_count = nmis, .nmi_ns = ns, .nmi_time = timed };

	p.seen[CAUSE_NMI] = nmis ? CAUSE_PRESENT : CAUSE_ABSENT;
	cause_cpu_add(c, &p);
}

/*
 * The NMI time measured: summed over the periods it was measured in, as a
 * share of their noise, capped at 1; a period whose NMIs left no time
 * leaves it unmeasured; the verdict on the counts is the same with or without it.
 */
static void test_nmi_time(void)
{
	static struct cause_cpu untimed;
	struct cause_answer a, b;
	const struct cause_result *n = &a.c[CAUSE_NMI];

	cause_cpu_init(&cpu);
	cause_cpu_init(&untimed);
	for (int i = 0; i < 20; i++) {
		nmi_period(&cpu, i % 2 ? 50 : 100, i % 2 ? 0 : 2, i % 2 ? 0 : 30000, true);
		nmi_period(&untimed, i % 2 ? 50 : 100, i % 2 ? 0 : 2, 0, false);
	}
	cause_cpu_answer(&cpu, &a);
	cause_cpu_answer(&untimed, &b);
	tap_ok(n->timed && n->timed_periods == 20 && fabs(n->time_us - 300) < 1e-9,
	       "10 periods of two NMIs, 30 us each period: 300 us measured in 20 periods (%.3f in %llu)",
	       n->time_us, (unsigned long long)n->timed_periods);
	tap_ok(fabs(n->time_share - 300.0 / 1500) < 1e-9, "a share of 20%% of the noise (%.4f)",
	       n->time_share);
	tap_ok(!b.c[CAUSE_NMI].timed && b.c[CAUSE_NMI].time_us == 0 && b.c[CAUSE_NMI].time_share == 0,
	       "not measured: no time, no share");
	tap_ok(b.c[CAUSE_NMI].state == n->state && b.c[CAUSE_NMI].share == n->share &&
	       b.c[CAUSE_NMI].with == 10 && a.lead == b.lead,
	       "the verdict on the counts is the same with the time measured (%s, %.4f)",
	       cause_state_name(n->state), n->share);
	for (int i = 0; i < 4; i++)	/* counted, no nmi_noise event: not measured */
		nmi_period(&cpu, 1000, 1, 0, true);
	cause_cpu_answer(&cpu, &a);
	tap_ok(!n->timed && a.periods == 24,
	       "periods whose NMIs were counted and left no time: the NMI time is not measured "
	       "(not a sum short of them)");
	cause_cpu_init(&cpu);
	nmi_period(&cpu, 10, 1, 50000, true);
	cause_cpu_answer(&cpu, &a);
	tap_ok(n->time_share == 1, "more NMI time than noise (NMIs under the threshold): capped at 1");
	cause_cpu_init(&cpu);
	nmi_period(&cpu, 0, 1, 500, true);
	cause_cpu_answer(&cpu, &a);
	tap_ok(n->timed && n->time_share == 0 && fabs(n->time_us - 0.5) < 1e-9,
	       "NMI time without noise: measured, a share of 0");
}

int main(void)
{
	tap_plan(45);
	test_nmi_time();
	test_tscwd();
	test_found();
	test_nothing();
	test_two();
	test_few();
	test_drift();
	return tap_failed ? 1 : 0;
}
