/*
 * dashboard: the frame (title bar, settings line, grid, status line), the
 * session callbacks and the terminal's life.  See dashboard.h and dash.h.
 *
 * Layout, top to bottom:
 *   0  title bar: program, kernel, mode; state and elapsed time on the right
 *   1  the settings in force: period, runtime, threshold, CPUs, lost events
 *      (hwlat view: window, width, mode, threshold, CPUs, lost events)
 *   2  hwlat view only: a note that hwnoise is off meanwhile
 *   2  (3) column titles, then one row per CPU (grid.c)
 *   last  the status line: a message, a prompt, or the main keys
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <stdarg.h>
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
#include "env.h"
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

void dash_message(struct dashboard *d, bool err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	d->msg_err = err;
	d->dirty = true;
}

bool dash_measured(const struct dashboard *d, int cpu)
{
	return cpuset_has(session_cpus(d->s), cpu);
}

bool dash_hwlat(const struct dashboard *d)
{
	return d->s->conf.tracer == SESSION_HWLAT;
}

/* What changes on screen when samples arrive: periods or hwlat samples. */
static uint64_t samples_seen(const struct dashboard *d)
{
	return d->s->stats.samples + d->s->hwl_stats.samples;
}

/* The lost events of the settings line: "3", or "3+?" when a count was unknown. */
static const char *lost_short(const struct lost *l, char *buf, size_t size)
{
	snprintf(buf, size, "%llu%s", (unsigned long long)l->missed, l->unknown ? "+?" : "");
	return buf;
}

static bool lost_any(const struct lost *l)
{
	return l->missed || l->unknown;
}

void dash_put(int y, int x, int w, attr_t a, const char *text, bool right)
{
	chtype cells[512];
	int len = (int)strnlen(text, (size_t)(w > 0 ? w : 0)), pad = right ? w - len : 0, n = 0;
	bool plain = pad + len <= (int)(sizeof(cells) / sizeof(cells[0]));

	for (int i = 0; plain && i < len; i++)
		plain = text[i] >= ' ' && text[i] < 0x7f;
	attrset(a);
	if (!plain) {
		mvprintw(y, x, "%*s", pad, "");
		addnstr(text, len);
		return;
	}
	while (n < pad)
		cells[n++] = ' ' | a;
	for (int i = 0; i < len; i++)
		cells[n++] = (chtype)(unsigned char)text[i] | a;
	mvaddchnstr(y, x, cells, n);
	move(y, x + n < COLS ? x + n : COLS - 1);
}

static void fill(int y, int width, attr_t a)
{
	dash_put(y, 0, width, a, "", true);
}

void dash_title(const struct dashboard *d, int y, int width, const char *text)
{
	fill(y, width, d->look[LOOK_TITLE]);
	mvaddnstr(y, 0, text, width);
}

bool dash_scroll_key(int ch, int *top, int end)
{
	switch (ch) {
	case KEY_UP:
		if (*top > 0)
			(*top)--;
		return true;
	case KEY_DOWN:
		(*top)++;	/* the drawing keeps it in range */
		return true;
	case KEY_HOME:
		*top = 0;
		return true;
	case KEY_END:
		*top = end;
		return true;
	case KEY_RESIZE:
		return true;
	default:
		return false;
	}
}

static const char *state_text(const struct dashboard *d, attr_t *a)
{
	static char buf[200];

	*a = d->look[LOOK_TITLE];
	if (d->s->quit || d->s->state == SESSION_STOPPED) {
		snprintf(buf, sizeof(buf), "STOPPED: %s",
			 d->s->stop_reason[0] ? d->s->stop_reason : "quit");
		*a = d->look[LOOK_PAUSED];
		return buf;
	}
	if (d->s->state == SESSION_PAUSED) {
		*a = d->look[LOOK_PAUSED];
		return "PAUSED";
	}
	return "running";
}

/*
 * The title bar: the state and elapsed time keep their place on the right;
 * the left side drops the kernel, then shortens the mode, to make room.
 */
static void draw_title(struct dashboard *d, int width)
{
	bool hw = session_osnoise_conf(d->s)->irq_disable;
	const char *mode = dash_hwlat(d) ? "hwlat: hardware latency detector" :
			   hw ? "hwnoise: IRQs disabled" : "osnoise: IRQs enabled";
	const char *brief = dash_hwlat(d) ? "hwlat" : hw ? "hwnoise" : "osnoise";
	char left[256], right[64], dur[32];
	const char *state;
	attr_t sa;
	int need;

	if (playview_on(d)) {
		playview_title(d, width, mode);
		return;
	}
	state = state_text(d, &sa);
	snprintf(right, sizeof(right), " %s ", format_duration(session_elapsed(d->s), dur,
							      sizeof(dur)));
	need = (int)strlen(state) + 2 + (int)strlen(right);
	snprintf(left, sizeof(left), " hwnoisetop %s | %s | %s", PACKAGE_VERSION, d->kernel, mode);
	if ((int)strlen(left) + 1 + need > width)
		snprintf(left, sizeof(left), " hwnoisetop | %s", mode);
	if ((int)strlen(left) + 1 + need > width)
		snprintf(left, sizeof(left), " %s", brief);
	dash_title_bar(d, width, left, state, sa, right);
}

