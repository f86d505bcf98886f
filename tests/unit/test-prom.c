/*
 * Unit tests: the --prometheus file.  A small parser of the Prometheus
 * text exposition format checks every rendering (HELP and TYPE before a
 * family's samples, names, labels, values, no timestamps, no duplicate);
 * counters never go down across a reset of the view; the file is
 * replaced by rename, so a reader in another process never sees it half
 * written; no temporary file is left; mode 0644; symlinks not followed;
 * --why's families, the largest single noises' among them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <unistd.h>

#include "config.h"
#include "causes.h"
#include "prom.h"
#include "stats.h"
#include "tap.h"

/* ---- the parser ---- */

#define MAX_SERIES 8192

struct series {
	char key[160];		/* name{labels} as written */
	char name[80];
	char type[16];
	double v;
};

struct expo {
	struct series s[MAX_SERIES];
	int n;
	char err[200];
};

static bool name_ok(const char *s, size_t n, bool colon)
{
	if (!n || (s[0] >= '0' && s[0] <= '9'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || (colon && s[i] == ':')))
			return false;
	return true;
}

/* The labels at s ("{a=\"x\",b=\"y\"}"): the end, or NULL. */
static const char *labels(const char *s)
{
	s++;
	while (*s != '}') {
		const char *eq = strchr(s, '=');

		if (!eq || !name_ok(s, eq - s, false) || eq[1] != '"')
			return NULL;
		for (s = eq + 2; *s != '"'; s++) {
			if (!*s || *s == '\n')
				return NULL;
			if (*s == '\\' && !strchr("\\\"n", *++s))
				return NULL;
		}
		s++;
		if (*s == ',')
			s++;
		else if (*s != '}')
			return NULL;
	}
	return s + 1;
}

static int fail(struct expo *e, int line, const char *why)
{
	snprintf(e->err, sizeof(e->err), "line %d: %s", line, why);
	return -1;
}

/* 0 when text is a valid exposition; its series in e. */
static int parse(const char *text, struct expo *e)
{
	char help[80] = "", type[80] = "", tname[16] = "", seen[4096] = " ";
	int line = 0;

	e->n = 0;
	if (!*text || text[strlen(text) - 1] != '\n')
		return fail(e, 0, "empty, or no newline at the end");
	for (const char *l = text; *l; l = strchr(l, '\n') + 1) {
		size_t len = strchr(l, '\n') - l;
		char buf[512];

		line++;
		if (len >= sizeof(buf))
			return fail(e, line, "too long");
		memcpy(buf, l, len);
		buf[len] = '\0';
		if (strncmp(buf, "# HELP ", 7) == 0 || strncmp(buf, "# TYPE ", 7) == 0) {
			char *name = buf + 7, *sp = strchr(name, ' '), key[100];

			if (!sp || !name_ok(name, sp - name, true) || !sp[1])
				return fail(e, line, "a HELP or TYPE line without a name and text");
			*sp = '\0';
			if (buf[2] == 'H') {
				snprintf(key, sizeof(key), " %s ", name);
				if (strstr(seen, key))
					return fail(e, line, "a family seen before (not contiguous)");
				if (strlen(seen) + strlen(key) < sizeof(seen))
					strcat(seen, key + 1);
				snprintf(help, sizeof(help), "%s", name);
			} else {
				if (strcmp(name, help) != 0)
					return fail(e, line, "TYPE without its HELP just before");
				if (strcmp(sp + 1, "counter") && strcmp(sp + 1, "gauge"))
					return fail(e, line, "a type other than counter or gauge");
				if (!strcmp(sp + 1, "counter") &&
				    (strlen(name) < 6 || strcmp(name + strlen(name) - 6, "_total")))
					return fail(e, line, "a counter not named _total");
				snprintf(type, sizeof(type), "%s", name);
				snprintf(tname, sizeof(tname), "%s", sp + 1);
			}
			continue;
		}
		if (buf[0] == '#' || !buf[0])
			return fail(e, line, "a comment or an empty line");
		{
			const char *end = buf, *val;
			char *num_end;
			struct series *s;

			while (*end && *end != '{' && *end != ' ')
				end++;
			if (!name_ok(buf, end - buf, true))
				return fail(e, line, "a bad metric name");
			if ((size_t)(end - buf) != strlen(type) || strncmp(buf, type, end - buf))
				return fail(e, line, "a sample outside its family, or before its TYPE");
			if (*end == '{' && !(end = labels(end)))
				return fail(e, line, "bad labels");
			if (*end != ' ')
				return fail(e, line, "no space before the value");
			val = end + 1;
			if (e->n >= MAX_SERIES)
				return fail(e, line, "too many series");
			s = &e->s[e->n];
			s->v = strtod(val, &num_end);
			if (num_end == val || *num_end)
				return fail(e, line, "a value that is not one number (a timestamp?)");
			if (isnan(s->v) || s->v < 0)
				return fail(e, line, "a NaN or negative value");
			snprintf(s->key, sizeof(s->key), "%.*s", (int)(end - buf), buf);
			snprintf(s->name, sizeof(s->name), "%s", type);
			snprintf(s->type, sizeof(s->type), "%s", tname);
			for (int i = 0; i < e->n; i++)
				if (!strcmp(e->s[i].key, s->key))
					return fail(e, line, "a series twice");
			e->n++;
		}
	}
	return 0;
}

