/*
 * env: environment checks before any change.  See env.h.
 */
#include "env.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpuset.h"
#include "instance.h"
#include "kfile.h"
#include "ledger_guard.h"
#include "orphans.h"
#include "settings.h"

static char tracing_dir[256];

const char *env_tracing_dir(char *err, size_t errlen)
{
	char line[512];
	FILE *f;

	if (tracing_dir[0])
		return tracing_dir;
	/* Read /proc/mounts ourselves: libtracefs would mount tracefs silently. */
	f = fopen("/proc/mounts", "re");
	if (f) {
		while (fgets(line, sizeof(line), f)) {
			char dev[128], dir[256], type[64];

			if (sscanf(line, "%127s %255s %63s", dev, dir, type) != 3)
				continue;
			if (strcmp(type, "tracefs") == 0) {
				snprintf(tracing_dir, sizeof(tracing_dir), "%s", dir);
				if (strcmp(dir, "/sys/kernel/tracing") == 0)
					break;
			}
		}
		fclose(f);
	}
	if (!tracing_dir[0]) {
		snprintf(err, errlen,
			 "tracefs is not mounted: mount it with 'mount -t tracefs nodev /sys/kernel/tracing'");
		return NULL;
	}
	return tracing_dir;
}

/*
 * Mount tracefs where the kernel expects it, as libtracefs and rtla do,
 * but through the ledger: the unmount is recorded (in the run's state
 * file) before the mount, so that the end of the run, a fatal signal or
 * --cleanup after a SIGKILL undo it.  The restore runs at exit too (the
 * ledger is registered with ledger_guard), for the ways out before the
 * session starts (no osnoise tracer, say).
 */
static const char *mount_tracefs(struct ledger *l, char *err, size_t errlen)
{
	char name[64];
	int e;

	instance_name(NULL, name, sizeof(name));
	if (settings_init(l, SETTINGS_TRACEFS_DIR, name) < 0) {
		snprintf(err, errlen, "tracefs is not mounted, and %s", settings_error(l));
		return NULL;
	}
	ledger_guard(l);
	ledger_guard_at_exit();
	if ((e = settings_add_action_umount(l)) < 0) {
		snprintf(err, errlen, "tracefs is not mounted, and its unmount cannot be recorded: %s",
			 strerror(-e));
		return NULL;
	}
	if (mount("nodev", SETTINGS_TRACEFS_DIR, "tracefs", 0, NULL) < 0) {
		e = errno;
		settings_drop_action_umount(l);
		snprintf(err, errlen, "tracefs is not mounted, and mounting it on %s failed: %s",
			 SETTINGS_TRACEFS_DIR, strerror(e));
		return NULL;
	}
	fprintf(stderr, "hwnoisetop: mounted tracefs on %s (unmounted again at the end)\n",
		SETTINGS_TRACEFS_DIR);
	snprintf(tracing_dir, sizeof(tracing_dir), "%s", SETTINGS_TRACEFS_DIR);
	return tracing_dir;
}

bool env_word_in(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ' || p[-1] == '\n') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
			return true;
	return false;
}

int env_check_tracer(struct ledger *l, const char *tracer, const char *advice, char *err,
		     size_t errlen)
{
	char path[512], list[1024];
	const char *dir;

	if (geteuid() != 0) {
		snprintf(err, errlen,
			 "must be run as root: it changes the kernel's tracer settings (try sudo)");
		return -1;
	}
	dir = env_tracing_dir(err, errlen);
	if (!dir && l)
		dir = mount_tracefs(l, err, errlen);
	if (!dir)
		return -1;
	if (l)
		settings_set_tracing_dir(l, dir);
	snprintf(path, sizeof(path), "%s/available_tracers", dir);
	if (settings_read_text(path, list, sizeof(list)) < 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	if (!env_word_in(list, tracer)) {
		snprintf(err, errlen,
			 "this kernel has no %s tracer (available: %s): %s", tracer, list, advice);
		return -1;
	}
	return 0;
}

/* The tracer of the instance directory dir (a path), or "" */
static void current_tracer(const char *dir, char *buf, size_t size)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/current_tracer", dir);
	if (settings_read_text(path, buf, size) < 0)
		buf[0] = '\0';
}

static bool conflicting(const char *tracer, const char *const *conflicts)
{
	for (int i = 0; conflicts[i]; i++)
		if (strcmp(tracer, conflicts[i]) == 0)
			return true;
	return false;
}

int env_leftovers(char *first, size_t len)
{
	char path[512];
	const char *dir = env_tracing_dir(path, sizeof(path));
	struct dirent *de;
	int found = 0;
	DIR *d;

	if (len)
		first[0] = '\0';
	d = opendir(SETTINGS_STATE_DIR);
	if (d) {
		while ((de = readdir(d))) {
			size_t n = strlen(de->d_name);

			if (n > 6 && strcmp(de->d_name + n - 6, ".state") == 0) {
				char name[256];

				snprintf(name, sizeof(name), "%.*s", (int)(n - 6), de->d_name);
				if (!instance_is_stale(name))
					continue;
				if (!found++)
					snprintf(first, len, SETTINGS_STATE_DIR "/%s", de->d_name);
			}
		}
		closedir(d);
	}
	if (!dir)
		return found;
	snprintf(path, sizeof(path), "%s/instances", dir);
	d = opendir(path);
	if (d) {
		while ((de = readdir(d))) {
			if (!instance_is_stale(de->d_name))
				continue;
			if (!found++)
				snprintf(first, len, "instance %s", de->d_name);
		}
		closedir(d);
	}
	return found;
}

