/*
 * exp_replay: "hwnoisetop experiment --replay FILE": a recorded experiment
 * (--record) read back through the session's sink, its periods put into
 * blocks by the markers the live run set (experiment_cmd.c: the design
 * first, then each block's settling and counted phase, then done or cut),
 * so that the report is the one the run printed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "experiment_int.h"
#include "rec_reader.h"

struct xreplay {
	struct xrun x;
	struct exp_run run;
	char knob[32], name[64];
	bool header;
};

/* "experiment smt (SMT): blocks=12; block=20s; settle=5s; seed=none; A=on" */
static int header(struct xreplay *p, const char *text, int ncpus)
{
	unsigned n;
	unsigned long long block, settle;
	char seed[24];
	struct exp_run *r = &p->run;

	if (sscanf(text, "experiment %31s (%63[^)]): blocks=%u; block=%llus; settle=%llus; "
		   "seed=%23[^;]; A=%63[^\n]", p->knob, p->name, &n, &block, &settle, seed,
		   r->a) != 7)
		return -1;
	if (exp_design_init(&r->d, n, block * 1000000000ULL, settle * 1000000000ULL,
			    strcmp(seed, "none") != 0, strtoull(seed, NULL, 10)) < 0)
		return -1;
	r->knob = p->knob;
	r->name = p->name;
	r->ncpus = ncpus > 0 ? ncpus : 1;
	r->cpu = calloc((size_t)r->ncpus, sizeof(*r->cpu));
	if (!r->cpu)
		return -1;
	for (int c = 0; c < r->ncpus; c++)
		exp_cpu_init(&r->cpu[c]);
	p->header = true;
	return 0;
}

/* "experiment: block 3 counted 4.2 s of 2.0 s": a block not counted as designed. */
static int counted(struct exp_run *r, const char *text)
{
	unsigned b;
	double t, of;

	if (sscanf(text, "experiment: block %u counted %lf s of %lf s", &b, &t, &of) != 3)
		return 0;
	if (b < 1 || b > r->d.n || t < 0 || t > 1e7)
		return -1;
	r->counted_ns[b - 1] = exp_tenths_ns((uint64_t)(t * 1e9 + 0.5));
	/* Cut in it from half of it on: counted, shortened; or a late tick's longer block. */
	if (2 * r->counted_ns[b - 1] >= r->d.block_ns && b > r->done)
		r->done = b;
	return 1;
}

/* "experiment: cut: conditions changed in block 6: clocksource tsc -> hpet (outside)" */
static void cut(struct exp_run *r, const char *why)
{
	unsigned b;
	int at = 0;

	snprintf(r->cut, sizeof(r->cut), "%s", why);
	if (sscanf(why, "conditions changed in block %u: %n", &b, &at) == 1 && at && b >= 1 &&
	    b <= r->d.n) {
		r->change_block = b;
		snprintf(r->change, sizeof(r->change), "%s", why + at);
		/* The block it changed in is not counted, however much of it ran. */
		if (r->done == b)
			r->done = b - 1;
	}
}

/* One marker of the recording. */
static int marker(struct xreplay *p, const struct marker *m, int ncpus)
{
	struct exp_run *r = &p->run;
	unsigned b, n;
	char side, value[64];
	int rc;

	if (strcmp(m->origin, "experiment") != 0)
		return 0;
	if (!p->header)
		return strncmp(m->text, "experiment ", 11) == 0 ? header(p, m->text, ncpus) : 0;
	if ((rc = counted(r, m->text)) != 0)
		return rc < 0 ? -1 : 0;
	if (sscanf(m->text, "experiment: block %u of %u, %c (%63[^)])", &b, &n, &side, value) == 4) {
		if (b < 1 || b > r->d.n || (side != 'A' && side != 'B'))
			return -1;
		p->x.ph = (struct exp_phase){ .block = b - 1, .side = side == 'A' ? EXP_A : EXP_B,
					      .settling = strstr(m->text, ", settling") != NULL };
		session_experiment_phase_cpus(&p->x, m->text);
		r->done = b - 1;
		r->ran = true;
		if (side == 'B' && !r->b[0])
			snprintf(r->b, sizeof(r->b), "%s", value);
	} else if (strcmp(m->text, "experiment: done") == 0) {
		r->done = r->d.n;
		session_experiment_over(&p->x);
	} else if (strncmp(m->text, "experiment: cut: ", 17) == 0) {
		cut(r, m->text + 17);
		session_experiment_over(&p->x);
	} else if (strncmp(m->text, "experiment", 10) != 0) {
		r->switches++;		/* the knob's own marker: "SMT on -> off" */
	}
	return 0;
}

int exp_replay(const char *path, bool json, FILE *out)
{
	struct xreplay *p = calloc(1, sizeof(*p));
	struct replay *rp = calloc(1, sizeof(*rp));
	struct session_hook hook = { .osnoise = session_experiment_hook_osnoise, .smi = session_experiment_hook_smi,
				     .evidence = session_experiment_hook_evidence };
	const struct exp_causes *why;
	unsigned seen = 0;
	FILE *f = NULL;
	int rc = -1;

	if (!p || !rp || !(f = fopen(path, "re"))) {
		fprintf(stderr, "hwnoisetop: experiment: --replay: cannot open %s: %s\n", path,
			strerror(p && rp ? errno : ENOMEM));
		goto out;
	}
	p->x.r = &p->run;
	p->x.ph.done = true;
	hook.ctx = &p->x;
	if (rec_reader_open(rp, f) == 0 && session_add_hook(rp->s, &hook) == 0) {
		while ((rc = rec_reader_next(rp)) > 0 && (rc = rec_reader_take(rp)) == 0) {
			for (; seen < session_segments(rp->s)->marks.n && rc == 0; seen++)
				rc = marker(p, &session_segments(rp->s)->marks.m[seen],
					    session_ncpus(rp->s));
			if (rc < 0)
				snprintf(rp->err, sizeof(rp->err), "line %lu: an experiment's marker "
					 "that does not parse", rp->lines);
		}
	}
	if (rc < 0 || !p->header) {
		fprintf(stderr, "hwnoisetop: experiment: --replay: %s %s\n", path,
			rc < 0 ? rp->err : "is not the recording of an experiment");
		rc = HWN_EXIT_USAGE;
		goto out;
	}
	if (!p->x.over && !p->run.cut[0])
		snprintf(p->run.cut, sizeof(p->run.cut), "the recording ends");
	session_experiment_over(&p->x);
	why = p->x.why;
	if (json)
		exp_report_json(out, &p->run, &why, 1);
	else
		exp_report_text(out, &p->run, &why, 1);
	rc = p->run.cut[0] ? HWN_EXP_CUT : HWN_EXP_DONE;
out:
	if (f)
		fclose(f);
	if (rp) {
		rec_reader_free(rp);
		free(rp);
	}
	if (p) {
		free(p->run.cpu);
		exp_causes_free(p->x.why);
	}
	free(p);
	return rc;
}