static const struct series *find(const struct expo *e, const char *key)
{
	for (int i = 0; i < e->n; i++)
		if (!strcmp(e->s[i].key, key))
			return &e->s[i];
	return NULL;
}

/* ---- helpers ---- */

static char *render(const struct prom *p, const struct prom_view *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	prom_render(p, v, f);
	fclose(f);
	return buf;
}

static void feed(struct prom *p, struct stats *st, bool osnoise, int cpu, unsigned n, unsigned seed)
{
	for (unsigned i = 0; i < n; i++) {
		struct osn_sample s = {
			.cpu = cpu, .runtime = 750000 + i % 3, .noise = seed + i, .max_sample = seed,
			.hw_count = i % 2, .nmi_count = seed % 2, .irq_count = osnoise ? 3 : 0,
		};

		prom_add_osnoise(p, osnoise, &s);
		stats_add(st, &s);
	}
}

static char *slurp(const char *path)
{
	static char buf[1 << 20];
	int fd = open(path, O_RDONLY);
	ssize_t n, len = 0;

	if (fd < 0)
		return NULL;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return buf;
}

static int tmp_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	while (d && (de = readdir(d)))
		if (strstr(de->d_name, ".tmp"))
			n++;
	if (d)
		closedir(d);
	return n;
}

static struct expo ea, eb;

/*
 * --check FILE...: for tests/lab/export.sh, the files of one run in time
 * order: each parses, and no counter goes down or away from one to the
 * next.  Exit 0, or 1 with the reason.
 */
static int check_files(int n, char **files)
{
	static struct expo prev, cur;

	for (int i = 0; i < n; i++) {
		char *t = slurp(files[i]);

		if (!t || parse(t, &cur) < 0) {
			printf("%s: %s\n", files[i], t ? cur.err : strerror(errno));
			return 1;
		}
		printf("%s: %d series\n", files[i], cur.n);
		for (int k = 0; i && k < prev.n; k++) {
			const struct series *s = find(&cur, prev.s[k].key);

			if (!strcmp(prev.s[k].type, "counter") && (!s || s->v < prev.s[k].v)) {
				printf("%s: %s went from %.6f to %.6f\n", files[i], prev.s[k].key,
				       prev.s[k].v, s ? s->v : -1.0);
				return 1;
			}
		}
		prev = cur;
	}
	return 0;
}

/*
 * --why's NMI time: CPU 1's two periods (100 us of noise each), 30 us of
 * NMIs in the first, timed; CPU 2's not timed (no osnoise:nmi_noise).
 */
