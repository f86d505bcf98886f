/*
 * The recording's writer when the disk is full (/dev/full): the first
 * failed write said at once in one line, once, and the run goes on.  And
 * --why's NMI time: the osnoise:nmi_noise events of a ring-buffer page
 * given to their period's summary, written on its "s" line, and read back
 * by a replay that attributes the same; the clocksource watchdog's visits
 * likewise, on the "ev" lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz/formats.h"
#include "causes.h"
#include "recfixture.h"
#include "rec_writer.h"
#include "rec_reader.h"
#include "session_int.h"	/* the hooks called by hand */
#include "tap.h"

static char said[512];
static int nsaid;

static void note(void *ctx, const char *text)
{
	(void)ctx;
	snprintf(said, sizeof(said), "%s", text);
	nsaid++;
}

/* A full disk (/dev/full): the first failed write said at once, once; the run goes on. */
static void write_error_said(void)
{
	struct session_ui ui = { .input_fd = -1, .note = note };
	struct replay *r = calloc(1, sizeof(*r));
	FILE *f = fmemopen((void *)(HDR S(0, 5, 5, 1, 0, "")), strlen(HDR S(0, 5, 5, 1, 0, "")), "r");
	char *argv[] = { "hwnoisetop", NULL }, err[256] = "";
	struct recording *out = rec_writer_open("/dev/full", true, err, sizeof(err));

	tap_ok(out && rec_reader_open(r, f) == 0, "--record /dev/full --force opens: %s", err);
	if (!out)
		return;
	r->s->ui = &ui;
	rec_writer_begin(out, r->s, 1, argv, &(struct recording_cli){ .quiet = true });
	tap_ok(nsaid == 0, "nothing said before the tick");
	session_hooks(r->s, tick);
	tap_ok(nsaid == 1 && strcmp(said, "--record: cannot write /dev/full: No space left on "
				   "device: the recording stops there, the run goes on") == 0,
	       "the first tick says the failed write in one line naming the file: '%s'", said);
	while (rec_reader_next(r) > 0 && rec_reader_take(r) == 0)
		;
	session_hooks(r->s, tick);
	tap_ok(nsaid == 1 && r->s->stats.cpu[0].periods == 1,
	       "said once; the summaries still counted (%d said)", nsaid);
	r->s->ui = NULL;
	tap_ok(rec_writer_close(out, &(struct recording_end){ .elapsed_s = 1 }, err, sizeof(err)) < 0 &&
	       strstr(err, "cannot write /dev/full: No space left on device"),
	       "and at the end: '%s'", err);
	rec_reader_free(r);
	free(r);
	fclose(f);
}

/* The whole text of path (malloc'd; "" when unreadable). */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = calloc(1, 65536);
	size_t n = f && text ? fread(text, 1, 65535, f) : 0;

	if (f)
		fclose(f);
	if (text)
		text[n] = 0;
	return text;
}

/* A replay of text whose causes take NMI time as a live run's (on) or a replay's. */
static struct replay *open_with_causes(const char *text, FILE **f, bool live)
{
	struct replay *r = calloc(1, sizeof(*r));

	*f = fmemopen((void *)text, strlen(text), "r");
	if (!r || rec_reader_open(r, *f) < 0 || !(r->s->causes = causes_new(2, NULL, false)))
		return r;
	causes_nmi_time(r->s->causes, live);
	return r;
}

/* text's replay with causes to its end; NULL where it does not open. */
static struct replay *replayed(const char *text, FILE **f)
{
	struct replay *r = open_with_causes(text, f, false);

	while (r && r->s && rec_reader_next(r) > 0 && rec_reader_take(r) == 0)
		;
	if (r && r->s)
		rec_reader_end(r);
	return r;
}

static void replay_free(struct replay *r, FILE *f)
{
	rec_reader_free(r);
	free(r);
	fclose(f);
}

/* Each ,"key":... of text's lines taken out: a recording an older hwnoisetop wrote. */
static void strip(char *text, const char *key)
{
	char field[32];

	snprintf(field, sizeof(field), ",\"%s\":", key);
	for (char *p = text; (p = strstr(p, field)); )
		memmove(p, p + strcspn(p + 1, ",}") + 1, strlen(p + strcspn(p + 1, ",}") + 1) + 1);
}

/* A session with --why's causes that records into a file of its own. */
struct trip {
	char path[48];
	FILE *f, *bf;
	struct replay *r, *back;	/* the session; the replay of its recording */
	struct recording *out;
	char *text;			/* the recording, once ended */
};

