/*
 * cmptable: see cmptable.h.
 */
#include "compare_table.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_cells.h"
#include "env.h"
#include "format.h"
#include "rec_reader.h"
#include "segments.h"
#include "verdict.h"

enum ct_cell {
	CT_NOISE_A, CT_NOISE_B, CT_PCT, CT_CI, CT_AVAIL_A, CT_AVAIL_B, CT_HW_A, CT_HW_B, CT_NMI_A,
	CT_NMI_B, CT_MAXS_A, CT_MAXS_AM, CT_MAXS_B, CT_MAXS_BM, CT_SMI_A, CT_SMI_B, CT_NCELLS
};

/* The figures' groups: a title over their cells. */
static const struct {
	const char *title;
	int first, n;
} groups[] = {
	{ "noise us per s runtime", CT_NOISE_A, 4 },
	{ "% CPU available", CT_AVAIL_A, 2 },
	{ "HW per s", CT_HW_A, 2 },
	{ "NMI per s", CT_NMI_A, 2 },
	{ "max single us", CT_MAXS_A, 4 },
	{ "SMI per s", CT_SMI_A, 2 },
};
#define NGROUPS ((int)(sizeof(groups) / sizeof(groups[0])))


static const char *const labels[CT_NCELLS] = { "A", "B", "change", "95% interval", "A", "B", "A",
						"B", "A", "B", "A p99", "A max", "B p99", "B max",
						"A", "B" };

/* The figures and where their B cell is: verdict_fig by cell. */
static const struct {
	enum verdict_fig f;
	int cell;
} marked[] = {
	{ VF_NOISE, CT_NOISE_B }, { VF_AVAIL, CT_AVAIL_B }, { VF_HW, CT_HW_B },
	{ VF_NMI, CT_NMI_B }, { VF_MAXS, CT_MAXS_B }, { VF_SMI, CT_SMI_B },
};

struct ct_row {
	char cell[CT_NCELLS][40];
	struct verdict v[VF_N];
};

/* A series' sums as a row of the statistics, and its rates (segments.h). */
static void rates_of(const struct verdict_series *s, struct seg_rates *q)
{
	struct seg_row r;

	memset(&r, 0, sizeof(r));
	for (unsigned i = 0; i < s->nb; i++) {
		r.runtime += (uint64_t)s->b[i].runtime;
		r.noise += (uint64_t)s->b[i].noise;
		r.hw += (uint64_t)s->b[i].hw;
		r.nmi += (uint64_t)s->b[i].nmi;
		r.smi += (uint64_t)s->b[i].smi;
	}
	r.periods = s->periods;
	memset(q, 0, sizeof(*q));
	if (r.runtime)
		segments_rates(&r, q);
}

static void avail_text(uint64_t p, char *buf, size_t size)
{
	snprintf(buf, size, "%llu.%05llu", (unsigned long long)(p / 100000),
		 (unsigned long long)(p % 100000));
}

static void pct_text(double x, char *buf, size_t size)
{
	if (isnan(x))
		snprintf(buf, size, "new");
	else if (!isfinite(x))
		snprintf(buf, size, "%s", x > 0 ? "+inf" : "-inf");
	else
		snprintf(buf, size, "%+.*f", fabs(x) < 10 ? 1 : 0, x);
}