/* This process's instances (a tracer switch checks while they exist). */
static bool own_instance(const char *name)
{
	char own[64];
	size_t n;

	instance_name(NULL, own, sizeof(own));
	n = strlen(own);
	return strncmp(name, own, n) == 0 && (name[n] == '\0' || name[n] == '-');
}

/* Another tool's instance in the way: in use, or left behind (and what it costs). */
static void busy_message(const char *dir, const char *name, const char *tracer, char *err,
			 size_t errlen)
{
	struct orphan o;
	char cost[400];

	if (orphans_check(dir, name, &o) < 0 || o.in_use) {
		char who[64] = "";

		if (o.user)
			snprintf(who, sizeof(who), ", used by process %d", (int)o.user);
		else if (o.idle)
			snprintf(who, sizeof(who), ", its user maybe between two reads (%u s without "
				 "an event)", (o.watched_ms + 500) / 1000);
		snprintf(err, errlen,
			 "the tracer is busy: %s runs in instance %s%s (another rtla or hwnoisetop?); stop it first",
			 tracer, name, who);
		return;
	}
	orphans_cost(dir, &o, cost, sizeof(cost));
	snprintf(err, errlen,
		 "the tracer is busy: %s runs in instance %s, which no process uses (left behind "
		 "by a killed rtla?): %s; remove it with 'hwnoisetop --cleanup --orphans'",
		 tracer, name, cost);
}

int env_check_busy(const char *const *conflicts, char *err, size_t errlen)
{
	char path[512], tracer[128], left[300];
	const char *dir = env_tracing_dir(err, errlen);
	struct dirent *de;
	DIR *d;

	if (!dir)
		return -1;
	if (env_leftovers(left, sizeof(left))) {
		snprintf(err, errlen,
			 "a killed hwnoisetop left tracer settings changed (%s): run 'hwnoisetop --cleanup' first",
			 left);
		return -1;
	}
	current_tracer(dir, tracer, sizeof(tracer));
	if (conflicting(tracer, conflicts)) {
		snprintf(err, errlen,
			 "the tracer is busy: %s is the current tracer of %s; stop it first "
			 "(echo nop > %s/current_tracer)", tracer, dir, dir);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/instances", dir);
	d = opendir(path);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char inst[768];

		if (de->d_name[0] == '.' || own_instance(de->d_name))
			continue;
		snprintf(inst, sizeof(inst), "%s/%s", path, de->d_name);
		current_tracer(inst, tracer, sizeof(tracer));
		if (conflicting(tracer, conflicts)) {
			busy_message(dir, de->d_name, tracer, err, errlen);
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return 0;
}

int env_online_cpus(struct cpuset *set)
{
	char buf[4096];
	struct why why;

	/* Read every tick (the dashboard, the knobs): the file stays open. */
	static struct kfiles online;

	if (kfile_files_read(&online, "/sys/devices/system/cpu/online", buf, sizeof(buf)) < 0 ||
	    cpuset_parse(buf, set, &why) < 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		cpuset_clear(set);
		for (long i = 0; i < n && i < HWN_MAX_CPUS; i++)
			cpuset_add(set, (int)i);
	}
	return cpuset_count(set);
}

int env_possible_cpus(void)
{
	char buf[4096];
	struct cpuset set;
	struct why why;

	if (settings_read_text("/sys/devices/system/cpu/possible", buf, sizeof(buf)) == 0 &&
	    cpuset_parse(buf, &set, &why) == 0)
		return cpuset_last(&set) + 1;
	return (int)sysconf(_SC_NPROCESSORS_CONF);
}

int env_check_online(const struct cpuset *set, char *why, size_t len)
{
	struct cpuset online, missing;
	char list[128], on[128];

	env_online_cpus(&online);
	cpuset_andnot(&missing, set, &online);
	if (cpuset_empty(&missing))
		return 0;
	snprintf(why, len, "names CPUs that do not exist or are offline (%s); online CPUs: %s",
		 cpuset_format(&missing, list, sizeof(list)), cpuset_format(&online, on, sizeof(on)));
	return -1;
}

int env_check_output(const char *path, char *why, size_t len)
{
	struct stat st;
	bool created = false;
	int fd;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(why, len, "is a directory");
		return -1;
	}
	/* A device or a FIFO is not opened just to look (a watchdog would start). */
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
		if (access(path, W_OK) == 0)
			return 0;
		snprintf(why, len, "cannot be written: %s", strerror(errno));
		return -1;
	}
	fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		created = fd >= 0;
	}
	if (fd < 0 && errno == ELOOP) {
		snprintf(why, len, "is a symlink: not followed (name the file itself)");
		return -1;
	}
	if (fd < 0) {
		snprintf(why, len, "cannot be written: %s", strerror(errno));
		return -1;
	}
	close(fd);
	if (created)
		unlink(path);
	return 0;
}