static void nmi_time_gauges(struct prom *p, struct prom_view v)
{
	struct causes *c = causes_new(3, NULL, false);
	struct expo e;
	char *t;

	causes_nmi_time(c, true);
	for (int i = 0; i < 2; i++) {
		struct osn_sample s1 = { .cpu = 1, .runtime = 1000000, .noise = 100, .nmi_count = !i },
				  s2 = { .cpu = 2, .runtime = 1000000, .noise = 100, .nmi_count = 1 };

		if (!i)
			causes_nmi(c, 1, 30000);
		causes_nmi_take(c, &s1);
		causes_sample(c, &s1, false);
		causes_sample(c, &s2, false);
	}
	causes_flush(c, false, "SMIs not counted");
	v.causes = c;
	t = render(p, &v);
	tap_ok(parse(t, &e) == 0 && strstr(t, "\nhwnoisetop_why_nmi_time_seconds{cpu=\"1\"} 0.000030000\n") &&
	       strstr(t, "\nhwnoisetop_why_nmi_time_share_ratio{cpu=\"1\"} 0.1500\n") &&
	       !strstr(t, "nmi_time_seconds{cpu=\"2\"}") && !strstr(t, "nmi_time_share_ratio{cpu=\"2\"}"),
	       "--why: CPU 1's NMI time measured (30 us, 15%% of its noise); none for CPU 2, not timed");
	free(t);
	causes_free(c);
}

/*
 * --why's TSC watchdog: its share is a gauge where its visits were counted
 * (CPU 1, visited in one of its two periods: too few to credit, 0), and
 * left out where they were not (a recording without them).
 */
static void tscwd_gauge(struct prom *p, struct prom_view v)
{
	struct causes *c = causes_new(3, NULL, false), *old = causes_new(3, NULL, false);
	struct osn_sample smp = { .cpu = 1, .runtime = 1000000, .noise = 100 };
	char *t, *u;

	for (int i = 0; i < 2; i++) {
		causes_sample(c, &smp, false);
		causes_tscwd(c, 1, !i);
		causes_sample(old, &smp, false);
	}
	causes_flush(c, false, "SMIs not counted");
	causes_flush(old, false, "SMIs not counted");
	v.causes = c;
	t = render(p, &v);
	v.causes = old;
	u = render(p, &v);
	tap_ok(strstr(t, "\nhwnoisetop_why_share_ratio{cpu=\"1\",cause=\"tsc_watchdog\"} 0.0000\n") &&
	       !strstr(u, "cause=\"tsc_watchdog\"") && strstr(u, "{cpu=\"1\",cause=\"nmi\"}"),
	       "--why: the TSC watchdog's share where its visits were counted, none where not");
	free(t);
	free(u);
	causes_free(c);
	causes_free(old);
}

/*
 * --why's largest single noises: CPU 1 visited by the TSC watchdog in one
 * period in 10 of 400, each visit a single noise of 500 us (20 us
 * otherwise): the watchdog explains all the periods reaching the level,
 * none left unexplained; the file still parses, every family once.
 */
