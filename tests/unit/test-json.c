/*
 * Unit tests: the JSON writer (escaping, numbers, nesting) and the --json
 * summaries: they parse (a small strict checker below, RFC 8259) and
 * carry the table's figures, row for row.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "export_json.h"
#include "json.h"
#include "report.h"
#include "tap.h"

/* ---- a strict RFC 8259 checker: 0 when s is exactly one JSON value ---- */

static const char *ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

static const char *value(const char *s, int depth);

static const char *string(const char *s)
{
	if (*s++ != '"')
		return NULL;
	while (*s != '"') {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20)
			return NULL;	/* raw control characters (and the end) are not allowed */
		if (c == '\\') {
			s++;
			if (*s == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", s[i]) || !s[i])
						return NULL;
				s += 5;
			} else if (*s && strchr("\"\\/bfnrt", *s)) {
				s++;
			} else {
				return NULL;
			}
			continue;
		}
		if (c >= 0x80) {	/* UTF-8: a lead byte and its continuation bytes */
			int n = c >= 0xf0 && c <= 0xf4 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1;

			if (n < 0 || c > 0xf4)
				return NULL;
			for (int i = 1; i <= n; i++)
				if (((unsigned char)s[i] & 0xc0) != 0x80)
					return NULL;
			s += n + 1;
			continue;
		}
		s++;
	}
	return s + 1;
}

static const char *number(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s >= '1' && *s <= '9')
		while (*s >= '0' && *s <= '9')
			s++;
	else
		return NULL;
	if (*s == '.') {
		if (!(*++s >= '0' && *s <= '9'))
			return NULL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return NULL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return s;
}

static const char *members(const char *s, int depth, char close, bool keys)
{
	s = ws(s + 1);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (keys) {
			if (!(s = string(ws(s))))
				return NULL;
			s = ws(s);
			if (*s++ != ':')
				return NULL;
		}
		if (!(s = value(s, depth + 1)))
			return NULL;
		s = ws(s);
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
	}
}

static const char *value(const char *s, int depth)
{
	s = ws(s);
	if (depth > 64)
		return NULL;
	switch (*s) {
	case '{':
		return members(s, depth, '}', true);
	case '[':
		return members(s, depth, ']', false);
	case '"':
		return string(s);
	case 't':
		return strncmp(s, "true", 4) ? NULL : s + 4;
	case 'f':
		return strncmp(s, "false", 5) ? NULL : s + 5;
	case 'n':
		return strncmp(s, "null", 4) ? NULL : s + 4;
	default:
		return number(s);
	}
}

static bool json_valid(const char *s)
{
	s = value(s, 0);
	return s && *ws(s) == '\0';
}

/* ---- helpers ---- */

static char *buf;
static size_t len;

static FILE *mem(void)
{
	free(buf);
	buf = NULL;
	return open_memstream(&buf, &len);
}

static const char *quoted(const char *s)
{
	FILE *f = mem();

	json_write_string(f, s);
	fclose(f);
	return buf;
}

/* The member "key": of the first object after from, as text up to , } or ]. */
static const char *member(const char *from, const char *key, char *out, size_t size)
{
	char pat[64];
	const char *p;
	size_t n = 0;

	snprintf(pat, sizeof(pat), "\"%s\":", key);
	if (!(p = strstr(from, pat)))
		return NULL;
	p += strlen(pat);
	while (p[n] && !strchr(",}]", p[n]) && n + 1 < size)
		n++;
	memcpy(out, p, n);
	out[n] = '\0';
	return out;
}

/* Feed a CPU periods summaries whose sums are known. */
static void feed(struct stats *st, int cpu, unsigned periods, uint64_t noise_each, unsigned seed)
{
	for (unsigned p = 0; p < periods; p++) {
		struct osn_sample s = {
			.cpu = cpu, .runtime = 750000 + seed, .noise = noise_each + p % 7 * seed,
			.max_sample = noise_each / 2 + p % 3, .hw_count = p % 5, .nmi_count = seed % 3,
			.irq_count = seed, .softirq_count = p % 2, .thread_count = 1,
		};

		stats_add(st, &s);
	}
}

