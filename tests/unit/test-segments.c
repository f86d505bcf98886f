/* Unit tests: markers' lines and the statistics between them. */
#include <stdlib.h>

#include "markers.h"
#include "report.h"
#include "segments.h"
#include "tap.h"

static void add(struct segments *sg, struct stats *whole, int cpu, uint64_t noise,
		uint64_t max_sample, uint64_t hw, uint64_t nmi)
{
	struct osn_sample s = { .cpu = cpu, .runtime = 750000, .noise = noise,
				.max_sample = max_sample, .hw_count = hw, .nmi_count = nmi,
				.irq_count = 1 };

	segments_add(sg, &s);
	stats_add(whole, &s);
}

static void test_markers(void)
{
	struct markers ms;
	struct marker m = { .num = 2, .t_ms = 74999, .origin = "key" };
	char line[200];
	int last = 0;

	snprintf(m.text, sizeof(m.text), "clocksource tsc -> hpet");
	tap_is_str(markers_line(&m, line, sizeof(line)), "2  00:01:14  clocksource tsc -> hpet (key)",
		   "a marker's line: number, hh:mm:ss (truncated), text, origin");
	m.t_ms = 100ULL * 3600 * 1000 + 61000;
	m.origin[0] = '\0';
	tap_is_str(markers_line(&m, line, sizeof(line)), "2  100:01:01  clocksource tsc -> hpet",
		   "hours past 99, no origin: no parentheses");

	markers_init(&ms);
	tap_ok(markers_add(&ms, 0, "", "start") == 0, "the first marker is 0");
	tap_ok(markers_add(&ms, 5, "outside", "SMT on\n-> off") == 1, "then 1");
	tap_is_str(ms.m[1].text, "SMT on -> off", "a control character becomes a space");
	while (last >= 0 && ms.n < MARKERS_MAX + 5)
		last = markers_add(&ms, 9, "user", "b");
	tap_ok(last == -1 && ms.n == MARKERS_MAX + 1, "markers stop at MARKERS_MAX (%u)", ms.n);
	markers_free(&ms);
}

static const char tables[] =
	"\n3 segments, one table each, headed by the marker that opened it:\n"
	"\n== 0  00:00:00  start  [before a reset: not in the table above]\n"
	"                                        Hardware-related Noise\n"
	"duration:   0 00:00:02 | time is in us\n"
	"CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI\n"
	"  1 #1            750000           10    99.99866          10            4           3            1\n"
	"\n    noise us per s of runtime, per period        max single us, per period\n"
	"CPU      p50      p90      p99    p99.9      max      p50      p90      p99    p99.9      max\n"
	"  1       13       13       13       13       13        4        4        4        4        4\n"
	"percentiles of the periods: exact under 16 us; above, a bucket's low end, at most 12.5% under "
	"the true value (8 buckets an octave); max exact\n"
	"\n== 1  00:00:02  threshold 5 -> 1 us (key)  [before a reset: not in the table above]\n"
	"                                        Hardware-related Noise\n"
	"duration:   0 00:00:03 | time is in us\n"
	"CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI\n"
	"  1 #1            750000            5    99.99933           5            5           0            2\n"
	"  2 #1            750000            7    99.99906           7            3           2            0\n"
	"\n    noise us per s of runtime, per period        max single us, per period\n"
	"CPU      p50      p90      p99    p99.9      max      p50      p90      p99    p99.9      max\n"
	"  1        6        6        6        6        6        5        5        5        5        5\n"
	"  2        9        9        9        9        9        3        3        3        3        3\n"
	"percentiles of the periods: exact under 16 us; above, a bucket's low end, at most 12.5% under "
	"the true value (8 buckets an octave); max exact\n"
	"\n== 2  00:00:05  reset (key)\n"
	"                                        Operating System Noise\n"
	"duration:   0 00:00:01 | time is in us\n"
	"CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI          IRQ      Softirq       Thread\n"
	"  3 #1            750000           40    99.99466          40           40           0            0            1            0            0\n"
	"\n    noise us per s of runtime, per period        max single us, per period\n"
	"CPU      p50      p90      p99    p99.9      max      p50      p90      p99    p99.9      max\n"
	"  3       52       52       52       52       53       40       40       40       40       40\n"
	"percentiles of the periods: exact under 16 us; above, a bucket's low end, at most 12.5% under "
	"the true value (8 buckets an octave); max exact\n";