static void largest_gauge(struct prom *p, struct prom_view v)
{
	struct causes *c = causes_new(3, NULL, false);
	struct expo e;
	char *t;
	int rc;

	for (int i = 0; i < 400; i++) {
		bool visit = i % 10 == 0;
		struct osn_sample smp = { .cpu = 1, .runtime = 1000000, .noise = visit ? 600 : 100,
					  .max_sample = visit ? 500 : 20 };

		causes_sample(c, &smp, false);
		causes_tscwd(c, 1, visit);
	}
	causes_flush(c, false, "SMIs not counted");
	v.causes = c;
	t = render(p, &v);
	rc = parse(t, &e);
	tap_ok(rc == 0 && strstr(t, "\n# TYPE hwnoisetop_why_max_single_share_ratio gauge\n") &&
	       strstr(t, "\nhwnoisetop_why_max_single_share_ratio{cpu=\"1\",cause=\"tsc_watchdog\"} 1.0000\n") &&
	       strstr(t, "\nhwnoisetop_why_max_single_share_ratio{cpu=\"1\",cause=\"unexplained\"} 0.0000\n") &&
	       strstr(t, "\nhwnoisetop_why_max_single_share_ratio{cpu=\"1\",cause=\"nmi\"} 0.0000\n") &&
	       !strstr(t, "max_single_share_ratio{cpu=\"1\",cause=\"smi\"}"),
	       "--why: the largest single noises, all the TSC watchdog's, none unexplained (%s)",
	       rc ? e.err : "valid");
	free(t);
	causes_free(c);
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/hwn-test-prom.XXXXXX", path[256], why[300], link_target[300];
	struct prom *p;
	struct stats st;
	struct cpuset cpus, many;
	struct prom_view v = { 0 };
	struct why cwhy;
	char *a, *b;
	bool down = true;
	int rc;

	if (argc > 2 && !strcmp(argv[1], "--check"))
		return check_files(argc - 2, argv + 2);
	tap_plan(33);
	if (!mkdtemp(dir))
		return 1;

	snprintf(path, sizeof(path), "%s/x.txt", dir);
	tap_ok(prom_check_path(path, why, sizeof(why)) < 0 && strstr(why, ".prom"),
	       "a file not ending in .prom is refused (%s)", why);
	snprintf(path, sizeof(path), "%s/.prom", dir);
	tap_ok(prom_check_path(path, why, sizeof(why)) < 0, "\".prom\" alone is refused (%s)", why);
	tap_ok(prom_check_path("/no/such/dir/x.prom", why, sizeof(why)) < 0,
	       "a missing directory is refused (%s)", why);
	snprintf(path, sizeof(path), "%s/hwnoisetop.prom", dir);
	tap_ok(prom_check_path(path, why, sizeof(why)) == 0 && access(path, F_OK) < 0,
	       "NAME.prom in a writable directory is accepted, nothing left by the check");

	p = prom_new(path);
	stats_init(&st, 300);
	cpuset_parse("1-2", &cpus, &cwhy);
	v = (struct prom_view){ .st = &st, .cpus = &cpus, .period_us = 1000000, .runtime_us = 750000,
				.threshold_us = 1, .elapsed_s = 9 };
	feed(p, &st, false, 1, 10, 5);
	feed(p, &st, false, 2, 3, 100);
	a = render(p, &v);
	rc = parse(a, &ea);
	tap_ok(rc == 0, "the rendering parses as Prometheus text (%s)", rc ? ea.err : "ok");
	tap_ok(strstr(a, "\nhwnoisetop_runtime_seconds_total{cpu=\"1\",mode=\"hwnoise\"} 7.500009\n") &&
	       strstr(a, "\nhwnoisetop_noise_seconds_total{cpu=\"2\",mode=\"hwnoise\"} 0.000303\n") &&
	       strstr(a, "\nhwnoisetop_periods_total{cpu=\"1\",mode=\"hwnoise\"} 10\n"),
	       "counters: periods, and microseconds as exact seconds");
	{
		char want[96], av[32];
		uint64_t pa = stats_avail(st.cpu[2].runtime, st.cpu[2].noise);

		snprintf(av, sizeof(av), "%llu.%07llu", (unsigned long long)(pa / 10000000),
			 (unsigned long long)(pa % 10000000));
		snprintf(want, sizeof(want), "\nhwnoisetop_cpu_available_ratio{cpu=\"2\",mode=\"hwnoise\"} %s\n", av);
		tap_ok(strstr(a, want) != NULL, "the available ratio is the table's %% / 100 (%s)", av);
	}
	tap_ok(!strstr(a, "nmi_time"), "without --why, no NMI time");
	nmi_time_gauges(p, v);
	tscwd_gauge(p, v);
	largest_gauge(p, v);
	tap_ok(!strstr(a, "cpu=\"0\"") && find(&ea, "hwnoisetop_cpu_measured{cpu=\"2\"}") &&
	       find(&ea, "hwnoisetop_info{version=\"" PACKAGE_VERSION "\",mode=\"hwnoise\"}"),
	       "only CPUs seen or measured; the info gauge");

	/* R: the view restarts; i: osnoise mode; more periods. */
	stats_reset(&st);
	v.osnoise = true;
	v.elapsed_s = 1;
	feed(p, &st, true, 1, 2, 7);
	{
		struct osn_sample s2 = { .cpu = 1, .runtime = 10 };
		struct hwl_sample h = { .cpu = 2, .inner = 12, .outer = 30, .count = 4, .nmi_count = 1, .nmi_total = 3 };

		prom_add_hwlat(p, &h);
		prom_add_smi(p, 1, 5);
		prom_add_missed(p, 2, 3);
		prom_add_missed(p, 2, LOST_UNKNOWN);
		prom_add_missed(p, 2, 4);
		prom_add_marker(p, 1700000000123ULL, "key", "first");
		prom_add_marker(p, 1700000005007ULL, "key", "fan \"B\" at C:\\bios\nline 2");
		(void)s2;
	}
	b = render(p, &v);
	rc = parse(b, &eb);
	tap_ok(rc == 0, "after a reset, still valid (%s)", rc ? eb.err : "ok");
	for (int i = 0; i < ea.n; i++) {
		const struct series *s = find(&eb, ea.s[i].key);

		if (!strcmp(ea.s[i].type, "counter") && (!s || s->v < ea.s[i].v)) {
			down = false;
			printf("# %s went from %g to %g\n", ea.s[i].key, ea.s[i].v, s ? s->v : -1.0);
		}
	}
	tap_ok(down, "no counter went down or away across the reset");
	tap_ok(find(&eb, "hwnoisetop_periods_total{cpu=\"1\",mode=\"osnoise\"}") &&
	       find(&eb, "hwnoisetop_periods_total{cpu=\"1\",mode=\"hwnoise\"}")->v == 10 &&
	       find(&eb, "hwnoisetop_periods_total{cpu=\"1\",mode=\"osnoise\"}")->v == 2,
	       "periods of each mode counted apart, the first ones kept");
	tap_ok(!find(&eb, "hwnoisetop_max_noise_seconds{cpu=\"2\",mode=\"hwnoise\"}") &&
	       !find(&eb, "hwnoisetop_max_noise_seconds{cpu=\"2\",mode=\"osnoise\"}") &&
	       find(&ea, "hwnoisetop_max_noise_seconds{cpu=\"2\",mode=\"hwnoise\"}"),
	       "gauges follow the view: CPU 2 has no row after the reset");
	tap_ok(find(&eb, "hwnoisetop_smi_total{cpu=\"1\"}") &&
	       find(&eb, "hwnoisetop_smi_total{cpu=\"1\"}")->v == 5 &&
	       find(&eb, "hwnoisetop_hwlat_over_threshold_total{cpu=\"2\"}")->v == 4 &&
	       strstr(b, "\nhwnoisetop_hwlat_nmi_seconds_total{cpu=\"2\"} 0.000003\n"),
	       "SMI and hwlat counters");
	tap_ok(find(&eb, "hwnoisetop_events_missed_total{cpu=\"2\"}") &&
	       find(&eb, "hwnoisetop_events_missed_total{cpu=\"2\"}")->v == 7 &&
	       find(&eb, "hwnoisetop_event_drops_uncounted_total{cpu=\"2\"}")->v == 1 &&
	       !find(&eb, "hwnoisetop_events_missed_total{cpu=\"1\"}"),
	       "dropped events: those counted summed, a drop without a count counted apart");
	tap_ok(strstr(a, "\nhwnoisetop_period_noise_seconds{cpu=\"1\",mode=\"hwnoise\"} 0.000014\n") &&
	       strstr(a, "\nhwnoisetop_period_max_single_seconds{cpu=\"1\",mode=\"hwnoise\"} 0.000005\n") &&
	       strstr(a, "\nhwnoisetop_period_max_single_seconds{cpu=\"2\",mode=\"hwnoise\"} 0.000100\n") &&
	       find(&ea, "hwnoisetop_period_noise_seconds{cpu=\"1\",mode=\"hwnoise\"}")->v > 0,
	       "the latest period's noise and max single, per CPU");
	tap_ok(strstr(b, "\nhwnoisetop_period_noise_seconds{cpu=\"1\",mode=\"osnoise\"} 0.000008\n") &&
	       strstr(b, "\nhwnoisetop_period_max_single_seconds{cpu=\"1\",mode=\"osnoise\"} 0.000007\n") &&
	       strstr(b, "\nhwnoisetop_period_noise_seconds{cpu=\"1\",mode=\"hwnoise\"} 0.000014\n") &&
	       strstr(b, "\nhwnoisetop_period_max_single_seconds{cpu=\"2\",mode=\"hwnoise\"} 0.000100\n"),
	       "after the reset: the new mode's latest period, the old mode's kept (they are not the view's)");
	tap_ok(find(&ea, "hwnoisetop_markers_total") && find(&ea, "hwnoisetop_markers_total")->v == 0 &&
	       strstr(a, "\n# TYPE hwnoisetop_marker_last_timestamp_seconds gauge\n") &&
	       !strstr(a, "\nhwnoisetop_marker_last_timestamp_seconds{") &&
	       find(&eb, "hwnoisetop_markers_total") && find(&eb, "hwnoisetop_markers_total")->v == 2 &&
	       !strcmp(find(&eb, "hwnoisetop_markers_total")->type, "counter"),
	       "markers: a counter, 0 then 2; no latest-marker series before the first");
	tap_ok(strstr(b, "\nhwnoisetop_marker_last_timestamp_seconds{origin=\"key\","
		       "text=\"fan \\\"B\\\" at C:\\\\bios\\nline 2\"} 1700000005.007\n") != NULL,
	       "the latest marker: its time in seconds since the epoch, its text escaped (\\, \", newline)");
	free(a);
	free(b);

	/* The file: mode, temporary files, symlinks. */
	umask(077);
	tap_ok(prom_write(p, &v) == 0, "written");
	{
		struct stat sb = { 0 };
		int got = lstat(path, &sb);

		tap_ok(got == 0 && S_ISREG(sb.st_mode) && (sb.st_mode & 07777) == 0644,
		       "mode 0644 under umask 077 (%o)", (unsigned)(sb.st_mode & 07777));
	}
	tap_ok(tmp_files(dir) == 0, "no temporary file left");
	a = slurp(path);
	tap_ok(a && parse(a, &ea) == 0 && ea.n == eb.n, "the file holds the rendering");
	snprintf(link_target, sizeof(link_target), "%s/target", dir);
	{
		FILE *f = fopen(link_target, "w");
		char tmp[300];
		struct stat sb;

		fputs("keep\n", f);
		fclose(f);
		unlink(path);
		if (symlink(link_target, path) < 0)
			tap_ok(0, "symlink: %s", strerror(errno));
		snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid());
		if (symlink(link_target, tmp) < 0)
			tap_ok(0, "symlink: %s", strerror(errno));
		tap_ok(prom_write(p, &v) == 0 && lstat(path, &sb) == 0 && S_ISREG(sb.st_mode),
		       "symlinks planted at the file and at the temporary name: replaced, not followed");
		a = slurp(link_target);
		tap_is_str(a, "keep\n", "the symlinks' target is untouched");
	}

	/* A reader in another process while the file is rewritten, big and small in turn. */
	cpuset_parse("0-255", &many, &cwhy);
	for (int cpu = 0; cpu < 256; cpu++)
		feed(p, &st, true, cpu, 1, cpu);
	{
		struct prom_view small = v, big = v;
		int reads = 0, bad = 0, sizes[2] = { 0, 0 }, status, stop[2];
		char c;
		pid_t pid;

		big.cpus = &many;
		a = render(p, &small);
		parse(a, &ea);
		free(a);
		a = render(p, &big);
		parse(a, &eb);
		free(a);
		tap_ok(eb.n > ea.n + 1000, "two renderings of different sizes (%d and %d series)", ea.n, eb.n);
		prom_write(p, &small);
		/* The writer rewrites until the reader has read 40 times (a slow
		 * reader, under ASan on a busy machine, gets its reads however
		 * fast the writer is): the reader closes the pipe to stop it. */
		if (pipe(stop) < 0)
			return 1;
		pid = fork();
		if (pid == 0) {
			close(stop[1]);
			fcntl(stop[0], F_SETFL, O_NONBLOCK);
			for (int i = 0; read(stop[0], &c, 1) < 0 && errno == EAGAIN; i++)
				if (prom_write(p, i % 2 ? &big : &small) < 0)
					_exit(1);
			_exit(0);
		}
		close(stop[0]);
		while (reads < 40) {
			static struct expo e;
			char *t = slurp(path);

			reads++;
			if (!t || parse(t, &e) < 0 || (e.n != ea.n && e.n != eb.n)) {
				if (!bad++)
					printf("# read %d: %d series, %s\n", reads, e.n, e.err);
				continue;
			}
			sizes[e.n == eb.n]++;
		}
		close(stop[1]);
		waitpid(pid, &status, 0);
		tap_ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the rewrites went on without an error");
		tap_ok(bad == 0, "%d reads while it was rewritten: every one complete and valid "
		       "(%d small, %d big, %d bad)", reads, sizes[0], sizes[1], bad);
		tap_ok(tmp_files(dir) == 0, "no temporary file left after them");
	}
	prom_free(p);
	stats_free(&st);
	unlink(path);
	unlink(link_target);
	tap_ok(rmdir(dir) == 0, "nothing else was left in the directory");
	return tap_done();
}
