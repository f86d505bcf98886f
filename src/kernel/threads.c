/*
 * threads: scheduling and cgroup of the osnoise/N kernel threads.  See
 * threads.h.  Data: the pids handled last time, so that only threads the
 * kernel created since are touched again.
 */
#define _GNU_SOURCE
#include "threads.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cpuset.h"
#include "parse.h"

#define COMM_PREFIX "osnoise/"

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

/* The kernel's struct sched_attr (glibc before 2.41 has no wrapper). */
struct hwn_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

struct threads {
	struct threads_sched sched;
	char cgroup[512];
	pid_t *seen;
	int nseen;
};

static uint64_t read_sysctl(const char *path, uint64_t dflt)
{
	char buf[32];
	FILE *f = fopen(path, "re");
	unsigned long long v;

	if (!f)
		return dflt;
	if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%llu", &v) != 1)
		v = dflt;
	fclose(f);
	return v;
}

static int parse_int(const char *text, int min, int max, int *out, struct why *why)
{
	struct why not_number;
	int64_t v = 0;
	int rc;

	if (!*text) {
		why->text = "lacks the priority after the class (e.g. f:10)";
		return -1;
	}
	rc = parse_s64(text, INT64_MIN, INT64_MAX, &v, &not_number);
	if (rc && strcmp(not_number.text, "is too large") != 0) {
		why->text = "takes a whole number after the class (e.g. f:10)";
		return -1;
	}
	if (rc || v < min || v > max) {
		snprintf(why->buf, sizeof(why->buf), "takes a priority from %d to %d for this class",
			 min, max);
		why->text = why->buf;
		return -1;
	}
	*out = (int)v;
	return 0;
}

int threads_parse_priority(const char *arg, struct threads_sched *s, struct why *why)
{
	const char *colon = strchr(arg, ':');

	memset(s, 0, sizeof(*s));
	why->text = NULL;
	if (!colon || colon != arg + 1) {
		why->text = "takes o:nice, r:prio, f:prio or d:runtime:period (the letter in either case)";
		return -1;
	}
	/* As rtla: the class letter in either case (F:95 is f:95). */
	switch (tolower((unsigned char)arg[0])) {
	case 'o':
		s->policy = THREADS_OTHER;
		return parse_int(colon + 1, -20, 19, &s->prio, why);
	case 'r':
		s->policy = THREADS_RR;
		return parse_int(colon + 1, 1, 99, &s->prio, why);
	case 'f':
		s->policy = THREADS_FIFO;
		return parse_int(colon + 1, 1, 99, &s->prio, why);
	case 'd': {
		struct why time;
		char rt[64];
		const char *per = strchr(colon + 1, ':');
		uint64_t pmin = read_sysctl("/proc/sys/kernel/sched_deadline_period_min_us", 100);
		uint64_t pmax = read_sysctl("/proc/sys/kernel/sched_deadline_period_max_us", 4194304);

		s->policy = THREADS_DEADLINE;
		if (!per || (size_t)(per - colon - 1) >= sizeof(rt)) {
			why->text = "takes d:runtime:period (e.g. d:500us:1ms)";
			return -1;
		}
		snprintf(rt, sizeof(rt), "%.*s", (int)(per - colon - 1), colon + 1);
		if (parse_time_ns(rt, &s->runtime_ns, &time) ||
		    parse_time_ns(per + 1, &s->period_ns, &time)) {
			snprintf(why->buf, sizeof(why->buf),
				 "takes d:runtime:period with times in ns or with us, ms or s (runtime or period %s)",
				 time.text);
			why->text = why->buf;
			return -1;
		}
		if (s->runtime_ns < 1024) {
			why->text = "needs a deadline runtime of at least 1024 ns";
			return -1;
		}
		if (s->runtime_ns > s->period_ns) {
			why->text = "needs a deadline runtime no longer than the period";
			return -1;
		}
		if (s->period_ns < pmin * 1000 || s->period_ns > pmax * 1000) {
			snprintf(why->buf, sizeof(why->buf),
				 "needs a deadline period from %lluus to %lluus",
				 (unsigned long long)pmin, (unsigned long long)pmax);
			why->text = why->buf;
			return -1;
		}
		return 0;
	}
	default:
		why->text = "takes the class o (SCHED_OTHER), r (SCHED_RR), f (SCHED_FIFO) or d (SCHED_DEADLINE)";
		return -1;
	}
}

