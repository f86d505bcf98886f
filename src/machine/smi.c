/*
 * smi: MSR 0x34 through /dev/cpu/N/msr, read by a thread.  See smi.h.
 *
 * Per CPU: the device's fd, the last raw value handed out ("last"), and
 * the request and result slots the thread and the loop share under one
 * mutex.  The thread never holds the mutex across a pread(), which may
 * wait for a period's end.
 */
#define _GNU_SOURCE
#include "smi.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "affinity.h"
#include "kfile.h"
#include "settings.h"

extern char **environ;


struct smi_cpu {
	int fd;			/* -1: not read */
	uint32_t last;		/* raw value of the last count handed out */
	bool want;		/* a read is asked for */
	bool done;		/* raw holds a finished read */
	uint32_t raw;
};

struct smi {
	int ncpus;
	struct smi_cpu *cpu;
	bool ok, loaded, debug;
	struct ledger *ledger;	/* the owner's: the msr module's unload is recorded there */
	char why[160];
	pthread_t thread;
	pid_t owner;		/* the thread that opened: its CPUs are ours */
	bool running;		/* the thread exists */
	bool stop;
	bool busy;		/* the thread is reading */
	int wants;		/* CPUs with want set */
	pthread_mutex_t lock;
	pthread_cond_t wake;	/* to the thread: wants, or stop */
	pthread_cond_t idle;	/* from the thread: busy cleared */
};

uint32_t smi_delta(uint32_t prev, uint32_t now)
{
	return now - prev;	/* modulo 2^32: one wrap between reads is exact */
}

bool smi_gap_ok(uint64_t ts_ns, uint64_t now_ns, uint64_t period_us, uint64_t runtime_us)
{
	uint64_t gap, since;

	if (runtime_us >= period_us)
		return true;
	gap = (period_us - runtime_us) * 1000;
	since = now_ns > ts_ns ? now_ns - ts_ns : 0;
	return since <= gap / 2 && gap - since >= 50000;
}

/* One read of the counter.  0 or -errno. */
static int read_msr(int fd, uint32_t *value)
{
	uint64_t v;
	int rc = kfile_pread_all(fd, &v, sizeof(v), SMI_MSR);

	if (rc == 0)
		*value = (uint32_t)v;	/* the count is the low 32 bits */
	return rc;
}

static void *reader_thread(void *arg)
{
	struct smi *smi = arg;

	pthread_mutex_lock(&smi->lock);
	for (;;) {
		while (!smi->stop && !smi->wants)
			pthread_cond_wait(&smi->wake, &smi->lock);
		if (smi->stop)
			break;
		smi->busy = true;
		affinity_follow(smi->owner);	/* where the loop runs, which may have changed */
		for (int c = 0; c < smi->ncpus; c++) {
			struct smi_cpu *p = &smi->cpu[c];
			uint32_t v = 0;
			int rc;

			if (!p->want)
				continue;
			p->want = false;
			smi->wants--;
			pthread_mutex_unlock(&smi->lock);
			rc = read_msr(p->fd, &v);
			pthread_mutex_lock(&smi->lock);
			if (rc == 0) {
				p->raw = v;
				p->done = true;
			}
		}
		smi->busy = false;
		pthread_cond_broadcast(&smi->idle);
	}
	pthread_mutex_unlock(&smi->lock);
	return NULL;
}

static int msr_path(int cpu, char *buf, size_t size)
{
	return snprintf(buf, size, "/dev/cpu/%d/msr", cpu);
}

