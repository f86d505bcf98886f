/*
 * session: one run of the measurement.  It owns the configuration, the
 * tracer, the per-CPU readers, the statistics and the one poll() loop
 * (ring-buffer readers, a signalfd, timerfds, and a front end's input).
 *
 * Front ends (the dashboard, the quiet table) attach through struct
 * session_ui and change the run only through the session_* requests.
 * No curses and no terminal output here.
 */
#ifndef HWN_SESSION_H
#define HWN_SESSION_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpuset.h"
#include "hwlat_stats.h"
#include "histo.h"
#include "osn_hist.h"
#include "stopwatch.h"
#include "trace_capture.h"
#include "segments.h"
#include "stats.h"
#include "textbuf.h"
#include "tracer_conf.h"
#include "sysknobs.h"
#include "threads.h"

struct actions;
struct events;
struct ledger;
struct session;

/*
 * A hook sees what the run reads as the kernel gave it, whatever the view
 * counts, each with counted: whether the figures shown took it (not in a
 * warm-up, a pause, or the other view): every osnoise summary and hwlat
 * sample, every other event counted, every SMI count read, every drop of
 * events, every CPU no longer read, every marker and statistics reset, and
 * each tick of the loop (about once a second).  --record and --prometheus
 * are hooks.  Any callback may be NULL.
 */
struct evidence_cpu;
struct causes;

struct session_hook {
	void *ctx;
	void (*osnoise)(void *ctx, const struct session *s, const struct osn_sample *smp,
			bool counted);
	void (*hwlat)(void *ctx, const struct session *s, const struct hwl_sample *smp,
		      bool counted);
	/* Another event (a print, a threshold sample) read and counted. */
	void (*read)(void *ctx, const struct session *s);
	void (*smi)(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted);
	/* Events the ring buffer of cpu dropped: count, or LOST_UNKNOWN (stats.h). */
	void (*missed)(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted);
	void (*dropped)(void *ctx, const struct session *s, int cpu, const char *why);
	/* A marker was set: the last of s->seg.marks. */
	void (*mark)(void *ctx, const struct session *s);
	/* The running view's statistics were reset. */
	void (*reset)(void *ctx, const struct session *s);
	void (*tick)(void *ctx, struct session *s);
	/*
	 * With conf.why, on each tick (a replay: each "ev" line): what was seen
	 * beside measured cpu (evidence.h), the watchdog's visits only while counted.
	 */
	void (*evidence)(void *ctx, const struct session *s, int cpu,
			 const struct evidence_cpu *ev);
};

#define SESSION_HOOKS_MAX 4

/* The tracer of a run: osnoise (hwnoise) or hwlat. */
enum session_tracer { SESSION_OSNOISE, SESSION_HWLAT };

struct session_conf {
	/*
	 * The settings ledger the run writes through (its owner's, e.g. the one
	 * the tracer check mounted tracefs with); NULL: the session makes its own.
	 */
	struct ledger *ledger;
	enum session_tracer tracer;
	struct osnoise_conf osn;	/* SESSION_OSNOISE */
	struct hwlat_conf hwl;		/* SESSION_HWLAT */
	struct cpuset housekeeping;
	bool housekeeping_set;
	uint64_t duration_s;	/* 0 = until stopped */
	bool debug;
	bool record;		/* run the recording instance beside the measurement */
	struct record_conf rec;
	const char *trace_file;	/* -t: the record saved here on a stop condition; NULL: no */
	bool trace_always;	/* save it at the end of every run, too */
	const struct events *events; /* -e/--filter/--trigger for the record; NULL: none */
	struct threads_sched sched; /* -P for the osnoise/N threads */
	char cgroup[512];	/* -C: cgroup directory for them; "": none */
	uint64_t warmup_s;	/* --warm-up: measure, discard, then arm the stop conditions */
	uint64_t capture_last_s; /* session_capture(): seconds kept, 0 = the whole buffer */
	bool capture_dat;	/* session_capture() writes trace.dat (tracedat.h), not text */
	uint64_t iterations;	/* -n: the front end ends the run after this many periods */
	bool smi;		/* count SMIs per CPU (MSR 0x34) when it can be read */
	bool smi_load;		/* and load the msr module for it (--smi) */
	bool tscwd;		/* count the TSC watchdog's visits per CPU */
	bool why;		/* --why: put each CPU's noise down to its causes (causes.h) */
	size_t hwlat_keep;	/* hwlat samples kept (hwl_stats.limit); 0: every one */
	bool keep_tuning;	/* --keep-tuning: the knobs changed in the panel stay */
	/* --on-threshold (with -t/-a's trace last) and --on-end (actions.h); NULL: none */
	const struct actions *on_threshold, *on_end;
	/* A shell action's output is appended here; NULL: hwnoisetop's own stdout and stderr */
	const char *actions_log;
	struct histo_conf hist;	/* hwnoisetop hist: the kernel counts single noises (osnoise) */
	/*
	 * The dashboard's D view: so it does, in hist's buckets, while its key
	 * has them counted (session_count_noises()); off at the start.
	 */
	bool hist_view;
};