void dash_title_bar(const struct dashboard *d, int width, const char *left, const char *state,
		    attr_t sa, const char *right)
{
	int rx = width - ((int)strlen(state) + 2 + (int)strlen(right));

	fill(0, width, d->look[LOOK_TITLE]);
	dash_put(0, 0, width, d->look[LOOK_TITLE], left, false);
	if (rx < (int)strlen(left) + 1)
		rx = (int)strlen(left) + 1;
	if (rx < width) {
		int x = rx + 1, n = (int)strlen(state);

		dash_put(0, rx, 1, sa, " ", false);
		dash_put(0, x, width - x, sa, state, false);
		x += n < width - x ? n : width - x;
		if (x < width)
			dash_put(0, x++, 1, sa, " ", false);
		if (x < width)
			dash_put(0, x, width - x, d->look[LOOK_TITLE], right, false);
	}
}

/* The hwlat view's settings, and the note that hwnoise is off meanwhile. */
static void draw_hwlat_settings(struct dashboard *d, int width)
{
	const struct hwlat_conf *c = session_hwlat_conf(d->s);
	char line[512], cpus[128], online[128], lost[32];

	cpuset_format(&c->cpus, cpus, sizeof(cpus));
	cpuset_format(&d->online, online, sizeof(online));
	snprintf(line, sizeof(line),
		 " window %llu us  width %llu us  mode %s  threshold %llu us  CPUs %s (online %s)  lost %s",
		 (unsigned long long)c->window_us, (unsigned long long)c->width_us,
		 hwlat_mode_name(c->mode), (unsigned long long)c->threshold_us, cpus, online,
		 lost_short(&d->s->hwl_stats.lost, lost, sizeof(lost)));
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " N %llu W %llu us %s T %llu us CPUs %s/%s lost %s",
			 (unsigned long long)c->window_us, (unsigned long long)c->width_us,
			 hwlat_mode_name(c->mode), (unsigned long long)c->threshold_us, cpus, online,
			 lost_short(&d->s->hwl_stats.lost, lost, sizeof(lost)));
	dash_put(1, 0, width, lost_any(&d->s->hwl_stats.lost) ? d->look[LOOK_WARN] : A_NORMAL,
		 line, false);
	if (playview_on(d)) {	/* a recording: no tracer stopped here */
		playview_hwlat_note(d, width);
		return;
	}
	snprintf(line, sizeof(line), " hwnoise is stopped: the kernel can not run the osnoise and "
		 "hwlat tracers at once (w switches back)");
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " hwnoise stopped: the kernel runs osnoise or hwlat, not both");
	dash_put(2, 0, width, d->look[LOOK_WARN], line, false);
}

/* The settings in force; a compact form when the long one does not fit. */
static void draw_settings(struct dashboard *d, int width)
{
	const struct osnoise_conf *c = session_osnoise_conf(d->s);
	char line[512], cpus[128], online[128], lost[32];

	cpuset_format(&c->cpus, cpus, sizeof(cpus));
	cpuset_format(&d->online, online, sizeof(online));
	snprintf(line, sizeof(line),
		 " period %llu us  runtime %llu us  threshold %llu us  CPUs %s (online %s)  lost %s",
		 (unsigned long long)c->period_us, (unsigned long long)c->runtime_us,
		 (unsigned long long)c->threshold_us, cpus, online,
		 lost_short(&d->s->stats.lost, lost, sizeof(lost)));
	if ((int)strlen(line) > width)
		snprintf(line, sizeof(line), " P %llu R %llu T %llu us  CPUs %s/%s  lost %s",
			 (unsigned long long)c->period_us, (unsigned long long)c->runtime_us,
			 (unsigned long long)c->threshold_us, cpus, online,
			 lost_short(&d->s->stats.lost, lost, sizeof(lost)));
	dash_put(1, 0, width, lost_any(&d->s->stats.lost) ? d->look[LOOK_WARN] : A_NORMAL, line,
		 false);
}

