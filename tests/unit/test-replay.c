/*
 * The recording's reader: the JSON grammar, replay of a small hand-written
 * recording of known figures (through the session's own statistics), and
 * the refusals of bad files, each naming its line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_json.h"
#include "json.h"
#include "jsonread.h"
#include "replay.h"
#include "tap.h"

#define HDR "{\"t\":\"header\",\"v\":1,\"mode\":\"hwnoise\",\"quiet\":true,\"ncpus\":2," \
	"\"duration_s\":0,\"warmup_s\":0,\"stop_us\":0,\"stop_total_us\":0," \
	"\"hwlat_keep\":0,\"cpus\":\"0-1\",\"period_us\":1000000,\"runtime_us\":750000," \
	"\"threshold_us\":1,\"irq_disable\":true,\"hwlat_cpus\":\"\",\"hwlat_threshold_us\":0," \
	"\"hwlat_window_us\":0,\"hwlat_width_us\":0,\"hwlat_mode\":\"none\"}\n"
#define S(cpu, noise, max, hw, nmi, extra) \
	"{\"t\":\"s\",\"ts\":1,\"cpu\":" #cpu ",\"runtime\":750000,\"noise\":" #noise \
	",\"max_sample\":" #max ",\"hw\":" #hw ",\"nmi\":" #nmi ",\"irq\":0,\"softirq\":0," \
	"\"thread\":0" extra "}\n"
#define FOOT "{\"t\":\"footer\",\"elapsed_s\":3,\"run_ns\":3000000000,\"cpus\":\"0-1\"," \
	"\"hwlat_cpus\":\"\",\"osnoise\":false,\"smi\":false,\"hwlat_view\":false," \
	"\"hwlat_threshold_us\":0,\"exit\":0,\"stop_hit\":false,\"stop_reason\":\"\"," \
	"\"neighbour_log\":\"\",\"notes\":\"a \\\"note\\\"\\n\"}\n"

static int replay_text(struct replay *r, const char *text)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	if (!text[0])
		f = fopen("/dev/null", "r");
	rc = replay_read(r, f);
	fclose(f);
	return rc;
}

static void json_cases(void)
{
	struct jsonr_obj o;
	uint64_t u;
	int64_t i;
	bool b;
	char s[64];
	const char *line = "{\"a\": 18446744073709551615, \"b\" :-3, \"c\":true, "
			   "\"d\":\"x\\u00e9\\ud83d\\ude00\\n\", \"e\":[1,{\"f\":[]}], \"g\":null}";

	tap_ok(jsonr_parse(line, strlen(line), &o) == 0 && o.n == 6, "a JSON object parses: %s", o.err);
	tap_ok(jsonr_u64(&o, "a", &u) == 0 && u == UINT64_MAX, "64-bit integers are exact");
	tap_ok(jsonr_int(&o, "b", &i) == 0 && i == -3 && jsonr_u64(&o, "b", &u) < 0,
	       "a negative number is an int, not a u64");
	tap_ok(jsonr_bool(&o, "c", &b) == 0 && b, "true");
	tap_ok(jsonr_str(&o, "d", s, sizeof(s)) == 0 && strcmp(s, "x\xc3\xa9\xf0\x9f\x98\x80\n") == 0,
	       "string escapes decode to UTF-8");
	tap_ok(jsonr_get(&o, "e")->type == JR_ARR && jsonr_get(&o, "g")->type == JR_NULL &&
	       !jsonr_get(&o, "f"), "nested values are kept whole, not as members");
	tap_ok(jsonr_u64(&o, "zz", &u) < 0 && jsonr_u64(&o, "d", &u) < 0, "absent or mistyped: -1");

	static const char *bad[] = {
		"", "[]", "{", "{\"a\":}", "{\"a\":1,}", "{\"a\":01}", "{\"a\":1}x", "{a:1}",
		"{\"a\":\"\\q\"}", "{\"a\":tru}", "{\"a\":\"x}", "{\"a\":1.}", "{\"a\":[1,]}",
	};
	for (size_t k = 0; k < sizeof(bad) / sizeof(*bad); k++)
		tap_ok(jsonr_parse(bad[k], strlen(bad[k]), &o) < 0 && o.err[0], "refused: '%s' (%s)",
		       bad[k], o.err);
	/* The writer's strings (json.h, as the recording writes them) read back as they were. */
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	fputs("{\"k\":", mem);
	json_write_string(mem, "tab\there \"q\" \\ \x01 end");
	fputs("}", mem);
	fclose(mem);
	tap_ok(buf && jsonr_parse(buf, len, &o) == 0 && jsonr_str(&o, "k", s, sizeof(s)) == 0 &&
	       strcmp(s, "tab\there \"q\" \\ \x01 end") == 0, "json_write_string's strings read back");
	free(buf);
}

