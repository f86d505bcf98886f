/*
 * test-causes: causes.h's pairing of each period with the clocksource
 * watchdog's visits: the first read after a period's summary gives it its
 * visits, the reads after that one saw the next period run and go to it,
 * a period no read follows before the next summary (periods shorter than
 * the tick) is not measured, nor one a read not counted follows, the
 * periods before the first count are not measured; a recording's "ev"
 * line gives them (its "tscwd") to the same periods, null or absent (an
 * older recording) gives none.  An experiment's arms take the visits by
 * the same rule over all the CPU's periods (exp_causes.h).  And the
 * clocksource changed or not, a recorded line's evidence of the period
 * after it.  The answers, held together to the false discovery rate, come
 * from a cache that a period counted renews.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "causes.h"
#include "exp_causes.h"
#include "jsonread.h"
#include "tap.h"

/* A counted summary of cpu with noise us in a 1 s period. */
static void period(struct causes *c, int cpu, uint64_t noise)
{
	struct osn_sample smp = { .cpu = cpu, .runtime = 1000000, .noise = noise,
				  .max_sample = noise / 2 + 1 };

	causes_sample(c, &smp, false);
}

/* Period t of cpu, 1 s, with an NMI (twice as noisy) or not. */
static struct osn_sample nmi_period(int cpu, int t, bool nmi)
{
	return (struct osn_sample){ .cpu = cpu, .runtime = 1000000,
				    .noise = (nmi ? 60 : 30) + (uint64_t)(t % 7), .max_sample = 20,
				    .nmi_count = nmi };
}

/* The answer's line of cause k of cpu (state none on no answer). */
static struct cause_result cause_of(const struct causes *c, int cpu, enum cause_kind k)
{
	struct cause_answer a;

	if (!causes_answer(c, cpu, &a))
		return (struct cause_result){ .state = CAUSE_NOT_MEASURED, .with = 999 };
	return a.c[k];
}

/* The watchdog's line. */
static struct cause_result tscwd_of(const struct causes *c, int cpu)
{
	return cause_of(c, cpu, CAUSE_TSCWD);
}

/*
 * CPU 0: the odd periods ten times as noisy, each visited (one read after
 * it); CPU 1: each period read twice, a visit in the second read after
 * every third period, which saw the next period run: that one is visited,
 * and noisier.  A count given to the period after the visited one would
 * credit nothing on CPU 0, one given to the period before nothing on CPU 1.
 */
static void waiting_period(void)
{
	struct causes *c = causes_new(2, NULL, false);
	struct cause_result r;

	causes_tscwd(c, 0, 5);		/* no period waits: dropped */
	for (int i = 0; i < 40; i++) {
		period(c, 0, i % 2 ? 200 + (uint64_t)i : 20 + (uint64_t)(i % 7));
		causes_tscwd(c, 0, i % 2);
		period(c, 1, i % 3 == 1 ? 300 + (uint64_t)i : 30 + (uint64_t)(i % 5));
		causes_tscwd(c, 1, 0);
		causes_tscwd(c, 1, i % 3 == 0);
	}
	causes_flush(c, false, "SMIs not counted");
	r = tscwd_of(c, 0);
	tap_ok(r.with == 20 && r.without == 20, "CPU 0: the 20 periods visited, and only they, "
	       "have the watchdog (%llu with, %llu without)", (unsigned long long)r.with,
	       (unsigned long long)r.without);
	tap_ok(r.state == CAUSE_CREDITED && r.ratio > 5, "the noisier ones: credited, x%.2f (%s)",
	       r.ratio, cause_state_name(r.state));
	r = tscwd_of(c, 1);
	tap_ok(r.with == 13 && r.without == 27, "CPU 1: a second read's visit is the next "
	       "period's (%llu with, %llu without)", (unsigned long long)r.with,
	       (unsigned long long)r.without);
	tap_ok(r.ratio > 5, "and they are the noisy ones: x%.2f", r.ratio);
	causes_free(c);
}

