/*
 * test-histo: hwnoisetop hist's pure parts: the kernel's hist file (text
 * the lab's 6.12 kernel printed for the two triggers, hist-kernel.txt),
 * the plan that keeps the kernel's map within its size, rtla osnoise hist's
 * layout byte for byte (hist-rtla.txt, computed apart from the kernel's
 * numbers with rtla's format strings), one CPU's lines, the recording's form.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "histo.h"
#include "tap.h"

static char *slurp(const char *name)
{
	const char *top = getenv("abs_top_srcdir");
	char path[4096], *buf;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/unit/%s", top ? top : ".", name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	buf = calloc(1, 1 << 16);
	n = fread(buf, 1, (1 << 16) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* The fixture's two sections: the bucket trigger's first. */
static int parse_fixture(struct histo *h, const char **why)
{
	char *text = slurp("hist-kernel.txt"), *second;
	struct histo_plan p = { .bucket_us = 1, .entries = 12, .gran_us = 1, .map_size = 2048 };
	int rc;

	if (!text)
		return *why = "no fixture", -1;
	second = strstr(text, "\n# event histogram");
	if (!second)
		return free(text), *why = "one section", -1;
	*second++ = '\0';
	histo_init(h, &p, 4);
	rc = histo_parse(h, text, second, why);
	free(text);
	return rc;
}

static char *print(const struct histo *h, const struct histo_conf *c, uint64_t secs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	histo_print(f, h, c, secs, NULL);
	fclose(f);
	return buf;
}

static void test_parse(void)
{
	struct histo h;
	const char *why = "";

	tap_ok(parse_fixture(&h, &why) == 0, "the lab kernel's hist file parses (%s)", why);
	tap_is_u64(h.cpu[0].count, 113064, "CPU 0: every sample, from the per-CPU trigger");
	tap_is_u64(h.cpu[0].in, 110599, "CPU 0: the samples within the rows' range");
	tap_is_u64(histo_over(&h.cpu[0]), 2465, "CPU 0: the rest lies over");
	tap_is_u64(h.cpu[1].b[2], 218021, "CPU 1: the 2 us bucket");
	tap_is_u64(h.cpu[1].max_ns, 40206865, "CPU 1: onmax's max");
	tap_is_u64(h.cpu[1].sum_ns, 3055454195ULL, "CPU 1: the sum of durations");
	tap_is_u64(h.cpu[2].count, 0, "CPU 2: nothing");
	tap_is_u64(h.dropped, 0, "Dropped: 0");
	histo_free(&h);

	histo_init(&h, &(struct histo_plan){ .bucket_us = 1, .entries = 12, .gran_us = 1 }, 4);
	tap_ok(histo_parse(&h, "{ common_cpu: 9, duration: ~ 1000-1999 } hitcount: 3\n", "",
			   &why) < 0, "a CPU out of range is refused (%s)", why);
	tap_ok(histo_parse(&h, "{ common_cpu: 1, duration: ~ 12000-12999 } hitcount: 3\n", "",
			   &why) < 0, "a bucket past the range is refused (%s)", why);
	tap_ok(histo_parse(&h, "{ common_cpu: 1, duration: ~ 1000-1999 } hitcount: 3\n",
			   "{ common_cpu: 1 } hitcount: 2  duration: 10\n", &why) < 0,
	       "more in the buckets than in all is refused (%s)", why);
	tap_ok(histo_parse(&h, "{ common_cpu: 1, duration: ~ 1000-1999 } hitcount: 3\n"
			   "Totals:\n    Hits: 3\n    Entries: 1\n    Dropped: 7\n",
			   "{ common_cpu: 1 } hitcount: 3  duration: 4500\n\tmax: 2000  duration: 2000\n",
			   &why) == 0 && h.dropped == 7, "Dropped is kept (7)");
	histo_free(&h);
}

