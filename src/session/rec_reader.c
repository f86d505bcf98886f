/*
 * rec_reader: the recordings' reader.  See rec_reader.h.
 */
#include "rec_reader.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "causes.h"
#include "counters.h"
#include "env.h"
#include "jsonread.h"
#include "reader.h"
#include "session_int.h"

/* The footer's notes, whatever their length; 0 or -1. */
static int take_notes(const struct jsonr_obj *o, struct textbuf *notes)
{
	char *text = jsonread_strdup(o, "notes");
	int rc = text ? textbuf_set(notes, text) : -1;

	free(text);
	return rc;
}

__attribute__((format(printf, 2, 3))) static int bad(struct replay *r, const char *fmt, ...)
{
	char why[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	snprintf(r->err, sizeof(r->err), "line %lu: %s", r->lines, why);
	return -1;
}

static int need_u64(struct replay *r, const struct jsonr_obj *o, const char *key, uint64_t *v)
{
	return jsonread_u64(o, key, v) < 0 ? bad(r, "no whole number \"%s\"", key) : 0;
}

static int need_cpu(struct replay *r, const struct jsonr_obj *o, int *cpu)
{
	int64_t v;

	if (jsonread_int(o, "cpu", &v) < 0)
		return bad(r, "no CPU number \"%s\"", "cpu");
	if (v < 0 || v >= r->s->ncpus)
		return bad(r, "CPU %lld out of range: the header's ncpus is %d (CPUs 0 to %d)",
			   (long long)v, r->s->ncpus, r->s->ncpus - 1);
	*cpu = (int)v;
	return 0;
}

static int need_cpus(struct replay *r, const struct jsonr_obj *o, const char *key,
		     struct cpuset *cpus)
{
	char list[CPUSET_LIST_MAX];
	struct why why;

	if (jsonread_str(o, key, list, sizeof(list)) < 0)
		return bad(r, "no CPU list in \"%s\"", key);
	memset(cpus, 0, sizeof(*cpus));
	if (list[0] && cpuset_parse(list, cpus, &why) < 0)
		return bad(r, "no CPU list in \"%s\": %s", key, why.text);
	return 0;
}

static bool counted(const struct jsonr_obj *o)
{
	bool c = true;
	uint64_t v;

	if (jsonread_u64(o, "c", &v) == 0)
		c = v != 0;
	return c;
}

/* The view a line belongs to: "view":"hwlat" or the osnoise one. */
static enum session_tracer view_of(const struct jsonr_obj *o)
{
	char view[16];

	return jsonread_str(o, "view", view, sizeof(view)) == 0 && strcmp(view, "hwlat") == 0 ?
	       SESSION_HWLAT : SESSION_OSNOISE;
}

/* The tracer a "set" line names ("tracer"), or was when it names none. */
static enum session_tracer tracer_of(const struct jsonr_obj *o, enum session_tracer was)
{
	char name[16];

	if (jsonread_str(o, "tracer", name, sizeof(name)) < 0)
		return was;
	return strcmp(name, "hwlat") == 0 ? SESSION_HWLAT :
	       strcmp(name, "osnoise") == 0 ? SESSION_OSNOISE : was;
}

static int settings(struct replay *r, const struct jsonr_obj *o)
{
	struct session *s = r->s;
	char mode[32];
	bool irq;

	if (need_cpus(r, o, "cpus", &s->conf.osn.cpus) < 0 ||
	    need_cpus(r, o, "hwlat_cpus", &s->conf.hwl.cpus) < 0 ||
	    need_u64(r, o, "period_us", &s->conf.osn.period_us) < 0 ||
	    need_u64(r, o, "runtime_us", &s->conf.osn.runtime_us) < 0 ||
	    need_u64(r, o, "threshold_us", &s->conf.osn.threshold_us) < 0 ||
	    need_u64(r, o, "hwlat_threshold_us", &s->conf.hwl.threshold_us) < 0 ||
	    need_u64(r, o, "hwlat_window_us", &s->conf.hwl.window_us) < 0 ||
	    need_u64(r, o, "hwlat_width_us", &s->conf.hwl.width_us) < 0)
		return -1;
	if (jsonread_bool(o, "irq_disable", &irq) < 0)
		return bad(r, "no true or false \"%s\"", "irq_disable");
	s->conf.osn.irq_disable = irq;
	if (jsonread_str(o, "hwlat_mode", mode, sizeof(mode)) == 0)
		tracer_conf_hwlat_mode_parse(mode, &s->conf.hwl.mode);
	return 0;
}

/*
 * hwnoisetop hwlat's options that shape its end (rec_writer.h): absent
 * (an older recording), the defaults: the text, the hard limit the threshold.
 */
static int hwlat_options(struct replay *r, const struct jsonr_obj *o)
{
	struct hwlat_end *e = &r->hwlat_end;

	e->conf = &r->s->conf.hwl;
	e->quiet = r->live_quiet;
	e->duration_s = r->s->conf.duration_s;
	if (jsonread_u64(o, "hardlimit_us", &e->hardlimit_us) < 0)
		e->hardlimit_us = r->s->conf.hwl.threshold_us;
	if ((jsonread_get(o, "json") && jsonread_bool(o, "json", &e->json) < 0) ||
	    (jsonread_get(o, "watch") && jsonread_bool(o, "watch", &e->watch) < 0) ||
	    (jsonread_get(o, "brief") && jsonread_bool(o, "brief", &e->brief) < 0))
		return bad(r, "no true or false \"%s\"", "json, watch or brief");
	if (jsonread_get(o, "report") && jsonread_str(o, "report", r->report, sizeof(r->report)) < 0)
		return bad(r, "no \"%s\" string", "report");
	return 0;
}

/* Which run this is (the header's program version, kernel, time, machine); absent: "". */
static void origin(struct replay *r, const struct jsonr_obj *o)
{
	if (jsonread_str(o, "version", r->version, sizeof(r->version)) < 0)
		r->version[0] = '\0';
	if (jsonread_str(o, "kernel", r->kernel, sizeof(r->kernel)) < 0)
		r->kernel[0] = '\0';
	if (jsonread_int(o, "time", &r->time) < 0)
		r->time = 0;
	for (unsigned i = 0; i < machine_id_nfields; i++) {
		char *to = (char *)&r->mid + machine_id_fields[i].offset;

		if (jsonread_str(o, machine_id_fields[i].name, to, machine_id_fields[i].size) < 0)
			*to = '\0';
	}
}

static int header(struct replay *r, const struct jsonr_obj *o)
{
	struct session *s = r->s;
	uint64_t v, ncpus, keep;
	char mode[16];

	if (jsonread_u64(o, "v", &v) < 0)
		return bad(r, "no format version \"%s\"", "v");
	if (v != RECORDING_VERSION) {
		snprintf(r->err, sizeof(r->err), "line %lu: format version %llu, this hwnoisetop "
			 "reads version %d", r->lines, (unsigned long long)v, RECORDING_VERSION);
		return -1;
	}
	if (jsonread_str(o, "mode", mode, sizeof(mode)) < 0)
		return bad(r, "no \"%s\"", "mode");
	origin(r, o);
	if (need_u64(r, o, "ncpus", &ncpus) < 0 || need_u64(r, o, "hwlat_keep", &keep) < 0 ||
	    need_u64(r, o, "duration_s", &s->conf.duration_s) < 0 ||
	    need_u64(r, o, "warmup_s", &s->conf.warmup_s) < 0)
		return -1;
	if (ncpus < 1 || ncpus > HWN_MAX_CPUS)
		return bad(r, "\"%s\" out of range", "ncpus");
	if (jsonread_bool(o, "quiet", &r->live_quiet) < 0)
		return bad(r, "no true or false \"%s\"", "quiet");
	jsonread_bool(o, "hist", &s->conf.hist.on);	/* hwnoisetop hist's (absent: no) */
	s->ncpus = (int)ncpus;
	if (settings(r, o) < 0 || need_u64(r, o, "stop_us", &s->conf.osn.stop_us) < 0 ||
	    need_u64(r, o, "stop_total_us", &s->conf.osn.stop_total_us) < 0)
		return -1;
	/* For the report only: none is armed (s->osn.stop_us), none checked again. */
	r->hwlat_mode = strcmp(mode, "hwlat") == 0;
	s->conf.tracer = r->hwlat_mode ? SESSION_HWLAT : SESSION_OSNOISE;
	s->conf.hwlat_keep = keep;
	s->state = SESSION_RUNNING;
	s->stop_cpu = -1;
	if (stats_init(&s->stats, s->ncpus) < 0 || hwlat_stats_init(&s->hwl_stats, s->ncpus) < 0 ||
	    segments_init(&s->seg, s->ncpus, r->hwlat_mode ? &s->conf.hwl.cpus : &s->conf.osn.cpus,
			  !r->hwlat_mode && !s->conf.osn.irq_disable, r->hwlat_mode) < 0)
		return bad(r, "%s", "out of memory");
	s->hwl_stats.limit = keep;
	return r->hwlat_mode ? hwlat_options(r, o) : 0;
}

static int sample(struct replay *r, const struct jsonr_obj *o, const struct reader_sink *k)
{
	struct osn_sample smp = { 0 };

	if (need_cpu(r, o, &smp.cpu) < 0 || need_u64(r, o, "ts", &smp.ts) < 0 ||
	    need_u64(r, o, "runtime", &smp.runtime) < 0 || need_u64(r, o, "noise", &smp.noise) < 0 ||
	    need_u64(r, o, "max_sample", &smp.max_sample) < 0 ||
	    need_u64(r, o, "hw", &smp.hw_count) < 0 || need_u64(r, o, "nmi", &smp.nmi_count) < 0 ||
	    need_u64(r, o, "irq", &smp.irq_count) < 0 ||
	    need_u64(r, o, "softirq", &smp.softirq_count) < 0 ||
	    need_u64(r, o, "thread", &smp.thread_count) < 0)
		return -1;
	/* --why's NMI time of the period (osnoise:nmi_noise); absent: not measured. */
	if ((smp.nmi_time = jsonread_get(o, "nmi_ns")) && need_u64(r, o, "nmi_ns", &smp.nmi_ns) < 0)
		return -1;
	if (counted(o))
		k->sample(k->ctx, &smp);
	return 0;
}

static int hwlat(struct replay *r, const struct jsonr_obj *o, const struct reader_sink *k)
{
	struct hwl_sample smp = { 0 };
	uint64_t seq, nsec;
	int64_t sec;

	if (need_cpu(r, o, &smp.cpu) < 0 || need_u64(r, o, "seq", &seq) < 0 ||
	    need_u64(r, o, "nsec", &nsec) < 0 || need_u64(r, o, "inner", &smp.inner) < 0 ||
	    need_u64(r, o, "outer", &smp.outer) < 0 || need_u64(r, o, "count", &smp.count) < 0 ||
	    need_u64(r, o, "nmi_total", &smp.nmi_total) < 0 ||
	    need_u64(r, o, "nmi_count", &smp.nmi_count) < 0)
		return -1;
	if (jsonread_int(o, "sec", &sec) < 0)
		return bad(r, "no whole number \"%s\"", "sec");
	smp.seqnum = (uint32_t)seq;
	smp.ts_sec = sec;
	smp.ts_nsec = (long)nsec;
	if (counted(o))
		k->hwlat(k->ctx, &smp);
	return 0;
}

/* A line for one view: the session's tracer set to it while f runs. */
static void in_view(struct replay *r, const struct jsonr_obj *o)
{
	r->s->conf.tracer = view_of(o);
}

static int lost(struct replay *r, const struct jsonr_obj *o, const struct reader_sink *k)
{
	const struct jsonr_field *n = jsonread_get(o, "n");
	uint64_t count = LOST_UNKNOWN;
	int cpu = 0;

	if (need_cpu(r, o, &cpu) < 0)
		return -1;
	if (!n || (n->type != JR_NULL && need_u64(r, o, "n", &count) < 0))
		return bad(r, "no count or null \"%s\"", "n");
	if (counted(o)) {
		in_view(r, o);
		k->missed(k->ctx, cpu, count);
	}
	return 0;
}

/*
 * A footer's exit status in today's table (env.h).  The first table's
 * hwnoisetop exits read the same (its 2 in a recording is the stop: a usage
 * error makes no recording); its hwnoisetop hwlat said 1 both above the hard
 * limit and for a failure during the run, told apart by the samples.
 */
static int old_status(const struct replay *r, int64_t table, int status)
{
	const struct hwl_stats *st = &r->s->hwl_stats;

	if (table >= HWN_EXIT_TABLE || !r->hwlat_mode || status == HWN_HWLAT_BELOW)
		return status;
	if (status == 1 && st->samples && st->max > r->hwlat_end.hardlimit_us)
		return HWN_HWLAT_ABOVE;
	return HWN_HWLAT_FAILED;
}

/* hwnoisetop hist's counts (histo.h), in the footer of its recordings. */
static int hist(struct replay *r, const struct jsonr_obj *o)
{
	const struct jsonr_field *f = jsonread_get(o, "hist");
	struct session *s = r->s;
	const char *why;

	if (!f)
		return 0;
	if (f->type != JR_OBJ)
		return bad(r, "\"%s\" is not an object", "hist");
	if (!s->hist.cpu && histo_init(&s->hist, &(struct histo_plan){ .bucket_us = 1,
			.entries = 1, .gran_us = 1 }, s->ncpus) < 0)
		return bad(r, "%s", "out of memory");
	if (histo_json_read(&s->hist, &s->conf.hist, f->raw, f->rawlen, &why) < 0)
		return bad(r, "%s", why);
	return 0;
}

static int footer(struct replay *r, const struct jsonr_obj *o)
{
	struct session *s = r->s;
	int64_t status, table;
	bool osnoise, saved;

	if (need_u64(r, o, "elapsed_s", &r->end.elapsed_s) < 0 ||
	    need_u64(r, o, "run_ns", &r->end.run_ns) < 0 ||
	    need_cpus(r, o, "cpus", &s->conf.osn.cpus) < 0 ||
	    need_cpus(r, o, "hwlat_cpus", &s->conf.hwl.cpus) < 0 ||
	    need_u64(r, o, "hwlat_threshold_us", &s->conf.hwl.threshold_us) < 0)
		return -1;
	if (jsonread_bool(o, "osnoise", &osnoise) < 0)
		return bad(r, "no true or false \"%s\"", "osnoise");
	s->conf.osn.irq_disable = !osnoise;
	if (jsonread_bool(o, "smi", &r->end.smi) < 0 || jsonread_bool(o, "hwlat_view", &r->end.hwlat_view) < 0 ||
	    jsonread_bool(o, "stop_hit", &s->stop_hit) < 0)
		return bad(r, "no true or false \"%s\"", "smi, hwlat_view or stop_hit");
	if (jsonread_int(o, "exit", &status) < 0)
		return bad(r, "no whole number \"%s\"", "exit");
	if (jsonread_int(o, "exit_table", &table) < 0)
		table = 1;	/* before the footer named its table */
	s->exit_status = old_status(r, table, (int)status);
	if (jsonread_str(o, "stop_reason", s->stop_reason, sizeof(s->stop_reason)) < 0 ||
	    jsonread_str(o, "neighbour_log", s->neighbour_log, sizeof(s->neighbour_log)) < 0 ||
	    take_notes(o, &s->notes) < 0)
		return bad(r, "no \"%s\" string", "stop_reason, neighbour_log or notes");
	if (r->hwlat_mode && jsonread_bool(o, "report_saved", &saved) == 0 && saved && r->report[0])
		r->hwlat_end.report = r->report;
	if (hist(r, o) < 0)
		return -1;
	r->footer = true;
	return 0;
}

/* The tick's measured times, for a front end playing the recording back. */
static void tick_meters(struct replay *r, const struct jsonr_obj *o)
{
	struct session *s = r->s;
	uint64_t hw = 0;

	s->watch[SESSION_OSNOISE].total_ns = r->end.elapsed_s * 1000000000ULL;
	if (jsonread_u64(o, "hwlat_elapsed_s", &hw) == 0)
		s->watch[SESSION_HWLAT].total_ns = hw * 1000000000ULL;
	s->run_stopwatch.total_ns = r->end.run_ns;
	r->ticks++;
}

static int one_line(struct replay *r, const struct jsonr_obj *o, const struct reader_sink *k)
{
	struct session *s = r->s;
	char t[16], origin[MARKER_ORIGIN], text[MARKER_TEXT];
	enum session_tracer tracer = s->conf.tracer;
	uint64_t n, t_ms, run_ns;
	struct cpuset cpus;
	bool osn, hwl;
	const char *why;
	int cpu = 0, rc = 0;

	if (jsonread_str(o, "t", t, sizeof(t)) < 0)
		return bad(r, "no line type \"%s\"", "t");
	if (r->lines == 1)
		return strcmp(t, "header") ? bad(r, "%s", "not a hwnoisetop recording (no header)") :
		       header(r, o);
	if (strcmp(t, "header") == 0)
		return bad(r, "%s", "a second header (two recordings in one file?)");
	if (r->footer)
		return bad(r, "a \"%s\" line after the footer", t);
	if (strcmp(t, "s") == 0)
		rc = sample(r, o, k);
	else if (strcmp(t, "h") == 0)
		rc = hwlat(r, o, k);
	else if (strcmp(t, "lost") == 0)
		rc = lost(r, o, k);
	else if (strcmp(t, "read") == 0) {
		if ((rc = need_u64(r, o, "n", &n)) == 0 && n > UINT32_MAX)
			rc = bad(r, "\"%s\" out of range", "n");
		s->conf.tracer = SESSION_OSNOISE;
		for (uint64_t i = 0; rc == 0 && i < n; i++)
			k->threshold(k->ctx, 0, 0, 0);	/* counted as another event read */
	} else if (strcmp(t, "smi") == 0) {
		if ((rc = need_cpu(r, o, &cpu)) == 0 && (rc = need_u64(r, o, "n", &n)) == 0)
			s->smi_recorded = true;
		if (rc == 0 && counted(o)) {
			in_view(r, o);
			counters_add_smi(s, cpu, n);
		}
	} else if (strcmp(t, "audit") == 0) {
		free(r->audit);
		if (!(r->audit = jsonread_strdup(o, "text")))
			rc = bad(r, "%s", "an \"audit\" line without its text");
	} else if (strcmp(t, "ev") == 0) {
		if (causes_read(&s->causes, s->ncpus, o, &cpu, &why) < 0)
			rc = bad(r, "%s", why);
		else	/* as a live tick gives it: an experiment's arms take the visits */
			session_evidence_of(s, cpu);
	} else if (strcmp(t, "mark") == 0) {
		if ((rc = need_u64(r, o, "t_ms", &t_ms)) == 0 &&
		    (rc = need_u64(r, o, "run_ns", &run_ns)) == 0 &&
		    (rc = need_cpus(r, o, "cpus", &cpus)) == 0) {
			if (jsonread_bool(o, "osnoise", &osn) < 0 || jsonread_bool(o, "hwlat", &hwl) < 0 ||
			    jsonread_str(o, "origin", origin, sizeof(origin)) < 0 ||
			    jsonread_str(o, "text", text, sizeof(text)) < 0)
				rc = bad(r, "%s", "a marker without osnoise, hwlat, origin or text");
			else if (segments_mark(&s->seg, t_ms, run_ns, &cpus, osn, hwl, origin, text) < 0)
				rc = bad(r, "%s", "one marker too many");
		}
	} else if (strcmp(t, "reset") == 0) {
		in_view(r, o);
		session_reset_stats(s);
	} else if (strcmp(t, "set") == 0) {
		/* And the view the live run showed from here on (w switched the tracer). */
		if ((rc = settings(r, o)) == 0)
			tracer = tracer_of(o, tracer);
	} else if (strcmp(t, "tick") == 0) {
		if ((rc = need_u64(r, o, "elapsed_s", &r->end.elapsed_s)) == 0 &&
		    (rc = need_u64(r, o, "run_ns", &r->end.run_ns)) == 0)
			tick_meters(r, o);
	} else if (strcmp(t, "footer") == 0) {
		rc = footer(r, o);
	} else if (strcmp(t, "dropped") != 0) {
		rc = bad(r, "unknown line type \"%s\"", t);
	}
	s->conf.tracer = tracer;
	return rc;
}

int rec_reader_open(struct replay *r, FILE *f)
{
	memset(r, 0, sizeof(*r));
	r->s = session_new(&source_recording);
	r->f = f;
	r->o = malloc(sizeof(*r->o));
	if (!r->o || !r->s) {
		snprintf(r->err, sizeof(r->err), "out of memory");
		return -1;
	}
	r->k = session_sink(r->s);
	if (rec_reader_next(r) > 0)
		return rec_reader_take(r);
	if (!r->err[0]) {
		r->lines = 1;
		return bad(r, "%s", "the file is empty");
	}
	return -1;
}

/*
 * The recorded time of the parsed line: its summary's or sample's
 * timestamp, or 0; *hwlat: a hwlat sample's.
 */
static uint64_t line_ns(const struct jsonr_obj *o, bool *hwlat)
{
	const struct jsonr_field *t = jsonread_get(o, "t");
	uint64_t ts, nsec;
	int64_t sec;

	*hwlat = false;
	if (!t || t->rawlen != 3)
		return 0;
	if (t->raw[1] == 's' && jsonread_u64(o, "ts", &ts) == 0)
		return ts;
	*hwlat = t->raw[1] == 'h' && jsonread_int(o, "sec", &sec) == 0 && sec >= 0 &&
		 jsonread_u64(o, "nsec", &nsec) == 0;
	return *hwlat ? (uint64_t)sec * 1000000000ULL + nsec : 0;
}

int rec_reader_next(struct replay *r)
{
	ssize_t len;

	if (r->pending)
		return 1;
	if (r->err[0] || !r->o)
		return -1;
	len = getline(&r->line, &r->cap, r->f);
	if (len < 0) {
		if (ferror(r->f) && !r->lines) {	/* not a file at all: no line to name */
			snprintf(r->err, sizeof(r->err), "cannot be read: %s", strerror(errno));
			return -1;
		}
		if (ferror(r->f))
			return bad(r, "read error after it: %s", strerror(errno));
		return 0;
	}
	r->lines++;
	/*
	 * getline() stops without an end of line only at the end of the file:
	 * the cut a crash, a kill, a power loss or a full disk leaves in the
	 * middle of a write.  The whole lines before it are the recording.
	 */
	if (len == 0 || r->line[len - 1] != '\n') {
		if (ferror(r->f))
			return bad(r, "read error in it: %s", strerror(errno));
		if (r->lines == 1)
			return bad(r, "%s", "cut short (no end of line): nothing to replay");
		r->cut = r->lines;
		return 0;
	}
	if (memchr(r->line, 0, (size_t)len))
		return bad(r, "%s", "a NUL byte");
	if (jsonread_parse(r->line, (size_t)len - 1, r->o) < 0)
		return bad(r, "not JSON: %s", r->o->err);
	r->pending = true;
	r->next_ns = line_ns(r->o, &r->next_hwlat);
	return 1;
}

int rec_reader_take(struct replay *r)
{
	if (!r->pending)
		return -1;
	r->pending = false;
	return one_line(r, r->o, &r->k);
}

int rec_reader_read(struct replay *r, FILE *f)
{
	int rc = rec_reader_open(r, f);

	while (rc == 0 && (rc = rec_reader_next(r)) > 0)
		rc = rec_reader_take(r);
	rec_reader_close(r);
	return rc;
}

void rec_reader_end(struct replay *r)
{
	if (r->s)
		causes_flush(r->s->causes, r->s->smi_recorded, "no SMI counts recorded");
}

void rec_reader_close(struct replay *r)
{
	rec_reader_end(r);
	free(r->line);
	free(r->o);
	r->line = NULL;
	r->o = NULL;
	r->cap = 0;
	r->pending = false;
}

void rec_reader_keep_run_only(struct replay *r)
{
	segments_run_only(&r->s->seg);
}

void rec_reader_free(struct replay *r)
{
	free(r->audit);
	r->audit = NULL;
	rec_reader_close(r);
	session_free(r->s);
	r->s = NULL;
}

const char *rec_reader_end_note(const struct replay *r, const char *path, const char *verb,
			    char *buf, size_t len)
{
	if (r->footer)
		snprintf(buf, len, "%s", "");
	else if (r->cut)
		snprintf(buf, len, "%s: line %lu is cut short: %s up to line %lu (the run did not "
			 "end cleanly)", path, r->cut, verb, r->cut - 1);
	else
		snprintf(buf, len, "%s ends at line %lu without its footer (the run was cut short): "
			 "%s up to there", path, r->lines, verb);
	return buf;
}

bool rec_reader_file_is_hist(const char *path)
{
	struct jsonr_obj *o = malloc(sizeof(*o));
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	bool hist = false;

	if (o && f && (n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			n--;
		if (jsonread_parse(line, (size_t)n, o) == 0 && jsonread_bool(o, "hist", &hist) < 0)
			hist = false;
	}
	if (f)
		fclose(f);
	free(line);
	free(o);
	return hist;
}
