/*
 * evidence: the siblings, /proc/stat and the throttle counts of each CPU,
 * kept as two reads (the latest and the one before) so that a figure is
 * the difference.  See evidence.h.
 */
#include "evidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "why.h"

#define NO_SIB (-1)
#define SIBS 4		/* siblings kept a CPU (SMT4 at most here) */

struct ev_read {
	uint64_t busy, total, steal;	/* jiffies */
	int64_t throttle;		/* -1: no file */
	bool seen;			/* the CPU's line was there */
};

struct evidence {
	char root[256];
	int ncpus;
	int (*sib)[SIBS];		/* each CPU's siblings, NO_SIB after the last */
	bool *measured;
	bool *thermal;			/* a measured CPU with thermal_throttle counts */
	struct ev_read *now, *before;
	unsigned reads;
	char cs_first[32], cs_now[32];	/* the clocksource: "" where not read */
	bool guest;
	long hz;
};

static FILE *open_at(const struct evidence *e, const char *path)
{
	char full[512];

	snprintf(full, sizeof(full), "%s%s", e->root, path);
	return fopen(full, "re");
}

static bool read_line(const struct evidence *e, const char *path, char *buf, size_t size)
{
	FILE *f = open_at(e, path);
	bool ok = f && fgets(buf, (int)size, f);

	if (f)
		fclose(f);
	return ok;
}

static void siblings(struct evidence *e, int cpu)
{
	char path[128], line[256];
	struct cpuset set;
	struct why why;
	int n = 0, s;

	for (int i = 0; i < SIBS; i++)
		e->sib[cpu][i] = NO_SIB;
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list",
		 cpu);
	if (!read_line(e, path, line, sizeof(line)))
		return;
	line[strcspn(line, "\n")] = 0;
	if (cpuset_parse(line, &set, &why) < 0)
		return;
	cpuset_for_each(s, &set)
		if (s != cpu && s < e->ncpus && n < SIBS)
			e->sib[cpu][n++] = s;
}

/*
 * The throttle counts are read each tick for the measured CPUs that have
 * them (a driver's files, there from boot or never), not tried on every
 * CPU: two failed opens a CPU a tick where there are none.
 */
static bool has_thermal(const struct evidence *e, int cpu)
{
	char full[512];

	snprintf(full, sizeof(full), "%s/sys/devices/system/cpu/cpu%d/thermal_throttle", e->root, cpu);
	return access(full, F_OK) == 0;
}

static bool is_guest(const struct evidence *e)
{
	char line[4096];
	bool guest = false;
	FILE *f;

	if (read_line(e, "/sys/hypervisor/type", line, sizeof(line)) && line[0] != '\n')
		return true;
	if (!(f = open_at(e, "/proc/cpuinfo")))
		return false;
	/* The first CPU's flags: the hypervisor bit is every CPU's. */
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "flags", 5) == 0) {
			guest = strstr(line, " hypervisor");
			break;
		}
	fclose(f);
	return guest;
}

struct evidence *evidence_open(const char *root, int ncpus, const struct cpuset *measured)
{
	struct evidence *e = calloc(1, sizeof(*e));

	if (!e)
		return NULL;
	snprintf(e->root, sizeof(e->root), "%s", root ? root : "");
	e->ncpus = ncpus;
	e->sib = calloc((size_t)ncpus, sizeof(*e->sib));
	e->measured = calloc((size_t)ncpus, sizeof(*e->measured));
	e->now = calloc((size_t)ncpus, sizeof(*e->now));
	e->before = calloc((size_t)ncpus, sizeof(*e->before));
	e->thermal = calloc((size_t)ncpus, sizeof(*e->thermal));
	if (!e->sib || !e->measured || !e->now || !e->before || !e->thermal) {
		evidence_close(e);
		return NULL;
	}
	for (int cpu = 0; cpu < ncpus; cpu++) {
		e->measured[cpu] = measured && cpuset_has(measured, cpu);
		e->thermal[cpu] = e->measured[cpu] && has_thermal(e, cpu);
		siblings(e, cpu);
	}
	e->guest = is_guest(e);
	e->hz = sysconf(_SC_CLK_TCK);
	if (e->hz <= 0)
		e->hz = 100;
	return e;
}

void evidence_close(struct evidence *e)
{
	if (!e)
		return;
	free(e->sib);
	free(e->measured);
	free(e->thermal);
	free(e->now);
	free(e->before);
	free(e);
}