/* Every row of the table against the object's row for the same CPU. */
static bool rows_agree(const char *table, const char *json, int *rows)
{
	const char *line = strchr(strchr(strchr(table, '\n') + 1, '\n') + 1, '\n') + 1;

	*rows = 0;
	/* Up to the missed-events line. */
	for (; *line && strncmp(line, "2 (", 3) != 0; line = strchr(line, '\n') + 1) {
		unsigned long long periods, runtime, noise, maxn, maxs, hw, nmi, irq, sirq, thr;
		char avail[32], pat[32], v[64];
		const char *o;
		int cpu;

		if (sscanf(line, "%d #%llu %llu %llu %31s %llu %llu %llu %llu %llu %llu %llu", &cpu,
			   &periods, &runtime, &noise, avail, &maxn, &maxs, &hw, &nmi, &irq, &sirq,
			   &thr) != 12)
			return false;
		snprintf(pat, sizeof(pat), "{\"cpu\":%d,", cpu);
		if (!(o = strstr(json, pat)))
			return false;
#define SAME(key, want) \
	do { \
		if (!member(o, key, v, sizeof(v)) || strtoull(v, NULL, 10) != (want)) \
			return false; \
	} while (0)
		SAME("periods", periods);
		SAME("runtime_us", runtime);
		SAME("noise_us", noise);
		SAME("max_noise_us", maxn);
		SAME("max_single_us", maxs);
		SAME("hw", hw);
		SAME("nmi", nmi);
		SAME("irq", irq);
		SAME("softirq", sirq);
		SAME("thread", thr);
#undef SAME
		if (!member(o, "cpu_available_percent", v, sizeof(v)) || strcmp(v, avail))
			return false;
		++*rows;
	}
	return true;
}