/* Then the newest closed segment against the open one, as compare prints them. */
static const char versus[] = "\nB against A: A = 1  00:00:02  threshold 5 -> 1 us (key)\n"
	"              B = 2  00:00:05  reset (key)\n";

/* The per-segment tables at the end: same layout, headed by the marker lines. */
static void test_report(void)
{
	struct segments sg;
	struct stats whole;
	struct cpuset cpus;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	cpuset_clear(&cpus);
	cpuset_add(&cpus, 1);
	segments_init(&sg, 4, &cpus, false, false);
	stats_init(&whole, 4);
	f = open_memstream(&buf, &len);
	report_segments(f, &sg, 0, false, false, 0);
	fflush(f);
	tap_is_u64(len, 0, "no marker: no segment tables");
	add(&sg, &whole, 1, 10, 4, 3, 1);
	segments_mark(&sg, 2500, 2000000000ULL, &cpus, false, false, "key", "threshold 5 -> 1 us");
	add(&sg, &whole, 1, 5, 5, 0, 2);
	add(&sg, &whole, 2, 7, 3, 2, 0);
	cpuset_clear(&cpus);
	cpuset_add(&cpus, 3);
	segments_mark(&sg, 5200, 5000000000ULL, &cpus, true, false, "key", "reset");
	segments_reset(&sg);
	add(&sg, &whole, 3, 40, 40, 0, 0);
	report_segments(f, &sg, 6500000000ULL, false, false, 0);
	fclose(f);
	tap_ok(len > sizeof(tables) && strncmp(buf, tables, sizeof(tables) - 1) == 0,
	       "one table per segment, headed by its marker, only its CPUs, with percentiles");
	tap_ok(strncmp(buf + sizeof(tables) - 1, versus, sizeof(versus) - 1) == 0 &&
	       strstr(buf, "\n  1   6.67      -      -            - 99.99933         -") &&
	       strstr(buf, "\n  3      -  53.3       -            -        - 99.99466       -") &&
	       !strstr(buf, "53.3?") && !strstr(buf, "53.3!"),
	       "then the segment before the latest marker against the open one: hwnoise against "
	       "osnoise, no verdict (not comparable)");
	if (tap_failed)
		printf("# %s\n", buf);
	free(buf);
	stats_free(&whole);
	segments_free(&sg);
}

