/*
 * rec_writer: the recordings' writer.  See rec_writer.h.
 */
#include "rec_writer.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "audit_report.h"
#include "config.h"
#include "env.h"
#include "evidence.h"
#include "json.h"
#include "machine_id.h"
#include "rec_reader.h"
#include "segments.h"
#include "session.h"

/* The settings a set line carries; each line compares them with the last written. */
struct rec_values {
	enum session_tracer tracer;
	enum session_state state;
	uint64_t period_us, runtime_us, threshold_us;
	bool irq_disable;
	uint64_t hwl_threshold_us, hwl_window_us, hwl_width_us;
	enum hwlat_mode hwl_mode;
};

struct rec_settings {
	struct rec_values v;
	struct cpuset cpus, hwl_cpus;
};

struct recording {
	int fd;
	char path[1024];
	struct session *s;
	struct session_hook hook;
	FILE *mem;			/* whole lines not yet written (open_memstream) */
	char *buf;
	size_t buflen;
	uint64_t pending_read;		/* other events counted, not yet written */
	uint64_t lines;
	struct rec_settings set;
	int werr;			/* errno of the first failed write, 0 */
	bool werr_said;			/* and it was said during the run */
};

static void recording_free(struct recording *r)
{
	if (r->mem)
		fclose(r->mem);
	free(r->buf);
	free(r);
}

struct recording *rec_writer_open(const char *path, bool force, char *err, size_t errlen)
{
	struct recording *r = calloc(1, sizeof(*r));
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (force ? O_TRUNC : O_EXCL);

	if (!r) {
		snprintf(err, errlen, "--record: out of memory");
		return NULL;
	}
	r->mem = open_memstream(&r->buf, &r->buflen);
	r->fd = r->mem ? open(path, flags, 0644) : -1;
	if (r->fd < 0) {
		if (!r->mem)
			errno = ENOMEM;
		if (errno == EEXIST)
			snprintf(err, errlen, "--record: %s exists; --force overwrites it", path);
		else
			snprintf(err, errlen, "--record: cannot create %s: %s", path, strerror(errno));
		recording_free(r);
		return NULL;
	}
	snprintf(r->path, sizeof(r->path), "%s", path);
	return r;
}

static void flush(struct recording *r)
{
	off_t len;
	size_t off = 0;

	if (fflush(r->mem) != 0 && !r->werr)
		r->werr = ENOMEM;
	len = ftello(r->mem);
	while (len > 0 && off < (size_t)len && !r->werr) {
		ssize_t n = write(r->fd, r->buf + off, (size_t)len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			r->werr = n < 0 ? errno : EIO;
		else
			off += (size_t)n;
	}
	fseeko(r->mem, 0, SEEK_SET);
}

void rec_writer_flush(struct recording *r)
{
	if (r)
		flush(r);
}

/* Start a line of type t; end it with endl(). */
static void line(struct recording *r, const char *t)
{
	fprintf(r->mem, "{\"t\":\"%s\"", t);
}

static void endl(struct recording *r)
{
	fprintf(r->mem, "}\n");
	r->lines++;
}

static void put_cpus(struct recording *r, const char *key, const struct cpuset *cpus)
{
	char list[CPUSET_LIST_MAX];

	fprintf(r->mem, ",\"%s\":", key);
	json_write_string(r->mem, cpuset_format(cpus, list, sizeof(list)));
}

static void put_str(struct recording *r, const char *key, const char *val)
{
	fprintf(r->mem, ",\"%s\":", key);
	json_write_string(r->mem, val);
}

/* The machine's identity (machine_id.h), each fact a field of the header. */
static void put_machine_id(struct recording *r)
{
	struct machine_id m;

	machine_id_read(&m, "/");
	for (unsigned i = 0; i < machine_id_nfields; i++)
		put_str(r, machine_id_fields[i].name, (const char *)&m + machine_id_fields[i].offset);
}

/* The first line of a file of /sys or /proc, "" when it cannot be read. */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");

	buf[0] = 0;
	if (f) {
		if (!fgets(buf, (int)len, f))
			buf[0] = 0;
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = 0;
}

static void put_file(struct recording *r, const char *key, const char *path)
{
	char val[4096];

	read_line(path, val, sizeof(val));
	put_str(r, key, val);
}

static void topology(struct recording *r)
{
	struct cpuset online;
	char path[128], pkg[32], core[32];
	const char *sep = "";
	int cpu;

	env_online_cpus(&online);
	put_cpus(r, "online", &online);
	fprintf(r->mem, ",\"topology\":[");
	cpuset_for_each(cpu, &online) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
		read_line(path, pkg, sizeof(pkg));
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/core_id", cpu);
		read_line(path, core, sizeof(core));
		fprintf(r->mem, "%s[%d,%ld,%ld]", sep, cpu, strtol(pkg, NULL, 10), strtol(core, NULL, 10));
		sep = ",";
	}
	fprintf(r->mem, "]");
}

