/*
 * export_json: the --json summaries.  See export_json.h.
 *
 * The rows are the table's: report_row() chooses them and
 * report_avail_text() gives % CPU Aval with the table's digits, so the
 * object never disagrees with the table a run without --json prints.
 */
#include "config.h"
#include "export_json.h"

#include <stdlib.h>

#include "compare_table.h"
#include "json.h"
#include "report.h"
#include "segments.h"
#include "why_report.h"

static void head(struct json *j, const char *format, const char *mode,
		 const struct run_origin *origin)
{
	json_object(j, NULL);
	json_string(j, "format", format);
	json_u64(j, "version", EXPORT_JSON_VERSION);
	json_string(j, "program", "hwnoisetop");
	json_string(j, "program_version", PACKAGE_VERSION);
	json_string(j, "mode", mode);
	if (!origin)
		return;
	json_object(j, "recording");
	json_string(j, "file", origin->file);
	json_string(j, "program_version", origin->version);
	json_string(j, "kernel", origin->kernel);
	json_string(j, "host", origin->host);
	json_int(j, "time", origin->time);
	json_end(j);
}

/* A setting that may be off (0): its value or null. */
static void u64_or_null(struct json *j, const char *key, uint64_t v)
{
	if (v)
		json_u64(j, key, v);
	else
		json_null(j, key);
}

static void cpus_text(struct json *j, const char *key, const struct cpuset *cpus)
{
	char list[1024];

	json_string(j, key, cpuset_format(cpus, list, sizeof(list)));
}

/* Events read and dropped while the figures counted. */
static void events(struct json *j, const struct lost *l)
{
	char line[128];

	json_object(j, "events");
	json_u64(j, "read", l->read);
	if (l->unknown)
		json_null(j, "missed");
	else
		json_u64(j, "missed", l->missed);
	json_bool(j, "missed_unknown", l->unknown);
	json_string(j, "missed_text", stats_lost_text(l, line, sizeof(line)));
	json_end(j);
}

static void stop(struct json *j, const char *reason, bool hit)
{
	if (!reason || !*reason) {
		json_null(j, "stop");
		return;
	}
	json_object(j, "stop");
	json_string(j, "reason", reason);
	json_bool(j, "stop_tracing", hit);
	json_end(j);
}

/* A CPU's percentiles of segment k (or SEGMENTS_RUN), when kept. */
static void pcts(struct json *j, const struct segments *sg, unsigned k, int cpu)
{
	struct verdict_pcts q;

	if (!sg || !segments_pcts(sg, k, cpu, &q)) {
		json_null(j, "percentiles");
		return;
	}
	json_object(j, "percentiles");
	for (int h = 0; h < 2; h++) {
		json_object(j, h ? "max_single_us" : "noise_us_per_s");
		for (int i = 0; i < VERDICT_NPCT; i++)
			json_u64(j, verdict_pct_name[i], h ? q.single[i] : q.noise[i]);
		json_end(j);
	}
	json_end(j);
}

static void osnoise_rows(struct json *j, const struct stats *st, const struct cpuset *cpus,
			 const struct report_opts *ro, const struct segments *sg, unsigned k)
{
	char avail[32];
	int cpu;

	json_array(j, "cpus");
	cpuset_for_each(cpu, cpus) {
		const struct cpu_stats *c = report_row(st, cpu);

		if (!c)
			continue;
		json_object(j, NULL);
		json_int(j, "cpu", cpu);
		json_u64(j, "periods", c->periods);
		json_u64(j, "runtime_us", c->runtime);
		json_u64(j, "noise_us", c->noise);
		json_number(j, "cpu_available_percent", report_avail_text(c, avail, sizeof(avail)));
		json_u64(j, "max_noise_us", c->max_noise);
		json_u64(j, "max_single_us", c->max_single);
		json_u64(j, "hw", c->hw);
		json_u64(j, "nmi", c->nmi);
		if (ro->smi)
			json_u64(j, "smi", c->smi);
		if (ro->osnoise) {
			json_u64(j, "irq", c->irq);
			json_u64(j, "softirq", c->softirq);
			json_u64(j, "thread", c->thread);
		}
		pcts(j, sg, k, cpu);
		json_end(j);
	}
	json_end(j);
}

