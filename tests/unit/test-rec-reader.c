/*
 * The recording's reader: the JSON grammar, replay of a small hand-written
 * recording of known figures (through the session's own statistics), and
 * the refusals of bad files, each naming its line.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export_json.h"
#include "json.h"
#include "jsonread.h"
#include "rec_player.h"
#include "rec_writer.h"
#include "rec_reader.h"
#include "session_int.h"	/* the hooks called by hand */
#include "summary.h"
#include "tap.h"

#include "recfixture.h"

static int replay_text(struct replay *r, const char *text)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	if (!text[0])
		f = fopen("/dev/null", "r");
	rc = rec_reader_read(r, f);
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

	tap_ok(jsonread_parse(line, strlen(line), &o) == 0 && o.n == 6, "a JSON object parses: %s", o.err);
	tap_ok(jsonread_u64(&o, "a", &u) == 0 && u == UINT64_MAX, "64-bit integers are exact");
	tap_ok(jsonread_int(&o, "b", &i) == 0 && i == -3 && jsonread_u64(&o, "b", &u) < 0,
	       "a negative number is an int, not a u64");
	tap_ok(jsonread_bool(&o, "c", &b) == 0 && b, "true");
	tap_ok(jsonread_str(&o, "d", s, sizeof(s)) == 0 && strcmp(s, "x\xc3\xa9\xf0\x9f\x98\x80\n") == 0,
	       "string escapes decode to UTF-8");
	tap_ok(jsonread_get(&o, "e")->type == JR_ARR && jsonread_get(&o, "g")->type == JR_NULL &&
	       !jsonread_get(&o, "f"), "nested values are kept whole, not as members");
	tap_ok(jsonread_u64(&o, "zz", &u) < 0 && jsonread_u64(&o, "d", &u) < 0, "absent or mistyped: -1");

	static const char *bad[] = {
		"", "[]", "{", "{\"a\":}", "{\"a\":1,}", "{\"a\":01}", "{\"a\":1}x", "{a:1}",
		"{\"a\":\"\\q\"}", "{\"a\":tru}", "{\"a\":\"x}", "{\"a\":1.}", "{\"a\":[1,]}",
	};
	for (size_t k = 0; k < sizeof(bad) / sizeof(*bad); k++)
		tap_ok(jsonread_parse(bad[k], strlen(bad[k]), &o) < 0 && o.err[0], "refused: '%s' (%s)",
		       bad[k], o.err);
	/* The writer's strings (json.h, as the recording writes them) read back as they were. */
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	fputs("{\"k\":", mem);
	json_write_string(mem, "tab\there \"q\" \\ \x01 end");
	fputs("}", mem);
	fclose(mem);
	tap_ok(buf && jsonread_parse(buf, len, &o) == 0 && jsonread_str(&o, "k", s, sizeof(s)) == 0 &&
	       strcmp(s, "tab\there \"q\" \\ \x01 end") == 0, "json_write_string's strings read back");
	free(buf);
}

/* --json's "segments": the tables between the markers, as the text prints them. */
static void segments_json(struct replay *r)
{
	struct report_opts ro = { 0 };
	struct export_run run = { .conf = &session_conf(r->s)->osn, .seg = session_segments(r->s),
				  .run_ns = 3000000000ULL };
	char *buf = NULL, *seg;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	export_json_summary(mem, session_stats(r->s), &ro, &run);
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
	export_json_summary(mem, session_stats(r->s), &ro, &run);
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
	c0 = &session_stats(r->s)->cpu[0];
	c1 = &session_stats(r->s)->cpu[1];
	tap_ok(c0->periods == 3 && c0->runtime == 2250000 && c0->noise == 45 && c0->max_noise == 30 &&
	       c0->max_single == 20 && c0->hw == 6 && c0->nmi == 2,
	       "CPU 0: the sums and maxima of its three summaries");
	tap_ok(c1->periods == 1 && c1->noise == 0, "CPU 1: the summary not counted live is not counted");
	tap_ok(session_stats(r->s)->lost.missed == 2 && session_stats(r->s)->lost.read == 4 + 3,
	       "lost and read events: 2 missed, 4 summaries + 3 other read");
	tap_ok(segments_count(session_segments(r->s)) == 2 && segments_cpu(session_segments(r->s), 1, 0, &(struct seg_row){ 0 }) &&
	       session_segments(r->s)->cur.cpu[0].noise == 5, "the marker opened a segment holding the later summary");
	tap_ok(r->footer && r->end.elapsed_s == 3 && session_conf(r->s)->osn.irq_disable &&
	       strcmp(textbuf_str(session_notes(r->s)), "a \"note\"\n") == 0, "the footer's figures");
	segments_json(r);
	rec_reader_free(r);

	tap_ok(replay_text(r, HDR S(0, 10, 4, 2, 1, "") "{\"t\":\"tick\",\"elapsed_s\":1,\"run_ns\":5}\n") == 0 &&
	       !r->footer && r->end.elapsed_s == 1 && session_stats(r->s)->cpu[0].noise == 10,
	       "without a footer (a crash): replayed up to the cut, time from the last tick");
	rec_reader_free(r);
	free(r);
}