/* A counted summary of cpu with noise us in a 100 ms period. */
static void short_period(struct causes *c, int cpu, uint64_t noise)
{
	struct osn_sample smp = { .cpu = cpu, .runtime = 100000, .noise = noise,
				  .max_sample = noise };

	causes_sample(c, &smp, false);
}

/* The periods of cpu's answer that the watchdog's visits were not measured in. */
static uint64_t unmeasured_of(const struct causes *c, int cpu)
{
	struct cause_answer a;

	if (!causes_answer(c, cpu, &a))
		return 999;
	return a.periods - a.c[CAUSE_TSCWD].with - a.c[CAUSE_TSCWD].without;
}

/*
 * Periods of 100 ms, ten a tick: only the last of each tick's is followed
 * by a read, which gives it its visits; the nine before it are not
 * measured.  Six ticks, a visit read in the second and the fourth: 2
 * periods with, 4 without, 54 not measured (the count given to the latest
 * period alone, with the others absent, would say 2 with and 58 without).
 * Then, of four periods a tick with the noise 10, 20, 30 and 40 (80 in the
 * second tick), the visit of the first tick's read lands on its last
 * period (40) and the second read's none on 80: the ratio is 40 / 80.
 */
static void shorter_than_tick(void)
{
	struct causes *c = causes_new(2, NULL, false);
	struct cause_result r;

	for (int t = 0; t < 6; t++) {
		for (int i = 0; i < 10; i++)
			short_period(c, 0, 20 + (uint64_t)i);
		causes_tscwd(c, 0, t == 1 || t == 3);
	}
	for (int t = 0; t < 2; t++) {
		for (uint64_t i = 1; i <= 4; i++)
			short_period(c, 1, i == 4 && t == 1 ? 80 : 10 * i);
		causes_tscwd(c, 1, t == 0);
	}
	causes_flush(c, false, "");
	r = tscwd_of(c, 0);
	tap_ok(r.with == 2 && r.without == 4 && unmeasured_of(c, 0) == 54,
	       "ten periods a tick: the last of each measured, 2 with, 4 without, 54 not "
	       "measured (%llu, %llu, %llu)", (unsigned long long)r.with,
	       (unsigned long long)r.without, (unsigned long long)unmeasured_of(c, 0));
	r = tscwd_of(c, 1);
	tap_ok(r.with == 1 && r.without == 1 && unmeasured_of(c, 1) == 6 &&
	       r.ratio > 0.499 && r.ratio < 0.501, "the visit lands on the period the read "
	       "followed, the others not measured (%llu with, %llu without, x%.3f)",
	       (unsigned long long)r.with, (unsigned long long)r.without, r.ratio);
	causes_free(c);
}

/*
 * A read not counted (a pause): the period it follows first is not
 * measured, and the visits read before it for the next period are dropped;
 * the counted reads after it are the next period's.  The last period, no
 * read after it, is not measured either.
 */
static void read_lost(void)
{
	struct causes *c = causes_new(1, NULL, false);
	struct cause_result r;

	period(c, 0, 10);
	causes_tscwd(c, 0, 0);		/* measured, none */
	causes_tscwd(c, 0, 3);		/* for the next period ... */
	causes_tscwd_lost(c, 0);	/* ... dropped */
	period(c, 0, 10);
	causes_tscwd_lost(c, 0);	/* not measured */
	causes_tscwd(c, 0, 1);		/* the next period's */
	period(c, 0, 10);
	causes_tscwd(c, 0, 0);		/* measured: 1 visit */
	period(c, 0, 10);
	causes_flush(c, false, "");
	r = tscwd_of(c, 0);
	tap_ok(r.with == 1 && r.without == 1 && unmeasured_of(c, 0) == 2,
	       "a read not counted: 1 with, 1 without, 2 not measured (%llu, %llu, %llu)",
	       (unsigned long long)r.with, (unsigned long long)r.without,
	       (unsigned long long)unmeasured_of(c, 0));
	causes_free(c);
}