static void test_layout(void)
{
	struct histo_conf c = { .on = true, .bucket_us = 1, .entries = 12 };
	char *want = slurp("hist-rtla.txt"), *got;
	struct histo h;
	const char *why;

	parse_fixture(&h, &why);
	got = print(&h, &c, 2);
	tap_is_str(got, want ? want : "(missing)", "rtla osnoise hist's layout, byte for byte");
	free(got);
	c.no_header = c.no_summary = c.no_index = true;
	got = print(&h, &c, 2);
	tap_is_str(got, "      861      2037 \n    90618    218021 \n    14033     18936 \n"
		   "     3848      1559 \n      303       291 \n      141       191 \n"
		   "      123       141 \n       85        96 \n       93        61 \n"
		   "      358       463 \n      136       167 \n     2465      4407 \n",
		   "--no-header --no-summary --no-index: the rows and over: alone");
	free(got);
	c = (struct histo_conf){ .on = true, .no_header = true, .no_summary = true,
				 .with_zeros = true };
	got = print(&h, &c, 2);
	tap_ok(strncmp(got, "0             0         0 \n1           861      2037 \n", 52) == 0,
	       "--with-zeros: the empty 0 us row is printed");
	free(got);
	/* Rows of 5 us from the 1 us buckets. */
	h.plan.bucket_us = 5;
	h.plan.entries = 2;
	tap_is_u64(histo_row(&h, &h.cpu[0], 0), 861 + 90618 + 14033 + 3848, "0-4 us of CPU 0");
	tap_is_u64(histo_row(&h, &h.cpu[0], 1), 303 + 141 + 123 + 85 + 93, "5-9 us of CPU 0");
	histo_free(&h);

	histo_init(&h, &(struct histo_plan){ .bucket_us = 1, .entries = 12, .gran_us = 1 }, 2);
	c = (struct histo_conf){ .on = true };
	got = print(&h, &c, 0);
	tap_is_str(got, "# RTLA osnoise histogram\n# Time unit is microseconds (us)\n"
		   "# Duration:   0 00:00:00\nIndex\nover: 0\ncount: 0\nmin: 0\navg: 0\nmax: 0\n",
		   "no sample: rtla's zeroed summary");
	free(got);
	histo_free(&h);
	free(want);
}

static void test_plan(void)
{
	struct histo_plan p;

	histo_plan(8, 1, 256, &p);
	tap_ok(p.gran_us == 1 && p.bucket_us == 1 && p.entries == 256 && !p.coarsened &&
	       p.map_size == 2048, "8 CPUs x 256: 1 us buckets in the default map");
	histo_plan(32, 10, 256, &p);
	tap_ok(p.gran_us == 1 && p.map_size == 131072 && !p.coarsened,
	       "32 x 256 x 10 us at 1 us fit the largest map");
	histo_plan(128, 10, 256, &p);
	tap_ok(p.gran_us == 10 && p.bucket_us == 10 && p.entries == 256 && !p.coarsened &&
	       p.map_size == 32768, "128 x 256 x 10 us: 10 us kernel buckets, as asked");
	histo_plan(1024, 1, 256, &p);
	tap_ok(p.coarsened && p.bucket_us == 2 && p.entries == 128 && p.gran_us == 2 &&
	       1024 * p.entries <= HISTO_MAP_MAX, "1024 x 256 do not fit: 128 rows of 2 us");
	histo_plan(8, 1000, 9999999, &p);
	tap_ok(p.coarsened && 8 * p.entries <= HISTO_MAP_MAX &&
	       p.entries * p.bucket_us >= 9999999ULL * 1000,
	       "-E 9999999 -b 1000: coarser rows still cover the range (%llu x %llu us)",
	       (unsigned long long)p.entries, (unsigned long long)p.bucket_us);
	tap_ok(histo_plan(HISTO_MAP_MAX + 1, 1, 10, &p) < 0, "more CPUs than the map holds: -1");
}

