/*
 * rec_player: the recordings' player: the replay's source
 * (source_recording.c) at a pace.  See rec_player.h.
 *
 * The clock: recorded time rec_base was shown at wall time wall_base and
 * advances speed times as fast as the wall clock.  A line whose recorded
 * time (a summary's ts, a hwlat sample's time) is past that clock waits:
 * pace() tells the session's one loop (session_loop.c) how long it may sleep in
 * poll(); lines without a time (ticks, markers, settings) go with the
 * line before them.  A jump of the recorded clock over JUMP_NS (a pause of
 * the live run, a change of tracer) is not waited for.  "As fast as it
 * can" feeds lines in slices and lets the front end draw between slices,
 * at most once per frame; the other speeds draw at most once per frame
 * too, a little after the first new line so that the summaries of one
 * period are drawn together.
 */
#define _GNU_SOURCE
#include "rec_player.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "jsonread.h"
#include "rec_reader.h"
#include "session.h"
#include "session_int.h"

#define NS 1000000000ULL
#define JUMP_NS (60 * NS)
#define GATHER_NS (20 * 1000000ULL)	/* one period's summaries, drawn together */
#define TAIL_BYTES 65536		/* where the last tick or the footer is looked for */
#define SLICE_LINES 512			/* as fast as it can: lines between looks at the clock */

struct playback {
	struct replay *r;
	FILE *f;
	char *path;
	char kernel[96];
	unsigned speed;
	bool paused, end;
	uint64_t total_s, seq;
	struct session_source source;	/* source_recording's, paced by pace() */
	bool based;
	uint64_t rec_base, wall_base;
	uint64_t last_ns;		/* the recorded time of the last line with one */
	uint64_t dirty_since;		/* wall time of the first line not drawn; 0: none */
	uint64_t last_draw;
	int sig_fd;
	bool looping;			/* session_run() has called pace() */
	uint64_t frames, fed;
};

static uint64_t frame_ns(const struct playback *p)
{
	/* x1 as the live dashboard (a batch of 250 ms), faster at most 30 a second. */
	return p->speed == 1 ? 250000000ULL : p->speed == 10 ? 100000000ULL : NS / 30;
}

static uint64_t rec_now(const struct playback *p, uint64_t now)
{
	return p->rec_base + (now - p->wall_base) * p->speed;
}

static void rebase(struct playback *p, uint64_t rec, uint64_t now)
{
	p->rec_base = rec;
	p->wall_base = now;
}

static void changed(struct playback *p)
{
	p->seq++;
	if (!p->dirty_since)
		p->dirty_since = stopwatch_now();
}

/*
 * The file is played (rc 0) or stopped at a bad line (rc < 0): its last
 * periods count in the attribution, as at the end of the live run.
 */
static void at_end(struct playback *p)
{
	p->end = true;
	rec_reader_end(p->r);
	changed(p);
}

/* Take the line read ahead; false at a bad one. */
static bool take(struct playback *p)
{
	uint64_t t = p->r->next_ns;

	if (rec_reader_take(p->r) < 0) {
		at_end(p);
		return false;
	}
	p->fed++;
	if (t)
		p->last_ns = t;
	if (!p->dirty_since)
		p->dirty_since = stopwatch_now();
	return true;
}

/* Read the next line ahead: false at the end of the file or a bad line. */
static bool next(struct playback *p)
{
	if (rec_reader_next(p->r) > 0)
		return true;
	at_end(p);
	return false;
}

/*
 * Feed what is due at now: 0 when more is due at once (a slice of "as
 * fast as it can" ended), else the wall time in ns until the next line is
 * due, or -1 (the end).
 */
static int64_t feed(struct playback *p, uint64_t now)
{
	uint64_t until = p->last_draw + frame_ns(p);

	for (unsigned n = 0; !p->end; n++) {
		uint64_t t;

		/* Behind (or as fast as it can): let the front end draw and read keys. */
		if (n >= SLICE_LINES) {
			if (stopwatch_now() >= until)
				return 0;
			n = 0;
		}
		if (!next(p))
			break;
		t = p->r->next_ns;
		if (t && p->speed != PLAYBACK_MAX) {
			/*
			 * Either way: osnoise summaries count from boot, hwlat
			 * samples from 1970 (a run that went to the hwlat view
			 * and back jumps forward, then back).
			 */
			if (!p->based || (t > p->last_ns ? t - p->last_ns : p->last_ns - t) > JUMP_NS) {
				p->based = true;
				rebase(p, t, now);
			}
			if (t > rec_now(p, now))
				return (int64_t)((t - rec_now(p, now)) / p->speed) + 1;
		}
		if (!take(p))
			break;
	}
	return -1;
}