/* Periods before the first count: not measured, and why. */
static void before_any_count(void)
{
	struct causes *c = causes_new(1, NULL, false);
	struct cause_result r;

	for (int i = 0; i < 3; i++)
		period(c, 0, 10);
	causes_flush(c, false, "SMIs not counted");
	r = tscwd_of(c, 0);
	tap_ok(r.state == CAUSE_NOT_MEASURED && !r.with && !r.without,
	       "no count given: not measured (%s)", cause_state_name(r.state));
	tap_is_str(causes_why(c, 0, CAUSE_TSCWD), "no TSC watchdog visits recorded",
		   "and why, in a replay");
	causes_free(c);
}

/* An "ev" line of text into *c; its CPU, or -1 where refused. */
static int ev_line(struct causes **c, const char *text)
{
	struct jsonr_obj o;
	const char *why;
	int cpu = -1;

	if (jsonread_parse(text, strlen(text), &o) < 0 || causes_read(c, 2, &o, &cpu, &why) < 0)
		return -1;
	return cpu;
}

#define EV(cpu, wd) "{\"t\":\"ev\",\"cpu\":" #cpu ",\"sib_pm\":null,\"steal_us\":null," \
	"\"throttle\":null" wd "}"

/* The recording's "ev" lines: "tscwd" a count, null, absent. */
static void recorded(void)
{
	struct causes *c = NULL;
	struct evidence_cpu ev;
	struct cause_result r;
	int cpu = ev_line(&c, EV(1, ));

	tap_ok(cpu == 1 && c, "an \"ev\" line of an older recording reads (CPU %d)", cpu);
	period(c, 1, 100);
	ev_line(&c, EV(1, ",\"tscwd\":null"));
	period(c, 1, 10);
	causes_flush(c, false, "");
	r = tscwd_of(c, 1);
	tap_ok(r.state == CAUSE_NOT_MEASURED, "without a count, or null: not measured (%s)",
	       cause_state_name(r.state));
	causes_free(c);
	c = NULL;
	ev_line(&c, EV(0, ",\"tscwd\":0"));
	period(c, 0, 100);
	cpu = ev_line(&c, EV(0, ",\"tscwd\":2"));
	causes_latest(c, 0, &ev);
	tap_ok(cpu == 0 && ev.tscwd == 2, "\"tscwd\":2 is the latest evidence (%lld)",
	       (long long)ev.tscwd);
	period(c, 0, 10);
	ev_line(&c, EV(0, ",\"tscwd\":0"));
	causes_flush(c, false, "");
	r = tscwd_of(c, 0);
	tap_ok(r.with == 1 && r.without == 1, "and its visits are the period before it "
	       "(%llu with, %llu without)", (unsigned long long)r.with, (unsigned long long)r.without);
	tap_ok(ev_line(&c, EV(0, ",\"tscwd\":-1")) < 0 && ev_line(&c, EV(0, ",\"tscwd\":\"x\"")) < 0,
	       "a count that is no count is refused");
	causes_free(c);
}

/*
 * The recording gives the same as the live reads: ten periods of 100 ms a
 * tick, an "ev" line after each tick's ("tscwd" 1 after the second and
 * fourth), and a line with null (a pause) after the fifth: 2 with, 3
 * without, the rest not measured.
 */
static void recorded_short(void)
{
	struct causes *c = NULL;
	struct cause_result r;
	char line[200];

	ev_line(&c, EV(0, ",\"tscwd\":0"));
	for (int t = 0; t < 6; t++) {
		for (int i = 0; i < 10; i++)
			short_period(c, 0, 20 + (uint64_t)i);
		snprintf(line, sizeof(line), "{\"t\":\"ev\",\"cpu\":0,\"tscwd\":%s}",
			 t == 4 ? "null" : t == 1 || t == 3 ? "1" : "0");
		ev_line(&c, line);
	}
	causes_flush(c, false, "");
	r = tscwd_of(c, 0);
	tap_ok(r.with == 2 && r.without == 3 && unmeasured_of(c, 0) == 55,
	       "the recording's \"ev\" lines: the last period of a tick measured, not the others "
	       "nor one a null follows (%llu, %llu, %llu)", (unsigned long long)r.with,
	       (unsigned long long)r.without, (unsigned long long)unmeasured_of(c, 0));
	causes_free(c);
}

