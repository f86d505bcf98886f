/*
 * osn_hist: hist triggers on osnoise:sample_threshold.  See osn_hist.h.
 *
 * The worker thread takes the trigger writes and the reads of the hist
 * file in the order asked (a queue), so that a read asked after a clear
 * sees the cleared counts; gen tells the results of what came before the
 * latest setup, clear or unset from those after.
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
#define QUEUE 32

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

enum op { OP_SET, OP_CLEAR, OP_UNSET, OP_READ };

struct cmd {
	enum op op;
	struct tracefs_instance *inst;
	unsigned gen;
	char buckets[256], cpus[256];
};

/* Both triggers, or none with err: 0 or -errno. */
static int set_both(const struct cmd *c, char *err, size_t errlen)
{
	int e;

	if ((e = trigger(c->inst, c->buckets))) {
		snprintf(err, errlen, "cannot set the histogram's hist trigger on "
			 "osnoise:sample_threshold: %s", strerror(-e));
		return e;
	}
	if ((e = trigger(c->inst, c->cpus))) {
		untrigger(c->inst, c->buckets);
		snprintf(err, errlen, "cannot set the per-CPU hist trigger on "
			 "osnoise:sample_threshold: %s", strerror(-e));
	}
	return e;
}

/*
 * The kernel's ":clear" refuses a trigger with a variable (the maximum's):
 * both go and come back, empty.
 */
static void clear_both(const struct cmd *c)
{
	untrigger(c->inst, c->cpus);
	untrigger(c->inst, c->buckets);
	trigger(c->inst, c->buckets);
	trigger(c->inst, c->cpus);
}