/* --json's "segments": the tables between the markers, as the text prints them. */
static void segments_json(struct replay *r)
{
	struct report_opts ro = { 0 };
	struct export_run run = { .conf = &r->s.conf.osn, .seg = &r->s.seg,
				  .run_ns = 3000000000ULL };
	char *buf = NULL, *seg;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	export_json_summary(mem, &r->s.stats, &ro, &run);
	fclose(mem);
	seg = buf ? strstr(buf, "\"segments\":[") : NULL;
	tap_ok(seg && strstr(seg, "{\"marker\":0,\"at\":\"00:00:00\",\"text\":\"start\"") &&
	       strstr(seg, "{\"marker\":1,\"at\":\"00:00:02\",\"text\":\"after\",\"origin\":\"key\","
			   "\"mode\":\"hwnoise\",\"duration_s\":1,"),
	       "--json: each segment headed by its marker: %.300s", seg ? seg : "no segments");
	tap_ok(seg && strstr(seg, "\"cpu\":0,\"periods\":1,\"runtime_us\":750000,\"noise_us\":5,") &&
	       strstr(seg, "\"cpu\":0,\"periods\":2,\"runtime_us\":1500000,\"noise_us\":40,"),
	       "--json: each segment's rows, the later summary in the second");
	run.seg = NULL;
	free(buf);
	mem = open_memstream(&buf, &len);
	export_json_summary(mem, &r->s.stats, &ro, &run);
	fclose(mem);
	tap_ok(buf && strstr(buf, "\"segments\":null"), "--json: no markers asked for: null");
	free(buf);
}

static void known_figures(void)
{
	struct replay *r = calloc(1, sizeof(*r));
	const struct cpu_stats *c0, *c1;

	tap_ok(replay_text(r, HDR S(0, 10, 4, 2, 1, "") S(1, 0, 0, 0, 0, "")
			   S(0, 30, 20, 3, 1, "") S(1, 7, 7, 1, 0, ",\"c\":0")
			   "{\"t\":\"read\",\"n\":3}\n"
			   "{\"t\":\"lost\",\"cpu\":1,\"n\":2}\n"
			   "{\"t\":\"mark\",\"num\":1,\"t_ms\":2000,\"run_ns\":2000000000,\"cpus\":\"0-1\","
			   "\"osnoise\":false,\"hwlat\":false,\"origin\":\"key\",\"text\":\"after\"}\n"
			   S(0, 5, 5, 1, 0, "")
			   "{\"t\":\"dropped\",\"cpu\":1,\"why\":\"x\"}\n" FOOT) == 0,
	       "a hand-written recording replays: %s", r->err);
	c0 = &r->s.stats.cpu[0];
	c1 = &r->s.stats.cpu[1];
	tap_ok(c0->periods == 3 && c0->runtime == 2250000 && c0->noise == 45 && c0->max_noise == 30 &&
	       c0->max_single == 20 && c0->hw == 6 && c0->nmi == 2,
	       "CPU 0: the sums and maxima of its three summaries");
	tap_ok(c1->periods == 1 && c1->noise == 0, "CPU 1: the summary not counted live is not counted");
	tap_ok(r->s.stats.lost.missed == 2 && r->s.stats.lost.read == 4 + 3,
	       "lost and read events: 2 missed, 4 summaries + 3 other read");
	tap_ok(segments_count(&r->s.seg) == 2 && segments_cpu(&r->s.seg, 1, 0) &&
	       r->s.seg.cur.cpu[0].noise == 5, "the marker opened a segment holding the later summary");
	tap_ok(r->footer && r->end.elapsed_s == 3 && r->s.osn.conf.irq_disable &&
	       strcmp(r->s.notes, "a \"note\"\n") == 0, "the footer's figures");
	segments_json(r);
	replay_free(r);

	tap_ok(replay_text(r, HDR S(0, 10, 4, 2, 1, "") "{\"t\":\"tick\",\"elapsed_s\":1,\"run_ns\":5}\n") == 0 &&
	       !r->footer && r->end.elapsed_s == 1 && r->s.stats.cpu[0].noise == 10,
	       "without a footer (a crash): replayed up to the cut, time from the last tick");
	replay_free(r);
	free(r);
}

static void refused(const char *text, const char *want, const char *what)
{
	struct replay *r = calloc(1, sizeof(*r));
	int rc = replay_text(r, text);

	tap_ok(rc < 0 && strstr(r->err, want), "%s: '%s'", what, r->err);
	replay_free(r);
	free(r);
}

int main(void)
{
	json_cases();
	known_figures();
	refused("", "line 1: the file is empty", "empty");
	refused(HDR S(0, 1, 1, 0, 0, "") "{\"t\":\"s\",\"ts\":1,\"cpu\":0,\"runt", "line 3: cut short",
		"truncated inside a line");
	refused(HDR "{\"t\":\"s\",\"ts\":1,,}\n", "line 2: not JSON", "garbled");
	refused(HDR "\x01\x02 binary\n", "line 2: not JSON", "binary junk");
	refused("{\"t\":\"header\",\"v\":2}\n", "line 1: format version 2", "a newer version");
	refused("{\"t\":\"s\"}\n", "line 1: not a hwnoisetop recording", "no header");
	refused(HDR S(5, 1, 1, 0, 0, ""), "line 2: no CPU number in range", "a CPU past ncpus");
	refused(HDR "{\"t\":\"s\",\"ts\":1,\"cpu\":0}\n", "line 2: no whole number \"runtime\"",
		"a summary without its fields");
	refused(HDR "{\"t\":\"what\"}\n", "line 2: unknown line type", "an unknown line type");
	refused(HDR FOOT S(0, 1, 1, 0, 0, ""), "line 3: a \"s\" line after the footer",
		"lines after the footer");
	tap_plan(tap_n);
	return tap_failed ? 1 : 0;
}