/* Open it (live: its causes take NMI time as a live run's); false, and said, where not. */
static bool trip_open(struct trip *t, const char *name, bool live)
{
	char err[256] = "", *argv[] = { "hwnoisetop", NULL };
	int fd;

	memset(t, 0, sizeof(*t));
	snprintf(t->path, sizeof(t->path), "/tmp/test-rec-%s-XXXXXX", name);
	fd = mkstemp(t->path);
	if (fd >= 0)
		close(fd);
	t->r = open_with_causes(HDR, &t->f, live);
	t->out = rec_writer_open(t->path, true, err, sizeof(err));
	tap_ok(t->out && t->r && t->r->s && t->r->s->causes,
	       "a session with --why's causes that records: %s", err);
	if (!t->out || !t->r || !t->r->s || !t->r->s->causes)
		return false;
	rec_writer_begin(t->out, t->r->s, 1, argv, &(struct recording_cli){ .quiet = true });
	return true;
}

/* The run's end: the recording closed, its text. */
static char *trip_end(struct trip *t, uint64_t elapsed_s)
{
	char err[256];

	rec_writer_close(t->out, &(struct recording_end){ .elapsed_s = elapsed_s }, err, sizeof(err));
	rec_reader_end(t->r);
	return t->text = slurp(t->path);
}

/* The recording's text replayed (the one before let go): its causes. */
static const struct causes *trip_replay(struct trip *t)
{
	if (t->back)
		replay_free(t->back, t->bf);
	t->back = replayed(t->text, &t->bf);
	return t->back && t->back->s ? t->back->s->causes : NULL;
}

static void trip_free(struct trip *t)
{
	if (t->back)
		replay_free(t->back, t->bf);
	replay_free(t->r, t->f);
	free(t->text);
	unlink(t->path);
}

/*
 * Live: CPU 1's page of two NMIs (1500 and 2500 ns) and its period's
 * summary (500 us of noise), then a page of two summaries with none.
 * The recording says each period's NMI time; its replay attributes the same.
 */
static void nmi_time_round_trip(void)
{
	static unsigned char page[65536];
	struct trip t;
	struct reader_sink sink;
	const struct causes *back;
	struct cause_answer a, b;
	size_t n;
	bool ok;

	if (!trip_open(&t, "nmi", true))
		return;
	sink = session_sink(t.r->s);
	n = fuzz_corpus_page("nmi-noise.bin", page, sizeof(page));
	reader_page_decode(fuzz_reader(), 1, page, n, &sink);
	n = fuzz_corpus_page("osnoise.bin", page, sizeof(page));
	reader_page_decode(fuzz_reader(), 1, page, n, &sink);
	trip_end(&t, 1);
	tap_ok(strstr(t.text, "\"thread\":0,\"nmi_ns\":4000}\n{\"t\":\"s\"") &&
	       strstr(t.text, "\"thread\":0,\"nmi_ns\":0}\n{\"t\":\"s\""),
	       "the period after the two NMIs says 4000 ns, the next ones 0");
	ok = causes_answer(t.r->s->causes, 1, &a);
	/* The page of summaries counts NMIs in 3 periods, the page of events times 2 in one. */
	tap_ok(ok && !a.c[CAUSE_NMI].timed && a.c[CAUSE_NMI].time_us == 4 &&
	       a.c[CAUSE_NMI].timed_periods == 1 && a.c[CAUSE_NMI].time_share == 4.0 / 500,
	       "live: 4 us of NMI time in the one period whose NMIs came with their time, 0.8%% of "
	       "its noise; the periods whose NMIs came without leave it unmeasured "
	       "(%.3f us, %.4f, %llu)", a.c[CAUSE_NMI].time_us,
	       a.c[CAUSE_NMI].time_share, (unsigned long long)a.c[CAUSE_NMI].timed_periods);
	back = trip_replay(&t);
	ok = ok && causes_answer(back, 1, &b);
	tap_ok(ok && !b.c[CAUSE_NMI].timed && b.c[CAUSE_NMI].time_us == a.c[CAUSE_NMI].time_us &&
	       b.c[CAUSE_NMI].time_share == a.c[CAUSE_NMI].time_share &&
	       b.c[CAUSE_NMI].timed_periods == 1 && b.c[CAUSE_NMI].state == a.c[CAUSE_NMI].state,
	       "its replay: the same time, share (%.4f) and verdict", b.c[CAUSE_NMI].time_share);
	strip(t.text, "nmi_ns");
	back = trip_replay(&t);
	ok = ok && causes_answer(back, 1, &b);
	tap_ok(ok && !b.c[CAUSE_NMI].timed && b.c[CAUSE_NMI].with == 3 &&
	       strcmp(causes_why_nmi_time(back), "no NMI time recorded") == 0,
	       "without nmi_ns: the NMIs counted, their time not measured (%s)",
	       causes_why_nmi_time(back));
	trip_free(&t);
}