static void values_now(const struct session *s, struct rec_values *v)
{
	memset(v, 0, sizeof(*v));
	v->tracer = session_conf(s)->tracer;
	v->state = session_run_state(s);
	v->period_us = session_conf(s)->osn.period_us;
	v->runtime_us = session_conf(s)->osn.runtime_us;
	v->threshold_us = session_conf(s)->osn.threshold_us;
	v->irq_disable = session_conf(s)->osn.irq_disable;
	v->hwl_threshold_us = session_conf(s)->hwl.threshold_us;
	v->hwl_window_us = session_conf(s)->hwl.window_us;
	v->hwl_width_us = session_conf(s)->hwl.width_us;
	v->hwl_mode = session_conf(s)->hwl.mode;
}

static void settings_now(const struct session *s, struct rec_settings *set)
{
	values_now(s, &set->v);
	set->cpus = session_conf(s)->osn.cpus;
	set->hwl_cpus = session_conf(s)->hwl.cpus;
}

/*
 * Do the settings differ from set?  Asked before every line, so cheaply:
 * the CPU sets only as far as the session's CPUs go (a set of 8192 CPUs
 * is 1 KB, copied and compared whole it cost 0.3 us a line).
 */
static bool settings_changed(const struct session *s, const struct rec_settings *set)
{
	size_t word = sizeof(set->cpus.bits[0]), bits = 8 * word;
	size_t len = ((size_t)(session_ncpus(s) > 0 ? session_ncpus(s) : HWN_MAX_CPUS) + bits - 1) / bits * word;
	struct rec_values v;

	if (len > sizeof(set->cpus))
		len = sizeof(set->cpus);
	values_now(s, &v);
	return memcmp(&v, &set->v, sizeof(v)) != 0 ||
	       memcmp(&session_conf(s)->osn.cpus, &set->cpus, len) != 0 ||
	       memcmp(&session_conf(s)->hwl.cpus, &set->hwl_cpus, len) != 0;
}

static const char *state_name(enum session_state st)
{
	return st == SESSION_PAUSED ? "paused" : st == SESSION_STOPPED ? "stopped" :
	       st == SESSION_RUNNING ? "running" : "idle";
}

/* The settings in force, as members of the current line. */
static void put_settings(struct recording *r, const struct rec_settings *set)
{
	const struct rec_values *v = &set->v;

	put_str(r, "tracer", v->tracer == SESSION_HWLAT ? "hwlat" : "osnoise");
	put_str(r, "state", state_name(v->state));
	put_cpus(r, "cpus", &set->cpus);
	fprintf(r->mem, ",\"period_us\":%llu,\"runtime_us\":%llu,\"threshold_us\":%llu,"
		    "\"irq_disable\":%s", (unsigned long long)v->period_us,
		    (unsigned long long)v->runtime_us, (unsigned long long)v->threshold_us,
		    v->irq_disable ? "true" : "false");
	put_cpus(r, "hwlat_cpus", &set->hwl_cpus);
	fprintf(r->mem, ",\"hwlat_threshold_us\":%llu,\"hwlat_window_us\":%llu,"
		    "\"hwlat_width_us\":%llu", (unsigned long long)v->hwl_threshold_us,
		    (unsigned long long)v->hwl_window_us, (unsigned long long)v->hwl_width_us);
	put_str(r, "hwlat_mode", tracer_conf_hwlat_mode_name(v->hwl_mode));
}

static void attach(struct recording *r, struct session *s);

/* A live run's audit as it starts (hwnoisetop audit's text), for the report:
 * read-only, before the first period; never of a replay (not this machine's). */
static void put_audit(struct recording *r, const struct session *s)
{
	struct audit *a;
	char *text = NULL;
	size_t len = 0;
	FILE *m;

	if (session_replaying(s) || !(a = calloc(1, sizeof(*a))))
		return;
	audit_run(a, session_cpus(s));
	if ((m = open_memstream(&text, &len))) {
		audit_report_print(m, a);
		if (fclose(m) == 0) {
			line(r, "audit");
			put_str(r, "text", text);
			endl(r);
		}
	}
	free(text);
	free(a);
}

