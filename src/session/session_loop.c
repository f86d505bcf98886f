/*
 * session_loop: the run's one poll() loop (session_run): the per-CPU
 * buffers, the signalfd, the timerfds (end of run, the tick, the redraw
 * batch) and the front end's input.  See session.h.
 */
#define _GNU_SOURCE
#include "config.h"
#include "session.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <tracefs.h>

#include "counters.h"
#include "env.h"
#include "neighbours.h"
#include "reader.h"
#include "session_int.h"
#include "smi.h"
#include "session_knobs.h"

void session_take_signals(struct session *s, int fd)
{
	struct signalfd_siginfo si;

	while (read(fd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo == SIGWINCH) {
			s->winch = true;
			continue;
		}
		s->quit = true;
		if (!s->stop_reason[0])
			snprintf(s->stop_reason, sizeof(s->stop_reason), "%s", strsignal(si.ssi_signo));
	}
}

/* One read takes every expiry of a timerfd so far. */
static void drain_timer(int fd)
{
	uint64_t n;

	if (read(fd, &n, sizeof(n)) < 0)
		return;		/* EAGAIN: it had not expired */
}

/* --warm-up is over: discard what it measured, arm the stop conditions. */
static void end_warmup(struct session *s)
{
	struct reader_sink sink = session_sink(s);

	tracefs_instance_file_clear(s->osn.inst, "trace");
	if (s->rec)
		tracefs_instance_file_clear(trace_capture_instance(s->rec), "trace");
	reader_drain_all(s->reader, &sink);
	s->warming = false;
	session_reset_stats(s);
	if (osnoise_set_stop(&s->osn, s->conf.osn.stop_us, s->conf.osn.stop_total_us, s->err,
			     sizeof(s->err)) < 0) {
		s->quit = true;
		s->exit_status = HWN_EXIT_ENV;
		return;
	}
	if (s->conf.duration_s)
		session_arm_timer(s->end_fd, s->conf.duration_s * 1000, 0);
}

/*
 * Samples arrived (got) or the batch timer fired (fired): is an update due
 * (*update)?  The first samples after a quiet spell are shown at once and
 * open a batch window of ui->batch_ms; what arrives within it is shown when
 * it ends, and that opens the next.  A tick that comes while a window runs
 * is shown at its end too.  At most one update per window or tick, never
 * one per wake-up.  Returns the new state: 0 no window, 1 a window runs, 2
 * a window runs with news not shown yet.
 */
static int update_batch(struct session *s, const struct session_ui *ui, int batch, int got,
			short fired, int *update)
{
	if (fired) {
		drain_timer(s->batch_fd);
		if (*update)
			return 0;	/* the tick shows them */
		if (batch == 2 || got) {
			*update = 1;
			s->batches++;
			session_arm_timer(s->batch_fd, ui->batch_ms, 0);
			return 1;
		}
		return 0;
	}
	if (*update && batch) {
		*update = 0;	/* the window's end shows the tick's news */
		return 2;
	}
	if (*update)
		return 0;	/* the tick shows them */
	if (!got)
		return batch;
	if (!ui || !ui->batch_ms) {
		*update = 1;
		s->batches++;
		return 0;
	}
	if (batch)
		return 2;
	*update = 1;
	s->batches++;
	session_arm_timer(s->batch_fd, ui->batch_ms, 0);
	return 1;
}

/* The loop's own descriptors, before the readers'. */
#define POLL_BASE 5

/*
 * The descriptors of one poll(): the signalfd, the end timer, the tick,
 * the front end's input, the batch timer, then each reader's (none while
 * a batch window rests).  -1 and s->err when out of memory.
 */
static int fill_fds(struct session *s, const struct session_ui *ui, struct pollfd **pfd,
		    int *cap, int nr, bool rest)
{
	struct pollfd *p = *pfd;

	if (*cap < nr + POLL_BASE) {
		p = realloc(*pfd, sizeof(*p) * (nr + POLL_BASE));
		if (!p) {
			snprintf(s->err, sizeof(s->err), "out of memory");
			s->exit_status = HWN_EXIT_ENV;
			return -1;
		}
		*pfd = p;
		*cap = nr + POLL_BASE;
	}
	p[0] = (struct pollfd){ .fd = s->sig_fd, .events = POLLIN };
	p[1] = (struct pollfd){ .fd = s->end_fd, .events = POLLIN };
	p[2] = (struct pollfd){ .fd = s->tick_fd, .events = POLLIN };
	p[3] = (struct pollfd){ .fd = ui ? ui->input_fd : -1, .events = POLLIN };
	p[4] = (struct pollfd){ .fd = s->batch_fd, .events = POLLIN };
	for (int i = 0; i < nr; i++)
		p[POLL_BASE + i] = (struct pollfd){ .fd = rest ? -1 : reader_fd(s->reader, i),
						    .events = POLLIN };
	return 0;
}

