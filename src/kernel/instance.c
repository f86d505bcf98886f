/*
 * instance: creation and removal of private tracefs instances.
 */
#include "instance.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "settings.h"

void instance_name(const char *role, char *buf, size_t size)
{
	if (role)
		snprintf(buf, size, INSTANCE_PREFIX "%d-%s", (int)getpid(), role);
	else
		snprintf(buf, size, INSTANCE_PREFIX "%d", (int)getpid());
}

bool instance_is_stale(const char *name)
{
	char *end;
	long pid;

	if (strncmp(name, INSTANCE_PREFIX, strlen(INSTANCE_PREFIX)) != 0)
		return false;
	char run[64];

	pid = strtol(name + strlen(INSTANCE_PREFIX), &end, 10);
	if (end == name + strlen(INSTANCE_PREFIX) || (*end && *end != '-') || pid <= 0)
		return false;
	/* Alive while it holds its lock: a reused PID does not keep it alive. */
	snprintf(run, sizeof(run), INSTANCE_PREFIX "%ld", pid);
	return !settings_run_alive(NULL, run);
}

static int inst_write(struct tracefs_instance *inst, const char *file, const char *val)
{
	return tracefs_instance_file_write(inst, file, val) < 0 ? -1 : 0;
}

struct tracefs_instance *instance_create(struct ledger *l, const char *role, size_t buffer_kb,
					 char *err, size_t errlen)
{
	struct tracefs_instance *inst;
	char name[64];
	char *dir;

	instance_name(role, name, sizeof(name));
	inst = tracefs_instance_create(name);
	if (!inst) {
		snprintf(err, errlen, "cannot create tracefs instance %s: %s", name, strerror(errno));
		return NULL;
	}
	dir = tracefs_instance_get_dir(inst);
	if (!dir || settings_add_instance(l, dir) < 0) {
		snprintf(err, errlen, "cannot register tracefs instance %s", name);
		free(dir);
		tracefs_instance_destroy(inst);
		tracefs_instance_free(inst);
		return NULL;
	}
	free(dir);
	tracefs_trace_off(inst);
	if (inst_write(inst, "buffer_percent", "0") < 0) {
		snprintf(err, errlen, "cannot set buffer_percent of instance %s", name);
		instance_destroy(l, inst);
		return NULL;
	}
	if (buffer_kb) {
		char kb[32];

		snprintf(kb, sizeof(kb), "%zu", buffer_kb);
		if (inst_write(inst, "buffer_size_kb", kb) < 0) {
			snprintf(err, errlen, "cannot set the trace buffer size to %zu kB", buffer_kb);
			instance_destroy(l, inst);
			return NULL;
		}
	}
	return inst;
}

int instance_set_tracer(struct tracefs_instance *inst, const char *tracer)
{
	if (tracefs_instance_file_write(inst, "current_tracer", tracer) < 0)
		return errno ? -errno : -EINVAL;
	return 0;
}

int instance_event_enable(struct tracefs_instance *inst, const char *system, const char *event,
			  bool on)
{
	char file[300];

	if (event)
		snprintf(file, sizeof(file), "events/%.100s/%.100s/enable", system, event);
	else
		snprintf(file, sizeof(file), "events/%.100s/enable", system);
	errno = 0;
	if (tracefs_instance_file_write(inst, file, on ? "1" : "0") < 0)
		return errno ? -errno : -EINVAL;
	return 0;
}

void instance_destroy(struct ledger *l, struct tracefs_instance *inst)
{
	char *dir;

	if (!inst)
		return;
	tracefs_trace_off(inst);
	tracefs_instance_file_write(inst, "current_tracer", "nop");
	dir = tracefs_instance_get_dir(inst);
	/*
	 * An instance still open elsewhere (someone reading its trace_pipe)
	 * can not be removed yet: it stays registered, so settings_restore()
	 * tries again, counts it as not restored and keeps the state file.
	 */
	if (tracefs_instance_destroy(inst) == 0 || errno == ENOENT) {
		if (dir)
			settings_forget_instance(l, dir);
	}
	free(dir);
	tracefs_instance_free(inst);
}

unsigned long long instance_stats_sum(const char *dir, const char *field)
{
	char path[1024], stats[2048];
	unsigned long long sum = 0;
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "%s/per_cpu", dir);
	if (!(d = opendir(path)))
		return 0;
	while ((de = readdir(d))) {
		char file[1400];
		const char *p;

		if (strncmp(de->d_name, "cpu", 3) != 0)
			continue;
		snprintf(file, sizeof(file), "%s/%s/stats", path, de->d_name);
		if (settings_read_text(file, stats, sizeof(stats)) == 0 && (p = strstr(stats, field)))
			sum += strtoull(p + strlen(field), NULL, 10);
	}
	closedir(d);
	return sum;
}