int main(void)
{
	struct json j;
	FILE *f;
	struct stats st;
	struct report_opts ro = { .osnoise = true, .elapsed = 42 };
	struct osnoise_conf conf = { .period_us = 1000000, .runtime_us = 750000, .threshold_us = 1 };
	struct export_run run = { .conf = &conf, .stop_reason = "a \"quoted\"\nreason\x01" };
	struct why w = { .text = "" };
	struct cpuset rows6;
	char *table = NULL, v[64];
	size_t tlen = 0;
	int rows, count;

	tap_plan(24);

	tap_is_str(quoted("plain"), "\"plain\"", "a plain string is quoted as it is");
	tap_is_str(quoted("a\"b\\c/d"), "\"a\\\"b\\\\c/d\"", "quotes and backslashes are escaped");
	tap_is_str(quoted("\n\t\r\x01\x1f\x7f"), "\"\\n\\t\\r\\u0001\\u001f\x7f\"",
		   "control characters are escaped, DEL is not");
	tap_is_str(quoted("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
		   "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"", "UTF-8 of 2, 3 and 4 bytes is kept");
	tap_is_str(quoted("\xff|\xc0\x80|\xed\xa0\x80|\xe2\x82|\xf4\x90\x80\x80|\x80"),
		   "\"\\ufffd|\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd|"
		   "\\ufffd\\ufffd\\ufffd\\ufffd|\\ufffd\"",
		   "bytes that are not UTF-8 (overlong, surrogate, cut, too high, lone) become U+FFFD");
	tap_ok(json_valid(quoted("\xe2\x82")) && json_valid(quoted("\x1b[1m\"\\")),
	       "escaped strings parse");

	f = mem();
	json_init(&j, f);
	json_object(&j, NULL);
	json_u64(&j, "max", UINT64_MAX);
	json_int(&j, "neg", INT64_MIN);
	json_number(&j, "avail", "99.99997");
	json_number(&j, "bad1", "01");
	json_number(&j, "bad2", "1.");
	json_number(&j, "bad3", "nan");
	json_number(&j, "exp", "-1.5e+3");
	json_array(&j, "a");
	json_object(&j, NULL);
	json_end(&j);
	json_array(&j, NULL);
	json_end(&j);
	json_bool(&j, NULL, false);
	json_null(&j, NULL);
	json_string(&j, NULL, NULL);
	json_end(&j);
	json_string(&j, "k\"ey", "v");
	json_end(&j);
	fclose(f);
	tap_is_str(buf, "{\"max\":18446744073709551615,\"neg\":-9223372036854775808,"
		   "\"avail\":99.99997,\"bad1\":null,\"bad2\":null,\"bad3\":null,\"exp\":-1.5e+3,"
		   "\"a\":[{},[],false,null,null],\"k\\\"ey\":\"v\"}",
		   "numbers at their limits, numbers as text, nesting, commas and keys");
	tap_ok(json_valid(buf), "that object parses");
	tap_ok(!json_valid("{\"a\":1,}") && !json_valid("[01]") && !json_valid("\"\x01\"") &&
	       !json_valid("{\"a\" 1}") && !json_valid("[1] [2]") && !json_valid("\"\xff\""),
	       "the checker refuses what is not JSON");

	/* The summary against the table of the same figures. */
	stats_init(&st, 8);
	cpuset_parse("1-3,5,7", &conf.cpus, &w);
	feed(&st, 1, 599, 3, 1);
	feed(&st, 2, 10, 0, 0);
	feed(&st, 3, 1, 750000, 0);	/* all noise: 0.00000 */
	feed(&st, 5, 77, 1234, 9);
	feed(&st, 6, 5, 1, 1);		/* taken out of the list during the run: in both */
	/* CPU 7 measured but no runtime: no row in either. */
	stats_lost_add(&st.lost, 2);
	st.lost.read = 700;
	f = open_memstream(&table, &tlen);
	report_rows(&st, &rows6);
	report_table(f, &st, &rows6, &ro);
	fclose(f);
	f = mem();
	export_json_summary(f, &st, &ro, &run);
	fclose(f);
	tap_ok(len && strchr(buf, '\n') == buf + len - 1, "one line, ending in a newline");
	tap_ok(json_valid(buf), "the summary parses");
	if (!json_valid(buf))
		printf("# %s", buf);
	count = rows_agree(table, buf, &rows);
	tap_ok(count && rows == 5, "every row of the table is in the object with the same figures (%d rows)", rows);
	count = 0;
	for (const char *p = buf; (p = strstr(p, "{\"cpu\":")); p++)
		count++;
	tap_is_u64(count, 5, "and no other row (CPU 7 no runtime)");
	tap_ok(strstr(buf, "{\"cpu\":3,\"periods\":1,\"runtime_us\":750000,\"noise_us\":750000,"
			   "\"cpu_available_percent\":0.00000,") != NULL,
	       "0.00000 available is the table's text and a JSON number");
	tap_is_str(member(buf, "mode", v, sizeof(v)), "\"osnoise\"", "the mode");
	tap_is_str(member(buf, "duration_s", v, sizeof(v)), "42", "the table's duration");
	tap_ok(strstr(buf, "\"config\":{\"cpus\":\"1-3,5,7\",") != NULL, "the measured CPUs in the config");
	tap_ok(strstr(buf, "\"stop_us\":null,\"stop_total_us\":null,") != NULL, "settings off are null");
	tap_ok(strstr(buf, "\"events\":{\"read\":700,\"missed\":2,\"missed_unknown\":false,"
			   "\"missed_text\":\"2 (0.28%) events missed, results might not be accurate\"}") != NULL,
	       "lost events, with the table's line");
	tap_ok(strstr(buf, "\"reason\":\"a \\\"quoted\\\"\\nreason\\u0001\"") != NULL,
	       "the stop reason is escaped");
	ro.osnoise = false;
	f = mem();
	export_json_summary(f, &st, &ro, &run);
	fclose(f);
	tap_ok(json_valid(buf) && !strstr(buf, "\"irq\"") && strstr(buf, "\"mode\":\"hwnoise\""),
	       "hwnoise mode: no IRQ, Softirq, Thread, as in the table");

	/* hwnoisetop hwlat --json */
	{
		struct hwl_stats hs = { 0 };
		struct hwlat_conf hc = { .threshold_us = 10, .window_us = 1000000, .width_us = 500000 };
		struct export_hwlat_run hr = { .conf = &hc, .hardlimit_us = 10 };
		struct hwl_sample smp = { .cpu = 1, .ts_sec = 1796034206, .ts_nsec = 214375561,
					  .inner = 9340, .outer = 5358, .count = 52 };

		cpuset_parse("0-1", &hc.cpus, &w);
		hwlat_stats_init(&hs, 4);
		f = mem();
		export_json_hwlat(f, &hs, &hr);
		fclose(f);
		tap_ok(json_valid(buf) && strstr(buf, "\"max_latency_us\":null,\"samples_recorded\":0,") &&
		       strstr(buf, "\"above_hardlimit\":false"), "hwlat without samples: Below threshold is null");
		hwlat_stats_add(&hs, &smp);
		f = mem();
		export_json_hwlat(f, &hs, &hr);
		fclose(f);
		tap_ok(json_valid(buf) && strstr(buf, "\"max_latency_us\":9340,\"samples_recorded\":1,"
						       "\"samples_exceeding_threshold\":52,") &&
		       strstr(buf, "{\"cpu\":1,\"samples\":1,\"max_inner_us\":9340,\"max_outer_us\":5358,") &&
		       strstr(buf, "\"above_hardlimit\":true"), "hwlat: the summary and the CPU's sums");
		tap_ok(strstr(buf, "\"samples\":[{\"ts_sec\":1796034206,\"ts_nsec\":214375561,"
				   "\"inner_us\":9340,\"outer_us\":5358,\"cpu\":1,\"count\":52,") != NULL,
		       "hwlat: the sample, its time in whole integers");
		hwlat_stats_free(&hs);
	}
	free(table);
	free(buf);
	stats_free(&st);
	return tap_done();
}
