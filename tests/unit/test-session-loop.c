/*
 * test-session-loop: the session's one loop (session_run, session_loop.c) driven by a real
 * source, the replay of a recording: as fast as it can, the loop feeds
 * every line through the sink and gives the front end its frames; its
 * figures are those of the recording read whole (rec_reader_read); a byte on
 * the input descriptor reaches the front end's input; a signal on the
 * loop's signalfd ends it with the signal's name as the reason; paused, it
 * feeds nothing and waits.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rec_reader.h"
#include "session.h"
#include "rec_player.h"
#include "tap.h"

struct front {
	struct playback *p;
	struct session *s;
	int frames, inputs, in_fd;
	int quit_after_input;	/* 1: the first input ends the run */
	int raise_at_frame;	/* >0: SIGTERM to itself at that frame */
	bool saw_end;
};

static void update(void *ctx)
{
	struct front *f = ctx;
	struct rec_player_status st;

	f->frames++;
	rec_player_status(f->p, &st);
	if (f->raise_at_frame && f->frames == f->raise_at_frame)
		kill(getpid(), SIGTERM);
	if (st.end && !f->raise_at_frame && !f->quit_after_input) {
		f->saw_end = true;
		session_request_quit(f->s);
	}
}

static void input(void *ctx)
{
	struct front *f = ctx;
	char c;

	if (read(f->in_fd, &c, 1) == 1)
		f->inputs++;
	if (f->quit_after_input)
		session_request_quit(f->s);
}

/* The figures the whole recording gives, read at once. */
static struct replay *read_whole(const char *path)
{
	struct replay *r = calloc(1, sizeof(*r));
	FILE *fp = fopen(path, "re");

	if (!r || !fp || rec_reader_read(r, fp) < 0) {
		if (fp)
			fclose(fp);
		free(r);
		return NULL;
	}
	fclose(fp);
	return r;
}

static bool same_stats(const struct stats *a, const struct stats *b)
{
	if (a->ncpus != b->ncpus || a->samples != b->samples)
		return false;
	for (int c = 0; c < a->ncpus; c++) {
#define SAME(x) if (a->cpu[c].x != b->cpu[c].x) return false;
		STATS_SUMS(SAME)
#undef SAME
	}
	return true;
}

/* Play path through session_run(); the front end's counts in f, the replay in *out. */
static int play(const char *path, struct front *f, unsigned speed, bool paused,
		struct replay **out)
{
	char err[512];
	int pfd[2];
	int rc;

	if (pipe(pfd) < 0)
		return -1;
	f->p = rec_player_open(path, err, sizeof(err));
	if (!f->p) {
		printf("# %s\n", err);
		return -1;
	}
	f->s = rec_player_session(f->p);
	f->in_fd = pfd[0];
	rec_player_speed(f->p, speed);
	rec_player_pause(f->p, paused);
	if (f->quit_after_input && write(pfd[1], "x", 1) != 1)
		return -1;
	rc = session_run(f->s, &(struct session_ui){ .ctx = f, .input_fd = pfd[0],
						     .input = input, .update = update });
	if (rec_player_finish(f->p, out, err, sizeof(err)) < 0)
		printf("# %s\n", err);
	close(pfd[0]);
	close(pfd[1]);
	return rc;
}

int main(int argc, char **argv)
{
	const char *src = getenv("abs_top_srcdir");
	char path[4096];
	struct replay *whole, *r = NULL;
	struct front f = { 0 };
	int rc;

	tap_plan(9);
	(void)argc;
	(void)argv;
	snprintf(path, sizeof(path), "%s/tests/unit/replay-4cpu.jsonl", src ? src : ".");
	session_block_signals();
	whole = read_whole(path);
	if (!whole)
		return 1;

	rc = play(path, &f, PLAYBACK_MAX, false, &r);
	tap_ok(rc == 0 && f.saw_end, "as fast as it can: the loop plays the recording to its end (%d)", rc);
	tap_ok(f.frames >= 1, "the front end was given frames (%d)", f.frames);
	tap_ok(r && same_stats(session_stats(r->s), session_stats(whole->s)),
	       "the figures the loop fed are the recording's, read whole (%llu summaries)",
	       r ? (unsigned long long)session_stats(r->s)->samples : 0ULL);
	if (r) {
		rec_reader_free(r);
		free(r);
	}

	memset(&f, 0, sizeof(f));
	f.quit_after_input = 1;
	r = NULL;
	rc = play(path, &f, 1, true, &r);
	tap_ok(f.inputs == 1, "a byte on the input descriptor reaches the front end's input once");
	tap_ok(r && session_stats(r->s)->samples == session_stats(whole->s)->samples,
	       "paused, nothing is fed while the loop waits; the rest is read at the end");
	if (r) {
		rec_reader_free(r);
		free(r);
	}

	memset(&f, 0, sizeof(f));
	f.raise_at_frame = 1;
	r = NULL;
	rc = play(path, &f, PLAYBACK_MAX, false, &r);
	tap_ok(f.frames >= 1 && r && session_quitting(r->s), "SIGTERM through the loop's signalfd ends the run");
	tap_ok(r && strcmp(session_stop_reason(r->s), strsignal(SIGTERM)) == 0,
	       "with the signal's name as the reason (\"%s\")", r ? session_stop_reason(r->s) : "");
	tap_ok(r && session_stats(r->s)->samples == session_stats(whole->s)->samples,
	       "rec_player_finish() reads what the loop had not fed");
	tap_ok(rc == session_exit_status(r->s), "session_run() returns the run's exit status (%d)", rc);
	if (r) {
		rec_reader_free(r);
		free(r);
	}
	rec_reader_free(whole);
	free(whole);
	return tap_failed != 0;
}