/* A whole file's bytes (NULL: none); *len its length. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "re");
	char *buf = calloc(1, 1 << 16);

	if (f && buf)
		buf[fread(buf, 1, (1 << 16) - 1, f)] = '\0';
	if (f)
		fclose(f);
	return buf;
}

/* Run fn(arg) with stdout and stderr in the files out and err. */
static void capture(void (*fn)(void *), void *arg, const char *out, const char *err)
{
	int o = dup(STDOUT_FILENO), e = dup(STDERR_FILENO);
	int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	fflush(stdout);
	fflush(stderr);
	dup2(fo, STDOUT_FILENO);
	dup2(fe, STDERR_FILENO);
	fn(arg);
	fflush(stdout);
	fflush(stderr);
	dup2(o, STDOUT_FILENO);
	dup2(e, STDERR_FILENO);
	close(o);
	close(e);
	close(fo);
	close(fe);
}

static void replay_json(void *path)
{
	summary_replay_main(path, false, true, false);
}

/* What a live run's end gives summary_print() with --json and the dashboard (main.c). */
static void live_json(void *r)
{
	const struct replay *rp = r;
	struct summary_opts so = { .json = true, .segments = true, .elapsed_s = 3,
				   .run_ns = 3000000000ULL };

	summary_print(rp->s, &so);
}

/*
 * --json with markers: the segments are in the object's "segments" and
 * not printed as text tables on stderr too, for --replay F --json as for
 * a live run (both print through summary_print()).
 */
static void json_segments_once(void)
{
	static const char rec[] = HDR
		"{\"t\":\"mark\",\"num\":1,\"t_ms\":2000,\"run_ns\":2000000000,\"cpus\":\"0-1\","
		"\"osnoise\":false,\"hwlat\":false,\"origin\":\"user\",\"text\":\"after\"}\n"
		S(0, 5, 5, 1, 0, "") FOOT;
	char path[] = "/tmp/test-replay-XXXXXX", out[64], err[64], *o, *e;
	int fd = mkstemp(path);
	struct replay *r = calloc(1, sizeof(*r));
	const char *q = strstr(rec, "\"quiet\":true");
	char text[sizeof(rec) + 1];

	/* The live run was not -q: it printed (and --json gives) the segments. */
	snprintf(text, sizeof(text), "%.*s\"quiet\":false%s", (int)(q - rec), rec,
		 q + strlen("\"quiet\":true"));
	snprintf(out, sizeof(out), "%s.out", path);
	snprintf(err, sizeof(err), "%s.err", path);
	tap_ok(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text),
	       "a recording of a run with a marker, not -q");
	close(fd);
	capture(replay_json, path, out, err);
	o = slurp(out);
	e = slurp(err);
	tap_ok(o && strstr(o, "\"segments\":[{\"marker\":0,") &&
	       strstr(o, "{\"marker\":1,\"at\":\"00:00:02\",\"text\":\"after\""),
	       "--replay F --json: the segments in the object");
	tap_ok(e && !strstr(e, "segments, one table each") && !strstr(e, "== 1"),
	       "--replay F --json: no segment tables on stderr");
	if (e && strstr(e, "segments, one table each"))
		printf("# stderr: %.60s\n", strstr(e, "segments, one table each"));
	free(o);
	free(e);
	tap_ok(replay_text(r, text) == 0, "read again: %s", r->err);
	capture(live_json, r, out, err);
	o = slurp(out);
	e = slurp(err);
	tap_ok(o && strstr(o, "\"segments\":[{\"marker\":0,") && e &&
	       !strstr(e, "segments, one table each"),
	       "a live --json end (summary_print as main.c calls it): segments in the object only");
	free(o);
	free(e);
	rec_reader_free(r);
	free(r);
	unlink(path);
	unlink(out);
	unlink(err);
}

