/*
 * rec_player: the recordings' player (struct playback): --replay FILE on
 * the dashboard.  A recording (rec_writer.h) read line by line
 * (rec_reader.h) and fed to the session's sink at the pace of its recorded
 * timestamps, scaled by a speed: the session's source (struct
 * session_source) in place of the tracer, so the front end is the live
 * one.  It can pause, step and change speed; nothing in it can change the
 * recording.  Memory is one line and the statistics, whatever the file's
 * length.  No root, no tracefs.
 */
#ifndef HWN_PLAYBACK_H
#define HWN_PLAYBACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct playback;
struct session;
struct replay;

/* Speeds: recorded time per second of play; PLAYBACK_MAX: as fast as it can. */
#define PLAYBACK_MAX 0

struct rec_player_status {
	const char *file;	/* as given */
	const char *kernel;	/* the recording's kernel release */
	unsigned speed;		/* 1, 10, 100 or PLAYBACK_MAX */
	bool paused;
	bool end;		/* the whole file is played */
	bool footer;		/* ... and it ended with its footer (not cut by a crash) */
	const char *error;	/* "line N: why": played up to there; NULL: none */
	uint64_t total_s;	/* the recording's measured seconds, 0: unknown */
	bool hwlat_recording;	/* of hwnoisetop hwlat (else the hwlat view is the run's w) */
	uint64_t seq;		/* changes whenever anything above does */
};

/*
 * Open path and read its header: NULL with a one-line message in err
 * ("cannot open ...", "line 1: ...").
 */
struct playback *rec_player_open(const char *path, char *err, size_t errlen);
/* The session it feeds (a replay's: statistics, configuration, markers). */
struct session *rec_player_session(struct playback *p);
void rec_player_status(const struct playback *p, struct rec_player_status *st);
/* Requests of the front end. */
void rec_player_pause(struct playback *p, bool pause);
/*
 * While paused: play one recorded period more (the osnoise period in force;
 * in the hwlat view one hwlat window, the next with samples), with the lines
 * without a time that follow it.  The period's length in us.
 */
uint64_t rec_player_step(struct playback *p);
void rec_player_speed(struct playback *p, unsigned speed);
/*
 * Read what is left of the file without pacing (the report covers the
 * whole recording) and give the replay: r for summary_replay_report(); 0, or -1
 * with err ("line N: why").  The playback is freed (the replay is not).
 */
int rec_player_finish(struct playback *p, struct replay **r, char *err, size_t errlen);
/* Frames drawn, lines fed, wake-ups of its loop: for -D and the benchmark. */
void rec_player_counts(const struct playback *p, uint64_t *frames, uint64_t *lines,
		     uint64_t *wakeups);

#endif
