/*
 * cmptable: see cmptable.h.
 */
#include "cmptable.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "format.h"
#include "replay.h"
#include "segments.h"

#define W_NUM 10
#define W_AVAIL 10
#define W_PCT 7

/* A figure of a, then of b with its mark ('+' better, '!' worse). */
static void pair(FILE *out, int w, bool ha, bool hb, uint64_t a, uint64_t b, bool avail,
		 int higher_better)
{
	enum format_class k = ha && hb ? format_change(a, b, higher_better) : FORMAT_NONE;
	char sa[40], sb[40];

	if (avail) {
		snprintf(sa, sizeof(sa), "%llu.%05llu", (unsigned long long)(a / 100000),
			 (unsigned long long)(a % 100000));
		snprintf(sb, sizeof(sb), "%llu.%05llu", (unsigned long long)(b / 100000),
			 (unsigned long long)(b % 100000));
	} else {
		format_milli(a, sa, sizeof(sa));
		format_milli(b, sb, sizeof(sb));
	}
	fprintf(out, " %*s %*s%c", w, ha ? sa : "-", w, hb ? sb : "-", format_change_mark(k));
}

void cmptable_print(FILE *out, const struct stats *a, const struct stats *b, bool smi)
{
	int n = a->ncpus > b->ncpus ? a->ncpus : b->ncpus, rows = 0;

	fprintf(out, "%4s %*s %*s %*s %*s %*s\n", "", W_NUM * 2 + W_PCT + 3,
		"noise us per s runtime", W_AVAIL * 2 + 2, "% CPU available", W_NUM * 2 + 2,
		"HW per s", W_NUM * 2 + 2, "NMI per s", smi ? W_NUM * 2 + 2 : 0, smi ? "SMI per s" : "");
	fprintf(out, "%4s %*s %*s %*s %*s %*s %*s %*s %*s %*s", "CPU", W_NUM, "A", W_NUM + 1, "B",
		W_PCT, "change", W_AVAIL, "A", W_AVAIL + 1, "B", W_NUM, "A", W_NUM + 1, "B", W_NUM,
		"A", W_NUM + 1, "B");
	if (smi)
		fprintf(out, " %*s %*s", W_NUM, "A", W_NUM + 1, "B");
	fputc('\n', out);
	for (int cpu = 0; cpu < n; cpu++) {
		const struct cpu_stats *ca = cpu < a->ncpus ? &a->cpu[cpu] : NULL;
		const struct cpu_stats *cb = cpu < b->ncpus ? &b->cpu[cpu] : NULL;
		bool ha = ca && ca->periods, hb = cb && cb->periods;
		struct seg_rates ra = { 0 }, rb = { 0 };
		char pct[32] = "-";

		if (!ha && !hb)
			continue;
		if (ha)
			segments_rates(ca, &ra);
		if (hb)
			segments_rates(cb, &rb);
		if (ha && hb)
			format_change_pct(ra.noise_per_s_milli, rb.noise_per_s_milli, pct, sizeof(pct));
		fprintf(out, "%4d", cpu);
		pair(out, W_NUM, ha, hb, ra.noise_per_s_milli, rb.noise_per_s_milli, false, 0);
		fprintf(out, "%*s", W_PCT, pct);
		pair(out, W_AVAIL, ha, hb, ra.avail, rb.avail, true, 1);
		pair(out, W_NUM, ha, hb, ra.hw_per_s_milli, rb.hw_per_s_milli, false, 0);
		pair(out, W_NUM, ha, hb, ra.nmi_per_s_milli, rb.nmi_per_s_milli, false, 0);
		if (smi)
			pair(out, W_NUM, ha, hb, ra.smi_per_s_milli, rb.smi_per_s_milli, false, 0);
		fputc('\n', out);
		rows++;
	}
	if (!rows)
		fprintf(out, "no osnoise periods in either recording\n");
	else
		fprintf(out, "per second of runtime; B against A: '+' better, '!' worse\n");
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

/* "A: night.jsonl  6.1.0-47-rt-amd64  hwnoise  CPUs 0-3  00:10:00". */
static void describe(const char *name, const char *path, const struct replay *r)
{
	char list[CPUSET_LIST_MAX], clock[32];

	printf("%s: %s  %s  CPUs %s  %s measured\n", name, path,
	       r->hwlat_mode ? mode_long("hwlat") : mode_of(r),
	       cpuset_format(&r->s.conf.osn.cpus, list, sizeof(list)),
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
		putchar('\n');
		cmptable_print(stdout, &r[0].s.stats, &r[1].s.stats, r[0].end.smi && r[1].end.smi);
		rc = HWN_EXIT_OK;
	}
	replay_free(&r[0]);
	replay_free(&r[1]);
	free(r);
	return rc;
}
