/*
 * orphans: finding and removing osnoise/timerlat instances nobody uses.
 * See orphans.h.
 */
#include "orphans.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "instance.h"
#include "settings.h"

/* The kernel's defaults of the osnoise settings (kernel/trace/trace_osnoise.c). */
static const struct {
	const char *file, *value;
} osnoise_defaults[] = {
	{ "osnoise/stop_tracing_us", "0" },
	{ "osnoise/stop_tracing_total_us", "0" },
	{ "osnoise/timerlat_period_us", "1000" },
	{ "osnoise/print_stack", "0" },
	{ "osnoise/period_us", "1000000" },
	{ "osnoise/runtime_us", "1000000" },
};

static void read_in(const char *tracing, const char *dir, const char *file, char *buf,
		    size_t len)
{
	char path[1024];

	if (dir && dir[0])
		snprintf(path, sizeof(path), "%s/instances/%s/%s", tracing, dir, file);
	else
		snprintf(path, sizeof(path), "%s/%s", tracing, file);
	if (settings_read_text(path, buf, len) < 0)
		buf[0] = '\0';
}

/* A process with any file of instance name open, or 0. */
static pid_t holder(const char *name)
{
	char want[300];
	struct dirent *p;
	pid_t found = 0;
	DIR *proc = opendir("/proc");

	if (!proc)
		return 0;
	snprintf(want, sizeof(want), "/instances/%s/", name);
	while (!found && (p = readdir(proc))) {
		char dir[300], link[600], target[1024];
		struct dirent *fd;
		DIR *fds;

		if (p->d_name[0] < '1' || p->d_name[0] > '9')
			continue;
		snprintf(dir, sizeof(dir), "/proc/%s/fd", p->d_name);
		if (!(fds = opendir(dir)))
			continue;
		while ((fd = readdir(fds))) {
			ssize_t n;

			snprintf(link, sizeof(link), "%s/%s", dir, fd->d_name);
			n = readlink(link, target, sizeof(target) - 2);
			if (n <= 0)
				continue;
			target[n] = '/';	/* the directory itself counts too */
			target[n + 1] = '\0';
			if (strstr(target, want)) {
				found = (pid_t)atoi(p->d_name);
				break;
			}
		}
		closedir(fds);
	}
	closedir(proc);
	return found;
}

/*
 * Events written to the instance's buffers (entries, overrun and read)
 * and events read from them, summed over its CPUs.
 */
static void activity(const char *dir, unsigned long long *written, unsigned long long *read)
{
	*read = instance_stats_sum(dir, "read events: ");
	*written = instance_stats_sum(dir, "entries: ") + instance_stats_sum(dir, "overrun: ") + *read;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * How long to watch at most: the watch, or, when nothing was written in
 * it, one osnoise period and a reader's second more (a user reads only
 * what was written), up to ORPHANS_WATCH_MAX_MS.
 */
static unsigned watch_limit(const char *tracing, const struct orphan *o)
{
	char period[32];
	unsigned long long ms;

	if (strcmp(o->tracer, "osnoise") != 0)
		return ORPHANS_WATCH_MS;
	read_in(tracing, NULL, "osnoise/period_us", period, sizeof(period));
	ms = strtoull(period, NULL, 10) / 1000 + ORPHANS_READ_MS;
	if (ms < ORPHANS_WATCH_MS)
		return ORPHANS_WATCH_MS;
	return ms > ORPHANS_WATCH_MAX_MS ? ORPHANS_WATCH_MAX_MS : (unsigned)ms;
}

