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
#include "session.h"

/* Does dir/current_tracer name osnoise? */
static int runs_osnoise(const char *dir)
{
	char path[4096], buf[32];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/current_tracer", dir);
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

void neighbours_find(const char *tracing, const char *const *ours, char *who, size_t len)
{
	char path[4096];
	struct dirent *e;
	DIR *dir;

	who[0] = '\0';
	if (runs_osnoise(tracing)) {
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
		snprintf(path, sizeof(path), "%s/instances/%.255s", tracing, e->d_name);
		if (runs_osnoise(path)) {
			snprintf(who, len, "instance %.100s", e->d_name);
			break;
		}
	}
	closedir(dir);
}

void neighbours_check(struct session *s)
{
	const char *ours[4] = { NULL };
	char who[sizeof(s->neighbour)], err[128], at[32];
	const char *tracing = env_tracing_dir(err, sizeof(err));
	int n = 0, num;

	if (!tracing)
		return;
	if (s->osn.inst)
		ours[n++] = tracefs_instance_get_name(s->osn.inst);
	if (s->hwl.inst)
		ours[n++] = tracefs_instance_get_name(s->hwl.inst);
	if (s->rec)
		ours[n++] = tracefs_instance_get_name(record_instance(s->rec));
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