static void read_stat(struct evidence *e)
{
	unsigned long long v[8];
	char line[512];
	FILE *f = open_at(e, "/proc/stat");
	int cpu;

	if (!f)
		return;
	/* The "cpu" lines come first; the rest (intr: a count an IRQ) is not read. */
	while (fgets(line, sizeof(line), f) && strncmp(line, "cpu", 3) == 0) {
		memset(v, 0, sizeof(v));
		if (sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0], &v[1],
			   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 5 || cpu < 0 || cpu >= e->ncpus)
			continue;
		/* user nice system idle iowait irq softirq steal */
		e->now[cpu].busy = v[0] + v[1] + v[2] + v[5] + v[6];
		e->now[cpu].total = e->now[cpu].busy + v[3] + v[4] + v[7];
		e->now[cpu].steal = v[7];
		e->now[cpu].seen = true;
	}
	fclose(f);
}

static int64_t read_throttle(const struct evidence *e, int cpu)
{
	static const char *const kinds[] = { "core", "package" };
	char path[160], line[64];
	int64_t sum = -1;

	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/thermal_throttle/%s_throttle_count", cpu,
			 kinds[i]);
		if (read_line(e, path, line, sizeof(line)))
			sum = (sum < 0 ? 0 : sum) + strtoll(line, NULL, 10);
	}
	return sum;
}

void evidence_read(struct evidence *e)
{
	struct ev_read *t = e->before;

	e->before = e->now;
	e->now = t;
	memset(e->now, 0, (size_t)e->ncpus * sizeof(*e->now));
	read_stat(e);
	for (int cpu = 0; cpu < e->ncpus; cpu++)
		e->now[cpu].throttle = e->thermal[cpu] && e->now[cpu].seen ? read_throttle(e, cpu) : -1;
	if (!read_line(e, "/sys/devices/system/clocksource/clocksource0/current_clocksource",
		       e->cs_now, sizeof(e->cs_now)))
		e->cs_now[0] = 0;
	e->cs_now[strcspn(e->cs_now, "\n")] = 0;
	if (!e->cs_first[0])
		snprintf(e->cs_first, sizeof(e->cs_first), "%s", e->cs_now);
	e->reads++;
}

static int busy_pm(const struct evidence *e, int cpu)
{
	const struct ev_read *a = &e->before[cpu], *b = &e->now[cpu];

	if (!a->seen || !b->seen || b->total <= a->total || b->busy < a->busy)
		return -1;
	return (int)((b->busy - a->busy) * 1000 / (b->total - a->total));
}

void evidence_get(const struct evidence *e, int cpu, struct evidence_cpu *out)
{
	const struct ev_read *a, *b;

	*out = (struct evidence_cpu){ -1, -1, -1, -1, -1 };
	if (e->reads < 2 || cpu < 0 || cpu >= e->ncpus)
		return;
	for (int i = 0; i < SIBS && e->sib[cpu][i] != NO_SIB; i++) {
		int pm = e->measured[e->sib[cpu][i]] ? -1 : busy_pm(e, e->sib[cpu][i]);

		if (pm > out->sibling_pm)
			out->sibling_pm = pm;
	}
	a = &e->before[cpu];
	b = &e->now[cpu];
	if (e->guest && a->seen && b->seen && b->steal >= a->steal)
		out->steal_us = (int64_t)((b->steal - a->steal) * 1000000 / (uint64_t)e->hz);
	if (a->throttle >= 0 && b->throttle >= a->throttle)
		out->throttle = b->throttle - a->throttle;
	if (e->cs_first[0] && e->cs_now[0])
		out->clocksource = strcmp(e->cs_first, e->cs_now) != 0;
}

const char *evidence_why_clocksource(const struct evidence *e)
{
	return e->cs_now[0] ? "" : "clocksource0/current_clocksource not readable";
}

const char *evidence_clocksource_first(const struct evidence *e)
{
	return e ? e->cs_first : "";
}

const char *evidence_clocksource_now(const struct evidence *e)
{
	return e ? e->cs_now : "";
}

const char *evidence_why_sibling(const struct evidence *e, int cpu)
{
	bool any = false;

	if (cpu < 0 || cpu >= e->ncpus || e->sib[cpu][0] == NO_SIB)
		return "no SMT sibling online";
	for (int i = 0; i < SIBS && e->sib[cpu][i] != NO_SIB; i++)
		any |= !e->measured[e->sib[cpu][i]];
	return any ? "" : "the SMT sibling is measured too (busy with the measurement)";
}

const char *evidence_why_steal(const struct evidence *e)
{
	return e->guest ? "" : "not a guest";
}

const char *evidence_why_thermal(const struct evidence *e, int cpu)
{
	return cpu >= 0 && cpu < e->ncpus && e->now[cpu].throttle >= 0 ? "" :
	       "no thermal_throttle counts here";
}

bool evidence_guest(const struct evidence *e)
{
	return e->guest;
}
