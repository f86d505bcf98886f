/*
 * hwnoisetop compare: two hand-written recordings of known figures side by
 * side (through rec_reader_read() and the compare view's rates), and the
 * refusals of a wrong command line or a bad file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compare_cells.h"
#include "compare_cmd.h"
#include "compare_table.h"
#include "cpuset.h"
#include "rec_reader.h"
#include "tap.h"

#define HDR "{\"t\":\"header\",\"v\":1,\"mode\":\"hwnoise\",\"quiet\":true,\"ncpus\":2," \
	"\"duration_s\":0,\"warmup_s\":0,\"stop_us\":0,\"stop_total_us\":0," \
	"\"hwlat_keep\":0,\"cpus\":\"0-1\",\"period_us\":500000,\"runtime_us\":500000," \
	"\"threshold_us\":1,\"irq_disable\":true,\"hwlat_cpus\":\"\",\"hwlat_threshold_us\":0," \
	"\"hwlat_window_us\":0,\"hwlat_width_us\":0,\"hwlat_mode\":\"none\"}\n"
#define S(cpu, noise, hw, nmi) \
	"{\"t\":\"s\",\"ts\":1,\"cpu\":" #cpu ",\"runtime\":500000,\"noise\":" #noise \
	",\"max_sample\":1,\"hw\":" #hw ",\"nmi\":" #nmi ",\"irq\":0,\"softirq\":0,\"thread\":0}\n"
#define SMI(cpu, n) "{\"t\":\"smi\",\"cpu\":" #cpu ",\"n\":" #n "}\n"
#define FOOT(smi) "{\"t\":\"footer\",\"elapsed_s\":1,\"run_ns\":1000000000,\"cpus\":\"0-1\"," \
	"\"hwlat_cpus\":\"\",\"osnoise\":false,\"smi\":" smi ",\"hwlat_view\":false," \
	"\"hwlat_threshold_us\":0,\"exit\":0,\"stop_hit\":false,\"stop_reason\":\"\"," \
	"\"neighbour_log\":\"\",\"notes\":\"\"}\n"

/* An osnoise-mode recording (IRQs enabled): its noise counts IRQs, softirqs, threads. */
#define HDR_OSN "{\"t\":\"header\",\"v\":1,\"mode\":\"osnoise\",\"quiet\":true,\"ncpus\":2," \
	"\"duration_s\":0,\"warmup_s\":0,\"stop_us\":0,\"stop_total_us\":0," \
	"\"hwlat_keep\":0,\"cpus\":\"0-1\",\"period_us\":500000,\"runtime_us\":500000," \
	"\"threshold_us\":1,\"irq_disable\":false,\"hwlat_cpus\":\"\",\"hwlat_threshold_us\":0," \
	"\"hwlat_window_us\":0,\"hwlat_width_us\":0,\"hwlat_mode\":\"none\"}\n"
#define FOOT_OSN "{\"t\":\"footer\",\"elapsed_s\":1,\"run_ns\":1000000000,\"cpus\":\"0-1\"," \
	"\"hwlat_cpus\":\"\",\"osnoise\":true,\"smi\":false,\"hwlat_view\":false," \
	"\"hwlat_threshold_us\":0,\"exit\":0,\"stop_hit\":false,\"stop_reason\":\"\"," \
	"\"neighbour_log\":\"\",\"notes\":\"\"}\n"

/* A recording of hwnoisetop hwlat: hwlat samples, no osnoise period. */
#define HDR_HWL "{\"t\":\"header\",\"v\":1,\"mode\":\"hwlat\",\"quiet\":false,\"ncpus\":2," \
	"\"duration_s\":2,\"warmup_s\":0,\"stop_us\":0,\"stop_total_us\":0," \
	"\"hwlat_keep\":0,\"cpus\":\"\",\"period_us\":0,\"runtime_us\":0," \
	"\"threshold_us\":0,\"irq_disable\":true,\"hwlat_cpus\":\"0-1\",\"hwlat_threshold_us\":10," \
	"\"hwlat_window_us\":1000000,\"hwlat_width_us\":500000,\"hwlat_mode\":\"round-robin\"}\n"