/*
 * The clocksource: an "ev" line's "cs_changed" is the evidence of the
 * period whose summary follows it (as the sibling's load); 2 is refused.
 */
static void clocksource(void)
{
	struct causes *c = NULL;
	struct cause_answer a;
	bool ok;

	for (int i = 0; i < 6; i++) {
		ev_line(&c, i < 4 ? EV(0, ",\"cs_changed\":0") : EV(0, ",\"cs_changed\":1"));
		period(c, 0, 10);
	}
	causes_flush(c, false, "");
	ok = causes_answer(c, 0, &a);
	tap_ok(ok && a.c[CAUSE_CLOCKSOURCE].with == 2 &&
	       a.c[CAUSE_CLOCKSOURCE].without == 4, "changed before the last 2 of 6 periods: "
	       "with it in those (%llu, %llu)", (unsigned long long)a.c[CAUSE_CLOCKSOURCE].with,
	       (unsigned long long)a.c[CAUSE_CLOCKSOURCE].without);
	tap_ok(ev_line(&c, EV(0, ",\"cs_changed\":2")) < 0, "\"cs_changed\":2 is refused");
	causes_free(c);
	c = NULL;
	ev_line(&c, EV(0, ));
	period(c, 0, 10);
	causes_flush(c, false, "");
	ok = causes_answer(c, 0, &a);
	tap_ok(ok && a.c[CAUSE_CLOCKSOURCE].state == CAUSE_NOT_MEASURED &&
	       !strcmp(causes_why(c, 0, CAUSE_CLOCKSOURCE), "no clocksource recorded"),
	       "an older recording: not measured, said why");
	causes_free(c);
}

/* The period of block, arm, cpu 0 with noise us into e (seen: the session's causes). */
static void exp_period(struct exp_causes *e, const struct causes *seen, unsigned block, int arm,
		       uint64_t noise)
{
	struct osn_sample smp = { .cpu = 0, .runtime = 1000000, .noise = noise,
				  .max_sample = noise / 2 + 1 };

	exp_causes_period(e, block, arm, &smp, seen, false);
}

/*
 * Blocks of 10 periods, A B A B, a tick's visits after each period: in A's
 * every other period is visited, in B's none; a fifth block (A), never
 * counted, puts nothing in.
 */
static void experiment_arms(void)
{
	struct exp_causes *e = exp_causes_new(1);
	struct causes *seen = causes_new(1, NULL, false);
	struct cause_result a, b;

	for (unsigned blk = 0; blk < 5; blk++)
		for (int i = 0; i < 10; i++) {
			bool visit = blk % 2 == 0 && i % 2;

			exp_period(e, seen, blk, blk % 2 ? EXP_B : EXP_A, visit ? 90 : 30 + i % 3);
			exp_causes_tscwd(e, 0, visit);
		}
	exp_causes_flush(e, 4);
	a = tscwd_of(exp_causes_arm(e, EXP_A), 0);
	b = tscwd_of(exp_causes_arm(e, EXP_B), 0);
	tap_ok(a.with == 10 && a.without == 10, "arm A: its 10 periods visited, of 20 (%llu, %llu)",
	       (unsigned long long)a.with, (unsigned long long)a.without);
	tap_ok(b.state == CAUSE_NONE_SEEN && b.without == 20, "arm B: counted, none (%s, %llu)",
	       cause_state_name(b.state), (unsigned long long)b.without);
	exp_causes_free(e);
	causes_free(seen);
}

/*
 * The two arms are one family: blocks of 20 periods, A B A B; in A's,
 * NMIs in every other period, which is twice as noisy; in B's none.  A's
 * NMIs are judged, B has nothing to judge: yet B's answer counts A's
 * judgements, held to one rate with them.
 */
