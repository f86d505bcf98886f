/*
 * xview: the dashboard's side of the interleaved A/B experiment
 * (session_experiment.c drives the blocks): x on the system panel's
 * selected knob asks for the blocks, block time and settle (the defaults
 * shown), then the grid runs as usual with a progress line under the
 * settings and a marker at every switch; x again, or a key that changes
 * the measurement or a knob, cuts it (the knob goes back).  At its end the
 * report (exp_report.h, the text hwnoisetop experiment prints) comes over
 * the grid; x shows it again.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dash.h"
#include "exp_report.h"
#include "experiment.h"
#include "parse.h"
#include "session_knobs.h"

/* The experiment's own state. */
struct xview_state {
	int knob;		/* its knob */
	bool seen;		/* it ran at the last update: its end opens the report */
	int top;		/* the report's first row on screen */
	char label[200];	/* its prompt */
};

static struct xview_state *state(const struct dashboard *d)
{
	return dash_data(d, &screen_xreport);
}

const char *xview_label(const struct dashboard *d)
{
	return state(d)->label;
}

bool xview_running(const struct dashboard *d)
{
	bool running = false;

	session_experiment(d->s, NULL, &running);
	return running;
}

unsigned xview_key(struct dashboard *d, int code)
{
	struct xview_state *x = state(d);
	const struct sysknob *k;

	(void)code;
	if (xview_running(d)) {
		session_experiment_cut(d->req, "x pressed");
		dash_message(d, false, "experiment cut: the knob goes back; the report follows");
		return DASH_REDRAW_PARTS;
	}
	if (!dash_is_open(d, &screen_panel)) {
		if (session_experiment(d->s, NULL, NULL)) {
			dash_open(d, &screen_xreport);
			state(d)->top = 0;
			return DASH_REDRAW_ALL;
		}
		dash_message(d, true, "x runs an experiment on the system panel's selected knob: "
			     "s opens the panel");
		return DASH_REDRAW_STATUS;
	}
	k = &session_tuning(d->s)->knobs.k[panel_selected(d)];
	if (k->na[0]) {
		dash_message(d, true, "%s: %s", k->name, k->na);
		return DASH_REDRAW_STATUS;
	}
	x->knob = panel_selected(d);
	snprintf(x->label, sizeof(x->label), "%s experiment: blocks, block s, settle s "
		 "(Enter: %d %d %d)%s", k->name, EXP_DEFAULT_BLOCKS, EXP_DEFAULT_BLOCK_S,
		 EXP_DEFAULT_SETTLE_S, x->knob == KNOB_SMT ?
		 "; Enter is the y for SMT off" : "");
	return dash_prompt_open(d, PROMPT_EXPERIMENT);
}

/* "12 20 5", "12,20s,5s": what is typed, over the defaults; -1 after a message. */
static int typed(struct dashboard *d, struct session_exp_conf *c)
{
	char buf[LINEEDIT_SIZE], *save = NULL, *w;
	uint64_t *times[2] = { &c->block_s, &c->settle_s };
	struct why why;
	uint64_t n;
	int i = 0;

	snprintf(buf, sizeof(buf), "%s", d->input.text);
	for (w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save), i++) {
		if (i == 0 && (parse_u64(w, EXP_MIN_BLOCKS, EXP_MAX_BLOCKS, &n, &why) < 0 || n % 2)) {
			dash_message(d, true, "blocks '%s': an even number from %d to %d", w,
				     EXP_MIN_BLOCKS, EXP_MAX_BLOCKS);
			return -1;
		}
		if (i == 0) {
			c->blocks = (unsigned)n;
			continue;
		}
		/* The settle may be 0: parse_duration() takes no 0. */
		if (i > 2 || (i == 1 ? parse_duration(w, false, times[0], &why) :
			      parse_duration0(w, times[1], &why)) < 0 ||
		    *times[i - 1] < (i == 1 ? 1u : 0u) || *times[i - 1] > 3600) {
			dash_message(d, true, "'%s': blocks, then a block's time (1 s to 1 h), then "
				     "the settle (0 to 1 h)", w);
			return -1;
		}
	}
	return 0;
}