#define H(cpu, seq, inner) "{\"t\":\"h\",\"cpu\":" #cpu ",\"seq\":" #seq ",\"sec\":1," \
	"\"nsec\":0,\"inner\":" #inner ",\"outer\":3,\"count\":1,\"nmi_total\":0,\"nmi_count\":0}\n"
#define FOOT_HWL "{\"t\":\"footer\",\"elapsed_s\":0,\"run_ns\":2000000000,\"cpus\":\"\"," \
	"\"hwlat_cpus\":\"0-1\",\"osnoise\":false,\"smi\":false,\"hwlat_view\":false," \
	"\"hwlat_threshold_us\":10,\"exit\":0,\"stop_hit\":false,\"stop_reason\":\"\"," \
	"\"neighbour_log\":\"\",\"notes\":\"\"}\n"

/* A: CPU 0 only, 1 s of runtime: 40 us of noise, 5 HW, 2 NMI, 3 SMI.
 * B: CPU 0 with 10 us, 0 HW, 4 NMI, 1 SMI; CPU 1 too. */
static const char *rec_a = HDR S(0, 10, 2, 1) S(0, 30, 3, 1) SMI(0, 3) FOOT("true");
static const char *rec_b = HDR S(0, 4, 0, 2) S(0, 6, 0, 2) S(1, 0, 0, 0) SMI(0, 1) FOOT("true");

static const char *rec_osn = HDR_OSN S(0, 90, 1, 0) FOOT_OSN;

static const char *rec_hwl = HDR_HWL H(0, 1, 15) H(1, 2, 12) FOOT_HWL;

static char *write_tmp(const char *text)
{
	char *path = strdup("/tmp/test-cmptable-XXXXXX");
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		return NULL;
	close(fd);
	return path;
}

static char *capture(const struct verdict_series *a, const struct verdict_series *b, bool smi)
{
	struct cmptable_run ra = { a, 1 }, rb = { b, 1 };
	struct cmptable_opts o = { .margin = 0.10, .comparable = true, .smi = smi };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	compare_table_print(f, &ra, &rb, &o);
	fclose(f);
	return buf;
}

/* fn's exit status; its stdout in a string (free it). */
static char *with_stdout(int (*fn)(int, char **), int argc, char **argv, int *rc)
{
	char path[] = "/tmp/test-cmptable-out-XXXXXX";
	int fd = mkstemp(path), keep = dup(STDOUT_FILENO);
	char *buf = calloc(1, 65536);
	FILE *f;

	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	*rc = fn(argc, argv);
	fflush(stdout);
	dup2(keep, STDOUT_FILENO);
	close(keep);
	close(fd);
	if (buf && (f = fopen(path, "re"))) {
		buf[fread(buf, 1, 65535, f)] = '\0';
		fclose(f);
	}
	unlink(path);
	return buf;
}

static char *line_of(const char *text, const char *start)
{
	static char line[512];
	const char *p = strstr(text, start);
	size_t n;

	if (!p)
		return NULL;
	p += *p == '\n';
	n = strcspn(p, "\n");
	snprintf(line, sizeof(line), "%.*s", (int)n, p);
	return line;
}

/* fn's exit status; its stderr (the first 1 kB) in err. */
static int with_stderr(int (*fn)(int, char **), int argc, char **argv, char *err, size_t len)
{
	char path[] = "/tmp/test-cmptable-err-XXXXXX";
	int fd = mkstemp(path), keep = dup(STDERR_FILENO), rc;
	FILE *f;

	fflush(stderr);
	dup2(fd, STDERR_FILENO);
	rc = fn(argc, argv);
	fflush(stderr);
	dup2(keep, STDERR_FILENO);
	close(keep);
	close(fd);
	err[0] = '\0';
	if ((f = fopen(path, "re"))) {
		err[fread(err, 1, len - 1, f)] = '\0';
		fclose(f);
	}
	unlink(path);
	return rc;
}