static void test_lines_and_json(void)
{
	struct histo h, back;
	struct histo_conf c = { .on = true, .bucket_us = 1, .entries = 12, .with_zeros = true }, rc;
	struct textbuf tb = { 0 };
	char *buf = NULL;
	size_t len = 0;
	const char *why = "";
	FILE *f;
	int n;

	parse_fixture(&h, &why);
	n = histo_cpu_lines(&h, 1, 3, &tb);
	tap_is_str(textbuf_str(&tb),
		   "      1-2       us         2037\n      2-3       us       218021\n"
		   "      3-4       us        18936\n   over 12      us         4407\n"
		   "count 246370  min 1  avg 12.40  max 40206 us\n",
		   "one CPU's lines: the 3 largest rows, over, the summary");
	tap_ok(n == 5, "5 lines");
	textbuf_free(&tb);

	f = open_memstream(&buf, &len);
	histo_json_write(f, &h, &c);
	fclose(f);
	histo_init(&back, &(struct histo_plan){ .bucket_us = 1, .entries = 1, .gran_us = 1 }, 4);
	memset(&rc, 0, sizeof(rc));
	tap_ok(histo_json_read(&back, &rc, buf, len, &why) == 0, "the recording's form reads back");
	tap_ok(rc.with_zeros && !rc.no_index && rc.entries == 12, "with its layout options");
	for (int cpu = 0; cpu < 2; cpu++)
		tap_ok(back.cpu[cpu].count == h.cpu[cpu].count && back.cpu[cpu].in == h.cpu[cpu].in &&
		       back.cpu[cpu].sum_ns == h.cpu[cpu].sum_ns &&
		       back.cpu[cpu].max_ns == h.cpu[cpu].max_ns &&
		       memcmp(back.cpu[cpu].b, h.cpu[cpu].b, 12 * sizeof(uint64_t)) == 0,
		       "CPU %d: the same counts", cpu);
	{
		const char *big = "{\"bucket_us\":1,\"entries\":999999999,\"gran_us\":1,\"cpus\":[]}";
		const char *out = "{\"bucket_us\":1,\"entries\":12,\"gran_us\":1,"
				  "\"cpus\":[[1,2,3,4,12,1]]}";
		const char *fine = "{\"bucket_us\":1,\"entries\":12,\"gran_us\":1,"
				   "\"cpus\":[[1,2,3,4,11,1]]}";

		n = histo_json_read(&back, &rc, big, strlen(big), &why);
		tap_ok(n < 0 && strstr(why, "out of range"), "a histogram too large is refused (%s)", why);
		n = histo_json_read(&back, &rc, out, strlen(out), &why);
		tap_ok(n < 0 && strstr(why, "bucket out of range"), "a bucket out of range is refused (%s)",
		       why);
		n = histo_json_read(&back, &rc, fine, strlen(fine), &why);
		tap_ok(n == 0 && back.cpu[1].b[11] == 1 && histo_over(&back.cpu[1]) == 1,
		       "the last bucket is taken, the rest lies over");
	}
	free(buf);
	histo_free(&back);
	histo_free(&h);
}

/*
 * A kernel without hist triggers: the events read, counted as the two
 * triggers count them (the same histogram as the kernel's file of the
 * same events), and the recording says so.
 */
static void test_add(void)
{
	static const uint64_t d[] = { 1500, 2000, 2999, 11999, 12000, 40206865 };
	struct histo_plan p = { .bucket_us = 1, .entries = 12, .gran_us = 1, .map_size = 2048 };
	struct histo_conf c = { .bucket_us = 1, .entries = 12 }, rc = { 0 };
	struct histo h, k, back;
	char *buf = NULL;
	size_t len = 0;
	const char *why = "";
	FILE *f;
	int bad;

	histo_init(&h, &p, 4);
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++)
		histo_add(&h, 1, d[i]);
	bad = histo_add(&h, 4, 1000);
	tap_ok(bad < 0 && h.cpu[1].count == 6, "a CPU out of range is not counted");
	histo_init(&k, &p, 4);
	histo_parse(&k, "{ common_cpu: 1, duration: ~ 1000-1999 } hitcount: 1\n"
		    "{ common_cpu: 1, duration: ~ 2000-2999 } hitcount: 2\n"
		    "{ common_cpu: 1, duration: ~ 11000-11999 } hitcount: 1\n",
		    "{ common_cpu: 1 } hitcount: 6  duration: 40237363\n"
		    "\tmax: 40206865  duration: 40206865\n", &why);
	tap_ok(h.cpu[1].count == k.cpu[1].count && h.cpu[1].in == k.cpu[1].in &&
	       h.cpu[1].sum_ns == k.cpu[1].sum_ns && h.cpu[1].max_ns == k.cpu[1].max_ns &&
	       memcmp(h.cpu[1].b, k.cpu[1].b, 12 * sizeof(uint64_t)) == 0,
	       "the events counted one by one make the kernel's histogram of them");
	tap_is_u64(histo_over(&h.cpu[1]), 2, "12 us and over lie over the 12 rows of 1 us");
	tap_is_u64(histo_row(&h, &h.cpu[1], 2), 2, "2000 and 2999 ns in the 2 us row");
	h.events = true;
	h.read = true;
	f = open_memstream(&buf, &len);
	histo_json_write(f, &h, &c);
	fclose(f);
	histo_init(&back, &p, 4);
	tap_ok(histo_json_read(&back, &rc, buf, len, &why) == 0 && back.events && !rc.on &&
	       back.cpu[1].count == 6, "the recording keeps that they were counted from events, "
	       "and its footer does not make it hist's");
	free(buf);
	histo_free(&back);
	histo_free(&k);
	histo_free(&h);
}

int main(void)
{
	tap_plan(39);
	test_parse();
	test_layout();
	test_plan();
	test_lines_and_json();
	test_add();
	return tap_failed ? 1 : 0;
}