void rec_writer_begin(struct recording *r, struct session *s, int argc, char **argv,
		     const struct recording_cli *cli)
{
	struct utsname u;

	r->s = s;
	settings_now(s, &r->set);
	if (uname(&u) < 0)
		memset(&u, 0, sizeof(u));
	line(r, "header");
	fprintf(r->mem, ",\"v\":%d", RECORDING_VERSION);
	if (session_conf(s)->hist.on)	/* hwnoisetop hist: its histogram is in the footer */
		fprintf(r->mem, ",\"hist\":true");
	put_str(r, "program", "hwnoisetop");
	put_str(r, "version", PACKAGE_VERSION);
	put_str(r, "kernel", u.release);
	put_str(r, "machine", u.machine);
	put_machine_id(r);
	fprintf(r->mem, ",\"time\":%lld,\"argv\":[", (long long)time(NULL));
	for (int i = 0; i < argc; i++) {
		fprintf(r->mem, i ? "," : "");
		json_write_string(r->mem, argv[i]);
	}
	fprintf(r->mem, "]");
	put_str(r, "mode", session_conf(s)->tracer == SESSION_HWLAT ? "hwlat" :
		session_conf(s)->osn.irq_disable ? "hwnoise" : "osnoise");
	fprintf(r->mem, ",\"quiet\":%s,\"ncpus\":%d,\"duration_s\":%llu,\"warmup_s\":%llu,"
		    "\"stop_us\":%llu,\"stop_total_us\":%llu,\"hwlat_keep\":%zu",
		    cli->quiet ? "true" : "false", session_ncpus(s), (unsigned long long)session_conf(s)->duration_s,
		    (unsigned long long)session_conf(s)->warmup_s, (unsigned long long)session_conf(s)->osn.stop_us,
		    (unsigned long long)session_conf(s)->osn.stop_total_us, session_conf(s)->hwlat_keep);
	if (session_conf(s)->tracer == SESSION_HWLAT) {
		fprintf(r->mem, ",\"json\":%s,\"watch\":%s,\"hardlimit_us\":%llu",
			cli->json ? "true" : "false", cli->watch ? "true" : "false",
			(unsigned long long)cli->hardlimit_us);
		put_str(r, "report", cli->report ? cli->report : "");
		if (cli->brief)
			fprintf(r->mem, ",\"brief\":true");
	}
	put_settings(r, &r->set);
	topology(r);
	put_file(r, "clocksource", "/sys/devices/system/clocksource/clocksource0/current_clocksource");
	put_file(r, "isolated", "/sys/devices/system/cpu/isolated");
	put_file(r, "nohz_full", "/sys/devices/system/cpu/nohz_full");
	put_file(r, "cmdline", "/proc/cmdline");
	endl(r);
	put_audit(r, s);
	attach(r, s);
	session_evidence_hooks(s);	/* --why: as the run starts */
	flush(r);
}

/*
 * Before a line: the other events counted since the last line (the
 * table's missed-events ratio), then, when any setting a "set" line
 * carries changed since the last one (a key or prompt of the dashboard,
 * a pause), the settings.  The session hands the summaries read before
 * a change to the hooks first (session.c), so a set line stands where
 * its change was made: after the old setting's summaries, before the
 * markers, resets and summaries that came under the new one, whatever
 * request made it.  A replay switches its view and mode there.
 */
static void put_pending(struct recording *r, const struct session *s)
{
	if (r->pending_read) {
		line(r, "read");
		fprintf(r->mem, ",\"n\":%llu", (unsigned long long)r->pending_read);
		endl(r);
		r->pending_read = 0;
	}
	if (settings_changed(s, &r->set)) {
		settings_now(s, &r->set);
		line(r, "set");
		put_settings(r, &r->set);
		endl(r);
	}
}

static void on_osnoise(void *ctx, const struct session *s, const struct osn_sample *smp,
		       bool counted)
{
	struct recording *r = ctx;

	put_pending(r, s);
	line(r, "s");
	fprintf(r->mem, ",\"ts\":%llu,\"cpu\":%d,\"runtime\":%llu,\"noise\":%llu,"
		    "\"max_sample\":%llu,\"hw\":%llu,\"nmi\":%llu,\"irq\":%llu,\"softirq\":%llu,"
		    "\"thread\":%llu", (unsigned long long)smp->ts, smp->cpu,
		    (unsigned long long)smp->runtime, (unsigned long long)smp->noise,
		    (unsigned long long)smp->max_sample, (unsigned long long)smp->hw_count,
		    (unsigned long long)smp->nmi_count, (unsigned long long)smp->irq_count,
		    (unsigned long long)smp->softirq_count, (unsigned long long)smp->thread_count);
	if (smp->nmi_time)	/* --why: the period's NMI time (osnoise:nmi_noise) */
		fprintf(r->mem, ",\"nmi_ns\":%llu", (unsigned long long)smp->nmi_ns);
	fputs(counted ? "" : ",\"c\":0", r->mem);
	endl(r);
}

