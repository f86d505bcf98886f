/*
 * session_int: what the files of the session share and nothing else sees,
 * struct session first.  Bottom up, each file calling only the ones
 * before it (tests/unit/circles.sh): session_view.c (making and
 * reading a session, hooks, the stop request), session_core.c (clocks,
 * timers, affinity), session_hist.c, session_signals.c (signals, faults),
 * source_hwlat.c; counters.c, source_osnoise.c; session_sink.c (what each decoded
 * event does, markers); neighbours.c, session_actions.c (--on-threshold,
 * --on-end), session_knobs.c; session_loop.c (the poll() loop),
 * session_experiment.c; session_lifecycle.c (start, finish, the tracers and their
 * instances); session.c (the requests, session_free()), source_recording.c;
 * rec_reader.c; rec_player.c.
 */
#ifndef HWN_SESSION_INT_H
#define HWN_SESSION_INT_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwlat.h"
#include "osnoise.h"
#include "reader.h"
#include "session.h"

struct reader;
struct record;
struct smi;
struct causes;
struct tscwd;
struct tuning;
struct xrun;

struct session {
	/* The configuration; the running tracer's live changes are made in it. */
	struct session_conf conf;
	/* The tracers' state; once set up, osn.conf is &conf.osn and hwl.conf &conf.hwl. */
	struct osnoise osn;
	struct hwlat hwl;
	struct reader *reader;
	struct record *rec;		/* NULL unless conf.record */
	const struct session_hook *hooks[SESSION_HOOKS_MAX];	/* session_add_hook() */
	int nhooks;
	struct threads *threads;	/* NULL unless -P or -C */
	struct smi *smi;		/* NULL unless conf.smi; see smi_ok() */
	struct tscwd *tscwd;		/* NULL unless conf.tscwd; see tscwd_ok() */
	struct causes *causes;		/* NULL unless conf.why (causes.h) */
	struct tuning *tuning;		/* the system panel's knobs (session_knobs.h) */
	struct xrun *exp;		/* the latest experiment (session_exp.h), NULL: none */
	/* The settings ledger every change goes through: conf.ledger, or our own. */
	struct ledger *ledger;
	bool own_ledger;		/* made by session_start(): freed by session_finish() */
	bool warming;			/* --warm-up running: samples are discarded */
	bool stop_hit;			/* the kernel's stop condition ended the run */
	bool smi_recorded;		/* a replay: the recording has SMI counts */
	struct stats stats;
	struct hwl_stats hwl_stats;	/* SESSION_HWLAT */
	struct segments seg;		/* markers and the statistics between them */
	/* conf.hist.on or conf.hist_view: the kernel's hist triggers (session_hist.c) */
	struct osn_hist khist;
	struct histo hist;		/* and their counts (or those of the events read) */
	uint64_t hist_read_ns;		/* when the kernel's counts were last read, 0: never */
	char hist_note[256];		/* why the kernel does not count them, "" */
	char hist_since[64];		/* what the counts restarted with */
	bool hist_said;			/* the counting from events is in the notes */
	uint64_t run_start_ns;		/* never reset: the markers' clock */
	struct stopwatch run_stopwatch;		/* all the time measured (pauses excluded), never reset */
	char neighbour[128];		/* another osnoise user now (neighbours.h), "" none */
	char neighbour_log[768];	/* its comings and goings, for the exit report */
	enum session_state state;
	int ncpus;			/* possible CPUs: rows of stats */
	int sig_fd, end_fd, tick_fd, batch_fd;
	uint64_t ticks, batches;	/* front-end updates of each kind (-D) */
	uint64_t wakeups;		/* returns from the loop's poll() (-D) */
	bool winch;			/* SIGWINCH came, for the front end */
	/*
	 * Measured time per tracer view (indexed by enum session_tracer):
	 * it runs while that tracer measures (not paused, not stopped) and
	 * restarts with that view's statistics.
	 */
	struct stopwatch watch[2];
	bool quit;
	int exit_status;
	int stop_cpu;			/* CPU that hit a stop condition, -1 */
	uint64_t stop_ts;		/* timestamp of the sample that named stop_cpu */
	char stop_detail[96];		/* what that sample was */
	uint64_t stop_noise_us;		/* its noise (a single one, or a period's) */
	unsigned threshold_runs;	/* times the --on-threshold actions ran */
	char actions_said[512];		/* which actions ran last and how each ended */
	char stop_reason[160];
	char err[512];
	struct textbuf notes;		/* files written at the end, one line each */
	const struct session_ui *ui;	/* the front end, while session_run runs */
	/* What feeds the run: the tracer of conf.tracer, or a replay. */
	const struct session_source *source;
	void *source_ctx;			/* its run()'s, or NULL */
};