/*
 * The clocksource watchdog's visits: 40 periods of CPU 1, the odd ones
 * visited and ten times as noisy, each tick's visits given after the
 * period (as causes_tick() gives them) and written on the "ev" lines; the
 * replay attributes the same; without "tscwd" (an older recording) the
 * cause is not measured, and says why.
 */
static void tscwd_round_trip(void)
{
	struct trip t;
	const struct causes *back;
	struct cause_answer a, b;
	struct reader_sink sink;
	bool ok;

	if (!trip_open(&t, "tscwd", false))
		return;
	sink = session_sink(t.r->s);
	for (int i = 0; i < 40; i++) {
		struct osn_sample smp = { .cpu = 1, .ts = 1000000000ULL * (uint64_t)(i + 1),
					  .runtime = 1000000, .noise = i % 2 ? 300 + i : 30 + i % 4,
					  .max_sample = 10 };

		sink.sample(sink.ctx, &smp);
		causes_tscwd(t.r->s->causes, 1, (uint64_t)(i % 2));
		session_evidence_hooks(t.r->s);
	}
	trip_end(&t, 40);
	tap_ok(strstr(t.text, "{\"t\":\"ev\",\"cpu\":1,\"sib_pm\":null,\"steal_us\":null,"
			    "\"throttle\":null,\"tscwd\":1,\"cs_changed\":null}") &&
	       strstr(t.text, "\"cpu\":1,\"sib_pm\":null,\"steal_us\":null,\"throttle\":null,"
			    "\"tscwd\":0,") &&
	       strstr(t.text, "\"cpu\":0,\"sib_pm\":null,\"steal_us\":null,\"throttle\":null,"
			    "\"tscwd\":null,"),
	       "the \"ev\" lines carry each tick's visits, null where none were counted");
	ok = causes_answer(t.r->s->causes, 1, &a);
	tap_ok(ok && a.c[CAUSE_TSCWD].state == CAUSE_CREDITED && a.c[CAUSE_TSCWD].with == 20,
	       "live: the watchdog credited on CPU 1, 20 periods with it (%s, %llu)",
	       cause_state_name(a.c[CAUSE_TSCWD].state), (unsigned long long)a.c[CAUSE_TSCWD].with);
	back = trip_replay(&t);
	ok = ok && causes_answer(back, 1, &b);
	tap_ok(ok && b.c[CAUSE_TSCWD].state == a.c[CAUSE_TSCWD].state &&
	       b.c[CAUSE_TSCWD].with == a.c[CAUSE_TSCWD].with &&
	       b.c[CAUSE_TSCWD].without == a.c[CAUSE_TSCWD].without &&
	       b.c[CAUSE_TSCWD].ratio == a.c[CAUSE_TSCWD].ratio &&
	       b.c[CAUSE_TSCWD].share == a.c[CAUSE_TSCWD].share,
	       "its replay: the same periods with and without, ratio and share (x%.2f, %.4f)",
	       b.c[CAUSE_TSCWD].ratio, b.c[CAUSE_TSCWD].share);
	strip(t.text, "tscwd");
	back = trip_replay(&t);
	ok = ok && causes_answer(back, 1, &b);
	tap_ok(ok && b.c[CAUSE_TSCWD].state == CAUSE_NOT_MEASURED &&
	       strcmp(causes_why(back, 1, CAUSE_TSCWD), "no TSC watchdog visits recorded") == 0 &&
	       b.c[CAUSE_SMI].state == a.c[CAUSE_SMI].state && b.periods == a.periods,
	       "without \"tscwd\": not measured, said why (%s)",
	       causes_why(back, 1, CAUSE_TSCWD));
	trip_free(&t);
}

int main(void)
{
	tap_plan(15);
	nmi_time_round_trip();
	tscwd_round_trip();
	write_error_said();
	return tap_failed ? 1 : 0;
}
