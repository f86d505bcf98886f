/*
 * neighbours: another osnoise user beside this run.  See neighbours.h.
 */
#include "neighbours.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "env.h"
#include "instance.h"
#include "kfile.h"
#include "session_int.h"

/* Does tracing/instances/name/current_tracer name osnoise? */
static int runs_osnoise(const char *tracing, const char *name)
{
	char path[4096], buf[32];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%.3800s/instances/%.255s/current_tracer", tracing, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strncmp(buf, "osnoise\n", 8) == 0;
}

static int is_ours(const char *name, const char *const *ours)
{
	for (; ours && *ours; ours++)
		if (strcmp(name, *ours) == 0)
			return 1;
	return 0;
}

/* The top level's current_tracer, read every tick: it stays open (it is never removed). */
static int top_runs_osnoise(const char *tracing)
{
	static struct kfiles top;
	char path[4096], buf[32];

	snprintf(path, sizeof(path), "%.4000s/current_tracer", tracing);
	return kfile_files_read(&top, path, buf, sizeof(buf)) == 0 && strcmp(buf, "osnoise") == 0;
}

void neighbours_find(const char *tracing, const char *const *ours, char *who, size_t len)
{
	char path[4096];
	struct dirent *e;
	DIR *dir;

	who[0] = '\0';
	if (top_runs_osnoise(tracing)) {
		snprintf(who, len, "the top level");
		return;
	}
	snprintf(path, sizeof(path), "%s/instances", tracing);
	dir = opendir(path);
	if (!dir)
		return;
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.' || is_ours(e->d_name, ours))
			continue;
		if (runs_osnoise(tracing, e->d_name)) {
			snprintf(who, len, "instance %.100s", e->d_name);
			break;
		}
	}
	closedir(dir);
}

void neighbours_check(struct session *s)
{
	const char *ours[5] = { NULL };
	char who[sizeof(s->neighbour)], err[128], at[32], tscwd[64];
	const char *tracing = env_tracing_dir(err, sizeof(err));
	int n = 0, num;

	if (!tracing)
		return;
	if (s->osn.inst)
		ours[n++] = tracefs_instance_get_name(s->osn.inst);
	if (s->hwl.inst)
		ours[n++] = tracefs_instance_get_name(s->hwl.inst);
	if (s->rec)
		ours[n++] = tracefs_instance_get_name(trace_capture_instance(s->rec));
	/* The TSC watchdog's instance runs no tracer: no need to look into it each second. */
	instance_name("tscwd", tscwd, sizeof(tscwd));
	ours[n++] = tscwd;
	neighbours_find(tracing, ours, who, sizeof(who));
	if (strcmp(who, s->neighbour) == 0)
		return;
	if (who[0])
		num = session_mark(s, "kernel", "another osnoise user: %s (shares the settings)", who);
	else
		num = session_mark(s, "kernel", "the other osnoise user (%s) is gone", s->neighbour);
	markers_clock(num >= 0 ? s->seg.marks.m[num].t_ms : 0, at, sizeof(at));
	n = (int)strlen(s->neighbour_log);
	if (who[0])
		snprintf(s->neighbour_log + n, sizeof(s->neighbour_log) - n,
			 "another osnoise user ran beside this run from %s: %s; it shares the osnoise "
			 "settings, so the figures from then on are not this run's alone\n", at, who);
	else
		snprintf(s->neighbour_log + n, sizeof(s->neighbour_log) - n,
			 "the other osnoise user (%s) was gone at %s\n", s->neighbour, at);
	snprintf(s->neighbour, sizeof(s->neighbour), "%s", who);
}