/*
 * The playback's step (.): one recorded period per CPU whatever the
 * period (100 ms here, ten a tick) and however the CPUs' timestamps
 * jitter around each other; in the hwlat view one window with a sample,
 * however close the next one's time; the view
 * follows the "set" lines of a switch of tracer (w in the live run).
 */
static void step_periods(void)
{
	char path[] = "/tmp/test-replay-step-XXXXXX", err[256];
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	const char *set = "\"state\":\"running\",\"cpus\":\"0-1\",\"period_us\":100000,"
			  "\"runtime_us\":100000,\"threshold_us\":1,\"irq_disable\":true,"
			  "\"hwlat_cpus\":\"0-1\",\"hwlat_threshold_us\":10,"
			  "\"hwlat_window_us\":1000000,\"hwlat_width_us\":500000,\"hwlat_mode\":\"none\"";
	struct playback *p;
	struct session *s;
	struct replay *r;
	bool each = true;
	uint64_t us;

	fprintf(f, "{\"t\":\"header\",\"v\":1,\"kernel\":\"6.1.0\",\"mode\":\"hwnoise\","
		"\"quiet\":false,\"ncpus\":2,\"duration_s\":0,\"warmup_s\":0,\"stop_us\":0,"
		"\"stop_total_us\":0,\"hwlat_keep\":0,\"tracer\":\"osnoise\",%s}\n", set);
	for (int sec = 0; sec < 3; sec++) {
		for (int k = 0; k < 10; k++)
			for (int cpu = 0; cpu < 2; cpu++)	/* CPU 1 stamped first, then last */
				fprintf(f, "{\"t\":\"s\",\"ts\":%llu,\"cpu\":%d,\"runtime\":100000,"
					"\"noise\":1,\"max_sample\":1,\"hw\":1,\"nmi\":0,\"irq\":0,"
					"\"softirq\":0,\"thread\":0}\n",
					5000000000000ULL + (sec * 10 + k + 1) * 100000000ULL +
					(cpu ^ (k & 1)) * 500, cpu);
		fprintf(f, "{\"t\":\"tick\",\"elapsed_s\":%d,\"hwlat_elapsed_s\":0,\"run_ns\":%llu}\n",
			sec + 1, (sec + 1) * 1000000000ULL);
	}
	fprintf(f, "{\"t\":\"set\",\"tracer\":\"hwlat\",%s}\n", set);
	/* Two windows' samples stamped 0.8 s apart (less than the window), on two CPUs. */
	for (int k = 0; k < 2; k++)
		fprintf(f, "{\"t\":\"h\",\"cpu\":%d,\"seq\":%d,\"sec\":%d,\"nsec\":%d,\"inner\":12,"
			"\"outer\":11,\"count\":1,\"nmi_total\":0,\"nmi_count\":0}\n"
			"{\"t\":\"tick\",\"elapsed_s\":3,\"hwlat_elapsed_s\":%d,\"run_ns\":%llu}\n",
			k, k + 1, 1764547200 + k, k ? 400000000 : 600000000, k + 1,
			(k + 4) * 1000000000ULL);
	fprintf(f, "{\"t\":\"set\",\"tracer\":\"osnoise\",%s}\n", set);
	fprintf(f, "{\"t\":\"s\",\"ts\":5003100000000,\"cpu\":0,\"runtime\":100000,\"noise\":1,"
		"\"max_sample\":1,\"hw\":1,\"nmi\":0,\"irq\":0,\"softirq\":0,\"thread\":0}\n");
	fclose(f);

	p = rec_player_open(path, err, sizeof(err));
	tap_ok(p != NULL, "a 100 ms recording opens for playback: %s", p ? "" : err);
	if (!p)
		return;
	s = rec_player_session(p);
	rec_player_pause(p, true);
	for (unsigned n = 1; n <= 30; n++) {
		us = rec_player_step(p);
		each = each && us == 100000 && session_stats(s)->cpu[0].periods == n &&
		       session_stats(s)->cpu[1].periods == n && session_conf(s)->tracer == SESSION_OSNOISE + (n == 30);
	}
	tap_ok(each, "30 steps of 100 ms: each CPU one summary more each step (now %llu %llu)",
	       (unsigned long long)session_stats(s)->cpu[0].periods, (unsigned long long)session_stats(s)->cpu[1].periods);
	tap_ok(session_conf(s)->tracer == SESSION_HWLAT && session_hwl_stats(s)->samples == 0,
	       "after the last period before the switch: the hwlat view, no sample yet");
	us = rec_player_step(p);
	tap_ok(us == 1000000 && session_hwl_stats(s)->samples == 1 && session_conf(s)->tracer == SESSION_HWLAT,
	       "in the hwlat view a step is one window (%llu us): one sample, though the next is "
	       "stamped 0.8 s later (%llu)", (unsigned long long)us,
	       (unsigned long long)session_hwl_stats(s)->samples);
	rec_player_step(p);
	tap_ok(session_hwl_stats(s)->samples == 2 && session_conf(s)->tracer == SESSION_OSNOISE &&
	       session_stats(s)->cpu[0].periods == 30, "the last window, then the hwnoise view again");
	rec_player_step(p);
	tap_ok(session_stats(s)->cpu[0].periods == 31, "and its next period");
	tap_ok(rec_player_finish(p, &r, err, sizeof(err)) == 0 && session_stats(r->s)->cpu[0].periods == 31,
	       "finished: the whole file");
	rec_reader_free(r);
	free(r);
	unlink(path);
}

