/*
 * osn_hist: hist triggers on osnoise:sample_threshold.  See osn_hist.h.
 */
#define _GNU_SOURCE	/* gettid() */
#include "osn_hist.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "affinity.h"
#include "env.h"

#define EVENT_DIR "events/osnoise/sample_threshold"

bool osn_hist_supported(void)
{
	const char *dir = env_tracing_dir(NULL, 0);
	char path[512];

	if (!dir)
		return false;
	snprintf(path, sizeof(path), "%s/" EVENT_DIR "/trigger", dir);
	if (access(path, F_OK) < 0)
		return false;
	snprintf(path, sizeof(path), "%s/" EVENT_DIR "/hist", dir);
	return access(path, F_OK) == 0;
}

/* Append text to the event's trigger file (a write would remove the others). */
static int trigger(struct tracefs_instance *inst, const char *text)
{
	errno = 0;
	if (tracefs_instance_file_append(inst, EVENT_DIR "/trigger", text) < 0)
		return errno ? -errno : -EINVAL;
	return 0;
}

static void untrigger(struct tracefs_instance *inst, const char *text)
{
	char neg[300];

	snprintf(neg, sizeof(neg), "!%s", text);
	trigger(inst, neg);
}

int osn_hist_setup(struct osn_hist *k, struct tracefs_instance *inst, const struct histo_plan *p,
		   char *err, size_t errlen)
{
	unsigned long long limit_ns = (unsigned long long)(p->entries * p->bucket_us) * 1000;
	int e;

	struct osn_hist_reader *reader = k->reader;	/* kept: its thread serves again */
	unsigned gen = k->gen;

	memset(k, 0, sizeof(*k));
	k->reader = reader;
	k->gen = gen + 1;	/* a read of the triggers before is not of these */
	snprintf(k->buckets, sizeof(k->buckets),
		 "hist:keys=common_cpu,duration.buckets=%llu:vals=hitcount:sort=common_cpu,duration:"
		 "size=%llu if duration < %llu", (unsigned long long)p->gran_us * 1000,
		 (unsigned long long)p->map_size, limit_ns);
	snprintf(k->cpus, sizeof(k->cpus),
		 "hist:keys=common_cpu:vals=hitcount,duration:d=duration:sort=common_cpu:"
		 "onmax($d).save(duration)");
	if ((e = trigger(inst, k->buckets))) {
		snprintf(err, errlen, "cannot set the histogram's hist trigger on "
			 "osnoise:sample_threshold: %s", strerror(-e));
		return e;
	}
	if ((e = trigger(inst, k->cpus))) {
		untrigger(inst, k->buckets);
		snprintf(err, errlen, "cannot set the per-CPU hist trigger on "
			 "osnoise:sample_threshold: %s", strerror(-e));
		return e;
	}
	k->inst = inst;
	return 0;
}

static char *fetch(struct tracefs_instance *inst)
{
	return tracefs_event_file_read(inst, "osnoise", "sample_threshold", "hist", NULL);
}

/*
 * The event's hist file (text, freed here): one section per trigger
 * ("# event histogram"), told apart by their trigger info (the buckets'
 * names duration.buckets).
 */
static int parse(char *text, struct histo *h, char *err, size_t errlen)
{
	char *second = strstr(text, "\n# event histogram"), *a, *b;
	const char *why;
	int rc;

	if (!second) {
		snprintf(err, errlen, "the histogram file has not both of its triggers");
		free(text);
		return -1;
	}
	*second++ = '\0';
	a = strstr(text, "duration.buckets") ? text : second;
	b = a == text ? second : text;
	rc = histo_parse(h, a, b, &why);
	if (rc < 0)
		snprintf(err, errlen, "the kernel's histogram: %s", why);
	free(text);
	return rc;
}

static int read_failed(int errnum, char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot read the histogram: %s", strerror(errnum));
	return -1;
}

int osn_hist_read(struct osn_hist *k, struct histo *h, char *err, size_t errlen)
{
	char *text;

	if (!k->inst) {
		snprintf(err, errlen, "no histogram is counted");
		return -1;
	}
	text = fetch(k->inst);
	return text ? parse(text, h, err, errlen) : read_failed(errno, err, errlen);
}