static void on_hwlat(void *ctx, const struct session *s, const struct hwl_sample *smp,
		     bool counted)
{
	struct recording *r = ctx;

	put_pending(r, s);
	line(r, "h");
	fprintf(r->mem, ",\"cpu\":%d,\"seq\":%u,\"sec\":%lld,\"nsec\":%ld,\"inner\":%llu,"
		    "\"outer\":%llu,\"count\":%llu,\"nmi_total\":%llu,\"nmi_count\":%llu%s",
		    smp->cpu, (unsigned)smp->seqnum, (long long)smp->ts_sec, smp->ts_nsec,
		    (unsigned long long)smp->inner, (unsigned long long)smp->outer,
		    (unsigned long long)smp->count, (unsigned long long)smp->nmi_total,
		    (unsigned long long)smp->nmi_count, counted ? "" : ",\"c\":0");
	endl(r);
}

/* ",\"view\":\"hwlat\"" for what the hwlat view counts, and ",\"c\":0" when not counted. */
static void put_view(struct recording *r, const struct session *s, bool counted)
{
	fprintf(r->mem, "%s%s", session_conf(s)->tracer == SESSION_HWLAT ? ",\"view\":\"hwlat\"" : "",
		counted ? "" : ",\"c\":0");
}

static void on_missed(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted)
{
	struct recording *r = ctx;

	put_pending(r, s);
	line(r, "lost");
	if (count == LOST_UNKNOWN)
		fprintf(r->mem, ",\"cpu\":%d,\"n\":null", cpu);
	else
		fprintf(r->mem, ",\"cpu\":%d,\"n\":%llu", cpu, (unsigned long long)count);
	put_view(r, s, counted);
	endl(r);
}

static void on_read(void *ctx, const struct session *s)
{
	struct recording *r = ctx;

	(void)s;
	r->pending_read++;
}

static void on_dropped(void *ctx, const struct session *s, int cpu, const char *why)
{
	struct recording *r = ctx;

	(void)s;
	line(r, "dropped");
	fprintf(r->mem, ",\"cpu\":%d", cpu);
	put_str(r, "why", why);
	endl(r);
}

static void on_mark(void *ctx, const struct session *s)
{
	struct recording *r = ctx;
	const struct segments *sg = session_segments(s);
	const struct marker *m;
	const struct segment *seg;

	if (!sg->marks.n)
		return;
	m = &sg->marks.m[sg->marks.n - 1];
	seg = &sg->seg[sg->marks.n - 1];
	put_pending(r, s);
	line(r, "mark");
	fprintf(r->mem, ",\"num\":%u,\"t_ms\":%llu,\"run_ns\":%llu", m->num,
		    (unsigned long long)m->t_ms, (unsigned long long)seg->open_ns);
	put_cpus(r, "cpus", &seg->cpus);
	fprintf(r->mem, ",\"osnoise\":%s,\"hwlat\":%s", seg->osnoise ? "true" : "false",
		    seg->hwlat ? "true" : "false");
	put_str(r, "origin", m->origin);
	put_str(r, "text", m->text);
	endl(r);
}

static void on_reset(void *ctx, const struct session *s)
{
	struct recording *r = ctx;

	put_pending(r, s);
	line(r, "reset");
	put_str(r, "view", session_conf(s)->tracer == SESSION_HWLAT ? "hwlat" : "osnoise");
	endl(r);
}

static void on_smi(void *ctx, const struct session *s, int cpu, uint64_t count, bool counted)
{
	struct recording *r = ctx;

	put_pending(r, s);
	line(r, "smi");
	fprintf(r->mem, ",\"cpu\":%d,\"n\":%llu", cpu, (unsigned long long)count);
	put_view(r, s, counted);
	endl(r);
}

/* A figure of evidence_cpu: null where it was not measured. */
static void put_ev(struct recording *r, const char *key, int64_t v)
{
	if (v < 0)
		fprintf(r->mem, ",\"%s\":null", key);
	else
		fprintf(r->mem, ",\"%s\":%lld", key, (long long)v);
}