static int lines_in(const char *text)
{
	int n = 0;

	for (; *text; text++)
		n += *text == '\n';
	return n;
}

/*
 * Recordings of different modes are refused: compare A B, and compare A
 * --live against the live run's mode (hwnoise: there is no option for
 * osnoise), before anything else is checked (no root, no terminal here).
 */
static void modes(const char *pa, const char *posn)
{
	char *two[] = { "compare", (char *)pa, (char *)posn, NULL };
	char *same[] = { "compare", (char *)posn, (char *)posn, NULL };
	char err[1024], cmd[2048];
	const char *top = getenv("abs_top_builddir");
	struct replay *ref = NULL;
	const char *path = NULL;
	char *live[] = { "compare", (char *)posn, "--live", "-c", "0", NULL };
	int rc;

	rc = with_stderr(compare_cmd_main, 3, two, err, sizeof(err));
	tap_ok(rc == 1 && lines_in(err) == 1 && strstr(err, "hwnoise mode (IRQs disabled)") &&
	       strstr(err, "osnoise mode (IRQs enabled") && strstr(err, posn),
	       "compare hwnoise osnoise: refused with one line naming both modes, exit 1 (%d)", rc);
	printf("# %s", err);
	rc = with_stderr(compare_cmd_main, 3, same, err, sizeof(err));
	tap_ok(rc == 0 && !err[0], "compare osnoise osnoise: compared (%d)", rc);

	tap_ok(compare_cmd_live(5, live, &ref, &path) == 3 && ref, "compare OSNOISE --live: read");
	if (ref) {
		tap_ok(compare_cmd_live_mode(ref, path, true) == -1 && compare_cmd_live_mode(ref, path, false) == 0,
		       "--live: an osnoise recording against a hwnoise run refused, an osnoise run not");
		rec_reader_free(ref);
		free(ref);
	}
	snprintf(cmd, sizeof(cmd), "'%s/src/hwnoisetop' compare '%s' --live -c 0 < /dev/null > /dev/null 2> '%s.err'",
		 top ? top : ".", posn, posn);
	rc = system(cmd);
	snprintf(cmd, sizeof(cmd), "%s.err", posn);
	{
		FILE *f = fopen(cmd, "re");

		err[0] = '\0';
		if (f) {
			err[fread(err, 1, sizeof(err) - 1, f)] = '\0';
			fclose(f);
		}
		unlink(cmd);
	}
	tap_ok(WIFEXITED(rc) && WEXITSTATUS(rc) == 1 && lines_in(err) == 1 &&
	       strstr(err, "hwnoisetop: compare --live: ") && strstr(err, "osnoise mode (IRQs enabled") &&
	       strstr(err, "the live run measures in hwnoise mode") && strstr(err, "no option to start in osnoise"),
	       "hwnoisetop compare OSNOISE --live (no root, no terminal): the modes' line first, exit 1");
	printf("# %s", err);
}

/* compare_cmd_live() as with_stderr() calls it: its result; what it read freed. */
static int live_read(int argc, char **argv)
{
	struct replay *ref = NULL;
	const char *path = NULL;
	int rc = compare_cmd_live(argc, argv, &ref, &path);

	if (ref) {
		rec_reader_free(ref);
		free(ref);
	}
	return rc;
}

/*
 * Recordings of hwnoisetop hwlat have no osnoise periods: compare refuses
 * them with one line (not an empty table), exit 1, as compare --live does.
 */