static void hwlat_conf(struct json *j, const struct hwlat_conf *c)
{
	cpus_text(j, "cpus", &c->cpus);
	json_u64(j, "threshold_us", c->threshold_us);
	json_u64(j, "window_us", c->window_us);
	json_u64(j, "width_us", c->width_us);
	json_string(j, "hwlat_mode", tracer_conf_hwlat_mode_name(c->mode));
}

/* hwlatdetect's three figures and the per-CPU sums. */
static void hwlat_figures(struct json *j, const struct hwl_stats *st, const struct cpuset *cpus,
			  bool smi)
{
	uint64_t avg;
	int cpu;

	if (st->samples)
		json_u64(j, "max_latency_us", st->max);
	else
		json_null(j, "max_latency_us");
	json_u64(j, "samples_recorded", st->samples);
	json_u64(j, "samples_exceeding_threshold", st->count);
	if (hwlat_stats_avg_interval(st, &avg))
		json_u64(j, "avg_smi_interval_us", avg);
	else
		json_null(j, "avg_smi_interval_us");
	json_array(j, "cpus");
	cpuset_for_each(cpu, cpus) {
		const struct hwl_cpu_stats *c;

		if (cpu >= st->ncpus)
			break;
		c = &st->cpu[cpu];
		json_object(j, NULL);
		json_int(j, "cpu", cpu);
		json_u64(j, "samples", c->samples);
		json_u64(j, "max_inner_us", c->max_inner);
		json_u64(j, "max_outer_us", c->max_outer);
		json_u64(j, "count", c->count);
		json_u64(j, "nmi_count", c->nmi_count);
		json_u64(j, "nmi_total_us", c->nmi_total);
		if (smi)
			json_u64(j, "smi", c->smi);
		json_end(j);
	}
	json_end(j);
	events(j, &st->lost);
}

/*
 * "segments_verdicts": the segment before the latest marker against the
 * open one, as hwnoisetop compare --json gives them; null without both.
 */
static void segments_verdicts(struct json *j, const struct segments *sg, bool smi)
{
	struct cmptable_run a, b;
	struct cmptable_opts o;
	unsigned kb, ka;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;

	if (!compare_table_segments(sg, smi, &a, &b, &o, &kb, &ka) ||
	    !(mem = open_memstream(&buf, &len))) {
		json_null(j, "segments_verdicts");
		return;
	}
	compare_table_json(mem, &a, &b, &o);
	fclose(mem);
	while (len && buf[len - 1] == '\n')
		buf[--len] = '\0';
	json_object(j, "segments_verdicts");
	json_u64(j, "a_marker", sg->marks.m[kb].num);
	json_u64(j, "b_marker", sg->marks.m[ka].num);
	json_raw(j, "verdicts", buf);
	json_end(j);
	free(buf);
}

/* Each segment's table, headed by the marker that opened it (report_segments()). */
static void segment_tables(struct json *j, const struct export_run *run, bool smi)
{
	const struct segments *sg = run->seg;
	unsigned n = sg ? segments_count(sg) : 0;
	struct stats st;

	if (n < 2 || stats_init(&st, sg->cur.ncpus) < 0) {
		json_null(j, "segments");
		json_null(j, "segments_verdicts");
		return;
	}
	json_array(j, "segments");
	for (unsigned k = 0; k < n; k++) {
		const struct segment *g = &sg->seg[k];
		const struct marker *m = &sg->marks.m[k];
		struct report_opts ro = { .osnoise = g->osnoise, .smi = smi };
		char at[32];

		segments_unpack(sg, k, &st);
		json_object(j, NULL);
		json_u64(j, "marker", m->num);
		json_string(j, "at", markers_clock(m->t_ms, at, sizeof(at)));
		json_string(j, "text", m->text);
		if (m->origin[0])
			json_string(j, "origin", m->origin);
		else
			json_null(j, "origin");
		json_string(j, "mode", g->hwlat ? "hwlat" : g->osnoise ? "osnoise" : "hwnoise");
		json_u64(j, "duration_s", segments_ns(sg, k, run->run_ns) / 1000000000ULL);
		json_bool(j, "before_reset", g->before_reset);
		if (segments_kept(sg, k))
			osnoise_rows(j, &st, &g->rows, &ro, sg, k);
		else
			json_null(j, "cpus");
		json_end(j);
	}
	json_end(j);
	stats_free(&st);
	segments_verdicts(j, sg, smi);
}