int orphans_check(const char *tracing, const char *name, struct orphan *o)
{
	unsigned long long written0, read0, written, read;
	unsigned waited = 0, limit = ORPHANS_WATCH_MS;
	bool seen_write = false, extended = false;
	char dir[1024], on[8];

	memset(o, 0, sizeof(*o));
	if (strncmp(name, INSTANCE_PREFIX, strlen(INSTANCE_PREFIX)) == 0)
		return -1;
	read_in(tracing, name, "current_tracer", o->tracer, sizeof(o->tracer));
	if (strcmp(o->tracer, "osnoise") != 0 && strcmp(o->tracer, "timerlat") != 0)
		return -1;
	snprintf(o->name, sizeof(o->name), "%s", name);
	o->user = holder(name);
	o->in_use = o->user != 0;
	if (o->in_use)
		return 0;
	snprintf(dir, sizeof(dir), "%s/instances/%s", tracing, name);
	activity(dir, &written0, &read0);
	/*
	 * A reader that reads while watched is a user.  One that reads only
	 * between long periods finds nothing to read: once something is
	 * written it has ORPHANS_READ_MS to read it, and when nothing is
	 * written at all it can not be told from an orphan (idle).
	 */
	while (waited < limit) {
		sleep_ms(ORPHANS_STEP_MS);
		waited += ORPHANS_STEP_MS;
		activity(dir, &written, &read);
		if (read != read0) {
			o->in_use = true;
			return 0;
		}
		if (written != written0 && !seen_write) {
			seen_write = true;
			if (limit < waited + ORPHANS_READ_MS)
				limit = waited + ORPHANS_READ_MS;
		} else if (written == written0 && waited >= limit && !extended) {
			extended = true;
			limit = watch_limit(tracing, o);
		}
	}
	o->watched_ms = waited;
	o->user = holder(name);
	read_in(tracing, name, "tracing_on", on, sizeof(on));
	/* Tracing off, nothing can be written: unused unless a process holds its files. */
	o->idle = !o->user && written == written0 && strcmp(on, "0") != 0;
	o->in_use = o->user || o->idle;
	return 0;
}

int orphans_find(const char *tracing, struct orphan *out, int max)
{
	char path[600];
	struct dirent *de;
	int n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/instances", tracing);
	if (!(d = opendir(path)))
		return -1;
	while (n < max && (de = readdir(d)))
		if (de->d_name[0] != '.' && orphans_check(tracing, de->d_name, &out[n]) == 0)
			n++;
	closedir(d);
	return n;
}

void orphans_cost(const char *tracing, const struct orphan *o, char *buf, size_t len)
{
	char cpus[256], options[1024], period[32], runtime[32], on[8];

	read_in(tracing, NULL, "osnoise/cpus", cpus, sizeof(cpus));
	read_in(tracing, NULL, "osnoise/options", options, sizeof(options));
	read_in(tracing, NULL, "osnoise/period_us", period, sizeof(period));
	read_in(tracing, NULL, "osnoise/runtime_us", runtime, sizeof(runtime));
	read_in(tracing, o->name, "tracing_on", on, sizeof(on));
	if (strcmp(on, "0") == 0)
		snprintf(buf, len, "its tracing is off");
	else if (strcmp(o->tracer, "hwlat") == 0) {
		read_in(tracing, NULL, "hwlat_detector/width", runtime, sizeof(runtime));
		read_in(tracing, NULL, "hwlat_detector/window", period, sizeof(period));
		snprintf(buf, len, "a CPU spins with interrupts off %s of every %s us", runtime, period);
	} else if (strcmp(o->tracer, "timerlat") == 0) {
		read_in(tracing, NULL, "osnoise/timerlat_period_us", period, sizeof(period));
		snprintf(buf, len, "CPUs %s wake a timerlat thread every %s us", cpus, period);
	} else
		snprintf(buf, len, "CPUs %s spin%s %s of every %s us", cpus,
			 strstr(options, " OSNOISE_IRQ_DISABLE") ? " with interrupts off" : "",
			 runtime, period);
}

static int remove_orphan(FILE *out, const char *tracing, const struct orphan *o, char *cost)
{
	char dir[600], file[700];

	snprintf(dir, sizeof(dir), "%s/instances/%s", tracing, o->name);
	snprintf(file, sizeof(file), "%s/tracing_on", dir);
	settings_write_text(file, "0");
	snprintf(file, sizeof(file), "%s/current_tracer", dir);
	settings_write_text(file, "nop");
	if (rmdir(dir) < 0) {
		fprintf(out, "hwnoisetop: cannot remove the orphaned instance %s: %s\n", o->name,
			strerror(errno));
		return 1;
	}
	fprintf(out, "hwnoisetop: removed the orphaned %s instance %s (%s)\n", o->tracer, o->name,
		cost);
	return 0;
}

