/*
 * cmptable: see cmptable.h.
 */
#include "compare_table.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compare_cells.h"
#include "env.h"
#include "format.h"
#include "rec_reader.h"
#include "segments.h"

/* The figures' groups: a title over their cells. */
static const struct {
	const char *title;
	int first, n;
} groups[] = {
	{ "noise us per s runtime", CMP_NOISE_B, 3 },
	{ "% CPU available", CMP_AVAIL_B, 2 },
	{ "HW per s", CMP_HW_B, 2 },
	{ "NMI per s", CMP_NMI_B, 2 },
	{ "SMI per s", CMP_SMI_B, 2 },
};

static const char *const labels[CMP_NCELLS] = { "A", "B", "change", "A", "B", "A", "B", "A", "B",
						"A", "B" };

/* The row of a CPU of a against b: false when neither has periods. */
static bool row_of(const struct stats *a, const struct stats *b, int cpu, struct cmp_row *row)
{
	struct seg_row ra, rb;

	return cmpcells_row(cpu < a->ncpus ? segments_row(&a->cpu[cpu], &ra) : NULL,
			    cpu < b->ncpus ? segments_row(&b->cpu[cpu], &rb) : NULL, row);
}

void cmptable_print(FILE *out, const struct stats *a, const struct stats *b, bool smi)
{
	int n = a->ncpus > b->ncpus ? a->ncpus : b->ncpus, rows = 0, ncells = smi ? CMP_NCELLS :
									    CMP_SMI_B;
	int ngroups = smi ? 5 : 4, w[CMP_NCELLS], wcpu = 3;
	struct cmp_row row;
	char num[16];

	/* Each column as wide as its widest cell, one space between columns. */
	for (int i = 0; i < ncells; i++)
		w[i] = i % 2 || i == CMP_PCT ? 7 : 6;	/* at least as wide as "0.00167" */
	for (int cpu = 0; cpu < n; cpu++) {
		if (!row_of(a, b, cpu, &row))
			continue;
		for (int i = 0; i < ncells; i++)
			if ((int)strlen(row.cell[i]) > w[i])
				w[i] = (int)strlen(row.cell[i]);
		if (snprintf(num, sizeof(num), "%d", cpu) > wcpu)
			wcpu = (int)strlen(num);
		rows++;
	}
	for (int g = 0; g < ngroups; g++) {
		int span = groups[g].n - 1, len = (int)strlen(groups[g].title);

		for (int i = 0; i < groups[g].n; i++)
			span += w[groups[g].first + i];
		if (len > span)
			w[groups[g].first] += len - span;
	}
	fprintf(out, "%*s", wcpu, "");
	for (int g = 0; g < ngroups; g++) {
		int span = groups[g].n - 1;

		for (int i = 0; i < groups[g].n; i++)
			span += w[groups[g].first + i];
		fprintf(out, " %*s", span, groups[g].title);
	}
	fprintf(out, "\n%*s", wcpu, "CPU");
	for (int i = 0; i < ncells; i++)
		fprintf(out, " %*s", w[i], labels[i]);
	fputc('\n', out);
	for (int cpu = 0; cpu < n; cpu++) {
		if (!row_of(a, b, cpu, &row))
			continue;
		fprintf(out, "%*d", wcpu, cpu);
		for (int i = 0; i < ncells; i++)
			fprintf(out, " %*s", w[i], row.cell[i]);
		fputc('\n', out);
	}
	if (!rows)
		fprintf(out, "no osnoise periods in either recording\n");
	else
		fprintf(out, "per second of runtime, three significant digits; B against A: '+' better, "
			"'!' worse (figures that print the same are not marked)\n");
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: hwnoisetop compare A.jsonl B.jsonl\n"
		"       hwnoisetop compare A.jsonl --live [OPTIONS]  (the dashboard's compare view:\n"
		"       A against a live run with hwnoisetop's OPTIONS)\n"
		"Two recordings of hwnoisetop --record side by side, per CPU: noise per second of\n"
		"runtime and its change, %% CPU available, HW and NMI per second of runtime, SMIs\n"
		"per second when both runs counted them.  Needs neither root nor a tracer.\n"
		"Both runs must be of one mode (hwnoise or osnoise); --live measures in hwnoise\n"
		"mode.  Recordings of hwnoisetop hwlat have no osnoise periods: refused (their\n"
		"figures: hwnoisetop --replay FILE -q).\n");
}