/*
 * The tick: read the buffers even without a wake-up, look for restarted
 * osnoise/N threads, the counters, a neighbour, the knobs, the hooks.
 */
static void on_tick(struct session *s, const struct reader_sink *sink)
{
	drain_timer(s->tick_fd);
	reader_drain_all(s->reader, sink);
	session_check_kernel_stop(s);
	session_threads_refresh(s);
	counters_poll(s, stopwatch_now(), true);
	neighbours_check(s);
	session_knobs_tick(s);
	session_hooks(s, tick);
	s->ticks++;
}

int session_run(struct session *s, const struct session_ui *ui)
{
	struct reader_sink sink = session_sink(s);
	struct pollfd *pfd = NULL;
	/*
	 * A tick, the front end's or one a second: look for restarted osnoise/N
	 * threads and read the buffers even without a wake-up.  The kernel wakes
	 * readers through an irq_work on the measured CPU, which waits for that
	 * CPU to enable interrupts: with a runtime close to the period, the
	 * wake-up comes periods late.
	 */
	uint64_t tick = ui && ui->tick_ms ? ui->tick_ms : 1000;
	int batch = 0;		/* update_batch()'s state */
	int cap = 0;

	s->ui = ui;
	session_debug_phase(s, "running");

	if (s->tick_fd >= 0)
		session_arm_timer(s->tick_fd, tick, tick);
	while (!s->quit) {
		/* A source with its own pace (a replay) feeds what is due and says how long to wait. */
		int timeout = s->source->pace ? s->source->pace(s->source_ctx, s, ui) : -1;
		int nr = s->reader ? reader_count(s->reader) : 0;
		int base = POLL_BASE, n, got = 0, update = 0;
		/*
		 * While a batch window runs, the buffers are not polled: what
		 * arrives is read when the window ends, one wake-up for the
		 * summaries of all CPUs instead of one each.  Not with SMI
		 * counts, which are read right after each CPU's summary.
		 */
		bool rest = batch && !smi_ok(s->smi);

		if (s->quit)	/* the front end's update, called by pace(), ended the run */
			break;

		if (fill_fds(s, ui, &pfd, &cap, nr, rest) < 0)
			break;
		n = poll(pfd, base + nr, timeout);
		s->wakeups++;
		if (n < 0) {
			if (errno != EINTR) {
				snprintf(s->err, sizeof(s->err), "poll: %s", strerror(errno));
				s->exit_status = HWN_EXIT_ENV;
				break;
			}
			/* A signal outside the signalfd (SIGCONT): let the front end look. */
			if (ui && ui->input)
				ui->input(ui->ctx);
			continue;
		}
		if (pfd[0].revents)
			session_take_signals(s, s->sig_fd);
		if (nr && reader_service(s->reader, pfd + base, &sink) > 0)
			got = 1;
		if (rest && pfd[4].revents && reader_drain_all(s->reader, &sink) > 0)
			got = 1;
		if (got)
			session_check_kernel_stop(s);
		if (got && !pfd[2].revents)
			counters_poll(s, stopwatch_now(), false);
		if (pfd[1].revents) {
			drain_timer(s->end_fd);
			if (s->warming)
				end_warmup(s);
			else
				s->quit = true;
		}
		if (pfd[2].revents) {
			on_tick(s, &sink);
			update = 1;
		}
		if (s->winch) {
			s->winch = false;
			if (ui && ui->resize)
				ui->resize(ui->ctx);
		}
		if (ui && pfd[3].revents && ui->input) {
			/* A key may set a marker: the samples before it first. */
			if (rest && reader_drain_all(s->reader, &sink) > 0)
				got = 1;
			ui->input(ui->ctx);
		}
		batch = update_batch(s, ui, batch, got, pfd[4].revents, &update);
		if (update && ui && ui->update)
			ui->update(ui->ctx);
	}
	if (s->batch_fd >= 0)
		session_arm_timer(s->batch_fd, 0, 0);
	free(pfd);
	s->ui = NULL;
	session_debug_phase(s, "the loop ended");
	return s->exit_status;
}