enum session_state {
	SESSION_IDLE,
	SESSION_RUNNING,
	SESSION_PAUSED,
	SESSION_STOPPED,
};

struct session_ui {
	void *ctx;
	int input_fd;			/* -1: none */
	void (*input)(void *ctx);	/* input_fd readable, or a signal interrupted poll */
	/*
	 * The tick passed, or samples arrived: with batch_ms, at most once
	 * per batch_ms for a stream of samples (the summaries of one period
	 * arrive CPU by CPU): the first at once, the rest when it ends.
	 */
	void (*update)(void *ctx);
	uint64_t tick_ms;		/* 0: no tick */
	/* Something the user must know now (a CPU no longer read); NULL: stderr. */
	void (*note)(void *ctx, const char *text);
	uint64_t batch_ms;		/* 0: update on every wake-up with samples */
	void (*resize)(void *ctx);	/* SIGWINCH, through the signalfd; NULL: ignored */
};

/*
 * A source of period summaries: the kernel's osnoise tracer (hwnoise,
 * source_osnoise.c), its hwlat tracer (source_hwlat.c) or the replay of a
 * recording (rec_player.c).  The session calls through s->source and never
 * asks which one runs; what differs between them is in there.  An
 * operation a source has not got is NULL, and the request fails (a replay
 * changes nothing in the kernel: its front end refuses those first).
 */
