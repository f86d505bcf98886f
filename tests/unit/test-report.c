/* Unit tests: the summary table, byte for byte against rtla-hwnoise(1)'s examples. */
#include <stdlib.h>

#include "report.h"
#include "tap.h"

/* rtla-hwnoise(1), EXAMPLE: CPUs 1-7, ten minutes. */
static const char example1[] =
	"                                        Hardware-related Noise\n"
	"duration:   0 00:10:00 | time is in us\n"
	"CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI\n"
	"  1 #599       599000000          138    99.99997           3            3           4           74\n"
	"  2 #599       599000000           85    99.99998           3            3           4           75\n"
	"  3 #599       599000000           86    99.99998           4            3           6           75\n"
	"  4 #599       599000000           81    99.99998           4            4           2           75\n"
	"  5 #599       599000000           85    99.99998           2            2           2           75\n"
	"  6 #599       599000000           76    99.99998           2            2           0           75\n"
	"  7 #599       599000000           77    99.99998           3            3           0           75\n";
static const char example2[] =
	"                                        Hardware-related Noise\n"
	"duration:   0 00:10:00 | time is in us\n"
	"CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI\n"
	"  1 #599       599000000            0   100.00000           0            0           0            0\n"
	"  2 #599       599000000            0   100.00000           0            0           0            0\n"
	"  3 #599       599000000            0   100.00000           0            0           0            0\n"
	"  4 #599       599000000            0   100.00000           0            0           0            0\n"
	"  5 #599       599000000            0   100.00000           0            0           0            0\n"
	"  6 #599       599000000            0   100.00000           0            0           0            0\n"
	"  7 #599       599000000            0   100.00000           0            0           0            0\n";

/* Per CPU of the example: periods, runtime/period, noise, max noise, max single, hw, nmi. */
struct row {
	int cpu;
	unsigned periods, noise, max_noise, max_single, hw, nmi;
};

static const struct row rows1[] = {
	{ 1, 599, 138, 3, 3, 4, 74 }, { 2, 599, 85, 3, 3, 4, 75 }, { 3, 599, 86, 4, 3, 6, 75 },
	{ 4, 599, 81, 4, 4, 2, 75 }, { 5, 599, 85, 2, 2, 2, 75 }, { 6, 599, 76, 2, 2, 0, 75 },
	{ 7, 599, 77, 3, 3, 0, 75 },
};

/*
 * Feed per-period samples that add up to a row: the noise is spread in
 * chunks of max_noise (one period holds a max_single gap), counts one
 * per period.
 */
static void feed(struct stats *st, const struct row *r)
{
	unsigned noise_left = r->noise;

	for (unsigned p = 0; p < r->periods; p++) {
		struct osn_sample s = { .cpu = r->cpu, .runtime = 1000000 };

		s.noise = noise_left < r->max_noise ? noise_left : r->max_noise;
		noise_left -= s.noise;
		s.max_sample = s.noise < r->max_single ? s.noise : r->max_single;
		s.hw_count = p < r->hw;
		s.nmi_count = p < r->nmi;
		stats_add(st, &s);
	}
}

/* The second example: reset, then CPUs 1-7 without noise. */
static void feed_quiet(struct stats *st)
{
	stats_reset(st);
	for (int cpu = 1; cpu <= 7; cpu++) {
		struct row r = { cpu, 599, 0, 0, 0, 0, 0 };

		feed(st, &r);
	}
}

static char *render(const struct stats *st, const struct cpuset *cpus, struct report_opts *ro)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	report_table(f, st, cpus, ro);
	fclose(f);
	return buf;
}

int main(void)
{
	struct report_opts ro = { .elapsed = 600 };
	struct stats st;
	struct cpuset cpus;
	struct why w = { .text = "" };
	char *out;

	tap_plan(12);
	cpuset_parse("0-7", &cpus, &w);
	stats_init(&st, 8);
	for (size_t i = 0; i < sizeof(rows1) / sizeof(rows1[0]); i++)
		feed(&st, &rows1[i]);
	out = render(&st, &cpus, &ro);
	tap_is_str(out, example1, "first example table, byte for byte (CPU 0 has no runtime: no row)");
	free(out);

	feed_quiet(&st);
	out = render(&st, &cpus, &ro);
	tap_is_str(out, example2, "second example table (no noise), byte for byte");
	free(out);

	cpuset_parse("2-3", &cpus, &w);
	out = render(&st, &cpus, &ro);
	tap_ok(strstr(out, "\n  2 #599") && strstr(out, "\n  3 #599") && !strstr(out, "\n  1 #"),
	       "only the CPUs asked for are listed");
	free(out);

	/* One unit: dropped events against events read (not summaries). */
	stats_lost_add(&st.lost, 1);
	st.lost.read = 4193;
	out = render(&st, &cpus, &ro);
	tap_ok(strstr(out, "\n1 (0.02%) events missed, results might not be accurate\n") != NULL,
	       "missed events are reported with their share of the events");
	free(out);
	st.lost.read = 3;
	out = render(&st, &cpus, &ro);
	tap_ok(strstr(out, "\n1 (25.00%) events missed,") != NULL,
	       "the share counts every event read, not only the summaries (%llu)",
	       (unsigned long long)st.samples);
	free(out);
	stats_lost_add(&st.lost, LOST_UNKNOWN);
	out = render(&st, &cpus, &ro);
	tap_ok(strstr(out, "\nan unknown number of events missed, results might not be accurate\n") &&
	       !strstr(out, "%) events missed"),
	       "a page without a count: an unknown number, not one more");
	free(out);
	feed_quiet(&st);
	out = render(&st, &cpus, &ro);
	tap_ok(!strstr(out, "missed"), "a reset forgets the lost events with the figures");
	free(out);

	ro.osnoise = true;
	out = render(&st, &cpus, &ro);
	tap_ok(strstr(out, "Operating System Noise\n") &&
	       strstr(out, "NMI          IRQ      Softirq       Thread\n") &&
	       strstr(out, "           0            0            0            0\n"),
	       "osnoise mode adds IRQ, Softirq and Thread columns");
	free(out);

	/* --smi: one column after NMI, in both modes. */
	stats_add_smi(&st, 2, 7);
	ro.smi = true;
	out = render(&st, &cpus, &ro);
	tap_ok(strstr(out, "NMI          SMI          IRQ      Softirq       Thread\n") &&
	       strstr(out, "\n  2 #599") && strstr(out, "           0            7            0            0"
						 "            0\n"),
	       "--smi: the SMI column follows NMI (osnoise mode)");
	free(out);
	ro.osnoise = false;
	out = render(&st, &cpus, &ro);
	tap_ok(strstr(out, "  Max Single          HW          NMI          SMI\n") &&
	       strstr(out, "           0            7\n") && strstr(out, "           0            0\n"),
	       "--smi: the SMI column ends the hwnoise table, each CPU's own count");
	free(out);
	ro.smi = false;

	ro.osnoise = false;
	ro.pretty = false;
	out = render(&st, &cpus, &ro);
	tap_ok(!strchr(out, '\033'), "no escape codes unless pretty");
	free(out);
	ro.pretty = true;
	out = render(&st, &cpus, &ro);
	tap_ok(strchr(out, '\033') && !strstr(out, "\033c"), "pretty highlights, never resets the terminal");
	free(out);
	stats_free(&st);
	return tap_done();
}
