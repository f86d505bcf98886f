/*
 * dashboard: the session callbacks, what makes a redraw, and the
 * terminal's life; frame.c draws.  See dashboard.h and dash.h.
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "dash.h"
#include "dashboard.h"
#include "format.h"
#include "keys.h"
#include "parse.h"
#include "smi.h"

#define ONLINE_EVERY_NS 1000000000ULL
/*
 * New summaries are drawn at most once this long: one period's arrive CPU
 * by CPU, and one redraw serves them all.  At a period of 500 ms or more
 * each period is drawn as it arrives; a faster one is drawn twice a second
 * with every summary that came (at a 100 ms period, redraws four times a
 * second were more than half of the loop's CPU time).
 */
#define DASH_BATCH_MS 500

/* The grid marks offline CPUs; the session tells (and marks) the change itself. */
static void check_online(struct dashboard *d)
{
	struct cpuset now;
	uint64_t t = stopwatch_now();

	if (d->online_ns && t - d->online_ns < ONLINE_EVERY_NS)
		return;
	d->online_ns = t;
	session_online_cpus(d->s, &now);
	if (cpuset_equal(&now, &d->online))
		return;
	d->online = now;
	d->redraw |= DASH_REDRAW_TOP | DASH_REDRAW_BODY;	/* "online": the settings, the rows */
}

static void check_iterations(struct dashboard *d)
{
	char why[64];

	if (!d->conf.iterations || session_quitting(d->s) || !session_periods_done(d->s, d->conf.iterations))
		return;
	snprintf(why, sizeof(why), "%llu %s done", (unsigned long long)d->conf.iterations,
		 dash_hwlat(d) ? "hwlat windows" : "periods");
	session_request_stop(d->req, why);
	d->redraw |= DASH_REDRAW_PARTS;
}

static void on_update(void *ctx)
{
	struct dashboard *d = ctx;

	if (playview_on(d)) {
		playview_end_note(d);
		if (playview_changed(d))
			d->redraw |= DASH_REDRAW_TOP | DASH_REDRAW_BODY;
	} else {
		check_online(d);
	}
	frame_screens_update(d);
	check_iterations(d);
	/* A period, the elapsed second: the title and the body, as they show both. */
	if (dash_samples(d) != d->seen_samples || session_elapsed(d->s) != d->seen_elapsed ||
	    session_quitting(d->s))
		d->redraw |= DASH_REDRAW_TOP | DASH_REDRAW_BODY;
	if (d->redraw)
		frame_draw(d);
}

/* The terminal went away (window closed, ssh dropped): end cleanly. */
static bool tty_gone(void)
{
	struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };

	return poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL));
}

static void on_input(void *ctx)
{
	struct dashboard *d = ctx;
	wint_t wc;
	int got, n = 0;

	d->inputs++;
	/* Characters whole (get_wch): a note's 'ü' is one key, not two bytes. */
	while (!session_quitting(d->s) && (got = get_wch(&wc)) != ERR) {
		int ch = got == KEY_CODE_YES || wc < 0x80 ? (int)wc : DASH_WIDE | (int)(wc & 0x1fffff);

		d->redraw |= keys_dispatch(d, ch);
		n++;
	}
	if (!n && tty_gone()) {
		session_request_stop(d->req, "terminal closed");
		return;
	}
	if (d->redraw && !session_quitting(d->s))
		frame_draw(d);
}

/* SIGWINCH, read from the session's signalfd: the new size, drawn at once. */
static void on_resize(void *ctx)
{
	struct dashboard *d = ctx;
	struct winsize ws;

	d->resizes++;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		resizeterm(ws.ws_row, ws.ws_col);
	d->redraw = DASH_REDRAW_ALL;
	if (!session_quitting(d->s))
		frame_draw(d);
}

static void set_looks(struct dashboard *d)
{
	static const struct {
		short fg, bg;
		attr_t attr;	/* with colour */
		attr_t mono;	/* without */
	} looks[LOOK_COUNT] = {
		[LOOK_NORMAL] = { -1, -1, A_NORMAL, A_NORMAL },
		[LOOK_TITLE] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
		[LOOK_COLHEAD] = { COLOR_BLACK, COLOR_GREEN, A_NORMAL, A_REVERSE },
		[LOOK_SORTED] = { COLOR_BLACK, COLOR_CYAN, A_BOLD, A_BOLD },
		[LOOK_GOOD] = { COLOR_GREEN, -1, A_NORMAL, A_NORMAL },
		[LOOK_WARN] = { COLOR_YELLOW, -1, A_BOLD, A_UNDERLINE },
		[LOOK_BAD] = { COLOR_RED, -1, A_BOLD, A_BOLD },
		[LOOK_DIM] = { -1, -1, A_DIM, A_DIM },
		[LOOK_SELECT] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
		[LOOK_SPARK] = { COLOR_CYAN, -1, A_NORMAL, A_NORMAL },
		[LOOK_PAUSED] = { COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_BOLD },
		[LOOK_ERROR] = { COLOR_RED, -1, A_BOLD, A_BOLD },
		[LOOK_MARK] = { COLOR_MAGENTA, -1, A_BOLD, A_BOLD },
	};
	bool color = d->conf.color && has_colors() && start_color() == OK;

	if (color)
		use_default_colors();
	for (int i = 0; i < LOOK_COUNT; i++) {
		if (!color || (looks[i].fg == -1 && looks[i].bg == -1)) {
			d->look[i] = looks[i].mono;
			continue;
		}
		init_pair((short)i, looks[i].fg, looks[i].bg);
		d->look[i] = COLOR_PAIR(i) | looks[i].attr;
	}
}