/* A "set" line of the osnoise tracer, running, with hwlat's CPUs none. */
#define SET(cpus, period, runtime, thr, irq, window, width, mode) \
	"{\"t\":\"set\",\"tracer\":\"osnoise\",\"state\":\"running\",\"cpus\":\"" cpus "\"," \
	"\"period_us\":" #period ",\"runtime_us\":" #runtime ",\"threshold_us\":" #thr "," \
	"\"irq_disable\":" #irq ",\"hwlat_cpus\":\"\",\"hwlat_threshold_us\":0," \
	"\"hwlat_window_us\":" #window ",\"hwlat_width_us\":" #width ",\"hwlat_mode\":\"" mode "\"}\n"
#define TICK "{\"t\":\"tick\",\"elapsed_s\":1,\"run_ns\":5}\n"

static void print_summary(void *r)
{
	struct summary_opts so = { .elapsed_s = 3, .run_ns = 3000000000ULL };

	summary_print(((struct replay *)r)->s, &so);
}

/*
 * A CPU taken out of the list during the run keeps its row in the end's
 * table and --json: the kernel measured it, and compare lists it too.
 */
static void cpu_taken_out(void)
{
	static const char rec[] = HDR S(0, 5, 5, 1, 0, "") S(1, 9, 9, 2, 0, "")
		SET("0", 1000000, 750000, 1, true, 0, 0, "none") S(0, 1, 1, 1, 0, "") TICK;
	char out[] = "/tmp/test-replay-rows-XXXXXX", err[64], *o, *e;
	struct replay *r = calloc(1, sizeof(*r));
	int fd = mkstemp(out);

	close(fd);
	snprintf(err, sizeof(err), "%s.err", out);
	tap_ok(replay_text(r, rec) == 0 && cpuset_count(&session_conf(r->s)->osn.cpus) == 1,
	       "a recording whose CPU list lost CPU 1: %s", r->err);
	capture(print_summary, r, out, err);
	o = slurp(out);
	tap_ok(o && strstr(o, "\n  0 #2 ") && strstr(o, "\n  1 #1            750000            9 "),
	       "the table still has CPU 1's row");
	free(o);
	capture(live_json, r, out, err);
	o = slurp(out);
	e = o ? strstr(o, "\"cpus\":[") : NULL;
	tap_ok(e && strstr(e, "{\"cpu\":1,\"periods\":1,\"runtime_us\":750000,\"noise_us\":9,"),
	       "--json still has CPU 1's row");
	free(o);
	rec_reader_free(r);
	free(r);
	unlink(out);
	unlink(err);
}

/* The types of a recording's lines after its header, space-separated. */
static void line_types(const char *text, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (const char *l = strchr(text, '\n'); l && l[1]; l = strchr(l + 1, '\n')) {
		const char *t = strstr(l, "{\"t\":\"");

		if (t && t == l + 1)
			used += (size_t)snprintf(out + used, len - used, "%s%.*s", used ? " " : "",
						 (int)strcspn(t + 6, "\""), t + 6);
		if (used >= len)
			break;
	}
}

/*
 * A setting changed in the dashboard (a key, a prompt) is written at
 * once, whichever it is: its "set" line after the summaries that came
 * before it and before the key's marker, not at the next tick.  The
 * recording is written here by replaying a file into a session that
 * records (each replayed line is a hook call); the dashboard's marker
 * after each change is set here after each set line, the loop's tick
 * at each tick line.
 */