static int load(struct replay *r, const char *path)
{
	FILE *f = fopen(path, "re");
	char note[PATH_MAX + 128];
	int rc;

	if (!f) {
		fprintf(stderr, "hwnoisetop: compare: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	rc = replay_read(r, f);
	fclose(f);
	if (rc < 0)
		fprintf(stderr, "hwnoisetop: compare: %s %s\n", path, r->err);
	else if (*replay_end_note(r, path, "compared", note, sizeof(note)))
		fprintf(stderr, "hwnoisetop: compare: %s\n", note);
	return rc;
}

/*
 * What a recording's figures count: its mode at the end (a switch with i
 * restarts the statistics), or hwlat.
 */
static const char *mode_of(const struct replay *r)
{
	return r->hwlat_mode ? "hwlat" : session_osnoise_conf(&r->s)->irq_disable ? "hwnoise" :
	       "osnoise";
}

static const char *mode_long(const char *mode)
{
	return strcmp(mode, "hwlat") == 0 ? "hwlat (no osnoise periods)" :
	       strcmp(mode, "hwnoise") == 0 ? "hwnoise mode (IRQs disabled)" :
	       "osnoise mode (IRQs enabled: IRQ, softirq and thread noise counted)";
}

int cmptable_live_mode(const struct replay *ref, const char *path, bool irq_disable)
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
	struct cmp_conf c = { session_osnoise_conf(&r->s), r->end.smi };
	char conf[400], clock[32];

	printf("%s: %s  %s  %s measured\n", name, path,
	       r->hwlat_mode ? mode_long("hwlat") : cmpcells_conf(&c, conf, sizeof(conf)),
	       markers_clock(r->end.elapsed_s * 1000, clock, sizeof(clock)));
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

/* One line for each setting of a and b that differs. */
static void differences(const struct replay *a, const struct replay *b)
{
	struct cmp_conf ca = { session_osnoise_conf(&a->s), a->end.smi };
	struct cmp_conf cb = { session_osnoise_conf(&b->s), b->end.smi };
	char line[CMP_DIFFS_MAX][CMP_DIFF_LEN];
	int n = cmpcells_diffs(&ca, &cb, line);

	for (int i = 0; i < n; i++)
		printf("%s\n", line[i]);
}

int cmptable_live(int argc, char **argv, struct replay **ref, const char **path)
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
		replay_free(*ref);
		free(*ref);
		*ref = NULL;
		return -1;
	}
	return 3;
}

int cmptable_main(int argc, char **argv)
{
	struct replay *r = calloc(2, sizeof(*r));
	int rc = HWN_EXIT_USAGE;

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		usage(stdout);
		free(r);
		return HWN_EXIT_OK;
	}
	if (argc != 3) {
		fprintf(stderr, "hwnoisetop: compare takes two recordings: hwnoisetop compare "
			"A.jsonl B.jsonl (or A.jsonl --live [OPTIONS])\n");
		free(r);
		return HWN_EXIT_USAGE;
	}
	if (!r) {
		fprintf(stderr, "hwnoisetop: compare: out of memory\n");
		return HWN_EXIT_ENV;
	}
	if (load(&r[0], argv[1]) < 0 || load(&r[1], argv[2]) < 0 ||
	    hwlat_refused("compare", &r[0], argv[1]) || hwlat_refused("compare", &r[1], argv[2])) {
		;	/* said */
	} else if (strcmp(mode_of(&r[0]), mode_of(&r[1])) != 0) {
		fprintf(stderr, "hwnoisetop: compare: %s was recorded in %s, %s in %s: they count "
			"different noise; compare two recordings of the same mode\n", argv[1],
			mode_long(mode_of(&r[0])), argv[2], mode_long(mode_of(&r[1])));
	} else {
		describe("A", argv[1], &r[0]);
		describe("B", argv[2], &r[1]);
		differences(&r[0], &r[1]);
		putchar('\n');
		cmptable_print(stdout, &r[0].s.stats, &r[1].s.stats, r[0].end.smi && r[1].end.smi);
		rc = HWN_EXIT_OK;
	}
	replay_free(&r[0]);
	replay_free(&r[1]);
	free(r);
	return rc;
}
