/* Unit tests: per-CPU accumulation and the availability formula. */
#include "stats.h"
#include "tap.h"

int main(void)
{
	struct stats st;
	struct osn_sample s = { .cpu = 1, .runtime = 750000 };
	const struct cpu_stats *c;

	tap_plan(29);
	tap_ok(stats_init(&st, 4) == 0, "init");
	c = &st.cpu[1];

	s.noise = 10; s.max_sample = 4; s.hw_count = 3; s.nmi_count = 1;
	s.irq_count = 2; s.softirq_count = 5; s.thread_count = 7;
	stats_add(&st, &s);
	s.noise = 25; s.max_sample = 2; s.hw_count = 1; s.nmi_count = 0;
	s.irq_count = 0; s.softirq_count = 1; s.thread_count = 1;
	stats_add(&st, &s);
	s.noise = 7; s.max_sample = 7; s.hw_count = 2; s.nmi_count = 4;
	stats_add(&st, &s);

	tap_is_u64(c->periods, 3, "periods = summaries received");
	tap_is_u64(c->runtime, 2250000, "runtime = sum");
	tap_is_u64(c->noise, 42, "noise = sum");
	tap_is_u64(c->max_noise, 25, "max noise = max of the period noise");
	tap_is_u64(c->max_single, 7, "max single = max of max_sample");
	tap_is_u64(c->hw, 6, "hw = sum");
	tap_is_u64(c->nmi, 5, "nmi = sum");
	tap_is_u64(c->irq, 2, "irq = sum");
	tap_is_u64(c->softirq, 7, "softirq = sum");
	tap_is_u64(c->thread, 9, "thread = sum");
	tap_is_u64(c->last_noise, 7, "last period's noise");
	tap_is_u64(stats_history(c, 0), 7, "history: latest");
	tap_is_u64(stats_history(c, 2), 10, "history: oldest");
	tap_is_u64(st.cpu[0].periods + st.cpu[2].periods, 0, "other CPUs untouched");

	s.cpu = 9;
	stats_add(&st, &s);
	tap_is_u64(st.samples, 3, "a CPU outside the table is ignored");

	/* The kernel's truncation: 599000000 us runtime, 138 us noise -> 99.99997. */
	tap_is_u64(stats_avail(599000000, 138), 9999997, "availability truncates (man page CPU 1)");
	tap_is_u64(stats_avail(599000000, 0), 10000000, "no noise: 100.00000");
	tap_is_u64(stats_avail(0, 0), 0, "no runtime: 0");
	/* 30 days of runtime overflows 64-bit arithmetic in the naive formula. */
	tap_is_u64(stats_avail(2592000000000ULL, 2592000ULL), 9999990, "no overflow for long runs");
	tap_is_u64(stats_avail(100, 300), 0, "noise above runtime clamps to 0");

	s.cpu = 1;
	s.max_sample = 1;
	stats_add(&st, &s);
	tap_ok(c->last_single == 1 && c->max_single == 7,
	       "the latest period's single (1), the run's max single stays 7");
	stats_reset(&st);
	tap_is_u64(c->periods + st.samples, 0, "reset clears");
	stats_free(&st);
	{
		struct lost l = { 0 };
		char buf[128];

		tap_is_str(stats_lost_text(&l, buf, sizeof(buf)), "", "nothing lost: no line");
		stats_lost_add(&l, 2);
		l.read = 997;
		tap_is_str(stats_lost_text(&l, buf, sizeof(buf)),
			   "2 (0.20%) events missed, results might not be accurate",
			   "two of 999 events: 0.20%");
		l.read = 1;
		stats_lost_add(&l, 1);
		tap_is_str(stats_lost_text(&l, buf, sizeof(buf)),
			   "3 (75.00%) events missed, results might not be accurate",
			   "counts add up, in events");
		l.missed = 2;
		l.read = 1;
		tap_is_str(stats_lost_text(&l, buf, sizeof(buf)),
			   "2 (66.67%) events missed, results might not be accurate",
			   "rounded to the nearest hundredth as %.2f would");
		stats_lost_add(&l, LOST_UNKNOWN);
		tap_is_u64(l.missed, 2, "an unknown count adds nothing to the count");
		tap_is_str(stats_lost_text(&l, buf, sizeof(buf)),
			   "an unknown number of events missed, results might not be accurate",
			   "and says the number is unknown, as rtla does");
	}
	return tap_done();
}