/* The cgroup v2 mount point, or "" */
static void cgroup2_mount(char *buf, size_t size)
{
	char line[512], dev[128], dir[256], type[64];
	FILE *f = fopen("/proc/mounts", "re");

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%127s %255s %63s", dev, dir, type) == 3 &&
		    strcmp(type, "cgroup2") == 0) {
			snprintf(buf, size, "%s", dir);
			break;
		}
	}
	fclose(f);
}

/* This process's cgroup v2 path ("0::/path" in /proc/self/cgroup). */
static int own_cgroup(char *buf, size_t size)
{
	char line[1000];
	FILE *f = fopen("/proc/self/cgroup", "re");
	int rc = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3) == 0) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(buf, size, "%s", line + 3);
			rc = 0;
			break;
		}
	}
	fclose(f);
	return rc;
}

int threads_cgroup_dir(const char *name, char *dir, size_t size, struct why *why)
{
	char mnt[256], self[1024], path[1300], procs[1320];
	struct stat st;

	cgroup2_mount(mnt, sizeof(mnt));
	if (!mnt[0]) {
		why->text = "needs cgroup v2 mounted (mount -t cgroup2 none /sys/fs/cgroup)";
		return -1;
	}
	if (!name || !*name) {
		if (own_cgroup(self, sizeof(self)) < 0) {
			why->text = "cannot find hwnoisetop's own cgroup v2 in /proc/self/cgroup";
			return -1;
		}
		name = self;
	}
	if (strstr(name, "..") || strchr(name, '\n')) {
		why->text = "takes the name of a cgroup under the cgroup v2 mount, without '..'";
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", mnt, name[0] == '/' ? name + 1 : name);
	while (strlen(path) > 1 && path[strlen(path) - 1] == '/')
		path[strlen(path) - 1] = '\0';
	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode)) {

		snprintf(why->buf, sizeof(why->buf), "names no cgroup: %s does not exist", path);
		why->text = why->buf;
		return -1;
	}
	snprintf(procs, sizeof(procs), "%s/cgroup.procs", path);
	if (access(procs, F_OK) < 0) {
		why->text = "names a directory that is not a cgroup v2 (no cgroup.procs)";
		return -1;
	}
	if (strlen(path) >= size) {
		why->text = "names a cgroup whose path is too long";
		return -1;
	}
	snprintf(dir, size, "%s", path);
	return 0;
}

struct threads *threads_new(const struct threads_sched *sched, const char *cgroup_dir)
{
	struct threads *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	if (sched)
		t->sched = *sched;
	if (cgroup_dir)
		snprintf(t->cgroup, sizeof(t->cgroup), "%s", cgroup_dir);
	return t;
}

void threads_free(struct threads *t)
{
	if (!t)
		return;
	free(t->seen);
	free(t);
}

static bool is_osnoise(pid_t pid)
{
	char path[64], comm[32];
	bool yes = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	if (fgets(comm, sizeof(comm), f))
		yes = strncmp(comm, COMM_PREFIX, strlen(COMM_PREFIX)) == 0;
	fclose(f);
	return yes;
}

int threads_find(pid_t *pids, int max)
{
	struct dirent *de;
	int n = 0, pid;
	DIR *d;
	FILE *f;

	/* Kernel threads are kthreadd's children: a short list to look through. */
	f = fopen("/proc/2/task/2/children", "re");
	if (f) {
		while (n < max && fscanf(f, "%d", &pid) == 1)
			if (pid > 0 && is_osnoise(pid))
				pids[n++] = pid;
		fclose(f);
		return n;
	}
	/* No CONFIG_PROC_CHILDREN: look at every process. */
	d = opendir("/proc");
	if (!d)
		return 0;
	while ((de = readdir(d)) && n < max) {
		pid = atoi(de->d_name);
		if (pid > 0 && is_osnoise(pid))
			pids[n++] = pid;
	}
	closedir(d);
	return n;
}