int main(void)
{
	struct segments sg;
	struct stats whole, st;
	struct cpuset cpus, two;
	struct seg_row buf;
	const struct seg_row *c;
	struct seg_rates r;
	uint64_t sum_noise = 0, sum_periods = 0;

	tap_plan(33);
	test_markers();
	test_report();

	cpuset_clear(&cpus);
	cpuset_add(&cpus, 1);
	cpuset_add(&cpus, 3);
	tap_ok(segments_init(&sg, 4, &cpus, false, false) == 0 && stats_init(&whole, 4) == 0,
	       "init: segment 0 open");
	tap_is_str(sg.marks.m[0].text, "start", "marker 0 is the start");

	add(&sg, &whole, 1, 10, 4, 3, 1);
	add(&sg, &whole, 3, 2, 2, 0, 0);
	add(&sg, &whole, 1, 30, 9, 1, 0);
	tap_ok(segments_mark(&sg, 14000, 2000000000ULL, &cpus, false, false, "key",
			     "threshold 5 -> 1 us") == 1, "marker 1 opens segment 1");
	add(&sg, &whole, 1, 5, 5, 0, 2);
	add(&sg, &whole, 3, 7, 3, 2, 0);
	cpuset_clear(&two);
	cpuset_add(&two, 2);
	tap_ok(segments_mark(&sg, 20000, 3000000000ULL, &two, true, false, "key", "CPUs 2") == 2,
	       "marker 2: another CPU set, osnoise mode");
	add(&sg, &whole, 2, 40, 40, 0, 0);
	add(&sg, &whole, 1, 1, 1, 0, 0);	/* a late period of a CPU no longer measured */

	tap_is_u64(segments_count(&sg), 3, "three segments");
	c = segments_cpu(&sg, 0, 1, &buf);
	tap_ok(c && c->periods == 2 && c->noise == 40 && c->max_single == 9 && c->hw == 4 &&
	       c->nmi == 1 && c->irq == 2, "segment 0, CPU 1: sums and maxima of its periods");
	c = segments_cpu(&sg, 1, 1, &buf);
	tap_ok(c && c->periods == 1 && c->noise == 5 && c->max_single == 5 && c->nmi == 2,
	       "segment 1, CPU 1: only its own periods, its own max");
	tap_ok(segments_cpu(&sg, 0, 2, &buf) == NULL, "segment 0 has no row for an unmeasured CPU");
	c = segments_cpu(&sg, 2, 1, &buf);
	tap_ok(c && c->periods == 1, "the open segment counts a CPU with periods");
	tap_ok(sg.seg[2].osnoise && !sg.seg[1].osnoise, "the mode is the segment's");

	tap_is_u64(segments_ns(&sg, 0, 0), 2000000000ULL, "segment 0 lasted until marker 1");
	tap_is_u64(segments_ns(&sg, 1, 0), 1000000000ULL, "segment 1 lasted 1 s");
	tap_is_u64(segments_ns(&sg, 2, 4500000000ULL), 1500000000ULL, "the open one up to now");

	/* The per-segment tables sum to the whole run's. */
	stats_init(&st, 4);
	for (unsigned k = 0; k < segments_count(&sg); k++) {
		segments_unpack(&sg, k, &st);
		for (int cpu = 0; cpu < 4; cpu++) {
			sum_noise += st.cpu[cpu].noise;
			sum_periods += st.cpu[cpu].periods;
		}
	}
	tap_is_u64(sum_noise, 95, "segments' noise sums to the whole run's");
	tap_is_u64(sum_periods, whole.samples, "segments' periods sum to the whole run's");
	segments_unpack(&sg, 1, &st);
	tap_ok(st.cpu[3].periods == 1 && st.cpu[3].noise == 7 && st.cpu[1].noise == 5 &&
	       st.cpu[2].periods == 0, "unpacked segment 1: its rows, zero elsewhere");
	segments_missed(&sg, 4);
	segments_unpack(&sg, 2, &st);
	tap_is_u64(st.lost.missed, 4, "lost events count in the open segment");

	/* 40 us of noise in 750000 us of runtime: 53.333 us per s. */
	segments_rates(segments_cpu(&sg, 2, 2, &buf), &r);
	tap_is_u64(r.noise_per_s_nano, 53333333333ULL, "noise per second of runtime (nano-us)");
	tap_is_u64(r.avail, stats_avail(750000, 40), "availability as the kernel prints it");
	segments_rates(segments_cpu(&sg, 0, 1, &buf), &r);
	tap_is_u64(r.hw_per_s_nano, 2666666666ULL, "HW events per second of runtime (nano)");
	tap_is_u64(r.nmi_per_s_nano, 666666666ULL, "NMI events per second of runtime (nano)");
	segments_rates(segments_cpu(&sg, 0, 0, &buf) ? segments_cpu(&sg, 0, 0, &buf) : &(struct seg_row){ 0 }, &r);
	tap_ok(r.noise_per_s_nano == 0 && r.avail == 0, "no runtime: all 0");

	while (segments_mark(&sg, 1, 4000000000ULL, &cpus, false, false, "user", "b") > 0)
		;
	tap_is_u64(segments_count(&sg), MARKERS_MAX + 1, "segments stop with the markers");
	tap_ok(segments_cpu(&sg, MARKERS_MAX, 1, &buf) != NULL, "and the last is still the open one");

	stats_free(&st);
	stats_free(&whole);
	segments_free(&sg);
	return tap_done();
}