static void settings_set_at_once(void)
{
	static const char rec[] = HDR S(0, 5, 5, 1, 0, "")
		SET("0-1", 1000000, 750000, 5, true, 0, 0, "none") S(0, 1, 1, 1, 0, "") TICK
		S(1, 1, 1, 1, 0, "") SET("0", 1000000, 750000, 5, true, 0, 0, "none")
		S(0, 2, 2, 1, 0, "") SET("0", 500000, 500000, 5, true, 0, 0, "none")
		S(0, 2, 2, 1, 0, "") SET("0", 500000, 500000, 5, true, 100000, 50000, "none")
		SET("0", 500000, 500000, 5, true, 100000, 50000, "round-robin") TICK
		S(0, 3, 3, 1, 0, "") SET("0", 500000, 500000, 5, false, 100000, 50000, "round-robin")
		"{\"t\":\"reset\",\"view\":\"osnoise\"}\n" S(0, 7, 7, 1, 0, "");
	static const char *const changed[] = {
		"\"threshold_us\":5,", "\"cpus\":\"0\"", "\"period_us\":500000,\"runtime_us\":500000",
		"\"hwlat_window_us\":100000,\"hwlat_width_us\":50000", "\"hwlat_mode\":\"round-robin\"",
		"\"irq_disable\":false",
	};
	const char *want = "s set mark s tick s set mark s set mark s set mark set mark tick s "
			   "set mark reset s tick footer";
	char path[] = "/tmp/test-replay-set-XXXXXX", err[256], types[512];
	FILE *f = fmemopen((void *)rec, strlen(rec), "r");
	struct replay *r = calloc(1, sizeof(*r));
	struct recording *out;
	char *argv[] = { "hwnoisetop", NULL }, *text;
	const char *set;
	int fd = mkstemp(path), n = 0;
	bool each = true;

	close(fd);
	out = rec_writer_open(path, true, err, sizeof(err));
	tap_ok(out && rec_reader_open(r, f) == 0, "a recording of a replayed file: %s", out ? r->err : err);
	if (!out)
		return;
	rec_writer_begin(out, r->s, 1, argv, &(struct recording_cli){ .quiet = true });
	while (rec_reader_next(r) > 0) {
		char t[16] = "";

		jsonread_str(r->o, "t", t, sizeof(t));
		if (rec_reader_take(r) < 0)
			break;
		if (strcmp(t, "set") == 0)
			session_mark(r->s, "key", "change %d", ++n);
		else if (strcmp(t, "tick") == 0)	/* the live loop's tick */
			session_hooks(r->s, tick);
	}
	rec_writer_close(out, &(struct recording_end){ .elapsed_s = 1 }, err, sizeof(err));
	text = slurp(path);
	line_types(text, types, sizeof(types));
	tap_ok(strcmp(types, want) == 0, "every change's set line at once, before its marker: %s",
	       types);
	set = text;
	for (size_t i = 0; i < sizeof(changed) / sizeof(changed[0]); i++) {
		set = set ? strstr(set + 1, "\"t\":\"set\"") : NULL;
		each = each && set && strstr(set, changed[i]) &&
		       strstr(set, changed[i]) < strchr(set, '\n');
	}
	tap_ok(each, "each set line carries its change (threshold, CPUs, period and runtime, "
	       "hwlat window and width, hwlat mode, i's mode)");
	free(text);
	rec_reader_free(r);
	free(r);
	fclose(f);
	unlink(path);
}