/* Another osnoise user beside this run (neighbours.h): one line, 1; else 0. */
static int draw_neighbour(struct dashboard *d, int y, int width)
{
	char line[256];

	if (!d->s->neighbour[0])
		return 0;
	snprintf(line, sizeof(line), " another osnoise user runs beside this one: %s; it shares "
		 "the osnoise settings (M lists the markers)", d->s->neighbour);
	dash_put(y, 0, width, d->look[LOOK_WARN], line, false);
	return 1;
}

static void draw_status(struct dashboard *d, int y, int width)
{
	const char *hints = dash_hwlat(d) ?
		" F1 help  s system  w hwnoise  Space CPU on/off  c CPUs  +/- threshold  N window  W width  m mode  q quit" :
		" F1 help  s system  w hwlat  Space CPU on/off  c CPUs  +/- threshold  t capture  i mode  z pause  q quit";

	if (playview_on(d))
		hints = playview_hints();
	if (d->prompt != PROMPT_NONE) {
		attrset(A_BOLD);
		mvprintw(y, 0, " %s: ", keys_prompt_label(d->prompt));
		attrset(A_NORMAL);
		addnstr(d->input, width - getcurx(stdscr) - 1 > 0 ? width - getcurx(stdscr) - 1 : 0);
		return;
	}
	if (d->msg[0]) {
		attr_t a = d->msg_err ? d->look[LOOK_ERROR] : A_BOLD;

		dash_put(y, 0, 1, a, " ", false);
		dash_put(y, 1, width - 1, a, d->msg, false);
		return;
	}
	dash_put(y, 0, width, d->look[LOOK_DIM], hints, false);
}

static void draw_too_small(int lines, int cols)
{
	char a[64], b[64];

	snprintf(a, sizeof(a), "terminal too small: %dx%d", cols, lines);
	snprintf(b, sizeof(b), "needs %dx%d", DASH_MIN_COLS, DASH_MIN_LINES);
	attrset(A_BOLD);
	mvaddnstr(lines / 2 > 0 ? lines / 2 - 1 : 0, 0, a, cols);
	attrset(A_NORMAL);
	if (lines > 1)
		mvaddnstr(lines / 2, 0, b, cols);
}

/* CPU time of this thread, for -D's cost of a redraw. */
static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

void dash_draw(struct dashboard *d)
{
	uint64_t t0 = d->conf.debug ? cpu_ns() : 0;
	int lines, cols;

	getmaxyx(stdscr, lines, cols);
	erase();
	if (cols < DASH_MIN_COLS || lines < DASH_MIN_LINES) {
		draw_too_small(lines, cols);
		curs_set(0);
	} else if (d->help) {
		help_draw(d, lines, cols);
		curs_set(0);
	} else if (d->marks_list) {
		marks_list_draw(d, lines, cols);
	} else if (d->panel) {
		draw_title(d, cols);
		panel_draw(d, 1, lines - 2, cols);
		draw_status(d, lines - 1, cols);
		curs_set(0);
	} else if (dash_hwlat(d)) {
		draw_title(d, cols);
		draw_hwlat_settings(d, cols);
		grid_draw(d, 3, lines - 4, cols);
		draw_status(d, lines - 1, cols);
		curs_set(d->prompt != PROMPT_NONE);
	} else {
		int top = 2 + draw_neighbour(d, 2, cols);

		draw_title(d, cols);
		draw_settings(d, cols);
		if (d->compare && (segments_count(&d->s->seg) > 1 || d->conf.ref))
			compare_draw(d, top, lines - top - 1, cols);
		else
			grid_draw(d, top, lines - top - 1, cols);
		draw_status(d, lines - 1, cols);
		curs_set(d->prompt != PROMPT_NONE);
	}
	attrset(A_NORMAL);
	wnoutrefresh(stdscr);
	doupdate();
	d->draws++;
	d->dirty = false;
	d->seen_samples = samples_seen(d);
	d->seen_elapsed = session_elapsed(d->s);
	if (t0)
		d->draw_cpu_ns += cpu_ns() - t0;
}

/* The grid marks offline CPUs; the session tells (and marks) the change itself. */
static void check_online(struct dashboard *d)
{
	struct cpuset now;
	uint64_t t = meter_now();

	if (d->online_ns && t - d->online_ns < ONLINE_EVERY_NS)
		return;
	d->online_ns = t;
	env_online_cpus(&now);
	if (cpuset_equal(&now, &d->online))
		return;
	d->online = now;
	d->dirty = true;
}

static void check_iterations(struct dashboard *d)
{
	char why[64];

	if (!d->conf.iterations || d->s->quit || !session_periods_done(d->s, d->conf.iterations))
		return;
	snprintf(why, sizeof(why), "%llu %s done", (unsigned long long)d->conf.iterations,
		 dash_hwlat(d) ? "hwlat windows" : "periods");
	session_request_stop(d->req, why);
	d->dirty = true;
}

