/*
 * test-causes: causes.h's pairing of each period with the clocksource
 * watchdog's visits: the visits a read gives go to the CPU's waiting
 * period (the latest one), reads add up while it waits, none go to a
 * period not yet begun, the periods before the first count are not
 * measured; a recording's "ev" line gives them (its "tscwd"), null or
 * absent (an older recording) gives none.  An experiment's arms take the
 * visits as its SMI counts (exp_causes.h).  And the clocksource changed
 * or not, a recorded line's evidence of the period after it.
 */
#include <stdio.h>
#include <string.h>

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

/* The answer's watchdog line of cpu (state none on no answer). */
static struct cause_result tscwd_of(const struct causes *c, int cpu)
{
	struct cause_answer a;

	if (!causes_answer(c, cpu, &a))
		return (struct cause_result){ .state = CAUSE_NOT_MEASURED, .with = 999 };
	return a.c[CAUSE_TSCWD];
}

/*
 * CPU 0: the odd periods ten times as noisy, each visited (one read after
 * it); CPU 1: each period read twice, a visit in the second read of every
 * third.  A count given to the period after the visited one would credit
 * nothing on CPU 0.
 */
static void waiting_period(void)
{
	struct causes *c = causes_new(2, NULL, false);
	struct cause_result r;

	causes_tscwd(c, 0, 5);		/* no period waits: dropped */
	for (int i = 0; i < 40; i++) {
		period(c, 0, i % 2 ? 200 + (uint64_t)i : 20 + (uint64_t)(i % 7));
		causes_tscwd(c, 0, i % 2);
		period(c, 1, 30 + (uint64_t)(i % 5));
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
	tap_ok(r.with == 14 && r.without == 26, "CPU 1: two reads a period add up (%llu with, "
	       "%llu without)", (unsigned long long)r.with, (unsigned long long)r.without);
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

int main(void)
{
	tap_plan(15);
	waiting_period();
	before_any_count();
	recorded();
	clocksource();
	experiment_arms();
	return tap_failed ? 1 : 0;
}