/* The cells of one row from its verdicts (ha, hb: the side has periods). */
static void row_cells(struct ct_row *row, bool ha, bool hb, const struct verdict_series *sa,
		      const struct verdict_series *sb)
{
	const struct verdict *v = row->v;
	char lo[16], hi[16];

	struct seg_rates qa, qb;

	/* the figures as the compare view prints them: from the sums, in integers */
	rates_of(sa, &qa);
	rates_of(sb, &qb);
	format_rate(qa.noise_per_s_nano, row->cell[CT_NOISE_A], 32);
	format_rate(qb.noise_per_s_nano, row->cell[CT_NOISE_B], 32);
	avail_text(qa.avail, row->cell[CT_AVAIL_A], 32);
	avail_text(qb.avail, row->cell[CT_AVAIL_B], 32);
	format_rate(qa.hw_per_s_nano, row->cell[CT_HW_A], 32);
	format_rate(qb.hw_per_s_nano, row->cell[CT_HW_B], 32);
	format_rate(qa.nmi_per_s_nano, row->cell[CT_NMI_A], 32);
	format_rate(qb.nmi_per_s_nano, row->cell[CT_NMI_B], 32);
	format_rate(qa.smi_per_s_nano, row->cell[CT_SMI_A], 32);
	format_rate(qb.smi_per_s_nano, row->cell[CT_SMI_B], 32);
	snprintf(row->cell[CT_MAXS_A], 32, "%.0f", v[VF_MAXS].a);
	snprintf(row->cell[CT_MAXS_AM], 32, "%llu", (unsigned long long)sa->max_single);
	snprintf(row->cell[CT_MAXS_B], 32, "%.0f", v[VF_MAXS].b);
	snprintf(row->cell[CT_MAXS_BM], 32, "%llu", (unsigned long long)sb->max_single);
	pct_text(v[VF_NOISE].change_pct, row->cell[CT_PCT], 32);
	if (strcmp(row->cell[CT_PCT], "new") != 0)
		strcat(row->cell[CT_PCT], "%");
	if (v[VF_NOISE].ci) {
		pct_text(v[VF_NOISE].lo_pct, lo, sizeof(lo));
		pct_text(v[VF_NOISE].hi_pct, hi, sizeof(hi));
		snprintf(row->cell[CT_CI], 40, "%s..%s%%", lo, hi);
	} else {
		snprintf(row->cell[CT_CI], 40, "-");
	}
	for (int i = 0; i < (int)(sizeof(marked) / sizeof(marked[0])); i++) {
		char *c = row->cell[marked[i].cell];
		size_t n = strlen(c);

		c[n] = verdict_kind_mark(v[marked[i].f].kind);
		c[n + 1] = '\0';
	}
	for (int i = 0; i < CT_NCELLS; i++) {
		bool a_cell = i == CT_NOISE_A || i == CT_AVAIL_A || i == CT_HW_A || i == CT_NMI_A ||
			      i == CT_SMI_A || i == CT_MAXS_A || i == CT_MAXS_AM;
		bool b_cell = i == CT_NOISE_B || i == CT_AVAIL_B || i == CT_HW_B || i == CT_NMI_B ||
			      i == CT_SMI_B || i == CT_MAXS_B || i == CT_MAXS_BM;

		if ((a_cell && !ha) || (b_cell && !hb) || (!(a_cell || b_cell) && !(ha && hb)))
			snprintf(row->cell[i], 40, "-");
	}
}

static void verdicts(const struct verdict_series *a, const struct verdict_series *b,
		     const struct cmptable_opts *o, struct verdict v[VF_N])
{
	for (int f = 0; f < VF_N; f++)
		verdict_figure(a, b, (enum verdict_fig)f, o->margin, o->comparable, &v[f]);
}

static const struct verdict_series *series_of(const struct cmptable_run *r, int cpu)
{
	return cpu >= 0 && cpu < r->nseries && r->series[cpu].periods ? &r->series[cpu] : NULL;
}

/*
 * The rows: each CPU measured on either side, then "all" (the CPUs
 * measured on both, pooled period by period); their count.  pool: NULL
 * or room for the pooled series of a and b.
 */
static int rows_of(const struct cmptable_run *a, const struct cmptable_run *b,
		   const struct cmptable_opts *o, struct ct_row *row, int cpu,
		   struct verdict_series pool[2])
{
	static const struct verdict_series none = { .len = 1 };
	const struct verdict_series *sa = series_of(a, cpu), *sb = series_of(b, cpu);

	if (cpu < 0) {		/* all */
		int n = a->nseries > b->nseries ? a->nseries : b->nseries;
		bool ok = true;

		verdict_series_init(&pool[0]);
		verdict_series_init(&pool[1]);
		for (int c = 0; c < n; c++) {
			if (!series_of(a, c) || !series_of(b, c))
				continue;
			ok = verdict_series_pool(&pool[0], &a->series[c]) && ok;
			ok = verdict_series_pool(&pool[1], &b->series[c]) && ok;
		}
		if (!pool[0].periods || !pool[1].periods)
			return 0;
		verdicts(&pool[0], &pool[1], o, row->v);
		if (!ok)	/* CPUs of other lengths: their periods do not line up */
			for (int f = 0; f < VF_N; f++)
				if (row->v[f].kind != VK_NOT_COMPARABLE) {
					row->v[f].kind = VK_UNDECIDED;
					row->v[f].periods_needed = 0;
				}
		row_cells(row, true, true, &pool[0], &pool[1]);
		return 1;
	}
	if (!sa && !sb)
		return 0;
	verdicts(sa ? sa : &none, sb ? sb : &none, o, row->v);
	row_cells(row, sa, sb, sa ? sa : &none, sb ? sb : &none);
	return 1;
}