/* Call cb of every hook that has it: session_hooks(s, osnoise, smp, counted). */
#define session_hooks(s, cb, ...)								\
	do {											\
		for (int hook_ = 0; hook_ < (s)->nhooks; hook_++)				\
			if ((s)->hooks[hook_]->cb)						\
				(s)->hooks[hook_]->cb((s)->hooks[hook_]->ctx, (s), ##__VA_ARGS__); \
	} while (0)

/* The signals the loop takes through its signalfd (SIGWINCH included). */
void session_loop_sigset(sigset_t *set);
/* Restore the kernel's settings on a fault, from a stack of its own. */
void session_install_fatal_handlers(void);

/* The measured CPUs of the source, and its instance (NULL: none). */
static inline const struct cpuset *measured_cpus(const struct session *s)
{
	return s->source->cpus(s);
}

static inline struct tracefs_instance *tracer_inst(const struct session *s)
{
	return s->source->instance ? s->source->instance(s) : NULL;
}

/*
 * session_hist.c, for the osnoise source and the sink: the triggers set
 * (or the events recorded) after the instance, restarted (since: what with,
 * for the D view), read and removed before the instance goes; each
 * sample_threshold event read and each loss, where it counts from events.
 * session_hist_setup: 0, or -1 with s->err (hwnoisetop hist only: the
 * dashboard goes on without).
 */
int session_hist_setup(struct session *s);
void session_hist_restart(struct session *s, const char *since);
void session_hist_teardown(struct session *s);
void session_hist_event(struct session *s, int cpu, uint64_t duration_ns);
void session_hist_lost(struct session *s, uint64_t count);

/* session_experiment.c, for session_free() (session.c) */
void session_experiment_free(struct session *s);

/* session_lifecycle.c, for the requests (session.c) and the loop */
/* -D: the wall and CPU time since the last phase, on stderr. */
void session_debug_phase(const struct session *s, const char *what);
/* Run on the housekeeping CPUs that are online, never on a measured one. */
void session_set_affinity(struct session *s);
/* Start the recording instance (conf.record) with the events of -e. */
int session_record_begin(struct session *s);

/* session.c, for the lifecycle (session_lifecycle.c) and the loop (session_loop.c) */
/* The running tracer's measured time goes on, or stops. */
void session_meter_on(struct session *s, bool on);
/* Measuring starts, pauses, resumes or ends: the view's time and the run's. */
void session_clocks_on(struct session *s, bool on);
/* A request the source can not take: -1 with s->err. */
int session_cannot(struct session *s);
/* Read the signals waiting on signalfd fd: SIGWINCH sets s->winch, the others end the run. */
void session_take_signals(struct session *s, int fd);
/* Arm a timerfd: first after first_ms, then every every_ms (0: once; 0, 0: off). */
int session_arm_timer(int fd, uint64_t first_ms, uint64_t every_ms);
/* Did the kernel's stop condition end the run (tracing_on went 0)? */
void session_check_kernel_stop(struct session *s);
/*
 * Run a list of actions (session_actions.c); when: "on-threshold" or
 * "on-end".  0, or -1 when one failed (the rest did not run); *cont: a
 * continue was reached.  What ran is in s->actions_said.
 */
int session_actions_run(struct session *s, const struct actions *list, const char *when,
			bool *cont);
/*
 * Save the recording instance's trace to file (the recording stops): the
 * stop's reason at its end, rtla's "  Saving trace to FILE" in the notes.
 * 0, or -1 with err.
 */
int session_trace_save(struct session *s, const char *file, char *err, size_t len);
/* Look for restarted osnoise/N threads (-P, -C) and set them again. */
int session_threads_refresh(struct session *s);

#endif
