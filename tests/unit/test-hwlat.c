/* Unit tests: hwlat command line, report lines, summary, sample sums, CPU masks. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpuset.h"
#include "cli.h"
#include "env.h"
#include "hwlat_cli.h"
#include "hwlat_report.h"
#include "hwlat_stats.h"
#include "parse.h"
#include "settings.h"
#include "tap.h"

/* Parse a command line given as one string of words. */
static int parse(struct hwlat_cli *cli, const char *line)
{
	static char buf[512];
	char *argv[32], *save = NULL;
	int argc = 0;

	snprintf(buf, sizeof(buf), "hwlat %s", line);
	for (char *w = strtok_r(buf, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	return hwlat_cli_parse(cli, argc, argv);
}

/* parse(), and the first line it printed on stderr in msg. */
static int parse_err(struct hwlat_cli *cli, const char *line, char *msg, int len)
{
	return tap_stderr_of(msg, len, parse(cli, line));
}

static void test_output_options(void)
{
	struct hwlat_cli c;
	char msg[256];

	tap_ok(parse_err(&c, "--force", msg, sizeof(msg)) == HWN_EXIT_USAGE,
	       "--force without --record: a usage error");
	tap_is_str(msg, "hwnoisetop: --force works only with --record FILE\n",
		   "  which names the option, with no empty argument");
	tap_ok(parse_err(&c, "--prometheus x.txt", msg, sizeof(msg)) == HWN_EXIT_USAGE &&
	       strncmp(msg, "hwnoisetop: --prometheus 'x.txt' ", 33) == 0,
	       "--prometheus without .prom: the option and its argument");
	tap_ok(parse(&c, "--record r.jsonl --force --json") == -1 && c.out.record &&
	       c.out.force && c.out.json, "--record --force --json are taken");
	tap_ok(parse_err(&c, "--bogus", msg, sizeof(msg)) == HWN_EXIT_USAGE, "--bogus: a usage error");
	tap_is_str(msg, "hwnoisetop: unknown option --bogus (see hwnoisetop hwlat --help)\n",
		   "  which points to hwnoisetop hwlat --help");
	tap_ok(parse_err(&c, "-Z", msg, sizeof(msg)) == HWN_EXIT_USAGE &&
	       strcmp(msg, "hwnoisetop: unknown option -Z (see hwnoisetop hwlat --help)\n") == 0,
	       "-Z: the same: '%s'", msg);
}

static void test_parse(void)
{
	struct hwlat_cli c;

	tap_ok(parse(&c, "") == -1, "no options: go on");
	tap_is_u64(c.sc.duration_s, 120, "default duration 120 s");
	tap_is_u64(c.sc.hwl.threshold_us, 10, "default threshold 10 us");
	tap_is_u64(c.hardlimit_us, 10, "default hard limit = threshold");
	tap_is_u64(c.sc.hwl.window_us, 1000000, "default window");
	tap_is_u64(c.sc.hwl.width_us, 500000, "default width");
	tap_ok(c.sc.hwl.mode == HWLAT_MODE_ROUND_ROBIN, "default mode round-robin");
	tap_ok(c.sc.tracer == SESSION_HWLAT, "the session runs the hwlat tracer");
	tap_ok(!c.report && !c.watch && !c.out.quiet && !c.sc.debug, "no report, watch, quiet, debug");

	tap_ok(parse(&c, "--duration 2m --threshold 5ms --window 100000 --width 80000 --mode per-cpu "
		      "-c 0 --report r.txt --watch --quiet --debug") == -1, "every option");
	tap_is_u64(c.sc.duration_s, 120, "--duration 2m");
	tap_is_u64(c.sc.hwl.threshold_us, 5000, "--threshold 5ms = 5000 us");
	tap_is_u64(c.hardlimit_us, 5000, "hard limit follows --threshold");
	tap_is_u64(c.sc.hwl.window_us, 100000, "--window");
	tap_is_u64(c.sc.hwl.width_us, 80000, "--width");
	tap_ok(c.sc.hwl.mode == HWLAT_MODE_PER_CPU, "--mode per-cpu");
	tap_ok(cpuset_count(&c.sc.hwl.cpus) == 1 && cpuset_has(&c.sc.hwl.cpus, 0), "-c 0");
	tap_is_str(c.report, "r.txt", "--report");
	tap_ok(c.watch && c.out.quiet && c.sc.debug, "--watch --quiet --debug");

	tap_ok(parse(&c, "--duration 1w --hardlimit 0 --cpu-list 0 --mode none") == -1,
	       "weeks, a zero hard limit, --cpu-list, mode none");
	tap_is_u64(c.sc.duration_s, 604800, "--duration 1w");
	tap_is_u64(c.hardlimit_us, 0, "--hardlimit 0");
	tap_ok(c.sc.hwl.mode == HWLAT_MODE_NONE, "--mode none");
	tap_ok(parse(&c, "--json") == -1 && c.out.json, "--json");
	tap_ok(parse(&c, "--json --watch") == HWN_EXIT_USAGE, "--json with --watch: 2");
	tap_ok(parse(&c, "--quiet --json") == HWN_EXIT_USAGE, "--json with --quiet: 2");
	tap_ok(parse(&c, "--prometheus /tmp/hwlat.txt") == HWN_EXIT_USAGE, "--prometheus without .prom: 2");

	tap_ok(parse(&c, "--window 100000") == -1, "--window alone below the default width");
	tap_is_u64(c.sc.hwl.width_us, 50000, "the width becomes half the window");
	tap_ok(parse(&c, "--width 3s") == -1, "--width alone above the default window");
	tap_is_u64(c.sc.hwl.window_us, 6000000, "the window becomes twice the width");
	tap_ok(parse(&c, "--width 700000 --window 700000") == -1, "width equal to the window");

	tap_ok(parse(&c, "--width 800000 --window 100000") == HWN_EXIT_USAGE, "width above window: 2");
	tap_ok(parse(&c, "--width 0") == HWN_EXIT_USAGE, "--width 0: 2");
	tap_ok(parse(&c, "--threshold 0") == HWN_EXIT_USAGE, "--threshold 0: 2");
	tap_ok(parse(&c, "--threshold 10x") == HWN_EXIT_USAGE, "--threshold with a bad unit: 2");
	tap_ok(parse(&c, "--duration 0") == HWN_EXIT_USAGE, "--duration 0: 2");
	tap_ok(parse(&c, "--duration 3y") == HWN_EXIT_USAGE, "--duration with a bad unit: 2");
	tap_ok(parse(&c, "--mode fast") == HWN_EXIT_USAGE, "--mode fast: 2");
	tap_ok(parse(&c, "-c 3-1") == HWN_EXIT_USAGE, "a reversed CPU range: 2");
	tap_ok(parse(&c, "-c 8191") == HWN_EXIT_USAGE, "an offline CPU: 2");
	tap_ok(parse(&c, "--bogus") == HWN_EXIT_USAGE, "an unknown option: 2");
	tap_ok(parse(&c, "--window") == HWN_EXIT_USAGE, "a missing argument: 2");
	tap_ok(parse(&c, "stray") == HWN_EXIT_USAGE, "a stray argument: 2");

	/* --report is checked when parsed, and an existing report is not emptied. */
	char dir[] = "/tmp/hwn-test-hwlat.XXXXXX", line[300], file[64];
	FILE *f;

	tap_ok(parse(&c, "--report /no/such/x") == HWN_EXIT_USAGE, "--report /no/such/x: 2");
	tap_ok(mkdtemp(dir) != NULL, "a temporary directory");
	snprintf(line, sizeof(line), "--report %s", dir);
	tap_ok(parse(&c, line) == HWN_EXIT_USAGE, "--report DIR (a directory): 2");
	snprintf(file, sizeof(file), "%s/r.txt", dir);
	f = fopen(file, "w");
	if (f) {
		fputs("keep", f);
		fclose(f);
	}
	snprintf(line, sizeof(line), "--report %s", file);
	tap_ok(parse(&c, line) == -1, "--report EXISTING: go on");
	f = fopen(file, "r");
	tap_ok(f && fgets(line, sizeof(line), f) && strcmp(line, "keep") == 0,
	       "the existing report is not truncated by the check");
	if (f)
		fclose(f);
	unlink(file);
	rmdir(dir);
}

/* The main command's spellings, -q and --quiet, the older hwlatdetect's. */
static void test_spellings(void)
{
	struct hwlat_cli c;
	char msg[256];

	tap_ok(parse(&c, "-d 5 -T 7 --cpus 0 -D") == -1, "-d -T --cpus -D are taken");
	tap_ok(c.sc.duration_s == 5 && c.sc.hwl.threshold_us == 7 && c.sc.debug &&
	       cpuset_count(&c.sc.hwl.cpus) == 1, "  as --duration 5 --threshold 7 -c 0 --debug");
	tap_ok(parse(&c, "--quiet -d 1h --record night.jsonl") == -1 && c.out.quiet &&
	       !c.brief && c.sc.duration_s == 3600, "the man page's --quiet -d 1h --record line");
	tap_ok(parse(&c, "-q") == -1 && c.brief && !c.out.quiet, "-q: the summary only, not quiet");
	tap_ok(parse(&c, "-q --json") == -1 && c.brief && c.out.json, "-q --json: the object");
	tap_ok(parse_err(&c, "-q --quiet", msg, sizeof(msg)) == HWN_EXIT_USAGE, "-q --quiet: refused");
	tap_is_str(msg, "hwnoisetop: -q prints only the summary at the end: not with --quiet "
		   "(which prints nothing)\n", "  in one line");
	tap_ok(parse(&c, "-q --watch") == HWN_EXIT_USAGE, "-q --watch: refused");

	tap_ok(parse(&c, "--interval 5 --sample_width 20") == -1, "--interval 5 --sample_width 20");
	tap_ok(c.sc.hwl.window_us == 25000 && c.sc.hwl.width_us == 20000,
	       "  window 25000 us (gap + width), width 20000 us");
	tap_ok(parse(&c, "--interval 100") == -1 && c.sc.hwl.window_us == 600000 &&
	       c.sc.hwl.width_us == 500000, "--interval alone: the default width plus the gap");
	tap_ok(parse(&c, "--sample_width 3000") == -1 && c.sc.hwl.width_us == 3000000 &&
	       c.sc.hwl.window_us == 3500000, "--sample_width alone: the default gap kept");
	tap_ok(parse(&c, "--window 20ms --sample_width 5") == -1 && c.sc.hwl.width_us == 5000 &&
	       c.sc.hwl.window_us == 20000, "--sample_width with --window");
	tap_ok(parse_err(&c, "--window 20ms --sample_width 20", msg, sizeof(msg)) == HWN_EXIT_USAGE,
	       "--sample_width filling the window: refused");
	tap_is_str(msg, "hwnoisetop: --sample_width '20' leaves no gap in the window of 20000 us "
		   "(it takes milliseconds from 1 to 1800000)\n", "  in one line");
	tap_ok(parse_err(&c, "--window 20ms --sample_width 30", msg, sizeof(msg)) == HWN_EXIT_USAGE &&
	       strncmp(msg, "hwnoisetop: --sample_width '30' leaves no gap", 45) == 0,
	       "--sample_width above the window: refused, naming --sample_width: %s", msg);
	tap_ok(parse(&c, "--interval 1800000 --sample_width 1800000") == -1 &&
	       c.sc.hwl.window_us == 3600000000ULL, "the largest: a window of one hour");
	tap_ok(parse_err(&c, "--interval 5 --window 3", msg, sizeof(msg)) == HWN_EXIT_USAGE &&
	       strstr(msg, "hwnoisetop: --interval '5' sets the window (width + interval): not with "
		      "--window (it takes ") == msg, "--interval with --window: refused: %s", msg);
	tap_ok(parse(&c, "--sample_width 5 --width 3") == HWN_EXIT_USAGE,
	       "--sample_width with --width: refused");
	tap_ok(parse_err(&c, "--interval 0", msg, sizeof(msg)) == HWN_EXIT_USAGE &&
	       strncmp(msg, "hwnoisetop: --interval '0' ", 27) == 0, "--interval 0 (no gap): refused");
	tap_ok(parse(&c, "--interval 5ms") == HWN_EXIT_USAGE, "--interval takes plain milliseconds");
	tap_ok(parse(&c, "--sample_width 1800001") == HWN_EXIT_USAGE, "--sample_width above 30 min");
	tap_ok(parse(&c, "--cleanup") == -1 && c.cleanup, "--cleanup");
	tap_ok(parse_err(&c, "--cleanup -d 5", msg, sizeof(msg)) == HWN_EXIT_USAGE, "--cleanup -d 5: refused");
	tap_is_str(msg, "hwnoisetop: --cleanup takes no other option\n", "  in one line");
}

static void test_lines(void)
{
	struct hwl_sample s = {
		.cpu = 1, .ts_sec = 1796034202, .ts_nsec = 700796, .inner = 96, .outer = 106,
		.count = 200, .nmi_total = 17, .nmi_count = 3,
	}, back;
	char line[256];

	tap_is_str(hwlat_stats_format_sample(&s, line, sizeof(line)),
		   "ts: 1796034202.000700796, inner:96, outer:106, cpu:1, count:200, "
		   "nmi-total:17, nmi-count:3",
		   "a sample's report line (nanoseconds padded to 9 digits)");
	tap_ok(hwlat_stats_parse_sample(line, &back) == 0 && back.cpu == 1 && back.ts_sec == s.ts_sec &&
	       back.ts_nsec == s.ts_nsec && back.inner == 96 && back.outer == 106 &&
	       back.count == 200 && back.nmi_total == 17 && back.nmi_count == 3,
	       "the line parses back to the same sample");
	tap_ok(hwlat_stats_parse_sample("ts: 1.000000001, inner:1, outer:2, cpu:0", &back) < 0,
	       "a truncated line is refused");
}

static void test_summary(void)
{
	struct hwl_stats st;
	struct hwl_sample a = { .cpu = 0, .inner = 12, .outer = 30, .count = 4, .nmi_count = 2,
				.nmi_total = 5, .ts_sec = 10 };
	struct hwl_sample b = { .cpu = 1, .inner = 44, .outer = 3, .count = 1, .ts_sec = 11 };
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	hwlat_stats_init(&st, 2);
	f = open_memstream(&text, &len);
	hwlat_report_summary(f, &st);
	fclose(f);
	tap_is_str(text, "Max Latency: Below threshold\nSamples recorded: 0\n"
		   "Samples exceeding threshold: 0\n", "summary without samples");
	free(text);

	hwlat_stats_add(&st, &a);
	hwlat_stats_add(&st, &a);
	hwlat_stats_add(&st, &b);
	f = open_memstream(&text, &len);
	hwlat_report_summary(f, &st);
	fclose(f);
	tap_is_str(text, "Max Latency: 44us\nSamples recorded: 3\nSamples exceeding threshold: 9\n"
		   "Average interval between spikes: 500000us\n",
		   "summary: max of inner and outer, samples, sum of counts, the average interval");
	{
		struct hwl_stats one = { 0 };
		struct hwl_sample late = { .cpu = 0, .ts_sec = 14, .ts_nsec = 3000 };
		uint64_t avg = 0;

		hwlat_stats_init(&one, 2);
		hwlat_stats_add(&one, &b);
		tap_ok(!hwlat_stats_avg_interval(&one, &avg), "one sample: no interval");
		hwlat_stats_add(&one, &late);
		hwlat_stats_add(&one, &a);	/* out of time order, as from another CPU */
		tap_ok(hwlat_stats_avg_interval(&one, &avg) && avg == 2000001,
		       "10 s to 14.000003 s over 3 samples: 2000001 us (%llu)",
		       (unsigned long long)avg);
		hwlat_stats_reset(&one);
		hwlat_stats_add(&one, &late);
		tap_ok(!hwlat_stats_avg_interval(&one, &avg), "reset: the times start over");
		hwlat_stats_free(&one);
	}
	free(text);
	tap_ok(st.cpu[0].samples == 2 && st.cpu[0].max_inner == 12 && st.cpu[0].max_outer == 30 &&
	       st.cpu[0].count == 8 && st.cpu[0].nmi_count == 4 && st.cpu[0].nmi_total == 10 &&
	       st.cpu[0].last_sec == 10, "per-CPU sums of CPU 0");
	tap_ok(st.cpu[1].samples == 1 && st.cpu[1].max_inner == 44 && st.nsamples == 3,
	       "per-CPU sums of CPU 1, every sample kept");
	f = open_memstream(&text, &len);
	hwlat_report_samples(f, &st, 2);
	fclose(f);
	tap_is_str(text, "ts: 11.000000000, inner:44, outer:3, cpu:1, count:1, nmi-total:0, nmi-count:0\n",
		   "samples printed from an index (--watch)");
	free(text);
	hwlat_stats_reset(&st);
	tap_ok(st.samples == 0 && st.nsamples == 0 && st.cpu[0].samples == 0 && st.max == 0,
	       "reset");
	/* The dashboard's view keeps only the latest samples. */
	st.limit = 300;
	for (uint32_t i = 1; i <= 1000; i++) {
		struct hwl_sample c = { .cpu = 0, .seqnum = i, .inner = i % 7 };

		hwlat_stats_add(&st, &c);
	}
	tap_ok(st.nsamples == 300 && st.cap == 300 && st.samples == 1000 && st.max == 6,
	       "with a limit, 300 of 1000 samples kept (%zu, room for %zu), all summed",
	       st.nsamples, st.cap);
	tap_ok(hwlat_stats_sample(&st, 0)->seqnum == 701 && hwlat_stats_sample(&st, 299)->seqnum == 1000,
	       "the latest, oldest first (%u .. %u)", hwlat_stats_sample(&st, 0)->seqnum,
	       hwlat_stats_sample(&st, 299)->seqnum);
	hwlat_stats_free(&st);
}

static void test_mask(void)
{
	struct cpuset set;
	char buf[64];
	struct why w = { .text = "" };

	cpuset_clear(&set);
	tap_is_str(cpuset_format_mask(&set, buf, sizeof(buf)), "0", "empty mask");
	cpuset_parse("0-1", &set, &w);
	tap_is_str(cpuset_format_mask(&set, buf, sizeof(buf)), "3", "mask of 0-1");
	cpuset_parse("4,32", &set, &w);
	tap_is_str(cpuset_format_mask(&set, buf, sizeof(buf)), "1,00000010", "mask of 4,32");
	cpuset_parse("63", &set, &w);
	tap_is_str(cpuset_format_mask(&set, buf, sizeof(buf)), "80000000,00000000", "mask of 63");
}

static void test_units(void)
{
	uint64_t v = 0;
	struct why w = { .text = "" };
	int rc;

	tap_ok(parse_time_us("250", 1, 1000000, &v, &w) == 0 && v == 250, "250 = 250 us");
	tap_ok(parse_time_us("2ms", 1, 1000000, &v, &w) == 0 && v == 2000, "2ms = 2000 us");
	tap_ok(parse_time_us("1s", 1, 1000000, &v, &w) == 0 && v == 1000000, "1s = 1000000 us");
	rc = parse_time_us("2s", 1, 1000000, &v, &w);
	tap_ok(rc < 0 && strstr(w.text, "between"), "2s above the maximum: %s", w.text);
	rc = parse_time_us("5ns", 1, 1000000, &v, &w);
	tap_ok(rc < 0 && strstr(w.text, "us, ms or s"), "ns refused: %s", w.text);
}

/* settings_write_choice saves the bracketed word and restores it. */
static void test_choice(void)
{
	char dir[] = "/tmp/test-hwlat-XXXXXX", path[128], buf[64];
	struct ledger *l = settings_ledger_new();
	FILE *f;

	if (!l || !mkdtemp(dir)) {
		settings_ledger_free(l);
		tap_ok(0, "mkdtemp");
		tap_ok(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/mode", dir);
	f = fopen(path, "w");
	fputs("none [round-robin] per-cpu\n", f);
	fclose(f);
	settings_set_tracing_dir(l, dir);
	settings_write_choice(l, "mode", "per-cpu");
	settings_read_text(path, buf, sizeof(buf));
	tap_is_str(buf, "per-cpu", "the choice was written");
	settings_restore(l);
	settings_ledger_free(l);
	settings_read_text(path, buf, sizeof(buf));
	tap_is_str(buf, "round-robin", "the bracketed word was saved and written back");
	unlink(path);
	rmdir(dir);
}

static char *capture(void (*print)(FILE *, const struct opt_def *))
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	print(f, cli_options_of(OPT_HWLAT));
	fclose(f);
	return text;
}

/* --help, the man page and an example for every option of the table. */
static int test_table(void)
{
	char *help = capture(opt_print_help), *man = capture(opt_print_man);
	int n = 0;

	for (const struct opt_def *d = cli_options_of(OPT_HWLAT); d->id; d++, n++) {
		char want[96], roff[96];
		const char *name = d->long_name ? d->long_name : "q";
		size_t r = 0;

		snprintf(want, sizeof(want), "-%s%s", d->long_name ? "-" : "", name);
		for (const char *c = want; *c && r + 3 < sizeof(roff); c++) {
			if (*c == '-')
				roff[r++] = '\\';
			roff[r++] = *c;
		}
		roff[r] = '\0';
		tap_ok(strstr(help, want) && d->example &&
		       strstr(d->example, d->cmds == OPT_BOTH ? "hwnoisetop" : "hwnoisetop hwlat") &&
		       strstr(man, roff),
		       "%s: in --help, in the man text, with an example", want);
	}
	free(help);
	free(man);
	return n;
}

int main(void)
{
	tap_plan(80 + 6 + 2 + 4 + 3 + 28 + 1 + 3);
	test_parse();
	test_spellings();
	test_output_options();
	test_lines();
	test_summary();
	test_mask();
	test_units();
	test_choice();
	test_table();
	return tap_done();
}