static void hwlat_refused(const char *pa, const char *phwl)
{
	char *both[] = { "compare", (char *)phwl, (char *)phwl, NULL };
	char *second[] = { "compare", (char *)pa, (char *)phwl, NULL };
	char *live[] = { "compare", (char *)phwl, "--live", NULL };
	char err[1024];
	int rc;

	rc = with_stderr(compare_cmd_main, 3, both, err, sizeof(err));
	tap_ok(rc == 1 && lines_in(err) == 1 && strstr(err, "hwnoisetop: compare: ") &&
	       strstr(err, phwl) && strstr(err, "is a hwnoisetop hwlat recording") &&
	       strstr(err, "no osnoise periods"),
	       "compare HWLAT HWLAT: refused with one line naming the file, exit 1 (%d)", rc);
	printf("# %s", err);
	rc = with_stderr(compare_cmd_main, 3, second, err, sizeof(err));
	tap_ok(rc == 1 && lines_in(err) == 1 && strstr(err, phwl),
	       "compare HWNOISE HWLAT: refused with one line naming the hwlat one, exit 1 (%d)", rc);
	rc = with_stderr(live_read, 3, live, err, sizeof(err));
	tap_ok(rc == -1 && lines_in(err) == 1 && strstr(err, "hwnoisetop: compare --live: ") &&
	       strstr(err, "is a hwnoisetop hwlat recording"),
	       "compare HWLAT --live: refused with the same line (%d)", rc);
}

/* n periods of 1 s: noise us each, one NMI in the middle when nmi. */
static void series(struct verdict_series *s, int n, uint64_t noise, bool nmi)
{
	verdict_series_init(s);
	for (int t = 0; t < n; t++) {
		struct verdict_period p = { 1000000, noise + (uint64_t)(t % 3), 2, 1, nmi && t == n / 2 };

		verdict_series_add(s, &p);
	}
}

/* Space-separated words of a line. */
static int words(const char *line)
{
	int n = 0;

	for (const char *p = line; *p; p++)
		n += *p != ' ' && (p == line || p[-1] == ' ');
	return n;
}

static void marks_and_widths(void)
{
	struct verdict_series a, b, big;
	char *out, *l;

	/* 1 NMI in 600 s against 1: undecided; noise the same every period: no change */
	series(&a, 600, 1, true);
	series(&b, 600, 1, true);
	series(&big, 600, 900000, false);
	out = capture(&a, &b, false);
	printf("# %s", out);
	l = line_of(out, "\n  0 ");
	tap_ok(l && !strchr(l, '!') && strstr(l, " 0.00167 0.00167? ") && strstr(l, " 2.00= ") &&
	       strstr(l, " +0.0% "), "the same run: no change '=', 1 NMI against 1 undecided '?'");
	tap_ok(strstr(out, "\nall ") != NULL, "an all-CPUs row");
	free(out);
	out = capture(&a, &big, false);
	printf("# %s", out);
	l = line_of(out, "\n  0 ");
	tap_ok(l && strstr(l, " 900000! ") && words(l) == 15 && strstr(l, " 0.00167     0? ") &&
	       strstr(l, " 9.99990! "), "noise 450000 times as much: worse '!', % available worse, "
	       "1 NMI against none undecided, every column apart (15 words)");
	free(out);
}