/* "modprobe msr"; the unload is registered first, so every way out undoes it. */
static int load_module(struct smi *smi)
{
	char *const argv[] = { (char *)"modprobe", (char *)"msr", NULL };
	posix_spawn_file_actions_t fa;
	struct stat st;
	pid_t pid;
	int status, e;

	if (stat("/sys/module/msr", &st) == 0)
		return 0;	/* loaded (or built in) already: nothing to undo */
	if ((e = settings_add_action_unload_module(smi->ledger, "msr")) < 0) {
		snprintf(smi->why, sizeof(smi->why), "cannot record the msr module's unload: %s",
			 strerror(-e));
		return -1;
	}
	/* Its messages would break our one line (and the dashboard's screen). */
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	e = posix_spawnp(&pid, "modprobe", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		settings_drop_action_unload_module(smi->ledger);
		snprintf(smi->why, sizeof(smi->why), "/dev/cpu/N/msr is missing and modprobe "
			 "can not run: %s", strerror(e));
		return -1;
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if ((!WIFEXITED(status) || WEXITSTATUS(status)) && stat("/sys/module/msr", &st) < 0) {
		settings_drop_action_unload_module(smi->ledger);
		snprintf(smi->why, sizeof(smi->why),
			 "/dev/cpu/N/msr is missing and modprobe msr failed (status %d)",
			 WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		return -1;
	}
	smi->loaded = true;
	if (smi->debug)
		fprintf(stderr, "hwnoisetop: debug: loaded the msr module (unloaded at the end)\n");
	return 0;
}

/* Open and read every CPU of cpus; the first failure says why. */
static int probe(struct smi *smi, const struct cpuset *cpus, bool load)
{
	char path[64];
	int cpu;

	cpuset_for_each(cpu, cpus) {
		struct smi_cpu *p;
		int rc;

		if (cpu >= smi->ncpus)
			break;
		p = &smi->cpu[cpu];
		msr_path(cpu, path, sizeof(path));
		p->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (p->fd < 0 && errno == ENOENT && load) {
			load = false;	/* once */
			if (load_module(smi) < 0)
				return -1;
			p->fd = open(path, O_RDONLY | O_CLOEXEC);
		}
		if (p->fd < 0) {
			int e = errno;

			if (e == ENOENT)
				snprintf(smi->why, sizeof(smi->why), "%s is missing: the msr module is "
					 "not loaded%s", path, smi->loaded ? " after modprobe" :
					 " (--smi loads it)");
			else
				snprintf(smi->why, sizeof(smi->why), "cannot open %s: %s%s", path,
					 strerror(e), e == EACCES || e == EPERM ?
					 " (reading MSRs needs root and CAP_SYS_RAWIO)" : "");
			return -1;
		}
		rc = read_msr(p->fd, &p->last);
		if (rc < 0) {
			snprintf(smi->why, sizeof(smi->why), "cannot read MSR 0x34 (SMI count) on "
				 "CPU %d: %s%s", cpu, strerror(-rc),
				 rc == -EIO ? " (this CPU has no SMI counter)" : "");
			return -1;
		}
	}
	return 0;
}

static void close_fds(struct smi *smi)
{
	for (int c = 0; c < smi->ncpus; c++)
		if (smi->cpu[c].fd >= 0) {
			close(smi->cpu[c].fd);
			smi->cpu[c].fd = -1;
		}
}

struct smi *smi_open(struct ledger *l, const struct cpuset *cpus, bool load, bool debug)
{
	struct smi *smi = calloc(1, sizeof(*smi));

	if (!smi)
		return NULL;
	smi->ncpus = cpuset_last(cpus) + 1;
	smi->cpu = calloc(smi->ncpus > 0 ? smi->ncpus : 1, sizeof(*smi->cpu));
	if (!smi->cpu) {
		free(smi);
		return NULL;
	}
	smi->debug = debug;
	smi->ledger = l;
	smi->owner = gettid();
	for (int c = 0; c < smi->ncpus; c++)
		smi->cpu[c].fd = -1;
	pthread_mutex_init(&smi->lock, NULL);
	pthread_cond_init(&smi->wake, NULL);
	pthread_cond_init(&smi->idle, NULL);
	if (probe(smi, cpus, load) < 0) {
		close_fds(smi);
		return smi;
	}
	if ((errno = pthread_create(&smi->thread, NULL, reader_thread, smi)) != 0) {
		snprintf(smi->why, sizeof(smi->why), "cannot start the MSR reading thread: %s",
			 strerror(errno));
		close_fds(smi);
		return smi;
	}
	smi->running = true;
	smi->ok = true;
	return smi;
}

bool smi_ok(const struct smi *smi)
{
	return smi && smi->ok;
}

const char *smi_why(const struct smi *smi)
{
	return smi ? smi->why : "out of memory";
}

bool smi_loaded_module(const struct smi *smi)
{
	return smi && smi->loaded;
}

void smi_request(struct smi *smi, int cpu)
{
	struct smi_cpu *p;

	if (!smi_ok(smi) || !smi->running || cpu < 0 || cpu >= smi->ncpus || smi->cpu[cpu].fd < 0)
		return;
	p = &smi->cpu[cpu];
	pthread_mutex_lock(&smi->lock);
	if (!p->want) {
		p->want = true;
		smi->wants++;
		pthread_cond_signal(&smi->wake);
	}
	pthread_mutex_unlock(&smi->lock);
}

/* Under the lock: the finished reads' counts into counts[], -1 for none. */
static void take_done(struct smi *smi, int64_t *counts)
{
	for (int c = 0; c < smi->ncpus; c++) {
		struct smi_cpu *p = &smi->cpu[c];

		counts[c] = -1;
		if (!p->done)
			continue;
		counts[c] = smi_delta(p->last, p->raw);
		p->last = p->raw;
		p->done = false;
	}
}

static void hand_out(const struct smi *smi, const int64_t *counts, smi_sink sink, void *ctx)
{
	for (int c = 0; c < smi->ncpus; c++)
		if (counts[c] >= 0)
			sink(ctx, c, (uint64_t)counts[c]);
}

void smi_collect(struct smi *smi, smi_sink sink, void *ctx)
{
	int64_t *counts;

	if (!smi_ok(smi) || !(counts = malloc(sizeof(*counts) * smi->ncpus)))
		return;
	pthread_mutex_lock(&smi->lock);
	take_done(smi, counts);
	pthread_mutex_unlock(&smi->lock);
	hand_out(smi, counts, sink, ctx);
	free(counts);
}

void smi_read_now(struct smi *smi, smi_sink sink, void *ctx)
{
	int64_t *counts;

	if (!smi_ok(smi) || !smi->running || !(counts = malloc(sizeof(*counts) * smi->ncpus)))
		return;
	pthread_mutex_lock(&smi->lock);
	while (smi->busy || smi->wants) {
		/* The thread takes what is pending; no tracer holds it up now. */
		pthread_cond_signal(&smi->wake);
		pthread_cond_wait(&smi->idle, &smi->lock);
	}
	for (int c = 0; c < smi->ncpus; c++) {
		struct smi_cpu *p = &smi->cpu[c];
		uint32_t v = 0;

		if (p->fd >= 0 && read_msr(p->fd, &v) == 0) {
			p->raw = v;
			p->done = true;
		}
	}
	take_done(smi, counts);
	pthread_mutex_unlock(&smi->lock);
	hand_out(smi, counts, sink, ctx);
	free(counts);
}

void smi_stop(struct smi *smi)
{
	if (!smi)
		return;
	if (smi->running) {
		pthread_mutex_lock(&smi->lock);
		smi->stop = true;
		pthread_cond_signal(&smi->wake);
		pthread_mutex_unlock(&smi->lock);
		pthread_join(smi->thread, NULL);
		smi->running = false;
	}
	close_fds(smi);
}

void smi_close(struct smi *smi)
{
	if (!smi)
		return;
	smi_stop(smi);
	pthread_cond_destroy(&smi->idle);
	pthread_cond_destroy(&smi->wake);
	pthread_mutex_destroy(&smi->lock);
	free(smi->cpu);
	free(smi);
}