static const char *policy_name(enum threads_policy p)
{
	static const char *const names[] = { "", "SCHED_OTHER", "SCHED_RR", "SCHED_FIFO",
					     "SCHED_DEADLINE" };
	return names[p];
}

static int set_sched(const struct threads_sched *s, pid_t pid)
{
	struct hwn_sched_attr attr = { .size = sizeof(attr) };

	switch (s->policy) {
	case THREADS_KEEP:
		return 0;
	case THREADS_OTHER:
		attr.sched_policy = SCHED_OTHER;
		attr.sched_nice = s->prio;
		break;
	case THREADS_RR:
		attr.sched_policy = SCHED_RR;
		attr.sched_priority = s->prio;
		break;
	case THREADS_FIFO:
		attr.sched_policy = SCHED_FIFO;
		attr.sched_priority = s->prio;
		break;
	case THREADS_DEADLINE:
		attr.sched_policy = SCHED_DEADLINE;
		attr.sched_runtime = s->runtime_ns;
		attr.sched_deadline = s->period_ns;
		attr.sched_period = s->period_ns;
		break;
	}
	return syscall(SYS_sched_setattr, pid, &attr, 0) < 0 ? -errno : 0;
}

static int set_cgroup(const char *dir, pid_t pid)
{
	char path[600], val[32];
	int fd, e = 0;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	snprintf(val, sizeof(val), "%d", (int)pid);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		e = -errno;
	close(fd);
	return e;
}

static bool seen(const struct threads *t, pid_t pid)
{
	for (int i = 0; i < t->nseen; i++)
		if (t->seen[i] == pid)
			return true;
	return false;
}

static void thread_comm(pid_t pid, char *buf, size_t size)
{
	char path[64];
	FILE *f;

	snprintf(buf, size, "pid %d", (int)pid);
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

int threads_apply(struct threads *t, bool debug, char *err, size_t errlen)
{
	pid_t *pids = calloc(HWN_MAX_CPUS, sizeof(*pids));
	int n, changed = 0, e;
	char comm[32];

	if (!pids) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n = threads_find(pids, HWN_MAX_CPUS);
	for (int i = 0; i < n; i++) {
		if (seen(t, pids[i]))
			continue;
		thread_comm(pids[i], comm, sizeof(comm));
		if (t->cgroup[0] && (e = set_cgroup(t->cgroup, pids[i])) && e != -ESRCH) {
			snprintf(err, errlen, "cannot move %s (pid %d) into cgroup %s: %s", comm,
				 (int)pids[i], t->cgroup, strerror(-e));
			goto fail;
		}
		e = set_sched(&t->sched, pids[i]);
		if (e && e != -ESRCH) {
			snprintf(err, errlen, "cannot give %s (pid %d) %s: %s%s", comm, (int)pids[i],
				 policy_name(t->sched.policy), strerror(-e),
				 t->sched.policy == THREADS_DEADLINE && e == -EPERM ?
				 " (a SCHED_DEADLINE task must be allowed on every CPU of its root"
				 " domain: put each measured CPU in its own cpuset partition)" :
				 e == -EBUSY ? " (not enough deadline bandwidth left)" : "");
			goto fail;
		}
		if (debug)
			fprintf(stderr, "hwnoisetop: debug: %s (pid %d):%s%s%s%s\n", comm, (int)pids[i],
				t->sched.policy ? " " : "", policy_name(t->sched.policy),
				t->cgroup[0] ? " cgroup " : "", t->cgroup);
		changed++;
	}
	free(t->seen);
	t->seen = pids;
	t->nseen = n;
	return changed;
fail:
	free(pids);
	return -1;
}