void cmptable_print(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		    const struct cmptable_opts *o)
{
	int n = a->nseries > b->nseries ? a->nseries : b->nseries, rows = 0;
	int ncells = o->smi ? CT_NCELLS : CT_SMI_A, ngroups = o->smi ? NGROUPS : NGROUPS - 1;
	int w[CT_NCELLS], wcpu = 3;
	struct ct_row *row = malloc(sizeof(*row));
	struct verdict_series *pool = malloc(2 * sizeof(*pool));
	char num[16];

	if (!row || !pool) {
		free(row);
		free(pool);
		fprintf(out, "out of memory\n");
		return;
	}
	/* Each column as wide as its widest cell, one space between columns. */
	for (int i = 0; i < ncells; i++)
		w[i] = (int)strlen(labels[i]) > 6 ? (int)strlen(labels[i]) : 6;
	for (int cpu = -1; cpu < n; cpu++) {
		if (!rows_of(a, b, o, row, cpu, pool))
			continue;
		for (int i = 0; i < ncells; i++)
			if ((int)strlen(row->cell[i]) > w[i])
				w[i] = (int)strlen(row->cell[i]);
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
	for (int cpu = 0; cpu <= n; cpu++) {
		int c = cpu < n ? cpu : -1;

		if (!rows_of(a, b, o, row, c, pool))
			continue;
		if (c < 0)
			fprintf(out, "%*s", wcpu, "all");
		else
			fprintf(out, "%*d", wcpu, cpu);
		for (int i = 0; i < ncells; i++)
			fprintf(out, " %*s", w[i], row->cell[i]);
		fputc('\n', out);
	}
	if (!rows)
		fprintf(out, "no osnoise periods in either recording\n");
	else
		fprintf(out, "per second of runtime, three significant digits; all: the CPUs measured "
			"in both, period by period.\nB against A, 95%% interval: '+' better, '!' worse, "
			"'=' no change (within +-%g%%), '?' undecided (more periods needed), ' ' not "
			"comparable; see STATISTICS in hwnoisetop(1)\n", o->margin * 100);
	free(row);
	free(pool);
}

/* A number for JSON: null when it is not finite. */
static void json_num(FILE *out, double x)
{
	if (isfinite(x))
		fprintf(out, "%.6g", x);
	else
		fputs("null", out);
}

static void json_row(FILE *out, const char *cpu, const struct verdict v[VF_N], bool smi)
{
	fprintf(out, "{\"cpu\":\"%s\"", cpu);
	for (int f = 0; f < VF_N; f++) {
		if (f == VF_SMI && !smi)
			continue;
		fprintf(out, ",\"%s\":{\"a\":", verdict_fig_name((enum verdict_fig)f));
		json_num(out, v[f].a);
		fputs(",\"b\":", out);
		json_num(out, v[f].b);
		fputs(",\"change_percent\":", out);
		json_num(out, v[f].change_pct);
		fputs(",\"ci95_percent\":", out);
		if (v[f].ci) {
			fputc('[', out);
			json_num(out, v[f].lo_pct);
			fputc(',', out);
			json_num(out, v[f].hi_pct);
			fputc(']', out);
		} else {
			fputs("null", out);
		}
		fprintf(out, ",\"verdict\":\"%s\"", verdict_kind_name(v[f].kind));
		if (v[f].kind == VK_UNDECIDED) {
			fputs(",\"periods_needed\":", out);
			if (v[f].periods_needed)
				fprintf(out, "%llu", (unsigned long long)v[f].periods_needed);
			else
				fputs("null", out);
		}
		fputc('}', out);
	}
	fputc('}', out);
}

void cmptable_json(FILE *out, const struct cmptable_run *a, const struct cmptable_run *b,
		   const struct cmptable_opts *o)
{
	int n = a->nseries > b->nseries ? a->nseries : b->nseries, k = 0;
	struct ct_row *row = malloc(sizeof(*row));
	struct verdict_series *pool = malloc(2 * sizeof(*pool));
	char num[16];

	fprintf(out, "{\"margin_percent\":");
	json_num(out, o->margin * 100);
	fputs(",\"cpus\":[", out);
	for (int cpu = 0; row && pool && cpu <= n; cpu++) {
		int c = cpu < n ? cpu : -1;

		if (!rows_of(a, b, o, row, c, pool))
			continue;
		snprintf(num, sizeof(num), "%d", c);
		fputs(k++ ? "," : "", out);
		json_row(out, c < 0 ? "all" : num, row->v, o->smi);
	}
	fputs("]}\n", out);
	free(row);
	free(pool);
}

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
		"Both runs must be of one mode (hwnoise or osnoise); --live measures in hwnoise\n"
		"mode.  Recordings of hwnoisetop hwlat have no osnoise periods: refused (their\n"
		"figures: hwnoisetop --replay FILE -q).\n");
}