/*
 * Before each poll() of the session's loop: feed what is due, draw when a
 * frame is due, and say how long the loop may wait (ms, -1: no limit).
 */
static int pace(void *ctx, struct session *s, const struct session_ui *ui)
{
	struct playback *p = ctx;
	uint64_t now = stopwatch_now();
	int64_t wait;

	(void)s;
	if (!p->looping) {	/* the first call: the clock of the frames starts */
		p->looping = true;
		p->last_draw = now;
	}
	wait = p->paused || p->end ? -1 : feed(p, now);
	if (p->dirty_since) {
		uint64_t gather = p->speed == PLAYBACK_MAX ? 0 : GATHER_NS;
		uint64_t due = p->last_draw + frame_ns(p);

		now = stopwatch_now();
		if (due < p->dirty_since + gather)
			due = p->dirty_since + gather;
		if (now >= due) {
			p->dirty_since = 0;
			p->last_draw = now;
			p->frames++;
			if (ui && ui->update)
				ui->update(ui->ctx);
			if (wait > 0 && (uint64_t)wait > stopwatch_now() - now)
				wait -= (int64_t)(stopwatch_now() - now);
			else if (wait > 0)
				wait = 0;
		} else if (wait < 0 || (uint64_t)wait > due - now) {
			wait = (int64_t)(due - now);
		}
	}
	return wait < 0 ? -1 : (int)((uint64_t)(wait + 999999) / 1000000ULL);
}

void rec_player_pause(struct playback *p, bool pause)
{
	uint64_t now = stopwatch_now();

	if (pause == p->paused)
		return;
	if (pause && p->based && p->speed != PLAYBACK_MAX)
		rebase(p, rec_now(p, now), now);
	else if (!pause)
		p->wall_base = now;
	p->paused = pause;
	p->seq++;
}

/* One recorded period: the osnoise period in force, or the window in the hwlat view. */
static uint64_t period_ns(const struct playback *p)
{
	const struct session *s = p->r->s;
	uint64_t us = s->conf.tracer == SESSION_HWLAT ? s->conf.hwl.window_us :
		      s->conf.osn.period_us;

	return (us ? us : 1000000) * 1000ULL;
}

/*
 * From the next line with a recorded time t0: every line up to the first
 * of a CPU that already had its summary in this step, or at t0 + one
 * period or later, or far before t0 (the other tracer's clock).  So each
 * CPU's next summary, however its timestamp jitters.  When t0 is a hwlat
 * sample's, up to the next line with a time: one window with a sample
 * (on whichever CPU; two windows' samples may be stamped less than a
 * window apart).
 */
uint64_t rec_player_step(struct playback *p)
{
	uint64_t span = period_ns(p), t0 = 0;
	bool one = false;
	struct cpuset seen;
	int64_t cpu;

	memset(&seen, 0, sizeof(seen));
	while (!p->end && next(p)) {
		uint64_t t = p->r->next_ns;

		if (t && !t0) {
			t0 = t;
			one = p->r->next_hwlat;
		} else if (t && (one || t + JUMP_NS < t0 || (t > t0 && t - t0 >= span))) {
			break;
		}
		if (t && jsonread_int(p->r->o, "cpu", &cpu) == 0 && cpu >= 0 && cpu < HWN_MAX_CPUS) {
			if (cpuset_has(&seen, (int)cpu))
				break;
			cpuset_add(&seen, (int)cpu);
		}
		if (!take(p))
			break;
	}
	rebase(p, p->last_ns, stopwatch_now());
	p->based = p->last_ns != 0;
	p->seq++;
	return span / 1000;
}

void rec_player_speed(struct playback *p, unsigned speed)
{
	uint64_t now = stopwatch_now();

	if (speed == p->speed)
		return;
	if (p->speed == PLAYBACK_MAX || !p->based)
		rebase(p, p->last_ns, now);
	else
		rebase(p, p->paused ? p->rec_base : rec_now(p, now), now);
	p->speed = speed;
	p->seq++;
}

/*
 * The measured seconds of the last tick near the end of the file (the
 * hwlat view's in a hwnoisetop hwlat recording), and whether the footer
 * says the run counted SMIs (the column is there from the first frame).
 */