static void experiment_family(void)
{
	struct exp_causes *e = exp_causes_new(1);
	struct causes *seen = causes_new(1, NULL, false);
	struct cause_answer a, b;

	for (unsigned blk = 0; blk < 4; blk++)
		for (int i = 0; i < 20; i++) {
			struct osn_sample smp = nmi_period(0, i, blk % 2 == 0 && i % 2);

			exp_causes_period(e, blk, blk % 2 ? EXP_B : EXP_A, &smp, seen, false);
		}
	exp_causes_flush(e, 4);
	causes_answer(exp_causes_arm(e, EXP_A), 0, &a);
	causes_answer(exp_causes_arm(e, EXP_B), 0, &b);
	tap_ok(a.c[CAUSE_NMI].state == CAUSE_CREDITED && b.c[CAUSE_NMI].state == CAUSE_NONE_SEEN &&
	       a.family > 0 && a.family == b.family, "the two arms are one family: A's NMIs "
	       "judged (%s), B's none seen, both of %llu and %llu judgements",
	       cause_state_name(a.c[CAUSE_NMI].state), (unsigned long long)a.family,
	       (unsigned long long)b.family);
	exp_causes_free(e);
	causes_free(seen);
}

/*
 * One period a block, A B A B: a read after A's first saw none and gave it
 * that; a second read, a visit, saw B's period run: B's, not A's; A's
 * second period, which no read follows before B's, is not measured.
 */
static void experiment_next_arm(void)
{
	struct exp_causes *e = exp_causes_new(1);
	struct causes *seen = causes_new(1, NULL, false);
	struct cause_result a, b;

	exp_period(e, seen, 0, EXP_A, 10);
	exp_causes_tscwd(e, 0, 0);
	exp_causes_tscwd(e, 0, 1);
	exp_period(e, seen, 1, EXP_B, 50);
	exp_causes_tscwd(e, 0, 0);
	exp_period(e, seen, 2, EXP_A, 10);
	exp_period(e, seen, 3, EXP_B, 10);
	exp_causes_tscwd(e, 0, 0);
	exp_causes_flush(e, 4);
	a = tscwd_of(exp_causes_arm(e, EXP_A), 0);
	b = tscwd_of(exp_causes_arm(e, EXP_B), 0);
	tap_ok(a.with == 0 && a.without == 1 && unmeasured_of(exp_causes_arm(e, EXP_A), 0) == 1,
	       "arm A: its first period measured, none; its second not measured (%llu, %llu)",
	       (unsigned long long)a.with, (unsigned long long)a.without);
	tap_ok(b.with == 1 && b.without == 1, "arm B: the visit read while its period ran is "
	       "that period's (%llu with, %llu without)", (unsigned long long)b.with,
	       (unsigned long long)b.without);
	exp_causes_free(e);
	causes_free(seen);
}

/*
 * The answers are computed together once per change and served from a
 * cache: a period counted changes them (the generation), and 256 CPUs'
 * answers cost one computation, then a copy each (timed, printed).
 */
static void cached(void)
{
	struct causes *c = causes_new(256, NULL, false);
	struct cause_answer a, b;
	struct timespec t0, t1, t2;
	bool ok = true;

	for (int t = 0; t < 300; t++)
		for (int cpu = 0; cpu < 256; cpu++)
			period(c, cpu, 10 + (uint64_t)((t * 7 + cpu * 13) % 29));
	causes_flush(c, false, "");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int cpu = 0; cpu < 256; cpu++)
		ok &= causes_answer(c, cpu, &a);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (int cpu = 0; cpu < 256; cpu++)
		ok &= causes_answer(c, cpu, &a);
	clock_gettime(CLOCK_MONOTONIC, &t2);
	printf("# 256 CPUs of 300 periods: every answer after a change %.2f ms, from the cache "
	       "%.3f ms\n", 1e3 * ((double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec)),
	       1e3 * ((double)(t2.tv_sec - t1.tv_sec) + 1e-9 * (double)(t2.tv_nsec - t1.tv_nsec)));
	causes_answer(c, 3, &a);
	period(c, 3, 10);
	period(c, 3, 10);	/* settles the one before */
	causes_answer(c, 3, &b);
	tap_ok(ok && b.periods == a.periods + 1, "a period counted changes the answer served "
	       "(%llu, then %llu periods)", (unsigned long long)a.periods,
	       (unsigned long long)b.periods);
	causes_free(c);
}

