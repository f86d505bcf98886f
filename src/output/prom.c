/*
 * prom: the --prometheus file.  See prom.h.
 *
 * The totals are one struct prom_cpu per CPU seen, grown as CPUs show
 * up; the counter families are a table of offsets into it, so that the
 * rendering is one loop per family.  Times are kept in microseconds, as
 * the kernel gives them, and written as exact decimal seconds.
 */
#include "prom.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "env.h"
#include "causes.h"
#include "report.h"
#include "session.h"

#include "prom_int.h"

static const char *const mode_name[MODES] = { "hwnoise", "osnoise" };

int prom_check_path(const char *path, char *why, size_t len)
{
	size_t n = strlen(path), s = strlen(PROM_SUFFIX);
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (n >= PROM_PATH_MAX) {
		snprintf(why, len, "is too long");
		return -1;
	}
	if (n < s || strcmp(path + n - s, PROM_SUFFIX) != 0) {
		snprintf(why, len, "does not end in " PROM_SUFFIX " (node_exporter's textfile "
			 "collector reads only those)");
		return -1;
	}
	if (strlen(base) <= s) {
		snprintf(why, len, "has no name before " PROM_SUFFIX);
		return -1;
	}
	return env_check_output(path, why, len);
}

struct prom *prom_new(const char *path)
{
	struct prom *p = calloc(1, sizeof(*p));
	size_t n = strlen(path) + 32;

	if (!p)
		return NULL;
	p->path = strdup(path);
	p->tmp = malloc(n);
	if (!p->path || !p->tmp) {
		prom_free(p);
		return NULL;
	}
	snprintf(p->tmp, n, "%s.%ld.tmp", path, (long)getpid());
	return p;
}

void prom_free(struct prom *p)
{
	if (!p)
		return;
	free(p->path);
	free(p->tmp);
	free(p->cpu);
	free(p);
}

/* The CPU's totals, grown to hold it; NULL for a CPU out of range or without memory. */
static struct prom_cpu *cpu_of(struct prom *p, int cpu)
{
	if (cpu < 0 || cpu >= HWN_MAX_CPUS)
		return NULL;
	if (cpu >= p->ncpus) {
		int n = cpu + 1 > p->ncpus * 2 ? cpu + 1 : p->ncpus * 2;
		struct prom_cpu *c = realloc(p->cpu, sizeof(*c) * n);

		if (!c)
			return NULL;
		memset(c + p->ncpus, 0, sizeof(*c) * (n - p->ncpus));
		p->cpu = c;
		p->ncpus = n;
	}
	return &p->cpu[cpu];
}

void prom_add_osnoise(struct prom *p, bool osnoise, const struct osn_sample *smp)
{
	struct prom_cpu *c = cpu_of(p, smp->cpu);
	struct osn_tot *t;

	if (!c)
		return;
	t = &c->m[osnoise ? MODE_OSNOISE : MODE_HWNOISE];
	t->seen = true;
	t->periods++;
	t->runtime += smp->runtime;
	t->noise += smp->noise;
	t->hw += smp->hw_count;
	t->nmi += smp->nmi_count;
	t->irq += smp->irq_count;
	t->softirq += smp->softirq_count;
	t->thread += smp->thread_count;
	t->last_noise = smp->noise;
	t->last_single = smp->max_sample;
}

void prom_add_marker(struct prom *p, uint64_t unix_ms, const char *origin, const char *text)
{
	p->markers++;
	p->marker_ms = unix_ms;
	snprintf(p->marker_origin, sizeof(p->marker_origin), "%s", origin);
	snprintf(p->marker_text, sizeof(p->marker_text), "%s", text);
}

void prom_add_hwlat(struct prom *p, const struct hwl_sample *smp)
{
	struct prom_cpu *c = cpu_of(p, smp->cpu);

	if (!c)
		return;
	c->hwl.seen = true;
	c->hwl.samples++;
	c->hwl.count += smp->count;
	c->hwl.nmi += smp->nmi_count;
	c->hwl.nmi_total += smp->nmi_total;
}

void prom_add_smi(struct prom *p, int cpu, uint64_t count)
{
	struct prom_cpu *c = cpu_of(p, cpu);

	if (!c)
		return;
	c->smi_seen = true;
	c->smi += count;
}