static void unset_both(const struct cmd *c)
{
	untrigger(c->inst, c->cpus);
	untrigger(c->inst, c->buckets);
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

/*
 * The worker.  Under lock: the queue, busy (a command under way), and the
 * results: the latest read (text or errnum, with its gen) and a failed set.
 */
struct osn_hist_reader {
	pthread_t thread;
	pid_t owner;		/* the thread that started it: where the loop runs */
	pthread_mutex_t lock;
	pthread_cond_t wake;	/* to the worker: a command, or stop */
	pthread_cond_t idle;	/* from it: a command done */
	struct cmd q[QUEUE];
	unsigned head, len;
	bool busy, stop;
	bool armed;		/* the triggers are set: a clear or a read has something to act on */
	unsigned reads;		/* asked and not taken */
	bool read_done;
	char *text;
	int errnum;
	unsigned read_gen;
	int set_errno;		/* a set that failed: nothing set */
	unsigned set_gen;	/* the gen it was asked with */
	char set_err[256];
};

/* Runs c (unlocked); its results under lock. */
static void run(struct osn_hist_reader *r, const struct cmd *c)
{
	char err[256] = "";
	char *text = NULL;
	bool armed;
	int e = 0;

	pthread_mutex_lock(&r->lock);
	armed = r->armed;
	pthread_mutex_unlock(&r->lock);
	affinity_follow(r->owner);
	switch (c->op) {
	case OP_SET:
		e = set_both(c, err, sizeof(err));
		armed = !e;
		break;
	case OP_CLEAR:
		if (armed)	/* never sets back what a refused set left out */
			clear_both(c);
		break;
	case OP_UNSET:
		if (armed)
			unset_both(c);
		armed = false;
		break;
	case OP_READ:
		errno = 0;
		text = armed ? fetch(c->inst) : NULL;
		e = text ? 0 : !armed ? ENOENT : errno ? errno : EIO;
		break;
	}
	pthread_mutex_lock(&r->lock);
	r->armed = armed;
	if (c->op == OP_READ) {
		free(r->text);
		r->text = text;
		r->errnum = e;
		r->read_gen = c->gen;
		r->read_done = true;
	} else if (c->op == OP_SET && e) {
		r->set_errno = e;
		r->set_gen = c->gen;
		snprintf(r->set_err, sizeof(r->set_err), "%s", err);
	}
	pthread_mutex_unlock(&r->lock);
}

static void *worker(void *arg)
{
	struct osn_hist_reader *r = arg;

	pthread_mutex_lock(&r->lock);
	for (;;) {
		struct cmd c;

		while (!r->len && !r->stop)
			pthread_cond_wait(&r->wake, &r->lock);
		if (!r->len)
			break;	/* stopped, the queue done */
		c = r->q[r->head];
		r->head = (r->head + 1) % QUEUE;
		r->len--;
		r->busy = true;
		pthread_mutex_unlock(&r->lock);
		run(r, &c);
		pthread_mutex_lock(&r->lock);
		r->busy = false;
		pthread_cond_broadcast(&r->idle);
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

/* The thread blocks every signal: they stay the loop's. */
static struct osn_hist_reader *worker_start(void)
{
	struct osn_hist_reader *r = calloc(1, sizeof(*r));
	sigset_t all, old;
	int e;

	if (!r)
		return NULL;
	r->owner = gettid();
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->wake, NULL);
	pthread_cond_init(&r->idle, NULL);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(&r->thread, NULL, worker, r);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (e) {
		pthread_mutex_destroy(&r->lock);
		pthread_cond_destroy(&r->wake);
		pthread_cond_destroy(&r->idle);
		free(r);
		return NULL;
	}
	return r;
}

/* Until the queue is done. */
static void drain(struct osn_hist_reader *r)
{
	if (!r)
		return;
	pthread_mutex_lock(&r->lock);
	while (r->len || r->busy)
		pthread_cond_wait(&r->idle, &r->lock);
	pthread_mutex_unlock(&r->lock);
}

/* The queue done first. */
static void worker_stop(struct osn_hist_reader *r)
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
	pthread_cond_destroy(&r->idle);
	free(r->text);
	free(r);
}

/*
 * Under lock: is op already done by what waits in the queue (not begun)?
 * A clear after a set or a clear that has not begun: their triggers start
 * empty after it was asked.  A removal after a set that has not begun:
 * neither is needed (nothing else is queued between, as a setup comes
 * only after a removal).  So a user pressing keys while the kernel keeps
 * the worker waiting never fills the queue.
 */
static bool coalesced(struct osn_hist_reader *r, enum op op)
{
	const struct cmd *last = r->len ? &r->q[(r->head + r->len - 1) % QUEUE] : NULL;

	if (!last)
		return false;
	if (op == OP_CLEAR && (last->op == OP_SET || last->op == OP_CLEAR))
		return true;
	if (op == OP_UNSET && last->op == OP_SET) {
		r->len--;
		return true;
	}
	return false;
}

/* op on k's triggers as they are now. */
static struct cmd command(const struct osn_hist *k, enum op op)
{
	struct cmd c = { .op = op, .inst = k->inst, .gen = k->gen };

	snprintf(c.buckets, sizeof(c.buckets), "%s", k->buckets);
	snprintf(c.cpus, sizeof(c.cpus), "%s", k->cpus);
	return c;
}

/* Hand op to the worker, or run it here when there is none. */
static void ask(struct osn_hist *k, enum op op)
{
	struct osn_hist_reader *r = k->reader;
	struct cmd c = command(k, op);

	if (!r) {
		if (op == OP_CLEAR)
			clear_both(&c);
		else if (op == OP_UNSET)
			unset_both(&c);
		return;	/* a read or a set asked of no worker: osn_hist_ask() says false */
	}
	pthread_mutex_lock(&r->lock);
	if (coalesced(r, op)) {
		pthread_mutex_unlock(&r->lock);
		return;
	}
	while (r->len == QUEUE)	/* not reached: coalesced() keeps the queue short */
		pthread_cond_wait(&r->idle, &r->lock);
	r->q[(r->head + r->len) % QUEUE] = c;
	r->len++;
	if (op == OP_READ)
		r->reads++;
	pthread_cond_signal(&r->wake);
	pthread_mutex_unlock(&r->lock);
}

int osn_hist_setup(struct osn_hist *k, struct tracefs_instance *inst, const struct histo_plan *p,
		   bool later, char *err, size_t errlen)
{
	unsigned long long limit_ns = (unsigned long long)(p->entries * p->bucket_us) * 1000;
	struct cmd c;
	int e;

	k->set_gen = ++k->gen;	/* a read of the triggers before is not of these */
	snprintf(k->buckets, sizeof(k->buckets),
		 "hist:keys=common_cpu,duration.buckets=%llu:vals=hitcount:sort=common_cpu,duration:"
		 "size=%llu if duration < %llu", (unsigned long long)p->gran_us * 1000,
		 (unsigned long long)p->map_size, limit_ns);
	snprintf(k->cpus, sizeof(k->cpus),
		 "hist:keys=common_cpu:vals=hitcount,duration:d=duration:sort=common_cpu:"
		 "onmax($d).save(duration)");
	if (!k->reader)
		k->reader = worker_start();
	k->inst = inst;
	if (later && k->reader) {
		ask(k, OP_SET);
		return 0;
	}
	drain(k->reader);	/* an unset asked before goes first */
	c = command(k, OP_SET);
	if ((e = set_both(&c, err, errlen)))
		k->inst = NULL;
	if (k->reader) {
		pthread_mutex_lock(&k->reader->lock);
		k->reader->armed = !e;
		pthread_mutex_unlock(&k->reader->lock);
	}
	return e;
}

/*
 * The worker's refusal of the latest setup, taken: true with err (nothing
 * is set: k->inst NULL, gen moved on).  A refusal of an earlier one is dropped.
 */
static int set_refused(struct osn_hist *k, char *err, size_t errlen)
{
	struct osn_hist_reader *r = k->reader;
	int e = 0;

	if (!r)
		return 0;
	pthread_mutex_lock(&r->lock);
	if (r->set_errno && r->set_gen == k->set_gen) {
		e = r->set_errno;
		snprintf(err, errlen, "%s", r->set_err);
	}
	r->set_errno = 0;
	pthread_mutex_unlock(&r->lock);
	if (e) {
		k->inst = NULL;
		k->gen++;
	}
	return e;
}

int osn_hist_read(struct osn_hist *k, struct histo *h, char *err, size_t errlen)
{
	char *text;

	if (!k->inst) {
		snprintf(err, errlen, "no histogram is counted");
		return -1;
	}
	drain(k->reader);	/* after every clear asked */
	if (set_refused(k, err, errlen))
		return -1;
	text = fetch(k->inst);
	return text ? parse(text, h, err, errlen) : read_failed(errno, err, errlen);
}

bool osn_hist_ask(struct osn_hist *k)
{
	struct osn_hist_reader *r = k->reader;
	bool idle;

	if (!k->inst || !r)
		return false;
	pthread_mutex_lock(&r->lock);
	idle = !r->reads;
	pthread_mutex_unlock(&r->lock);
	if (idle)
		ask(k, OP_READ);
	return idle;
}

int osn_hist_take(struct osn_hist *k, struct histo *h, int *set_errno, char *err, size_t errlen)
{
	struct osn_hist_reader *r = k->reader;
	unsigned gen;
	char *text;
	int e;

	*set_errno = 0;
	if (!r)
		return 0;
	if ((*set_errno = set_refused(k, err, errlen)))
		return -1;
	pthread_mutex_lock(&r->lock);
	if (!r->read_done) {
		pthread_mutex_unlock(&r->lock);
		return 0;
	}
	text = r->text;
	e = r->errnum;
	gen = r->read_gen;
	r->text = NULL;
	r->read_done = false;
	r->reads--;
	pthread_mutex_unlock(&r->lock);
	if (gen != k->gen || !k->inst) {
		free(text);
		return 0;
	}
	if (!text)
		return read_failed(e, err, errlen);
	return parse(text, h, err, errlen) < 0 ? -1 : 1;
}

void osn_hist_clear(struct osn_hist *k)
{
	if (!k->inst)
		return;
	k->gen++;
	ask(k, OP_CLEAR);
}

void osn_hist_unset(struct osn_hist *k)
{
	if (!k->inst)
		return;
	k->gen++;
	ask(k, OP_UNSET);
	k->inst = NULL;
}

void osn_hist_teardown(struct osn_hist *k)
{
	osn_hist_unset(k);
	worker_stop(k->reader);
	k->reader = NULL;
}