static void on_evidence(void *ctx, const struct session *s, int cpu, const struct evidence_cpu *ev)
{
	struct recording *r = ctx;

	put_pending(r, s);
	line(r, "ev");
	fprintf(r->mem, ",\"cpu\":%d", cpu);
	put_ev(r, "sib_pm", ev->sibling_pm);
	put_ev(r, "steal_us", ev->steal_us);
	put_ev(r, "throttle", ev->throttle);
	put_ev(r, "tscwd", ev->tscwd);	/* the watchdog's visits since the last tick */
	put_ev(r, "cs_changed", ev->clocksource);
	endl(r);
}

static void put_times(struct recording *r)
{
	fprintf(r->mem, ",\"elapsed_s\":%llu,\"hwlat_elapsed_s\":%llu,\"run_ns\":%llu",
		    (unsigned long long)session_elapsed_of(r->s, SESSION_OSNOISE),
		    (unsigned long long)session_elapsed_of(r->s, SESSION_HWLAT),
		    (unsigned long long)session_run_ns(r->s));
}

/* The 1 s tick: what is pending (a pause's settings), a tick line, write. */
static void tick(struct recording *r)
{
	put_pending(r, r->s);
	line(r, "tick");
	put_times(r);
	endl(r);
	flush(r);
}

/* The tick writes; the first failed write (the header's or a tick's: a full disk) is said
 * at once, the recording stopped there, the run goes on. */
static void on_tick(void *ctx, struct session *s)
{
	struct recording *r = ctx;
	char text[sizeof(r->path) + 160];

	tick(r);
	if (!r->werr || r->werr_said)
		return;
	r->werr_said = true;
	snprintf(text, sizeof(text), "--record: cannot write %s: %s: the recording stops there, "
		 "the run goes on", r->path, strerror(r->werr));
	session_note(s, text);
}

/* From here on, the session's hooks bring it every line. */
static void attach(struct recording *r, struct session *s)
{
	r->hook = (struct session_hook){
		.ctx = r, .osnoise = on_osnoise, .hwlat = on_hwlat, .read = on_read,
		.smi = on_smi, .missed = on_missed, .dropped = on_dropped, .mark = on_mark,
		.reset = on_reset, .tick = on_tick, .evidence = on_evidence,
	};
	session_add_hook(s, &r->hook);
}

int rec_writer_close(struct recording *r, const struct recording_end *end, char *err,
		    size_t errlen)
{
	const struct session *s;
	int rc = 0;

	if (!r)
		return 0;
	s = r->s;
	if (!s) {		/* never begun: the run did not start */
		close(r->fd);
		recording_free(r);
		return 0;
	}
	tick(r);
	line(r, "footer");
	fprintf(r->mem, ",\"elapsed_s\":%llu,\"run_ns\":%llu", (unsigned long long)end->elapsed_s,
		    (unsigned long long)end->run_ns);
	put_cpus(r, "cpus", &session_conf(s)->osn.cpus);
	put_cpus(r, "hwlat_cpus", &session_conf(s)->hwl.cpus);
	fprintf(r->mem, ",\"osnoise\":%s,\"smi\":%s,\"hwlat_view\":%s,\"hwlat_threshold_us\":%llu,"
		    "\"exit\":%d,\"exit_table\":%d,\"stop_hit\":%s", !session_conf(s)->osn.irq_disable ? "true" : "false",
		    end->smi ? "true" : "false", end->hwlat_view ? "true" : "false",
		    (unsigned long long)session_conf(s)->hwl.threshold_us, session_exit_status(s), HWN_EXIT_TABLE,
		    session_stop_hit(s) ? "true" : "false");
	put_str(r, "stop_reason", session_stop_reason(s));
	put_str(r, "neighbour_log", session_neighbour_log(s));
	put_str(r, "notes", textbuf_str(session_notes(s)));
	if (session_conf(s)->tracer == SESSION_HWLAT)
		fprintf(r->mem, ",\"report_saved\":%s", end->report_saved ? "true" : "false");
	if (session_histo(s)) {
		fprintf(r->mem, ",\"hist\":");
		histo_json_write(r->mem, session_histo(s), &session_conf(s)->hist);
	}
	fprintf(r->mem, ",\"lines\":%llu", (unsigned long long)r->lines + 1);
	endl(r);
	flush(r);
	if (r->werr || close(r->fd) < 0) {
		snprintf(err, errlen, "--record: cannot write %s: %s", r->path,
			 strerror(r->werr ? r->werr : errno));
		rc = -1;
		if (r->werr)
			close(r->fd);
	}
	recording_free(r);
	return rc;
}
