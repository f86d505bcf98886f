/*
 * compare_cmd: "hwnoisetop compare A.jsonl B.jsonl" and "compare A.jsonl
 * --live": its options, the recordings read (every period of each CPU, for
 * the verdicts), their settings and machines set side by side, then the
 * table or the JSON of compare_table.c.  See compare_cmd.h.
 */
#include "compare_cmd.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_cells.h"
#include "cli.h"
#include "cli_int.h"
#include "outopts.h"
#include "compare_table.h"
#include "env.h"
#include "machine_id.h"
#include "rec_reader.h"
#include "segments.h"
#include "verdict.h"
#include "why_report.h"

static void usage(FILE *out)
{
	fprintf(out, "Usage: hwnoisetop compare A.jsonl B.jsonl [--json] [--margin PCT]\n"
		"       hwnoisetop compare A.jsonl --live [OPTIONS]  (the dashboard's compare view:\n"
		"       A against a live run with hwnoisetop's OPTIONS)\n"
		"Two recordings of hwnoisetop --record side by side, per CPU: noise per second of\n"
		"runtime and its change, %% CPU available, HW and NMI per second of runtime, SMIs\n"
		"per second when both runs counted them, max single (p99 and largest), and the\n"
		"CPUs together (all).  Each B figure is marked with its verdict: '+' better,\n"
		"'!' worse, '=' no change (its 95%% interval within +-PCT%%, default 10), '?'\n"
		"undecided; --json gives them as one object.  Needs neither root nor a tracer.\n"
		"--live takes --margin PCT among the live run's OPTIONS, for its compare view.\n"
		"Both runs must be of one mode (hwnoise or osnoise); --live measures in hwnoise\n"
		"mode.  Recordings of hwnoisetop hwlat have no osnoise periods: refused (their\n"
		"figures: hwnoisetop --replay FILE -q).\n");
}

/*
 * Read the recording at path into r; series: keep only the whole run's
 * distributions (the segments', segments.h), which the verdicts use.
 */