/* A file cut by a crash: every whole line replayed, the cut said in one line. */
static void cut_short(void)
{
	static const char *const cuts[] = {
		HDR "{\"t\":\"s\",\"ts\":1,\"cpu\":0,\"runtime\":750",
		HDR S(0, 10, 4, 2, 1, "") S(1, 3, 3, 0, 0, "") "{\"t\":\"tick\",\"elapsed_s\":1,\"run_ns\":5}\n"
		    S(0, 20, 20, 0, 0, "") "{\"t\":\"s\",\"ts\":2,\"cpu\":1,\"runtime\":750000,\"noise\":9",
		HDR S(0, 10, 4, 2, 1, "") S(1, 3, 3, 0, 0, "") "{\"t\":\"tick\",\"elapsed_s\":1,\"run_ns\":5}\n"
		    S(0, 20, 20, 0, 0, ""),
		HDR S(0, 10, 4, 2, 1, "") S(1, 3, 3, 0, 0, "") "{\"t\":\"tick\",\"elapsed_s\":1,\"run_ns\":5}\n"
		    S(0, 20, 20, 0, 0, "") "{\"t\":\"footer\"",
	};
	static const char *const notes[] = {
		"F: line 2 is cut short: replayed up to line 1 (the run did not end cleanly)",
		"F: line 6 is cut short: replayed up to line 5 (the run did not end cleanly)",
		"F ends at line 5 without its footer (the run was cut short): replayed up to there",
		"F: line 6 is cut short: replayed up to line 5 (the run did not end cleanly)",
	};
	static const char *const what[] = {
		"cut inside the first summary: the header alone, no period",
		"cut in the middle of a later line: the whole lines before it",
		"cut exactly at an end of line: as a file without its footer",
		"cut inside the footer: the lines before it",
	};
	static const uint64_t periods0[] = { 0, 2, 2, 2 }, noise1[] = { 0, 3, 3, 3 };
	struct replay *r = calloc(1, sizeof(*r));
	char note[256];

	for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
		int rc = replay_text(r, cuts[i]);

		tap_ok(rc == 0 && !r->footer && session_stats(r->s)->cpu[0].periods == periods0[i] &&
		       session_stats(r->s)->cpu[1].noise == noise1[i] && session_stats(r->s)->cpu[1].periods == (i > 0) &&
		       strcmp(rec_reader_end_note(r, "F", "replayed", note, sizeof(note)), notes[i]) == 0,
		       "%s: rc %d, '%s' %s", what[i], rc, note, r->err);
		rec_reader_free(r);
	}
	replay_text(r, HDR FOOT);
	tap_ok(r->footer && !*rec_reader_end_note(r, "F", "replayed", note, sizeof(note)),
	       "with its footer: no note");
	rec_reader_free(r);
	free(r);
}

static void refused(const char *text, const char *want, const char *what)
{
	struct replay *r = calloc(1, sizeof(*r));
	int rc = replay_text(r, text);

	tap_ok(rc < 0 && strstr(r->err, want), "%s: '%s'", what, r->err);
	rec_reader_free(r);
	free(r);
}

int main(void)
{
	tap_plan(68);
	json_cases();
	known_figures();
	json_segments_once();
	step_periods();
	settings_set_at_once();
	cpu_taken_out();
	refused("", "line 1: the file is empty", "empty");
	cut_short();
	refused("{\"t\":\"header\",\"v\":1,\"mode\":\"hw", "line 1: cut short (no end of line): "
		"nothing to replay", "cut inside the header");
	refused(HDR "{\"t\":\"s\",\"ts\":1,\"cpu\":0,\"runt" S(1, 1, 1, 0, 0, ""), "line 2: not JSON",
		"garbage after a cut (a cut line written on): the line is refused");
	refused(HDR S(0, 1, 1, 0, 0, "") "{\"t\":\"s\",\"ts\":1,\"cpu\":0,\"runt\n" FOOT,
		"line 3: not JSON", "a line cut short but not the last: refused");
	refused(HDR "{\"t\":\"s\",\"ts\":1,,}\n", "line 2: not JSON", "garbled");
	refused(HDR "\x01\x02 binary\n", "line 2: not JSON", "binary junk");
	refused("{\"t\":\"header\",\"v\":2}\n", "line 1: format version 2", "a newer version");
	refused("{\"t\":\"s\"}\n", "line 1: not a hwnoisetop recording", "no header");
	refused(HDR S(5, 1, 1, 0, 0, ""), "line 2: CPU 5 out of range: the header's ncpus is 2 "
		"(CPUs 0 to 1)", "a CPU past ncpus");
	refused(HDR "{\"t\":\"s\",\"ts\":1,\"cpu\":\"0\"}\n", "line 2: no CPU number \"cpu\"",
		"a CPU that is not a number");
	refused(HDR S(0, 1, 1, 0, 0, "") HDR, "line 3: a second header", "a second header");
	refused(HDR "{\"t\":\"s\",\"ts\":1,\"cpu\":0}\n", "line 2: no whole number \"runtime\"",
		"a summary without its fields");
	refused(HDR "{\"t\":\"what\"}\n", "line 2: unknown line type", "an unknown line type");
	refused(HDR FOOT S(0, 1, 1, 0, 0, ""), "line 3: a \"s\" line after the footer",
		"lines after the footer");
	return tap_failed ? 1 : 0;
}