struct tracefs_instance;
struct session_source {
	const char *name;	/* "osnoise", "hwlat", "replay" */
	bool recorded;		/* its figures are a recording's, not the kernel's */
	/* Can the kernel run it (s->conf)?  0, or -1 with the reason in err. */
	int (*check)(const struct session *s, char *err, size_t len);
	/* Optional, before any setting changes: what its figures need (-1: out of memory). */
	int (*prepare)(struct session *s);
	/*
	 * Create its instance and configure the tracer from s->conf.osn or
	 * s->conf.hwl, which its live changes then go into; -1 with s->err.
	 */
	int (*setup)(struct session *s);
	int (*start)(struct session *s);
	void (*stop)(struct session *s);
	/* Optional: stop its threads now, before the recording's (the run's end). */
	void (*quiet)(struct session *s);
	/*
	 * Optional, at the run's end before stop: end the periods under way
	 * with their summaries (osnoise_end_periods(), hwnoisetop hist).
	 */
	void (*end_periods)(struct session *s);
	void (*teardown)(struct session *s);
	/* Optional: did the kernel's stop condition turn it off? */
	bool (*stopped_by_kernel)(struct session *s);
	struct tracefs_instance *(*instance)(const struct session *s);
	const struct cpuset *(*cpus)(const struct session *s);
	uint64_t (*threshold)(const struct session *s);
	/* What a segment between markers counts: other events (osnoise), hwlat's. */
	void (*figures)(const struct session *s, bool *osnoise, bool *hwlat);
	/* Reset its view's statistics (not the other view's), its counters' counts too. */
	void (*reset_stats)(struct session *s);
	/*
	 * Into its view's statistics, while they count (session_sink.c, counters.c):
	 * another event read, a print or a threshold sample (optional: NULL
	 * when its view does not count them); events its readers lost
	 * (count, or LOST_UNKNOWN); an SMI count of cpu.
	 */
	void (*count_other)(struct session *s);
	void (*count_lost)(struct session *s, uint64_t count);
	void (*count_smi)(struct session *s, int cpu, uint64_t count);
	/* Optional: SMIs are counted (counters.c): ready its new instance for the reads. */
	void (*smi_ready)(struct session *s);
	/*
	 * Its SMI reads are asked for on each tick while it runs (hwlat
	 * spins with interrupts off only inside its width: a read asked for
	 * any time is delivered outside it), not after each summary.
	 */
	bool smi_each_tick;
	/* session_periods_done() */
	bool (*periods_done)(const struct session *s, uint64_t n);
	/* The settings a front end may change; each 0 or -1 with s->err. */
	int (*set_threshold)(struct session *s, uint64_t us);
	/* s->conf's CPUs follow; the readers are opened again by the session. */
	int (*set_cpus)(struct session *s, const struct cpuset *cpus);
	/* osnoise: period and runtime; hwlat: window and width. */
	int (*set_timing)(struct session *s, uint64_t a_us, uint64_t b_us);
	/* osnoise: OSNOISE_IRQ_DISABLE on or off; hwlat: enum hwlat_mode. */
	int (*set_mode)(struct session *s, int mode);
	bool record_beside;	/* the recording instance (osnoise) can run beside it */
	/*
	 * Optional, for a source that keeps its own pace (a replay) instead of
	 * the tracer's buffers: session_run()'s loop calls it before each
	 * poll().  It feeds the session's sink what is due, calls the front
	 * end's update when a frame is due, and returns how long the loop may
	 * wait for input or a signal, in ms (-1: no limit).  ctx: s->source_ctx.
	 */
	int (*pace)(void *ctx, struct session *s, const struct session_ui *ui);
};

/* The sources of the kernel's tracers, and the replay's (rec_player.c). */
extern const struct session_source source_osnoise, source_hwlat, source_recording;
/* The source of a tracer. */
const struct session_source *session_source_of(enum session_tracer t);

struct smi;
struct tscwd;
struct tuning;

/*
 * A session to run (session_start) or to replay into (source: the replay's,
 * or NULL when session_start() chooses the tracer's): NULL without memory.
 * struct session is the session's own (session_int.h): the others hold this
 * pointer, read the run through the accessors below and change it through
 * the requests.  session_free: its results, then the session (NULL: nothing).
 */
struct session *session_new(const struct session_source *source);
void session_free(struct session *s);
/*
 * The command that owns the run, once it ended: its exit status (the
 * recording's footer says it) and a line for the notes printed at the end.
 */