void prom_add_missed(struct prom *p, int cpu, uint64_t count)
{
	struct prom_cpu *c = cpu_of(p, cpu);

	if (!c)
		return;
	c->missed_seen = true;
	if (count == LOST_UNKNOWN)
		c->missed_unknown++;
	else
		c->missed += count;
}

/* ---- rendering ---- */

static void family(FILE *out, const char *name, const char *type, const char *help)
{
	fprintf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* A value in microseconds as exact decimal seconds. */
static void seconds(FILE *out, uint64_t us)
{
	fprintf(out, "%llu.%06llu\n", (unsigned long long)(us / 1000000),
		(unsigned long long)(us % 1000000));
}

struct osn_family {
	const char *name, *help;
	size_t off;
	bool us;
};

#define OSN(field) offsetof(struct osn_tot, field)
static const struct osn_family osn_families[] = {
	{ "hwnoisetop_periods_total", "Period summaries the osnoise tracer delivered.",
	  OSN(periods), false },
	{ "hwnoisetop_runtime_seconds_total", "Time the osnoise tracer measured (the Runtime column).",
	  OSN(runtime), true },
	{ "hwnoisetop_noise_seconds_total", "Noise the osnoise tracer found (the Noise column).",
	  OSN(noise), true },
	{ "hwnoisetop_hw_total", "Gaps with no interrupt to explain them: hardware noise (the HW column).",
	  OSN(hw), false },
	{ "hwnoisetop_nmi_total", "Non-maskable interrupts during the measurement (the NMI column).",
	  OSN(nmi), false },
	{ "hwnoisetop_irq_total", "Interrupts during the measurement (osnoise mode's IRQ column).",
	  OSN(irq), false },
	{ "hwnoisetop_softirq_total", "Softirqs during the measurement (osnoise mode's Softirq column).",
	  OSN(softirq), false },
	{ "hwnoisetop_thread_total", "Threads that ran during the measurement (osnoise mode's Thread column).",
	  OSN(thread), false },
};
#undef OSN

#define HWL(field) offsetof(struct hwl_tot, field)
static const struct osn_family hwl_families[] = {
	{ "hwnoisetop_hwlat_samples_total", "hwlat samples: windows with a gap above the threshold.",
	  HWL(samples), false },
	{ "hwnoisetop_hwlat_over_threshold_total", "Iterations of the hwlat detector over the threshold.",
	  HWL(count), false },
	{ "hwnoisetop_hwlat_nmi_total", "NMIs during the hwlat samples' windows.", HWL(nmi), false },
	{ "hwnoisetop_hwlat_nmi_seconds_total", "Time spent in NMIs during the hwlat samples' windows.",
	  HWL(nmi_total), true },
};
#undef HWL

static void value(FILE *out, uint64_t v, bool us)
{
	if (us)
		seconds(out, v);
	else
		fprintf(out, "%llu\n", (unsigned long long)v);
}

static void counters(const struct prom *p, FILE *out)
{
	for (size_t f = 0; f < sizeof(osn_families) / sizeof(osn_families[0]); f++) {
		const struct osn_family *d = &osn_families[f];

		family(out, d->name, "counter", d->help);
		for (int m = 0; m < MODES; m++)
			for (int cpu = 0; cpu < p->ncpus; cpu++) {
				const struct osn_tot *t = &p->cpu[cpu].m[m];

				if (!t->seen)
					continue;
				fprintf(out, "%s{cpu=\"%d\",mode=\"%s\"} ", d->name, cpu, mode_name[m]);
				value(out, *(const uint64_t *)((const char *)t + d->off), d->us);
			}
	}
	family(out, "hwnoisetop_smi_total", "counter",
	       "SMIs the CPU took, from its SMI counter (MSR 0x34), where it can be read.");
	for (int cpu = 0; cpu < p->ncpus; cpu++)
		if (p->cpu[cpu].smi_seen)
			fprintf(out, "hwnoisetop_smi_total{cpu=\"%d\"} %llu\n", cpu,
				(unsigned long long)p->cpu[cpu].smi);
	family(out, "hwnoisetop_events_missed_total", "counter",
	       "Trace events the CPU's ring buffer dropped, as the kernel counted them: the counters above miss them.");
	for (int cpu = 0; cpu < p->ncpus; cpu++)
		if (p->cpu[cpu].missed_seen)
			fprintf(out, "hwnoisetop_events_missed_total{cpu=\"%d\"} %llu\n", cpu,
				(unsigned long long)p->cpu[cpu].missed);
	family(out, "hwnoisetop_event_drops_uncounted_total", "counter",
	       "Times the CPU's ring buffer dropped events without saying how many.");
	for (int cpu = 0; cpu < p->ncpus; cpu++)
		if (p->cpu[cpu].missed_seen)
			fprintf(out, "hwnoisetop_event_drops_uncounted_total{cpu=\"%d\"} %llu\n", cpu,
				(unsigned long long)p->cpu[cpu].missed_unknown);
	for (size_t f = 0; f < sizeof(hwl_families) / sizeof(hwl_families[0]); f++) {
		const struct osn_family *d = &hwl_families[f];

		family(out, d->name, "counter", d->help);
		for (int cpu = 0; cpu < p->ncpus; cpu++) {
			const struct hwl_tot *t = &p->cpu[cpu].hwl;

			if (!t->seen)
				continue;
			fprintf(out, "%s{cpu=\"%d\"} ", d->name, cpu);
			value(out, *(const uint64_t *)((const char *)t + d->off), d->us);
		}
	}
}

/* A label value as the text format wants it: backslash, quote and newline escaped. */
static void label_value(FILE *out, const char *v)
{
	for (; *v; v++) {
		if (*v == '\\' || *v == '"')
			fputc('\\', out);
		if (*v == '\n')
			fputs("\\n", out);
		else
			fputc(*v, out);
	}
}

/* The latest period of each CPU and mode, and the markers: kept here, never reset. */
static void latest(const struct prom *p, FILE *out)
{
	static const char *const names[] = {
		"hwnoisetop_period_noise_seconds", "hwnoisetop_period_max_single_seconds",
	};
	static const char *const helps[] = {
		"Noise of the latest period the CPU reported in the mode.",
		"Largest single gap of the latest period the CPU reported in the mode.",
	};

	for (size_t g = 0; g < sizeof(names) / sizeof(names[0]); g++) {
		family(out, names[g], "gauge", helps[g]);
		for (int m = 0; m < MODES; m++)
			for (int cpu = 0; cpu < p->ncpus; cpu++) {
				const struct osn_tot *t = &p->cpu[cpu].m[m];

				if (!t->seen)
					continue;
				fprintf(out, "%s{cpu=\"%d\",mode=\"%s\"} ", names[g], cpu, mode_name[m]);
				seconds(out, g ? t->last_single : t->last_noise);
			}
	}
	family(out, "hwnoisetop_markers_total", "counter",
	       "Markers set since the start: b, a change of setting, a CPU going off or online.");
	fprintf(out, "hwnoisetop_markers_total %llu\n", (unsigned long long)p->markers);
	family(out, "hwnoisetop_marker_last_timestamp_seconds", "gauge",
	       "When the latest marker was set, in seconds since the epoch; its text and origin as labels.");
	if (p->markers) {
		fputs("hwnoisetop_marker_last_timestamp_seconds{origin=\"", out);
		label_value(out, p->marker_origin);
		fputs("\",text=\"", out);
		label_value(out, p->marker_text);
		fprintf(out, "\"} %llu.%03llu\n", (unsigned long long)(p->marker_ms / 1000),
			(unsigned long long)(p->marker_ms % 1000));
	}
}

/* The view's figures: the table's rows. */
static void gauges(const struct prom_view *v, FILE *out)
{
	static const char *const names[] = {
		"hwnoisetop_cpu_available_ratio", "hwnoisetop_max_noise_seconds",
		"hwnoisetop_max_single_seconds", "hwnoisetop_last_noise_seconds",
	};
	static const char *const helps[] = {
		"Share of the runtime free of noise since the figures last restarted (% CPU Aval / 100, truncated as the table).",
		"Largest noise of one period since the figures last restarted (Max Noise).",
		"Largest single gap since the figures last restarted (Max Single).",
		"Noise of the latest period.",
	};
	const char *mode = v->osnoise ? "osnoise" : "hwnoise";
	int cpu;

	for (size_t g = 0; g < sizeof(names) / sizeof(names[0]); g++) {
		family(out, names[g], "gauge", helps[g]);
		if (!v->st || !v->cpus)
			continue;
		cpuset_for_each(cpu, v->cpus) {
			const struct cpu_stats *c = report_row(v->st, cpu);
			uint64_t a;

			if (!c)
				continue;
			fprintf(out, "%s{cpu=\"%d\",mode=\"%s\"} ", names[g], cpu, mode);
			switch (g) {
			case 0:
				a = stats_avail(c->runtime, c->noise);
				fprintf(out, "%llu.%07llu\n", (unsigned long long)(a / 10000000),
					(unsigned long long)(a % 10000000));
				break;
			case 1:
				seconds(out, c->max_noise);
				break;
			case 2:
				seconds(out, c->max_single);
				break;
			default:
				seconds(out, c->last_noise);
			}
		}
	}
	family(out, "hwnoisetop_hwlat_max_latency_seconds", "gauge",
	       "Largest hwlat gap (inner or outer) since the hwlat figures last restarted.");
	if (v->hwl && v->hwl_cpus)
		cpuset_for_each(cpu, v->hwl_cpus) {
			const struct hwl_cpu_stats *c;

			if (cpu >= v->hwl->ncpus)
				break;
			c = &v->hwl->cpu[cpu];
			if (!c->samples)
				continue;
			fprintf(out, "hwnoisetop_hwlat_max_latency_seconds{cpu=\"%d\"} ", cpu);
			seconds(out, c->max_inner > c->max_outer ? c->max_inner : c->max_outer);
		}
}

/* --why's answer of one CPU, put down once a write for every family below. */
struct why_row {
	int cpu;
	struct cause_answer a;
};

/* The answers of the view's CPUs that have periods, into *rows (freed by the caller): their count. */
static int why_rows(const struct prom_view *v, struct why_row **rows)
{
	int cpu, n = 0;

	*rows = NULL;
	if (!v->causes || !v->cpus)
		return 0;
	*rows = malloc(sizeof(**rows) * (size_t)(cpuset_count(v->cpus) + 1));
	if (!*rows)	/* no memory: this write has no --why families, the next may */
		return 0;
	cpuset_for_each(cpu, v->cpus)
		if (causes_answer(v->causes, cpu, &(*rows)[n].a))
			(*rows)[n++].cpu = cpu;
	return n;
}

/*
 * --why: each measured cause's share of each CPU's noise and, with
 * largest, of its largest single noises (0 unless credited on them), and
 * the unexplained rest.
 */
static void why_gauges(const struct why_row *w, int n, bool largest, FILE *out)
{
	const char *name = largest ? "hwnoisetop_why_max_single_share_ratio" :
				     "hwnoisetop_why_share_ratio";

	family(out, name, "gauge", largest ?
	       "Share of the CPU's largest single noises (its periods whose max single reaches its "
	       "level) a cause explains (--why; 0 where not credited), and the unexplained rest." :
	       "Share of the CPU's noise a cause explains (--why; 0 where not credited), and the unexplained rest.");
	for (int i = 0; i < n; i++) {
		const struct cause_answer *a = &w[i].a;

		for (int k = 0; k < CAUSE_N; k++) {
			const struct cause_result *r = &a->c[k];
			bool credited = (largest ? r->max_state : r->state) == CAUSE_CREDITED;

			if (r->state != CAUSE_NOT_MEASURED)
				fprintf(out, "%s{cpu=\"%d\",cause=\"%s\"} %.4f\n", name, w[i].cpu,
					cause_key(k), !credited ? 0.0 : largest ? r->max_share : r->share);
		}
		fprintf(out, "%s{cpu=\"%d\",cause=\"unexplained\"} %.4f\n", name, w[i].cpu,
			largest ? a->max_unexplained : a->unexplained);
	}
}

/* --why: the NMI time measured on each CPU (osnoise:nmi_noise), where it was. */
static void nmi_time_gauges(const struct why_row *w, int n, FILE *out)
{
	static const char *const fam[2][2] = {
		{ "hwnoisetop_why_nmi_time_seconds",
		  "NMI time measured in the periods (--why, osnoise:nmi_noise; absent where not measured)." },
		{ "hwnoisetop_why_nmi_time_share_ratio",
		  "The NMI time measured as a share of the noise of its periods (--why)." },
	};

	for (int f = 0; f < 2; f++) {
		family(out, fam[f][0], "gauge", fam[f][1]);
		for (int i = 0; i < n; i++) {
			const struct cause_result *r = &w[i].a.c[CAUSE_NMI];

			if (r->timed)
				fprintf(out, f ? "%s{cpu=\"%d\"} %.4f\n" : "%s{cpu=\"%d\"} %.9f\n",
					fam[f][0], w[i].cpu, f ? r->time_share : r->time_us / 1e6);
		}
	}
}

/* --why's families: each CPU's answer put down once for all of them. */
static void why_families(const struct prom_view *v, FILE *out)
{
	struct why_row *w;
	int n = why_rows(v, &w);

	if (!w)
		return;
	why_gauges(w, n, false, out);
	nmi_time_gauges(w, n, out);
	why_gauges(w, n, true, out);
	free(w);
}

void prom_render(const struct prom *p, const struct prom_view *v, FILE *out)
{
	int cpu;

	family(out, "hwnoisetop_info", "gauge", "The running hwnoisetop: its version and the tracer it runs.");
	fprintf(out, "hwnoisetop_info{version=\"%s\",mode=\"%s\"} 1\n", PACKAGE_VERSION,
		v->hwlat_running ? "hwlat" : v->osnoise ? "osnoise" : "hwnoise");
	family(out, "hwnoisetop_cpu_measured", "gauge", "CPUs the osnoise tracer measures (1).");
	if (v->cpus)
		cpuset_for_each(cpu, v->cpus)
			fprintf(out, "hwnoisetop_cpu_measured{cpu=\"%d\"} 1\n", cpu);
	family(out, "hwnoisetop_osnoise_period_seconds", "gauge", "The osnoise period in force.");
	fputs("hwnoisetop_osnoise_period_seconds ", out);
	seconds(out, v->period_us);
	family(out, "hwnoisetop_osnoise_runtime_seconds", "gauge", "The osnoise runtime in force.");
	fputs("hwnoisetop_osnoise_runtime_seconds ", out);
	seconds(out, v->runtime_us);
	family(out, "hwnoisetop_osnoise_threshold_seconds", "gauge", "The osnoise threshold in force.");
	fputs("hwnoisetop_osnoise_threshold_seconds ", out);
	seconds(out, v->threshold_us);
	family(out, "hwnoisetop_view_seconds", "gauge",
	       "Time measured since the figures last restarted (the table's duration).");
	fprintf(out, "hwnoisetop_view_seconds %llu\n", (unsigned long long)v->elapsed_s);
	counters(p, out);
	latest(p, out);
	gauges(v, out);
	why_families(v, out);
}

/* ---- the atomic write ---- */

static int open_tmp(const char *tmp)
{
	int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	int fd = open(tmp, flags, 0644);

	if (fd < 0 && errno == EEXIST) {
		/* Ours, left by a crash of a run with our PID (or a planted link): never followed. */
		if (unlink(tmp) == 0)
			fd = open(tmp, flags, 0644);
	}
	if (fd >= 0 && fchmod(fd, 0644) < 0) {	/* whatever the umask */
		int e = errno;

		close(fd);
		unlink(tmp);
		errno = e;
		return -1;
	}
	return fd;
}

int prom_write(struct prom *p, const struct prom_view *v)
{
	int fd = open_tmp(p->tmp), e;
	FILE *f;

	if (fd < 0)
		return -1;
	f = fdopen(fd, "w");
	if (!f) {
		e = errno;
		close(fd);
		goto fail;
	}
	prom_render(p, v, f);
	if (fflush(f) != 0 || ferror(f) || fsync(fd) < 0) {
		e = errno ? errno : EIO;
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0) {
		e = errno;
		goto fail;
	}
	/* rename() replaces whatever is at path, a symlink included, never follows it. */
	if (rename(p->tmp, p->path) < 0) {
		e = errno;
		goto fail;
	}
	return 0;
fail:
	unlink(p->tmp);
	errno = e;
	return -1;
}