void xview_apply(struct dashboard *d)
{
	struct session_exp_conf c = { .id = (enum sysknob_id)state(d)->knob, .blocks = EXP_DEFAULT_BLOCKS,
				      .block_s = EXP_DEFAULT_BLOCK_S,
				      .settle_s = EXP_DEFAULT_SETTLE_S, .quiet = true };

	if (typed(d, &c) < 0)
		return;
	if (session_experiment_start(d->req, &c, NULL) < 0) {
		dash_message(d, true, "%s", session_err(d->s));
		return;
	}
	panel_open(d, false);
	state(d)->seen = true;
	dash_message(d, false, "experiment: %u blocks of %llu s after %llu s settling; x stops it",
		     c.blocks, (unsigned long long)c.block_s, (unsigned long long)c.settle_s);
}

void xview_cut_by_key(struct dashboard *d, const char *names)
{
	char why[96];

	if (!xview_running(d))
		return;
	snprintf(why, sizeof(why), "the key %s changed the measurement", names);
	session_experiment_cut(d->req, why);
}

/* The update: the progress line, the report at its end. */
static void report_update(struct dashboard *d)
{
	const struct exp_run *r;

	if (xview_running(d)) {
		d->redraw |= DASH_REDRAW_TOP;	/* the progress line */
		return;
	}
	if (!state(d)->seen)
		return;
	state(d)->seen = false;
	r = session_experiment(d->s, NULL, NULL);
	if (!r || !r->ran) {
		dash_message(d, true, "experiment: %s", r && r->cut[0] ? r->cut : "it did not begin");
		d->redraw |= DASH_REDRAW_ALL;
		return;
	}
	dash_message(d, false, "experiment %s: %s (x shows the report again)",
		     r->cut[0] ? "cut" : "done", r->cut[0] ? r->cut : "the knob is back");
	dash_open(d, &screen_xreport);
	state(d)->top = 0;
	d->redraw |= DASH_REDRAW_ALL;
}

int xview_progress(struct dashboard *d, int y, int width)
{
	const struct exp_run *r;
	struct exp_phase ph;
	char line[256];

	if (!xview_running(d))
		return 0;
	r = session_experiment(d->s, &ph, NULL);
	if (ph.done)
		snprintf(line, sizeof(line), " experiment %s: starting (x stops it)", r->name);
	else
		snprintf(line, sizeof(line), " experiment %s: block %u of %u, %c (%s), %s, %llu s left "
			 "(x stops it)", r->name, ph.block + 1, r->d.n, ph.side == EXP_A ? 'A' : 'B',
			 session_tuning(d->s)->knobs.k[state(d)->knob].value,
			 ph.settling ? "settling" : "counted",
			 (unsigned long long)(ph.left_ns / 1000000000ULL));
	dash_put(y, 0, width, d->look[LOOK_MARK], line, false);
	return 1;
}

/* The report as the command prints it, lines split in place; NULL: out of memory. */
static char *report_text(const struct dashboard *d)
{
	const struct exp_run *r = session_experiment(d->s, NULL, NULL);
	const struct exp_causes *why = session_experiment_causes(d->s);	/* with --why */
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	if (r)
		exp_report_text(f, r, &why, 1);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

static int count_lines(const char *t)
{
	int n = 0;

	for (; t && *t; t++)
		n += *t == '\n';
	return n;
}

static unsigned report_key(struct dashboard *d, int ch)
{
	char *t = report_text(d);
	int n = count_lines(t);

	free(t);
	if (!dash_scroll_key(ch, &state(d)->top, n))
		dash_close(d, &screen_xreport);
	return DASH_REDRAW_ALL;
}

static void report_draw(struct dashboard *d, int height, int width)
{
	char *t = report_text(d), *line, *nl;
	int rows = height - 1, n = count_lines(t), i = 0, *top = &state(d)->top;

	if (*top > n - rows)
		*top = n - rows > 0 ? n - rows : 0;
	dash_title(d, 0, width, " Experiment report (as hwnoisetop experiment prints it; "
		   "also after q): any key returns, Up/Down/Home/End scroll");
	for (line = t; line && *line; line = nl + 1, i++) {
		nl = strchr(line, '\n');
		if (!nl)
			break;
		*nl = '\0';
		if (i >= *top && i - *top < rows)
			dash_put(1 + i - *top, 0, width, A_NORMAL, line, false);
	}
	free(t);
}

const struct dash_screen screen_xreport = {
	.name = "xreport",
	.data_size = sizeof(struct xview_state),
	.update = report_update,
	.draw_whole = report_draw,
	.key = report_key,
};