/* Does osnoise or timerlat still run, at the top level or in any instance (ours too)? */
static bool still_running(const char *tracing)
{
	char path[600], tracer[64];
	struct dirent *de;
	bool found = false;
	DIR *d;

	read_in(tracing, NULL, "current_tracer", tracer, sizeof(tracer));
	if (!strcmp(tracer, "osnoise") || !strcmp(tracer, "timerlat"))
		return true;
	snprintf(path, sizeof(path), "%s/instances", tracing);
	if (!(d = opendir(path)))
		return false;
	while (!found && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		read_in(tracing, de->d_name, "current_tracer", tracer, sizeof(tracer));
		found = !strcmp(tracer, "osnoise") || !strcmp(tracer, "timerlat");
	}
	closedir(d);
	return found;
}

/* Each osnoise setting not at the kernel's default is written back, and said. */
static int reset_defaults(FILE *out, const char *tracing)
{
	char path[600], cur[1024], possible[256];
	int failed = 0;

	for (size_t i = 0; i < sizeof(osnoise_defaults) / sizeof(osnoise_defaults[0]); i++) {
		const char *file = osnoise_defaults[i].file, *want = osnoise_defaults[i].value;

		snprintf(path, sizeof(path), "%s/%s", tracing, file);
		if (settings_read_text(path, cur, sizeof(cur)) < 0 || strcmp(cur, want) == 0)
			continue;
		if (settings_write_text(path, want) < 0) {
			fprintf(out, "hwnoisetop: cannot set %s to %s: %s\n", file, want, strerror(errno));
			failed++;
		} else {
			fprintf(out, "hwnoisetop: %s = %s (was %s)\n", file, want, cur);
		}
	}
	snprintf(path, sizeof(path), "%s/osnoise/cpus", tracing);
	if (settings_read_text("/sys/devices/system/cpu/possible", possible, sizeof(possible)) == 0 &&
	    settings_read_text(path, cur, sizeof(cur)) == 0 && strcmp(cur, possible) != 0) {
		if (settings_write_text(path, possible) < 0)
			failed++;
		else
			fprintf(out, "hwnoisetop: osnoise/cpus = %s (was %s)\n", possible, cur);
	}
	snprintf(path, sizeof(path), "%s/osnoise/options", tracing);
	if (settings_read_text(path, cur, sizeof(cur)) == 0 && strncmp(cur, "DEFAULTS ", 9) != 0) {
		if (settings_write_text(path, "DEFAULTS") < 0)
			failed++;
		else
			fprintf(out, "hwnoisetop: osnoise/options = DEFAULTS (was %s)\n", cur);
	}
	return failed;
}

/*
 * A tracer of osnoise's or hwlat's at the top level (echo osnoise >
 * current_tracer, trace-cmd start -p): hwnoisetop traces only in its
 * instances, and what a killed run of ours changed was put back before
 * this, so it is another tool's or a person's.  Said in one line, with
 * what it costs and how to stop it; left alone.
 */
static void top_level(FILE *out, const char *tracing)
{
	struct orphan o = { .name = "" };
	char cost[400];

	read_in(tracing, NULL, "current_tracer", o.tracer, sizeof(o.tracer));
	if (strcmp(o.tracer, "osnoise") != 0 && strcmp(o.tracer, "timerlat") != 0 &&
	    strcmp(o.tracer, "hwlat") != 0)
		return;
	orphans_cost(tracing, &o, cost, sizeof(cost));
	fprintf(out, "hwnoisetop: %s is the top level's current tracer (%s), not set by hwnoisetop: "
		"left alone; stop it with: echo nop > %s/current_tracer\n", o.tracer, cost, tracing);
}

int orphans_cleanup(FILE *out, const char *tracing, int *done)
{
	struct orphan list[64];
	int n = orphans_find(tracing, list, 64), failed = 0, users = 0;

	top_level(out, tracing);

	for (int i = 0; i < n; i++) {
		char cost[400];

		orphans_cost(tracing, &list[i], cost, sizeof(cost));
		if (list[i].in_use) {
			fprintf(out, "hwnoisetop: %s instance %s is in use%s: left alone\n", list[i].tracer,
				list[i].name, list[i].user ? " (a process holds its files)" :
				list[i].idle ? " (nothing was written to it while watched: its user may "
				"be between two reads)" : "");
			users++;
			continue;
		}
		failed += remove_orphan(out, tracing, &list[i], cost);
		(*done)++;
	}
	if (!*done || failed)
		return failed;
	if (users || still_running(tracing)) {
		fprintf(out, "hwnoisetop: osnoise settings left as they are: osnoise or timerlat still runs\n");
		return failed;
	}
	return reset_defaults(out, tracing);
}