/*
 * SMI reads, one a period, each giving the SMIs since the read before:
 * 40 periods, SMIs in every fourth (noisier); the read of period 20 came
 * a period late, with period 21's, holding both's SMIs (period 20 had
 * them).  The first period (no read before it) and periods 20 and 21 are
 * not measured: 37 are, 8 with SMIs.  Given to period 21 as it comes, the
 * count would mark a period with none.
 */
static void smi_late_read(void)
{
	struct causes *c = causes_new(1, NULL, false);
	struct cause_result r;

	for (int t = 0; t < 40; t++) {
		struct osn_sample smp = { .cpu = 0, .runtime = 1000000,
					  .noise = (t % 4 ? 30 : 90) + (uint64_t)(t % 7),
					  .max_sample = 20 };

		causes_sample(c, &smp, true);
		if (t == 20)
			continue;	/* its read comes with the next period's */
		causes_smi(c, 0, t == 21 ? 3 : t % 4 ? 0 : 3);
	}
	causes_flush(c, true, "");
	r = cause_of(c, 0, CAUSE_SMI);
	tap_ok(r.with == 8 && r.without == 29, "an SMI read a period late: that period and the "
	       "next not measured, nor the first; %llu with, %llu without", (unsigned long long)r.with,
	       (unsigned long long)r.without);
	causes_free(c);
}

/*
 * The cache holds every CPU's answer of one family: a change on one CPU
 * is seen in the answer served for another.  8 CPUs with nothing judged
 * (family 0); then CPU 2's NMIs come in every other period, twice as
 * noisy: judged, and CPU 5's answer, unchanged itself, is of the new family.
 */
static void cached_across(void)
{
	struct causes *c = causes_new(8, NULL, false);
	struct cause_answer a, b;

	for (int t = 0; t < 40; t++)
		for (int cpu = 0; cpu < 8; cpu++)
			period(c, cpu, 10 + (uint64_t)((t * 7 + cpu * 13) % 29));
	causes_answer(c, 5, &a);
	for (int t = 0; t < 40; t++) {
		struct osn_sample smp = nmi_period(2, t, t % 2);

		causes_sample(c, &smp, false);
	}
	causes_answer(c, 5, &b);
	tap_ok(a.family == 0 && b.family > 0 && b.periods == a.periods, "a change on CPU 2 reaches "
	       "the answer served for CPU 5: its family %llu, then %llu judgements",
	       (unsigned long long)a.family, (unsigned long long)b.family);
	causes_free(c);
}

/*
 * Two causes paired (an experiment's arms), then one freed: the other's
 * answers are its own family again, and no pointer to the freed one stays.
 */
static void pair_freed(void)
{
	struct causes *a = causes_new(1, NULL, false), *b = causes_new(1, NULL, false);
	struct cause_answer x, y;

	causes_pair(a, b);
	for (int t = 0; t < 40; t++) {
		struct osn_sample smp = nmi_period(0, t, t % 2);

		causes_sample(a, &smp, false);
		smp.nmi_count = 0;
		causes_sample(b, &smp, false);
	}
	causes_answer(b, 0, &x);
	causes_free(a);
	causes_answer(b, 0, &y);
	tap_ok(x.family > 0 && y.family == 0, "paired, b's answer counts a's judgements (%llu); "
	       "a freed, b's own (%llu)", (unsigned long long)x.family,
	       (unsigned long long)y.family);
	causes_free(b);
}

int main(void)
{
	tap_plan(27);
	waiting_period();
	shorter_than_tick();
	read_lost();
	before_any_count();
	recorded();
	recorded_short();
	clocksource();
	experiment_arms();
	experiment_next_arm();
	experiment_family();
	cached();
	cached_across();
	smi_late_read();
	pair_freed();
	return tap_failed ? 1 : 0;
}