static void on_update(void *ctx)
{
	struct dashboard *d = ctx;

	if (playview_on(d)) {
		playview_end_note(d);
		if (playview_changed(d))
			d->dirty = true;
	} else {
		check_online(d);
	}
	panel_news(d);
	check_iterations(d);
	if (samples_seen(d) != d->seen_samples || session_elapsed(d->s) != d->seen_elapsed ||
	    d->s->quit)
		d->dirty = true;
	if (d->dirty)
		dash_draw(d);
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
	int ch, n = 0;

	d->inputs++;
	while (!d->s->quit && (ch = getch()) != ERR) {
		keys_dispatch(d, ch);
		d->dirty = true;
		n++;
	}
	if (!n && tty_gone()) {
		session_request_stop(d->req, "terminal closed");
		return;
	}
	if (d->dirty && !d->s->quit)
		dash_draw(d);
}

/* SIGWINCH, read from the session's signalfd: the new size, drawn at once. */
static void on_resize(void *ctx)
{
	struct dashboard *d = ctx;
	struct winsize ws;

	d->resizes++;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		resizeterm(ws.ws_row, ws.ws_col);
	d->dirty = true;
	if (!d->s->quit)
		dash_draw(d);
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

int dashboard_run(struct session *s, const struct dashboard_conf *conf, char *err,
		  size_t errlen)
{
	/* From here on the session is read through d.s and changed through d.req only. */
	struct dashboard d = { .s = s, .req = s, .conf = *conf, .sel_cpu = -1,
			       .compare = conf->ref != NULL };
	struct session_ui ui = { .ctx = &d, .input_fd = STDIN_FILENO, .input = on_input,
				 .update = on_update, .tick_ms = 1000, .batch_ms = DASH_BATCH_MS,
				 .resize = on_resize, .note = on_note };
	struct utsname u;
	SCREEN *scr;
	int rc;

	/* Characters only: numbers are parsed and printed with a '.' in every locale. */
	setlocale(LC_CTYPE, "");
	d.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	term_save_tty();
	scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		snprintf(err, errlen, "cannot drive the terminal (TERM=%s)",
			 getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	set_term(scr);
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
	set_looks(&d);
	term_crash_prepare();

	if (uname(&u) == 0)
		snprintf(d.kernel, sizeof(d.kernel), "%.20s %.70s", u.sysname, u.release);
	if (conf->play) {
		/* The recording's CPUs: this machine's are not the ones it measured. */
		for (int cpu = 0; cpu < d.s->ncpus; cpu++)
			cpuset_add(&d.online, cpu);
		d.play_seq = (uint64_t)-1;
	} else {
		env_online_cpus(&d.online);
	}
	d.online_ns = meter_now();
	d.sel_cpu = cpuset_next(session_cpus(d.s), 0);
	if (d.sel_cpu < 0)
		d.sel_cpu = 0;
	if (d.s->conf.smi && !smi_ok(d.s->smi))
		dash_message(&d, false, "no SMI column: %s", smi_why(d.s->smi));
	dash_draw(&d);

	rc = session_run(d.req, &ui);
	/* A stop condition: keep the screen, and the recorded trace for t. */
	if (d.s->stop_hit && !conf->iterations && !conf->play) {
		dash_message(&d, true, "%s: t saves the trace, q quits", d.s->stop_reason);
		dash_draw(&d);
		rc = session_hold(d.req, &ui);
	}

	dash_draw(&d);
	endwin();
	session_set_fatal_hook(NULL);
	/* Redraws come from the tick, a batch of summaries, a key or a resize only. */
	if (conf->debug && conf->play) {
		fprintf(stderr, "hwnoisetop: debug: %llu redraws: %llu inputs, %llu resizes\n",
			(unsigned long long)d.draws, (unsigned long long)d.inputs,
			(unsigned long long)d.resizes);
	} else if (conf->debug) {
		fprintf(stderr, "hwnoisetop: debug: %llu redraws: %llu ticks, %llu batches of "
			"summaries, %llu inputs, %llu resizes\n", (unsigned long long)d.draws,
			(unsigned long long)d.s->ticks, (unsigned long long)d.s->batches,
			(unsigned long long)d.inputs, (unsigned long long)d.resizes);
		fprintf(stderr, "hwnoisetop: debug: %llu wake-ups of the loop\n",
			(unsigned long long)d.s->wakeups);
	}
	if (conf->debug)
		fprintf(stderr, "hwnoisetop: debug: %.3f ms of CPU per redraw\n",
			d.draws ? (double)d.draw_cpu_ns / 1e6 / (double)d.draws : 0.0);
	delscreen(scr);
	free(d.order);
	return rc;
}