/* The settings that differ, one line each; none when equal. */
static void settings_differ(const char *pa)
{
	struct osnoise_conf o1 = { .period_us = 1000000, .runtime_us = 1000000, .threshold_us = 1,
				   .irq_disable = true }, o2 = o1;
	struct cmp_conf c1 = { &o1, false }, c2 = { &o2, false };
	char line[CMP_DIFFS_MAX][CMP_DIFF_LEN], cmd[1024], buf[4096];
	const char *top = getenv("abs_top_builddir");
	char *t20 = NULL;
	FILE *p;
	size_t n;

	cpuset_parse("0-3", &o1.cpus, NULL);
	cpuset_parse("0-3", &o2.cpus, NULL);
	tap_ok(compare_cells_diffs(&c1, &c2, line) == 0, "same settings: no line");
	o2.period_us = o2.runtime_us = 100000;
	o2.threshold_us = 20;
	c2.smi = true;
	cpuset_parse("0-1", &o2.cpus, NULL);
	tap_ok(compare_cells_diffs(&c1, &c2, line) == 5, "CPUs, period, runtime, threshold, SMI: 5 lines");
	tap_is_str(line[0], "CPUs differ: 0-3 vs 0-1; a CPU measured in one run only has '-' in "
		   "the other", "the CPU sets");
	tap_is_str(line[1], "period differs: 1000000 us vs 100000 us; figures are per second of "
		   "runtime", "the period");
	tap_is_str(line[3], "threshold differs: 1 us vs 20 us; gaps under the threshold are not "
		   "noise", "the threshold");
	tap_is_str(line[4], "SMI counting differs: off vs on; no SMI column", "SMI counting");
	o2.irq_disable = false;
	tap_ok(compare_cells_diffs(&c1, &c2, line) == 6 && strstr(line[0], "mode differs: hwnoise"),
	       "the mode too");

	/* hwnoisetop compare A B with B's threshold 20 us: both settings, the line. */
	{
		const char *at = strstr(rec_a, "\"threshold_us\":1,");
		char text[4096];

		snprintf(text, sizeof(text), "%.*s\"threshold_us\":20,%s", (int)(at - rec_a), rec_a,
			 at + strlen("\"threshold_us\":1,"));
		t20 = write_tmp(text);
	}
	snprintf(cmd, sizeof(cmd), "'%s/src/hwnoisetop' compare '%s' '%s'", top ? top : ".", pa, t20);
	p = popen(cmd, "r");
	n = p ? fread(buf, 1, sizeof(buf) - 1, p) : 0;
	buf[n] = '\0';
	if (p)
		pclose(p);
	printf("# %s", buf);
	tap_ok(strstr(buf, "threshold 1 us") && strstr(buf, "threshold 20 us") &&
	       strstr(buf, "\nthreshold differs: 1 us vs 20 us;") && !strstr(buf, "period differs"),
	       "compare A B: both settings in the header, the threshold's difference flagged");
	{
		const char *l = line_of(buf, "\n  0 ");

		tap_ok(l && !strpbrk(l, "?=!") && strstr(l, "%            - ") &&
		       strstr(l, " 40.0  40.0  "),
		       "another threshold: not comparable, no mark and no interval");
	}
	unlink(t20);
	free(t20);
}

