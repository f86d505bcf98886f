/*
 * session_sink: what each event the readers decode does to the run: a
 * period summary to the statistics, the segments and the front end, a
 * threshold sample to the stop-condition detail, an NMI's time to --why's
 * causes (which hand it to its period's summary), lost and dropped events
 * to the counts and the notes, each to the hooks (--record, --prometheus)
 * too. session_sink() hands the readers these callbacks; session_mark()
 * drains the buffers through them before it sets a marker.  See session.h.
 */
#include "config.h"
#include "session.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "causes.h"
#include "counters.h"
#include "session_int.h"
#include "smi.h"

/* Events count toward the statistics shown: not in a warm-up or a pause. */
static bool counting(const struct session *s)
{
	return s->state == SESSION_RUNNING && !s->warming;
}

/* An event other than a summary, read while the statistics count. */
static void count_other(struct session *s)
{
	if (counting(s) && s->source->count_other) {
		s->source->count_other(s);
		session_hooks(s, read);
	}
}

static void on_sample(void *ctx, const struct osn_sample *in)
{
	struct session *s = ctx;
	bool counted = counting(s);
	struct osn_sample with = *in;	/* with --why, its NMI time */
	const struct osn_sample *smp = &with;

	causes_nmi_take(s->causes, &with);

	if (s->conf.debug)
		fprintf(stderr, "hwnoisetop: debug: cpu %d summary at %llu.%06llu: runtime %llu "
			"noise %llu max_sample %llu hw %llu nmi %llu irq %llu softirq %llu thread %llu\n",
			smp->cpu, (unsigned long long)(smp->ts / 1000000000ULL),
			(unsigned long long)(smp->ts / 1000 % 1000000), (unsigned long long)smp->runtime, (unsigned long long)smp->noise,
			(unsigned long long)smp->max_sample, (unsigned long long)smp->hw_count,
			(unsigned long long)smp->nmi_count, (unsigned long long)smp->irq_count,
			(unsigned long long)smp->softirq_count, (unsigned long long)smp->thread_count);

	if (counted) {
		stats_add(&s->stats, smp);
		segments_add(&s->seg, smp);
		s->stats.lost.read++;
		causes_sample(s->causes, smp, smi_ok(s->smi) || s->smi_recorded);
	}
	counters_sample(s, smp, stopwatch_now());
	session_hooks(s, osnoise, smp, counted);
	/* -S: the kernel writes the period's summary, then stops. */
	if (s->osn.stop_total_us && smp->noise > s->osn.stop_total_us &&
	    smp->ts >= s->stop_ts) {
		s->stop_cpu = smp->cpu;
		s->stop_ts = smp->ts;
		s->stop_noise_us = smp->noise;
		snprintf(s->stop_detail, sizeof(s->stop_detail),
			 "the noise of a period, %llu us, is above -S %llu us",
			 (unsigned long long)smp->noise, (unsigned long long)s->osn.stop_total_us);
	}
}

/* -s: the sample over the limit is the last one above it before the stop. */
static void on_threshold(void *ctx, int cpu, uint64_t ts, uint64_t duration_ns)
{
	struct session *s = ctx;

	count_other(s);
	if (counting(s))	/* the histogram, where it is counted from the events read */
		session_hist_event(s, cpu, duration_ns);
	if (s->osn.stop_us && duration_ns > s->osn.stop_us * 1000 && ts >= s->stop_ts) {
		s->stop_cpu = cpu;
		s->stop_ts = ts;
		s->stop_noise_us = duration_ns / 1000;
		snprintf(s->stop_detail, sizeof(s->stop_detail),
			 "a single noise of %llu us is above -s %llu us",
			 (unsigned long long)(duration_ns / 1000),
			 (unsigned long long)s->osn.stop_us);
	}
}

/* --why: an NMI's time, for its period's summary, which comes after it. */
static void on_nmi(void *ctx, int cpu, uint64_t start_ns, uint64_t duration_ns)
{
	struct session *s = ctx;

	(void)start_ns;
	count_other(s);
	causes_nmi(s->causes, cpu, duration_ns);
}

static void on_hwlat(void *ctx, const struct hwl_sample *smp)
{
	struct session *s = ctx;
	bool counted = s->state == SESSION_RUNNING;

	if (counted) {
		hwlat_stats_add(&s->hwl_stats, smp);
		s->hwl_stats.lost.read++;
	}
	session_hooks(s, hwlat, smp, counted);
}

static void on_print(void *ctx, int cpu, const char *text)
{
	struct session *s = ctx;

	count_other(s);
	if (s->conf.debug)
		fprintf(stderr, "hwnoisetop: debug: cpu %d: %s\n", cpu, text);
	if (s->stop_cpu < 0 && (strstr(text, "stop tracing") || !*text)) {
		s->stop_cpu = cpu;
	}
}

static void on_missed(void *ctx, int cpu, uint64_t count)
{
	struct session *s = ctx;
	bool counted = counting(s);

	session_hooks(s, missed, cpu, count, counted);
	if (counted) {	/* not a warm-up's or a pause's: in the figures shown */
		s->source->count_lost(s, count);
		session_hist_lost(s, count);
	}
}

void session_note(const struct session *s, const char *text)
{
	if (s->ui && s->ui->note)
		s->ui->note(s->ui->ctx, text);
	else
		fprintf(stderr, "hwnoisetop: %s\n", text);
}

/* A CPU's buffer failed: said now (front end or stderr) and in the final notes. */
static void on_dropped(void *ctx, int cpu, const char *why)
{
	struct session *s = ctx;
	char line[160];

	snprintf(line, sizeof(line), "CPU %d is no longer read: %s", cpu, why);
	session_note(s, line);
	textbuf_printf(&s->notes, "%s\n", line);
	session_hooks(s, dropped, cpu, why);
}

struct reader_sink session_sink(struct session *s)
{
	struct reader_sink k = { .ctx = s, .sample = on_sample, .print = on_print,
				 .missed = on_missed, .threshold = on_threshold,
				 .nmi = on_nmi, .hwlat = on_hwlat, .dropped = on_dropped };

	return k;
}

int session_mark(struct session *s, const char *origin, const char *fmt, ...)
{
	va_list ap;
	int num;

	va_start(ap, fmt);
	num = session_vmark(s, origin, fmt, ap);
	va_end(ap);
	return num;
}

int session_vmark(struct session *s, const char *origin, const char *fmt, va_list ap)
{
	struct reader_sink sink = session_sink(s);
	char text[MARKER_TEXT];
	bool osn, hwl;
	int num;

	vsnprintf(text, sizeof(text), fmt, ap);
	if (!s->seg.seg) {
		snprintf(s->err, sizeof(s->err), "no run to mark");
		return -1;
	}
	if (s->reader && s->state == SESSION_RUNNING)
		reader_drain_all(s->reader, &sink);
	s->source->figures(s, &osn, &hwl);
	num = segments_mark(&s->seg, s->run_start_ns ? (stopwatch_now() - s->run_start_ns) / 1000000 : 0,
			    session_run_ns(s), measured_cpus(s), osn, hwl, origin, text);
	if (num < 0)
		snprintf(s->err, sizeof(s->err), "no marker set: %d markers is the most", MARKERS_MAX);
	else
		session_hooks(s, mark);
	return num;
}