void session_set_exit_status(struct session *s, int status);
int session_add_note(struct session *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Block the signals the loop takes through its signalfd (call first thing). */
void session_block_signals(void);

/*
 * Set up the tracer and readers and start measuring.  -1 with s->err (and
 * s->exit_status HWN_EXIT_USAGE when the kernel rejected a filter or
 * trigger given on the command line).
 */
int session_start(struct session *s, const struct session_conf *conf);

/*
 * A front end's last words on a crash: called first by the fault handler,
 * before the kernel settings are restored, so only async-signal-safe code
 * (e.g. putting the terminal back with write() and tcsetattr()).  NULL clears.
 */
void session_set_fatal_hook(void (*hook)(void));
/*
 * The crash path's first step: close every descriptor from 3 on but keep
 * (the run's lock; -1: none), with close_range() or, without it (glibc <
 * 2.34, kernel < 5.9), one by one below max_fd (the handler passes
 * RLIMIT_NOFILE, read when the handlers are installed).
 */
void session_close_fds(int keep, int max_fd);
/* The sink the readers feed (through the recording, if any); replay feeds it too. */
struct reader_sink session_sink(struct session *s);
/* Say text now: on the front end's status line (ui->note), else one line on stderr. */
void session_note(const struct session *s, const char *text);
/* Run the loop until the duration ends, a signal, a stop condition or a quit. */
int session_run(struct session *s, const struct session_ui *ui);
/* Stop tracing, read what is left, restore every setting. */
void session_finish(struct session *s);
/* Add a hook (from the start, before session_run()); -1 when there are too many. */
int session_add_hook(struct session *s, const struct session_hook *h);
/* Remove every hook (their owners end them). */
void session_remove_hooks(struct session *s);
/* Once its figures are printed: free the statistics, markers and SMI counters. */
void session_free_results(struct session *s);

/*
 * Seconds the figures of the view shown took: measured by the running
 * tracer since its statistics last restarted, pauses excluded.
 * session_elapsed_of: the same for either view.
 */
uint64_t session_elapsed(const struct session *s);
uint64_t session_elapsed_of(const struct session *s, enum session_tracer t);


/*
 * An interleaved A/B experiment on a knob of the system panel
 * (experiment.h), driven from the loop's tick: blocks of block_s after
 * settle_s each, the knob switched at their edges (session_knob_step, a
 * marker each), each period into its block.  values: "A,B" as the panel
 * shows them, or NULL (A the value now, B the next).  end_run: the end of
 * the blocks ends the run (hwnoisetop experiment); else the knob goes
 * back to its value at the start and the run goes on (the dashboard).
 */
struct exp_run;
struct exp_phase;
struct session_exp_conf {
	enum sysknob_id id;
	const char *values;
	unsigned blocks;
	uint64_t block_s, settle_s, seed;
	bool seeded;
	bool quiet;		/* no progress lines on stderr */
	bool end_run;
};

/*
 * BEGIN REQUESTS.  What a front end may ask of a running session: the only
 * calls that take its mutable struct session * from ui/ (the dashboard
 * reads the session through a const pointer and calls these with its one
 * request handle, dash.h; tests/unit/ui-requests.sh checks).  Each returns
 * 0 or -1 with s->err unless said otherwise; the session applies the
 * change, restores it at the end, and tells it to the hooks.
 */
/* End the run now: the summary is printed. */
void session_request_quit(struct session *s);
/* Quit, with a reason for the user ("terminal closed", "10 periods done"). */
void session_request_stop(struct session *s, const char *why);
/* The running tracer's threshold (tracing_thresh), in us. */
int session_set_threshold(struct session *s, uint64_t us);
/* The CPUs measured: the tracer's cpus, the readers follow. */
int session_set_cpus(struct session *s, const struct cpuset *cpus);
/* osnoise's period and runtime together (runtime <= period). */
int session_set_timing(struct session *s, uint64_t period_us, uint64_t runtime_us);
/* OSNOISE_IRQ_DISABLE on (hwnoise) or off (osnoise). */
int session_set_irq_disable(struct session *s, bool on);
/* Pause (the tracer stops, the measured time with it) or resume. */
int session_pause(struct session *s, bool pause);
/* Restart the running view's statistics (the other view's stay). */
void session_reset_stats(struct session *s);
/*
 * Save the recording instance's trace (its last conf.capture_last_s
 * seconds) to a timestamped file "hwnoisetop-YYYYmmdd-HHMMSS.txt" in the
 * current directory; the path and the number of events come back.
 */
int session_capture(struct session *s, char *path, size_t pathlen, uint64_t *events);
/*
 * The hwlat tracer's window and width (width <= window) and its mode; -1
 * with s->err unless the session runs hwlat.
 */
int session_set_hwlat_timing(struct session *s, uint64_t window_us, uint64_t width_us);
int session_set_hwlat_mode(struct session *s, enum hwlat_mode mode);
/*
 * Stop the running tracer, remove its instance and start the other one
 * with s->conf.osn or s->conf.hwl (the kernel never runs both), which
 * hold the live changes each had when it was left: the settings either changed
 * stay saved and are restored at the end, the statistics of both are
 * kept.  The recording instance (conf.record) runs the osnoise tracer: it
 * is removed on the way to hwlat and starts again, empty, with hwnoise.
 * Not with -P/-C or during a warm-up.  With mark, a marker "mark"
 * (origin) is set between the two, after the old tracer's last summary
 * and before the new one's first sample.  The marker's number (0 without
 * one), or -1 with s->err; when s->conf.tracer is then already "to", no
 * tracer runs (exit_status is HWN_EXIT_ENV): finish.
 */
int session_switch_tracer(struct session *s, enum session_tracer to, const char *origin,
			  const char *mark);
/*
 * Set a marker: a numbered line "text (origin)" with the time since the
 * start, which closes the current segment and opens the next (segments.h).
 * Call it after the change it marks took effect: what the readers hold is
 * accounted to the segment before.  origin: "key", "outside", "user",
 * "kernel"... Returns the marker's number, or -1 with s->err.
 */
int session_mark(struct session *s, const char *origin, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int session_vmark(struct session *s, const char *origin, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
/*
 * The system panel's knobs (session_knobs.h).  session_knob_next: the
 * knob's next value (what was done in session_tuning()->said), or -1 with s->err
 * saying why nothing changed.  session_keep_tuning: keep (true) or put
 * back (false) the tuned knobs at the end, also after a crash and
 * --cleanup.  session_want_sysinfo: read the read-only lines on each tick
 * while a front end shows them.
 */
int session_knob_next(struct session *s, enum sysknob_id id);
/* The same, its marker's origin named ("experiment"); session_knob_next's is "key". */
int session_knob_step(struct session *s, enum sysknob_id id, const char *origin);
void session_keep_tuning(struct session *s, bool keep);
void session_want_sysinfo(struct session *s, bool want);
/*
 * The kernel's counts of single noises (session_histo()): a read finished
 * on the reading thread taken in, and the next asked for when a period
 * passed since the last, if hwnoisetop runs off the measured CPUs (else
 * they are read at the end); nothing to do when they are counted from the
 * events read.  0, or -1 with s->err.
 */
int session_histo_refresh(struct session *s);
/*
 * The dashboard's count of single noises (conf.hist_view), off at the
 * start.  on: hwnoisetop hist's triggers in the tracer's instance (or,
 * where the kernel has none, every osnoise:sample_threshold recorded and
 * counted as read), whose work runs on each measured CPU between two time
 * reads: the figures from then on include it.  off: the counts read
 * (session_histo() keeps them, for the recording's footer) and the
 * triggers removed.  Not in the hwlat view nor in hwnoisetop hist (which
 * counts all along).  The caller sets the marker and restarts the
 * statistics, as for any change of what is measured.
 */
int session_count_noises(struct session *s, bool on);
/*
 * Start an experiment (struct session_exp_conf above): r receives its
 * figures (its cpu array allocated here, the caller frees it), or NULL:
 * the session keeps them (session_experiment()).  -1 with s->err when
 * the knob cannot change here or one runs already.
 */
int session_experiment_start(struct session *s, const struct session_exp_conf *c,
			     struct exp_run *r);
/* Cut the experiment under way: why in its report and the recording; the knob goes back. */
void session_experiment_cut(struct session *s, const char *why);
/* END REQUESTS */

/*
 * Read-only views for the front ends: the live settings of each tracer
 * (with the changes made while it runs; for a tracer not running, as it
 * was left or will start), and the system panel's knobs (NULL: none).
 */
const struct osnoise_conf *session_osnoise_conf(const struct session *s);
const struct hwlat_conf *session_hwlat_conf(const struct session *s);
const struct tuning *session_tuning(const struct session *s);

/*
 * The run as it stands, read only: the configuration (with the live
 * changes), the statistics of each view, the markers and their segments,
 * the notes for the end, the error of the last failed call (""), the exit
 * status, the state and whether a quit was asked, whether the kernel's
 * stop condition ended it and why it ended (""), the SMI and TSC watchdog
 * counters (NULL: none), whether a replayed recording has SMI counts, the
 * possible CPUs (rows of the statistics), another osnoise user now ("")
 * and its comings and goings, and the loop's counts for -D.
 */
const struct session_conf *session_conf(const struct session *s);
const struct stats *session_stats(const struct session *s);
const struct hwl_stats *session_hwl_stats(const struct session *s);
const struct segments *session_segments(const struct session *s);
const struct textbuf *session_notes(const struct session *s);
const char *session_err(const struct session *s);
int session_exit_status(const struct session *s);
enum session_state session_run_state(const struct session *s);
/* The session plays a recording back (source_recording), not the kernel. */
bool session_replaying(const struct session *s);
bool session_quitting(const struct session *s);
bool session_stop_hit(const struct session *s);
bool session_warming(const struct session *s);	/* --warm-up: samples are discarded */
const char *session_stop_reason(const struct session *s);
const struct smi *session_smi(const struct session *s);
/* --why's attribution (causes.h); NULL without it. */
const struct causes *session_causes(const struct session *s);
/*
 * The latest evidence of each measured CPU to the hooks (the recording's
 * "ev" lines): each tick, and from a hook just attached (a recording
 * before the first period, so that its replay counts that period as the
 * run did: a replay's causes begin at its first "ev" line).
 */
void session_evidence_hooks(struct session *s);
/* cpu's alone (a replay's "ev" line). */
void session_evidence_of(struct session *s, int cpu);
const struct tscwd *session_tscwd(const struct session *s);
bool session_smi_recorded(const struct session *s);
int session_ncpus(const struct session *s);
/*
 * The CPUs online: in a live run this machine's now
 * (/sys/devices/system/cpu/online, read at each call), in a replay the
 * recording's, every one below session_ncpus() (this machine's are not the
 * ones it measured).
 */
void session_online_cpus(const struct session *s, struct cpuset *set);
const char *session_neighbour(const struct session *s);
const char *session_neighbour_log(const struct session *s);
void session_loop_counts(const struct session *s, uint64_t *ticks, uint64_t *batches,
			 uint64_t *wakeups);
/*
 * The counts of single noises of hwnoisetop hist and the D view (histo.h),
 * as the kernel had them when last read (at the end of the run, or by
 * session_histo_refresh()), or as counted from the events read
 * (histo.events); NULL when none were read.  session_histo_note: one line
 * on how they are counted when not by the kernel as asked, or why they
 * are read only at the end ("": nothing to say).  session_histo_since:
 * what they restarted with ("the start", "R", ...).
 */
const struct histo *session_histo(const struct session *s);
const char *session_histo_note(const struct session *s);
const char *session_histo_since(const struct session *s);

/*
 * The latest experiment (NULL: none), its phase now (block, side, time
 * left) in *ph when not NULL, and *running: its blocks go on.
 */
const struct exp_run *session_experiment(const struct session *s, struct exp_phase *ph,
					 bool *running);
/*
 * With the session's causes (--why): the latest experiment's two arms, each
 * put down to its causes (exp_causes.h); NULL without.  take: the same,
 * flushed and handed over once the run is over (the caller frees it with
 * exp_causes_free()), so that its report may outlive the session.
 */
struct exp_causes;
const struct exp_causes *session_experiment_causes(const struct session *s);
struct exp_causes *session_experiment_take_causes(struct session *s);

/* The measured CPUs and the threshold of the tracer that runs. */
const struct cpuset *session_cpus(const struct session *s);
uint64_t session_threshold(const struct session *s);
/*
 * After a stop condition ended session_run(): keep the loop going for the
 * front end (state SESSION_STOPPED, the elapsed time frozen, the recorded
 * trace still there for session_capture()) until a quit request or a
 * signal.  Returns the session's status.
 */
int session_hold(struct session *s, const struct session_ui *ui);
/* Measured nanoseconds since the start (pauses excluded, never reset). */
uint64_t session_run_ns(const struct session *s);
/* The run's segments between markers, with their distributions (segments.h). */
const struct segments *session_segments(const struct session *s);

/* CPUs went offline or online: run on the housekeeping CPUs that are online. */
void session_follow_online(struct session *s);
/*
 * -n: has every measured online CPU delivered at least n period summaries?
 * While hwlat runs (the dashboard's hwlat view): have n of its windows
 * passed, its measured time (session_elapsed) over the window in force?
 */
bool session_periods_done(const struct session *s, uint64_t n);

#endif