static int load_series(struct replay *r, const char *path, bool series)
{
	FILE *f = fopen(path, "re");
	char note[PATH_MAX + 128];
	int rc;

	if (!f) {
		fprintf(stderr, "hwnoisetop: compare: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	rc = rec_reader_open(r, f);
	if (rc == 0 && series)
		rec_reader_keep_run_only(r);
	while (rc == 0 && (rc = rec_reader_next(r)) > 0)
		rc = rec_reader_take(r);
	rec_reader_close(r);
	fclose(f);
	if (rc < 0)
		fprintf(stderr, "hwnoisetop: compare: %s %s\n", path, r->err[0] ? r->err : "out of memory");
	else if (*rec_reader_end_note(r, path, "compared", note, sizeof(note)))
		fprintf(stderr, "hwnoisetop: compare: %s\n", note);
	return rc;
}

static int load(struct replay *r, const char *path)
{
	return load_series(r, path, false);
}

/*
 * What a recording's figures count: its mode at the end (a switch with i
 * restarts the statistics), or hwlat.
 */
static const char *mode_of(const struct replay *r)
{
	return r->hwlat_mode ? "hwlat" : session_osnoise_conf(r->s)->irq_disable ? "hwnoise" :
	       "osnoise";
}

static const char *mode_long(const char *mode)
{
	return strcmp(mode, "hwlat") == 0 ? "hwlat (no osnoise periods)" :
	       strcmp(mode, "hwnoise") == 0 ? "hwnoise mode (IRQs disabled)" :
	       "osnoise mode (IRQs enabled: IRQ, softirq and thread noise counted)";
}

int compare_cmd_live_mode(const struct replay *ref, const char *path, bool irq_disable)
{
	const char *live = irq_disable ? "hwnoise" : "osnoise";

	if (strcmp(mode_of(ref), live) == 0)
		return 0;
	fprintf(stderr, "hwnoisetop: compare --live: %s was recorded in %s, the live run measures "
		"in %s: they count different noise; hwnoisetop has no option to start in osnoise "
		"mode, so compare a %s recording (or two recordings: hwnoisetop compare A B)\n",
		path, mode_long(mode_of(ref)), mode_long(live), live);
	return -1;
}

/*
 * "A: night.jsonl  hwnoise  CPUs 0-3  period 1000000 us ...  00:10:00 measured":
 * the settings at the end of the run.
 */
static void describe(const char *name, const char *path, const struct replay *r)
{
	struct cmp_conf c = { session_osnoise_conf(r->s), r->end.smi };
	char conf[400], clock[32];

	uint64_t periods = 0;

	for (int i = 0; i < session_stats(r->s)->ncpus; i++)
		if (session_stats(r->s)->cpu[i].periods > periods)
			periods = session_stats(r->s)->cpu[i].periods;
	printf("%s: %s  %s  %s measured, %llu periods\n", name, path,
	       r->hwlat_mode ? mode_long("hwlat") : compare_cells_conf(&c, conf, sizeof(conf)),
	       markers_clock(r->end.elapsed_s * 1000, clock, sizeof(clock)),
	       (unsigned long long)periods);
}

/* A recording of hwnoisetop hwlat: no osnoise periods, nothing compare compares. */
static bool hwlat_refused(const char *what, const struct replay *r, const char *path)
{
	if (!r->hwlat_mode)
		return false;
	fprintf(stderr, "hwnoisetop: %s: %s is a hwnoisetop hwlat recording: it has no osnoise "
		"periods to compare (its figures: hwnoisetop --replay %s -q)\n", what, path, path);
	return true;
}

/* One line for each setting of a and b that differs, then each fact of their machines. */
static void differences(const struct replay *a, const struct replay *b)
{
	struct cmp_conf ca = { session_osnoise_conf(a->s), a->end.smi };
	struct cmp_conf cb = { session_osnoise_conf(b->s), b->end.smi };
	char line[CMP_DIFFS_MAX][CMP_DIFF_LEN], mline[8][MACHINE_ID_DIFF_LEN];
	int n = compare_cells_diffs(&ca, &cb, line);
	unsigned m = machine_id_diffs(&a->mid, &b->mid, mline);

	for (int i = 0; i < n; i++)
		printf("%s\n", line[i]);
	for (unsigned i = 0; i < m; i++)
		printf("machine: %s\n", mline[i]);
}

int compare_cmd_live(int argc, char **argv, struct replay **ref, const char **path)
{
	int live = argc > 1 && strcmp(argv[1], "--live") == 0 ? 1 :
		   argc > 2 && strcmp(argv[2], "--live") == 0 ? 2 : 0;

	*ref = NULL;
	if (!live)
		return 0;
	*path = argv[3 - live];
	if (argc < 3 || (*path)[0] == '-') {
		fprintf(stderr, "hwnoisetop: compare --live takes one recording, then the live run's "
			"options: hwnoisetop compare A.jsonl --live [OPTIONS]\n");
		return -1;
	}
	if (!(*ref = calloc(1, sizeof(**ref)))) {
		fprintf(stderr, "hwnoisetop: compare: out of memory\n");
		return -1;
	}
	if (load(*ref, *path) < 0 || hwlat_refused("compare --live", *ref, *path)) {
		rec_reader_free(*ref);
		free(*ref);
		*ref = NULL;
		return -1;
	}
	return 3;
}

/* compare's options, the main command's entries of the same names. */
const struct opt_def *compare_cmd_options(void)
{
	static const int ids[] = { O_MARGIN, OUT_JSON, O_HELP };
	static struct opt_def table[sizeof(ids) / sizeof(ids[0]) + 1];

	if (table[0].id)
		return table;
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		table[i] = *opt_find(cli_options_of(OPT_MAIN), ids[i]);
	return table;
}

/* One option of compare's: -1 to go on, 0 after --help, else the exit status. */
static int take(const struct opt_def *d, const char *arg, bool *json, double *margin)
{
	switch (d->id) {
	case OUT_JSON:
		*json = true;
		return -1;
	case O_MARGIN:
		return cli_margin(arg, margin) ? HWN_EXIT_USAGE : -1;
	}
	usage(stdout);
	return HWN_EXIT_OK;
}

/*
 * compare's words: two recordings, and its options (compare_cmd_options())
 * before, between or after them.  -1 to go on; 0 after --help; else the
 * exit status after a one-line error.
 */
static int args(int argc, char **argv, const char *path[2], bool *json, double *margin)
{
	struct opt_parser *p = opt_parser_new(compare_cmd_options(), "hwnoisetop compare");
	const struct opt_def *d;
	const char *arg;
	int c, first = argc, n = 0, rc = -1;

	if (!p)
		return HWN_EXIT_ENV;
	while (rc < 0 && n < 3 &&
	       ((c = opt_next(p, argc, argv, &d, &arg, &first)) != -1 || first < argc)) {
		if (c == '?') {
			rc = HWN_EXIT_USAGE;
		} else if (c != -1) {
			rc = take(d, arg, json, margin);
		} else {	/* a recording: the options go on after it */
			if (n < 2)
				path[n] = argv[first];
			n++;
			opt_resume(p, first + 1);
		}
	}
	opt_parser_free(p);
	if (rc < 0 && n != 2) {
		fprintf(stderr, "hwnoisetop: compare takes two recordings: hwnoisetop compare "
			"A.jsonl B.jsonl [--json] [--margin PCT] (or A.jsonl --live [OPTIONS])\n");
		rc = HWN_EXIT_USAGE;
	}
	return rc;
}

/* The settings that change what a figure means: the same on both sides? */
static bool comparable(const struct replay *a, const struct replay *b)
{
	struct cmp_conf ca = { session_osnoise_conf(a->s), a->end.smi };
	struct cmp_conf cb = { session_osnoise_conf(b->s), b->end.smi };

	return compare_cells_comparable(&ca, &cb);
}

int compare_cmd_main(int argc, char **argv)
{
	struct replay *r;
	const char *path[2] = { NULL, NULL };
	bool json = false;
	double margin = CMPTABLE_MARGIN;
	int rc = HWN_EXIT_USAGE;

	if ((rc = args(argc, argv, path, &json, &margin)) >= 0)
		return rc;
	rc = HWN_EXIT_USAGE;
	if (!(r = calloc(2, sizeof(*r)))) {
		fprintf(stderr, "hwnoisetop: compare: out of memory\n");
		return HWN_EXIT_ENV;
	}
	if (load_series(&r[0], path[0], true) < 0 || load_series(&r[1], path[1], true) < 0 ||
	    hwlat_refused("compare", &r[0], path[0]) || hwlat_refused("compare", &r[1], path[1])) {
		;	/* said */
	} else if (strcmp(mode_of(&r[0]), mode_of(&r[1])) != 0) {
		fprintf(stderr, "hwnoisetop: compare: %s was recorded in %s, %s in %s: they count "
			"different noise; compare two recordings of the same mode\n", path[0],
			mode_long(mode_of(&r[0])), path[1], mode_long(mode_of(&r[1])));
	} else {
		const struct segments *sa = session_segments(r[0].s), *sb = session_segments(r[1].s);
		struct cmptable_run ra = { sa->run, sa->cur.ncpus }, rb = { sb->run, sb->cur.ncpus };
		struct cmptable_opts o = { margin, comparable(&r[0], &r[1]),
					   r[0].end.smi && r[1].end.smi, session_causes(r[0].s),
					   session_causes(r[1].s), true };

		if (json) {
			compare_table_json(stdout, &ra, &rb, &o);
		} else {
			describe("A", path[0], &r[0]);
			describe("B", path[1], &r[1]);
			differences(&r[0], &r[1]);
			putchar('\n');
			compare_table_print(stdout, &ra, &rb, &o);
			why_report_moved_text(stdout, o.causes_a, o.causes_b,
					      ra.nseries > rb.nseries ? ra.nseries : rb.nseries,
					      "A", "B");
		}
		rc = HWN_EXIT_OK;
	}
	rec_reader_free(&r[0]);
	rec_reader_free(&r[1]);
	free(r);
	return rc;
}