static void on_note(void *ctx, const char *text)
{
	dash_message(ctx, true, "%s", text);
}

/* Whether the terminal can move its cursor to any cell and clear the screen. */
static bool dash_can_address(void)
{
	char *cup = tigetstr("cup"), *clear = tigetstr("clear");

	return cup && cup != (char *)-1 && clear && clear != (char *)-1;
}

/* The terminal's modes for the dashboard, once the screen is there. */
static void term_modes(struct dashboard *d)
{
	/*
	 * ncurses 6.4 flushes its output after every cursor move until the
	 * screen has once come back from endwin(): a redraw of the grid was
	 * some twenty write()s.  One endwin() and doupdate() now makes it one.
	 */
	endwin();
	doupdate();
	cbreak();
	noecho();
	term_no_flow_control();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	/*
	 * No look for typed-ahead keys inside doupdate() (two poll()s a
	 * redraw): the loop polls the keyboard itself and reads every key
	 * right after.
	 */
	typeahead(-1);
	set_escdelay(25);
	curs_set(0);
	set_looks(d);
	term_crash_prepare();
}

/* -D: how often the dashboard redrew, and why, after its run. */
static void debug_counts(const struct dashboard *d)
{
	/* Redraws come from the tick, a batch of summaries, a key or a resize only. */
	if (d->conf.play) {
		fprintf(stderr, "hwnoisetop: debug: %llu redraws: %llu inputs, %llu resizes\n",
			(unsigned long long)d->draws, (unsigned long long)d->inputs,
			(unsigned long long)d->resizes);
	} else {
		uint64_t ticks, batches, wakeups;

		session_loop_counts(d->s, &ticks, &batches, &wakeups);
		fprintf(stderr, "hwnoisetop: debug: %llu redraws: %llu ticks, %llu batches of "
			"summaries, %llu inputs, %llu resizes\n", (unsigned long long)d->draws,
			(unsigned long long)ticks, (unsigned long long)batches,
			(unsigned long long)d->inputs, (unsigned long long)d->resizes);
		fprintf(stderr, "hwnoisetop: debug: %llu wake-ups of the loop\n",
			(unsigned long long)wakeups);
	}
	fprintf(stderr, "hwnoisetop: debug: %.3f ms of CPU per redraw\n",
		d->draws ? (double)d->draw_cpu_ns / 1e6 / (double)d->draws : 0.0);
	frame_draw_debug(d);
}

int dashboard_run(struct session *s, const struct dashboard_conf *conf, char *err,
		  size_t errlen)
{
	/* From here on the session is read through d.s and changed through d.req only. */
	struct dashboard d = { .s = s, .req = s, .conf = *conf, .keys = keys_table, .sel_cpu = -1 };
	struct session_ui ui = { .ctx = &d, .input_fd = STDIN_FILENO, .input = on_input,
				 .update = on_update, .tick_ms = 1000, .batch_ms = DASH_BATCH_MS,
				 .resize = on_resize, .note = on_note };
	struct utsname u;
	SCREEN *scr;
	int rc;

	/* Characters only: numbers are parsed and printed with a '.' in every locale. */
	setlocale(LC_CTYPE, "");
	d.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	if (frame_screens_start(&d) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* A recording to compare with (--compare-with): the compare view first. */
	dash_view_set(&d, &screen_compare, conf->ref != NULL);
	term_save_tty();
	scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		frame_screens_end(&d);
		snprintf(err, errlen, "cannot drive the terminal (TERM=%s)",
			 getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	set_term(scr);
	/*
	 * A terminal that cannot place its cursor (TERM=dumb) would show only
	 * the key bar and leave the frames behind: the table instead, as for
	 * a terminal curses does not know.
	 */
	if (!dash_can_address()) {
		endwin();
		delscreen(scr);
		frame_screens_end(&d);
		snprintf(err, errlen, "the terminal cannot move its cursor (TERM=%s)",
			 getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	term_modes(&d);

	if (uname(&u) == 0)
		snprintf(d.kernel, sizeof(d.kernel), "%.20s %.70s", u.sysname, u.release);
	/* In a replay, the recording's CPUs: this machine's are not the ones it measured. */
	session_online_cpus(d.s, &d.online);
	if (conf->play)
		d.play_seq = (uint64_t)-1;
	d.online_ns = stopwatch_now();
	d.sel_cpu = cpuset_next(session_cpus(d.s), 0);
	if (d.sel_cpu < 0)
		d.sel_cpu = 0;
	if (session_conf(d.s)->smi && !smi_ok(session_smi(d.s)))
		dash_message(&d, false, "no SMI column: %s", smi_why(session_smi(d.s)));
	d.redraw = DASH_REDRAW_ALL;
	frame_draw(&d);

	rc = session_run(d.req, &ui);
	/* A stop condition: keep the screen, and the recorded trace for t. */
	if (session_stop_hit(d.s) && !conf->iterations && !conf->play) {
		dash_message(&d, true, "%s: t saves the trace, q quits", session_stop_reason(d.s));
		d.redraw = DASH_REDRAW_ALL;
		frame_draw(&d);
		rc = session_hold(d.req, &ui);
	}

	d.redraw = DASH_REDRAW_ALL;
	frame_draw(&d);
	endwin();
	session_set_fatal_hook(NULL);
	if (conf->debug)
		debug_counts(&d);
	delscreen(scr);
	free(d.order);
	frame_screens_end(&d);
	return rc;
}