int main(void)
{
	tap_plan(35);
	struct replay *r = calloc(2, sizeof(*r));
	char *pa = write_tmp(rec_a), *pb = write_tmp(rec_b), *pbad = write_tmp(HDR "{\"t\":\n");
	FILE *fa = fmemopen((void *)rec_a, strlen(rec_a), "r");
	FILE *fb = fmemopen((void *)rec_b, strlen(rec_b), "r");
	char *out;
	char *argv_ok[] = { "compare", pa, pb, NULL };
	char *argv_bad[] = { "compare", pa, pbad, NULL };
	char *argv_one[] = { "compare", pa, NULL };

	tap_ok(rec_reader_read(&r[0], fa) == 0 && rec_reader_read(&r[1], fb) == 0, "both recordings read");
	{
		int rc;
		char *smi_a[] = { "compare", pa, pb, NULL };

		out = with_stdout(compare_cmd_main, 3, smi_a, &rc);
		printf("# %s", out);
		tap_is_str(line_of(out, "\n  0 "),
			   "  0   40.0  10.0?   -75%   -99..+695% 99.99600  99.99900?   5.00     0?   2.00 "
			   " 4.00?      1      1     1?      1   3.00  1.00?",
			   "CPU 0: noise/s, change, availability, HW/s, NMI/s, max single, SMI/s of A "
			   "and B; two periods: undecided '?'");
		tap_is_str(line_of(out, "\n  1 "),
			   "  1      -     0       -            -        - 100.00000       -     0       - "
			   "    0       -      -     1       1      -     0 ",
			   "CPU 1, only in B: '-' for A, not comparable");
		tap_ok(strstr(out, " SMI per s") != NULL && strstr(out, "2 periods"),
		       "an SMI column when both counted SMIs; each side's periods");
		free(out);
	}
	{
		int rc;
		char *js[] = { "compare", pa, pb, "--json", "--margin", "5", NULL };
		char *bad[] = { "compare", pa, pb, "--margin", "100", NULL };
		char err[1024];

		out = with_stdout(compare_cmd_main, 6, js, &rc);
		tap_ok(rc == 0 && strstr(out, "{\"margin_percent\":5,\"false_discovery_rate_percent\":5,"
					   "\"cpus\":[{\"cpu\":\"0\","
					   "\"noise_us_per_s\":{\"a\":40,\"b\":10,\"change_percent\":-75,"
					   "\"ci95_percent\":") &&
		       strstr(out, "\"verdict\":\"undecided\",\"p\":") &&
		       strstr(out, "\"why\":\"few_periods\",\"periods_needed\":") &&
		       strstr(out, "{\"cpu\":\"all\"") && strstr(out, "\"smi_per_s\""),
		       "--json: one object, its fields per CPU and for all");
		printf("# %.300s\n", out);
		free(out);
		rc = with_stderr(compare_cmd_main, 5, bad, err, sizeof(err));
		tap_ok(rc == 1 && lines_in(err) == 1 && strstr(err, "--margin") &&
		       strstr(err, "more than 0 and less than 100"),
		       "--margin 100: one line naming --margin and its range, exit 1");
	}
	{
		struct verdict_series sa, sb;

		series(&sa, 40, 10, false);
		series(&sb, 40, 10, false);
		out = capture(&sa, &sb, false);
		tap_ok(!strstr(out, "SMI"), "no SMI column otherwise");
		free(out);
	}

	tap_ok(compare_cmd_main(3, argv_ok) == 0, "compare A B: exit 0");
	tap_ok(compare_cmd_main(3, argv_bad) == 1, "a bad recording: exit 1");
	tap_ok(compare_cmd_main(2, argv_one) == 1, "one recording: exit 1");
	{
		char *live_a[] = { "compare", pa, "--live", "-c", "0", NULL };
		char *live_b[] = { "compare", "--live", pa, NULL };
		char *live_none[] = { "compare", "--live", NULL };
		char *live_bad[] = { "compare", pbad, "--live", NULL };
		struct replay *ref;
		const char *path = NULL;
		int skip;

		skip = compare_cmd_live(5, live_a, &ref, &path);
		tap_ok(skip == 3 && ref && path == pa && session_stats(ref->s)->cpu[0].periods == 2,
		       "compare A --live: A read, the live options after three words");
		if (ref) {
			rec_reader_free(ref);
			free(ref);
		}
		skip = compare_cmd_live(3, live_b, &ref, &path);
		tap_ok(skip == 3 && ref && path == pa, "compare --live A: the same");
		if (ref) {
			rec_reader_free(ref);
			free(ref);
		}
		tap_ok(compare_cmd_live(3, argv_ok, &ref, &path) == 0 && !ref, "compare A B: not live");
		tap_ok(compare_cmd_live(2, live_none, &ref, &path) == -1 && !ref,
		       "compare --live without a recording: refused");
		tap_ok(compare_cmd_live(3, live_bad, &ref, &path) == -1 && !ref,
		       "compare BAD --live: refused, nothing kept");
	}
	marks_and_widths();
	settings_differ(pa);
	{
		char *posn = write_tmp(rec_osn);

		modes(pa, posn);
		unlink(posn);
		free(posn);
	}
	{
		char *phwl = write_tmp(rec_hwl);

		hwlat_refused(pa, phwl);
		unlink(phwl);
		free(phwl);
	}
	unlink(pa);
	unlink(pb);
	unlink(pbad);
	fclose(fa);
	fclose(fb);
	rec_reader_free(&r[0]);
	rec_reader_free(&r[1]);
	free(r);
	free(pa);
	free(pb);
	free(pbad);
	return tap_failed ? 1 : 0;
}