static uint64_t tail_seconds(FILE *f, bool hwlat, bool *smi)
{
	struct jsonr_obj *o = malloc(sizeof(*o));
	char *buf = malloc(TAIL_BYTES + 1);
	uint64_t s = 0;
	struct stat st;
	off_t from;
	ssize_t n;

	if (!o || !buf || fstat(fileno(f), &st) < 0)
		goto out;
	from = st.st_size > TAIL_BYTES ? st.st_size - TAIL_BYTES : 0;
	n = pread(fileno(f), buf, TAIL_BYTES, from);
	if (n <= 0)
		goto out;
	buf[n] = '\0';
	/* Whole lines only, the last first. */
	for (char *end = memrchr(buf, '\n', (size_t)n); end && end > buf; ) {
		char *start = memrchr(buf, '\n', (size_t)(end - buf));
		char *line = start ? start + 1 : buf;

		if ((start || from == 0) && strstr(line, "\"elapsed_s\"") &&
		    jsonread_parse(line, (size_t)(end - line), o) == 0) {
			bool b;

			if (jsonread_bool(o, "smi", &b) == 0 && b)
				*smi = true;	/* the footer */
			if (jsonread_u64(o, "hwlat_elapsed_s", &s) == 0) {	/* a tick */
				if (!hwlat)
					jsonread_u64(o, "elapsed_s", &s);
				break;
			}
			s = 0;
		}
		end = start;
	}
out:
	free(buf);
	free(o);
	return s;
}

struct playback *rec_player_open(const char *path, char *err, size_t errlen)
{
	struct playback *p = calloc(1, sizeof(*p));
	sigset_t set;

	if (!p || !(p->r = calloc(1, sizeof(*p->r))) || !(p->path = strdup(path))) {
		snprintf(err, errlen, "--replay: out of memory");
		goto fail;
	}
	p->sig_fd = -1;
	p->f = fopen(path, "re");
	if (!p->f) {
		snprintf(err, errlen, "--replay: cannot open %s: %s", path, strerror(errno));
		goto fail;
	}
	if (rec_reader_open(p->r, p->f) < 0) {
		snprintf(err, errlen, "--replay: %s %s", path, p->r->err);
		goto fail;
	}
	/* The header is still the line read. */
	if (jsonread_str(p->r->o, "kernel", p->kernel, sizeof(p->kernel)) < 0)
		snprintf(p->kernel, sizeof(p->kernel), "?");
	p->total_s = tail_seconds(p->f, p->r->hwlat_mode, &p->r->s->smi_recorded);
	session_loop_sigset(&set);
	p->sig_fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
	if (p->sig_fd < 0) {
		snprintf(err, errlen, "--replay: signalfd: %s", strerror(errno));
		goto fail;
	}
	/* The session's loop waits on the signals; it has no timers of its own. */
	p->r->s->sig_fd = p->sig_fd;
	/* A crash puts the terminal back (the dashboard's hook); no kernel setting was changed. */
	session_install_fatal_handlers();
	p->speed = 1;
	p->source = *p->r->s->source;
	p->source.pace = pace;
	p->r->s->source = &p->source;
	p->r->s->source_ctx = p;
	return p;
fail:
	if (p && p->r) {
		rec_reader_free(p->r);
		free(p->r);
	}
	if (p && p->f)
		fclose(p->f);
	if (p)
		free(p->path);
	free(p);
	return NULL;
}

struct session *rec_player_session(struct playback *p)
{
	return p->r->s;
}

void rec_player_status(const struct playback *p, struct rec_player_status *st)
{
	*st = (struct rec_player_status){
		.file = p->path, .kernel = p->kernel, .speed = p->speed, .paused = p->paused,
		.end = p->end, .footer = p->r->footer, .error = p->r->err[0] ? p->r->err : NULL,
		.total_s = p->total_s, .seq = p->seq, .hwlat_recording = p->r->hwlat_mode,
	};
}

void rec_player_counts(const struct playback *p, uint64_t *frames, uint64_t *lines,
		     uint64_t *wakeups)
{
	*frames = p->frames;
	*lines = p->fed;
	*wakeups = p->r->s->wakeups;
}

int rec_player_finish(struct playback *p, struct replay **r, char *err, size_t errlen)
{
	int rc = 0;

	while (!p->end && next(p) && take(p))
		;
	if (p->r->err[0]) {
		snprintf(err, errlen, "--replay: %s %s", p->path, p->r->err);
		rc = -1;
	}
	p->r->s->source_ctx = NULL;
	rec_reader_close(p->r);
	*r = p->r;
	fclose(p->f);
	close(p->sig_fd);
	free(p->path);
	free(p);
	return rc;
}