void export_json_summary(FILE *out, const struct stats *st, const struct report_opts *ro,
			 const struct export_run *run)
{
	struct cpuset rows;
	struct json j;

	json_init(&j, out);
	head(&j, "hwnoisetop-summary", ro->osnoise ? "osnoise" : "hwnoise", run->origin);
	json_string(&j, "title", ro->osnoise ? "Operating System Noise" : "Hardware-related Noise");
	json_u64(&j, "duration_s", ro->elapsed);
	json_object(&j, "config");
	cpus_text(&j, "cpus", &run->conf->cpus);
	json_u64(&j, "period_us", run->conf->period_us);
	json_u64(&j, "runtime_us", run->conf->runtime_us);
	json_u64(&j, "threshold_us", run->conf->threshold_us);
	u64_or_null(&j, "stop_us", run->conf->stop_us);
	u64_or_null(&j, "stop_total_us", run->conf->stop_total_us);
	json_bool(&j, "irq_disable", run->conf->irq_disable);
	u64_or_null(&j, "duration_s", run->duration_s);
	u64_or_null(&j, "warmup_s", run->warmup_s);
	json_bool(&j, "smi", ro->smi);
	json_end(&j);
	report_rows(st, &rows);
	osnoise_rows(&j, st, &rows, ro, run->dist, SEGMENTS_RUN);
	if (run->dist)
		json_string(&j, "percentiles_error", REPORT_PCT_ERROR);
	events(&j, &st->lost);
	stop(&j, run->stop_reason, run->stop_hit);
	if (run->hwlat && run->hwlat_conf) {
		json_object(&j, "hwlat_view");
		json_object(&j, "config");
		hwlat_conf(&j, run->hwlat_conf);
		json_end(&j);
		hwlat_figures(&j, run->hwlat, &run->hwlat_conf->cpus, ro->smi);
		json_end(&j);
	} else {
		json_null(&j, "hwlat_view");
	}
	segment_tables(&j, run, ro->smi);
	if (run->causes)
		why_report_json(&j, run->causes, &rows);
	json_int(&j, "exit_status", run->exit_status);
	json_end(&j);
	fputc('\n', out);
}

void export_json_hwlat(FILE *out, const struct hwl_stats *st, const struct export_hwlat_run *run)
{
	struct json j;

	json_init(&j, out);
	head(&j, "hwnoisetop-hwlat", "hwlat", run->origin);
	json_object(&j, "config");
	hwlat_conf(&j, run->conf);
	json_u64(&j, "hardlimit_us", run->hardlimit_us);
	u64_or_null(&j, "duration_s", run->duration_s);
	json_bool(&j, "smi", run->smi);
	json_end(&j);
	hwlat_figures(&j, st, &run->conf->cpus, run->smi);
	json_bool(&j, "above_hardlimit", st->samples && st->max > run->hardlimit_us);
	stop(&j, run->stop_reason, false);
	json_u64(&j, "samples_kept", st->nsamples);
	json_array(&j, "samples");
	for (size_t i = 0; i < st->nsamples; i++) {
		const struct hwl_sample *s = hwlat_stats_sample(st, i);

		json_object(&j, NULL);
		json_int(&j, "ts_sec", s->ts_sec);
		json_int(&j, "ts_nsec", s->ts_nsec);
		json_u64(&j, "inner_us", s->inner);
		json_u64(&j, "outer_us", s->outer);
		json_int(&j, "cpu", s->cpu);
		json_u64(&j, "count", s->count);
		json_u64(&j, "nmi_total_us", s->nmi_total);
		json_u64(&j, "nmi_count", s->nmi_count);
		json_end(&j);
	}
	json_end(&j);
	json_int(&j, "exit_status", run->exit_status);
	json_end(&j);
	fputc('\n', out);
}