/* The series of a recording read so far: one per CPU of its statistics. */
struct series {
	struct verdict_series *s;
	int n;
};

static int series_fit(struct series *sr, int ncpus)
{
	struct verdict_series *s;

	if (ncpus <= sr->n)
		return 0;
	if (!(s = realloc(sr->s, (size_t)ncpus * sizeof(*s))))
		return -1;
	for (int i = sr->n; i < ncpus; i++)
		verdict_series_init(&s[i]);
	sr->s = s;
	sr->n = ncpus;
	return 0;
}

/*
 * One line taken: a summary the statistics counted is one period of its
 * CPU's series (the sums' growth: what the statistics took), an SMI count
 * goes to the current batch; a reset of the statistics (a mode switch)
 * starts the series again.
 */
static int take(struct replay *r, struct series *sr, uint64_t *samples)
{
	const struct jsonr_field *t = jsonr_get(r->o, "t");
	bool s_line = t && t->rawlen == 3 && t->raw[1] == 's';
	bool smi_line = t && t->rawlen == 5 && memcmp(t->raw, "\"smi\"", 5) == 0;
	uint64_t ms = 0, periods = 0, runtime = 0, noise = 0, hw = 0, nmi = 0, smi = 0;
	int64_t cpu = -1;
	const struct cpu_stats *cs;
	int rc;

	if ((s_line || smi_line) && jsonr_int(r->o, "cpu", &cpu) == 0 && cpu >= 0 &&
	    cpu < r->s.stats.ncpus) {
		cs = &r->s.stats.cpu[cpu];
		periods = cs->periods;
		runtime = cs->runtime;
		noise = cs->noise;
		hw = cs->hw;
		nmi = cs->nmi;
		smi = cs->smi;
		if (s_line)
			jsonr_u64(r->o, "max_sample", &ms);
	} else {
		cpu = -1;
	}
	if ((rc = replay_take(r)) < 0)
		return rc;
	if (series_fit(sr, r->s.stats.ncpus) < 0) {
		snprintf(r->err, sizeof(r->err), "out of memory");
		return -1;
	}
	if (r->s.stats.samples < *samples)
		for (int i = 0; i < sr->n; i++)
			verdict_series_init(&sr->s[i]);
	*samples = r->s.stats.samples;
	if (cpu < 0 || cpu >= r->s.stats.ncpus)
		return 0;
	cs = &r->s.stats.cpu[cpu];
	if (cs->periods == periods + 1) {
		struct verdict_period p = { cs->runtime - runtime, cs->noise - noise, ms, cs->hw - hw,
					    cs->nmi - nmi };

		verdict_series_add(&sr->s[cpu], &p);
	} else if (cs->smi > smi) {
		verdict_series_smi(&sr->s[cpu], cs->smi - smi);
	}
	return 0;
}