/*
 * The reading thread.  Under lock: want (asked, with inst and gen), busy
 * (reading), done (text, or errnum, waits for osn_hist_take()).
 */
struct osn_hist_reader {
	pthread_t thread;
	pid_t owner;		/* the thread that asked first: where the loop runs */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct tracefs_instance *inst;
	unsigned gen;		/* k->gen when asked */
	bool want, busy, done, stop;
	char *text;
	int errnum;
};

static void *reader_main(void *arg)
{
	struct osn_hist_reader *r = arg;

	pthread_mutex_lock(&r->lock);
	for (;;) {
		struct tracefs_instance *inst;
		char *text;
		int e;

		while (!r->stop && !r->want)
			pthread_cond_wait(&r->wake, &r->lock);
		if (r->stop)
			break;
		r->want = false;
		r->busy = true;
		inst = r->inst;
		pthread_mutex_unlock(&r->lock);
		affinity_follow(r->owner);
		errno = 0;
		text = fetch(inst);
		e = errno ? errno : EIO;
		pthread_mutex_lock(&r->lock);
		r->text = text;
		r->errnum = text ? 0 : e;
		r->done = true;
		r->busy = false;
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

/* The thread blocks every signal: they stay the loop's. */
static struct osn_hist_reader *reader_start(void)
{
	struct osn_hist_reader *r = calloc(1, sizeof(*r));
	sigset_t all, old;
	int e;

	if (!r)
		return NULL;
	r->owner = gettid();
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->wake, NULL);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(&r->thread, NULL, reader_main, r);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (e) {
		pthread_mutex_destroy(&r->lock);
		pthread_cond_destroy(&r->wake);
		free(r);
		return NULL;
	}
	return r;
}

/* A read under way ends first. */
static void reader_stop(struct osn_hist_reader *r)
{
	if (!r)
		return;
	pthread_mutex_lock(&r->lock);
	r->stop = true;
	pthread_cond_signal(&r->wake);
	pthread_mutex_unlock(&r->lock);
	pthread_join(r->thread, NULL);
	pthread_mutex_destroy(&r->lock);
	pthread_cond_destroy(&r->wake);
	free(r->text);
	free(r);
}

bool osn_hist_ask(struct osn_hist *k)
{
	struct osn_hist_reader *r;
	bool asked = false;

	if (!k->inst || (!k->reader && !(k->reader = reader_start())))
		return false;
	r = k->reader;
	pthread_mutex_lock(&r->lock);
	if (!r->want && !r->busy && !r->done) {
		r->inst = k->inst;
		r->gen = k->gen;
		r->want = asked = true;
		pthread_cond_signal(&r->wake);
	}
	pthread_mutex_unlock(&r->lock);
	return asked;
}

int osn_hist_take(struct osn_hist *k, struct histo *h, char *err, size_t errlen)
{
	struct osn_hist_reader *r = k->reader;
	unsigned gen;
	char *text;
	int e;

	if (!r)
		return 0;
	pthread_mutex_lock(&r->lock);
	if (!r->done) {
		pthread_mutex_unlock(&r->lock);
		return 0;
	}
	text = r->text;
	e = r->errnum;
	gen = r->gen;
	r->text = NULL;
	r->done = false;
	pthread_mutex_unlock(&r->lock);
	if (gen != k->gen || !k->inst) {
		free(text);
		return 0;
	}
	if (!text)
		return read_failed(e, err, errlen);
	return parse(text, h, err, errlen) < 0 ? -1 : 1;
}

/*
 * The kernel's ":clear" refuses a trigger with a variable (the maximum's):
 * both go and come back, empty.
 */
void osn_hist_clear(struct osn_hist *k)
{
	if (!k->inst)
		return;
	k->gen++;
	untrigger(k->inst, k->cpus);
	untrigger(k->inst, k->buckets);
	trigger(k->inst, k->buckets);
	trigger(k->inst, k->cpus);
}

void osn_hist_teardown(struct osn_hist *k)
{
	reader_stop(k->reader);
	k->reader = NULL;
	k->gen++;
	if (!k->inst)
		return;
	untrigger(k->inst, k->cpus);
	untrigger(k->inst, k->buckets);
	k->inst = NULL;
}