static int load_series(struct replay *r, const char *path, struct series *sr)
{
	FILE *f = fopen(path, "re");
	char note[PATH_MAX + 128];
	uint64_t samples = 0;
	int rc;

	if (!f) {
		fprintf(stderr, "hwnoisetop: compare: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	rc = replay_open(r, f);
	if (rc == 0 && sr && series_fit(sr, r->s.stats.ncpus) < 0)
		rc = -1;
	while (rc == 0 && (rc = replay_next(r)) > 0)
		rc = sr ? take(r, sr, &samples) : replay_take(r);
	replay_close(r);
	fclose(f);
	if (rc < 0)
		fprintf(stderr, "hwnoisetop: compare: %s %s\n", path, r->err[0] ? r->err : "out of memory");
	else if (*replay_end_note(r, path, "compared", note, sizeof(note)))
		fprintf(stderr, "hwnoisetop: compare: %s\n", note);
	return rc;
}

static int load(struct replay *r, const char *path)
{
	return load_series(r, path, NULL);
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

	uint64_t periods = 0;

	for (int i = 0; i < r->s.stats.ncpus; i++)
		if (r->s.stats.cpu[i].periods > periods)
			periods = r->s.stats.cpu[i].periods;
	printf("%s: %s  %s  %s measured, %llu periods\n", name, path,
	       r->hwlat_mode ? mode_long("hwlat") : cmpcells_conf(&c, conf, sizeof(conf)),
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

/*
 * compare's words: two recordings, --json, --margin PCT (or --margin=PCT).
 * 0; or -1 after a one-line error.
 */
static int args(int argc, char **argv, const char *path[2], bool *json, double *margin)
{
	int n = 0;

	for (int i = 1; i < argc; i++) {
		const char *m = NULL;
		char *end;

		if (strcmp(argv[i], "--json") == 0) {
			*json = true;
			continue;
		}
		if (strcmp(argv[i], "--margin") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "hwnoisetop: compare: --margin takes a percentage, "
					"more than 0 and less than 100 (default 10)\n");
				return -1;
			}
			m = argv[++i];
		} else if (strncmp(argv[i], "--margin=", 9) == 0) {
			m = argv[i] + 9;
		}
		if (m) {
			errno = 0;
			*margin = strtod(m, &end);
			if (!*m || *end || errno || !(*margin > 0 && *margin < 100)) {
				fprintf(stderr, "hwnoisetop: compare: --margin takes a percentage, more "
					"than 0 and less than 100 (default 10), not '%s'\n", m);
				return -1;
			}
			*margin /= 100;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "hwnoisetop: compare: unknown option %s (it takes --json and "
				"--margin PCT)\n", argv[i]);
			return -1;
		}
		if (n == 2) {
			n = 3;
			break;
		}
		path[n++] = argv[i];
	}
	if (n != 2) {
		fprintf(stderr, "hwnoisetop: compare takes two recordings: hwnoisetop compare "
			"A.jsonl B.jsonl [--json] [--margin PCT] (or A.jsonl --live [OPTIONS])\n");
		return -1;
	}
	return 0;
}

/* The settings that change what a figure means: the same on both sides? */
static bool comparable(const struct replay *a, const struct replay *b)
{
	const struct osnoise_conf *ca = session_osnoise_conf(&a->s), *cb = session_osnoise_conf(&b->s);

	return ca->period_us == cb->period_us && ca->runtime_us == cb->runtime_us &&
	       ca->threshold_us == cb->threshold_us && ca->irq_disable == cb->irq_disable;
}

int cmptable_main(int argc, char **argv)
{
	struct replay *r;
	struct series sr[2] = { { NULL, 0 }, { NULL, 0 } };
	const char *path[2] = { NULL, NULL };
	bool json = false;
	double margin = 0.10;
	int rc = HWN_EXIT_USAGE;

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		usage(stdout);
		return HWN_EXIT_OK;
	}
	if (args(argc, argv, path, &json, &margin) < 0)
		return HWN_EXIT_USAGE;
	if (!(r = calloc(2, sizeof(*r)))) {
		fprintf(stderr, "hwnoisetop: compare: out of memory\n");
		return HWN_EXIT_ENV;
	}
	if (load_series(&r[0], path[0], &sr[0]) < 0 || load_series(&r[1], path[1], &sr[1]) < 0 ||
	    hwlat_refused("compare", &r[0], path[0]) || hwlat_refused("compare", &r[1], path[1])) {
		;	/* said */
	} else if (strcmp(mode_of(&r[0]), mode_of(&r[1])) != 0) {
		fprintf(stderr, "hwnoisetop: compare: %s was recorded in %s, %s in %s: they count "
			"different noise; compare two recordings of the same mode\n", path[0],
			mode_long(mode_of(&r[0])), path[1], mode_long(mode_of(&r[1])));
	} else {
		struct cmptable_run ra = { sr[0].s, sr[0].n }, rb = { sr[1].s, sr[1].n };
		struct cmptable_opts o = { margin, comparable(&r[0], &r[1]),
					   r[0].end.smi && r[1].end.smi };

		if (json) {
			cmptable_json(stdout, &ra, &rb, &o);
		} else {
			describe("A", path[0], &r[0]);
			describe("B", path[1], &r[1]);
			differences(&r[0], &r[1]);
			putchar('\n');
			cmptable_print(stdout, &ra, &rb, &o);
		}
		rc = HWN_EXIT_OK;
	}
	replay_free(&r[0]);
	replay_free(&r[1]);
	free(sr[0].s);
	free(sr[1].s);
	free(r);
	return rc;
}
