/*
 * osn_hist: hist triggers on osnoise:sample_threshold.  See osn_hist.h.
 */
#include "osn_hist.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

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

	memset(k, 0, sizeof(*k));
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

/*
 * The event's hist file: one section per trigger ("# event histogram"),
 * told apart by their trigger info (the buckets' names duration.buckets).
 */
int osn_hist_read(struct osn_hist *k, struct histo *h, char *err, size_t errlen)
{
	char *text, *second, *a, *b;
	const char *why;
	int rc;

	if (!k->inst) {
		snprintf(err, errlen, "no histogram is counted");
		return -1;
	}
	text = tracefs_event_file_read(k->inst, "osnoise", "sample_threshold", "hist", NULL);
	if (!text) {
		snprintf(err, errlen, "cannot read the histogram: %s", strerror(errno));
		return -1;
	}
	second = strstr(text, "\n# event histogram");
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

/*
 * The kernel's ":clear" refuses a trigger with a variable (the maximum's):
 * both go and come back, empty.
 */
void osn_hist_clear(struct osn_hist *k)
{
	if (!k->inst)
		return;
	untrigger(k->inst, k->cpus);
	untrigger(k->inst, k->buckets);
	trigger(k->inst, k->buckets);
	trigger(k->inst, k->cpus);
}

void osn_hist_teardown(struct osn_hist *k)
{
	if (!k->inst)
		return;
	untrigger(k->inst, k->cpus);
	untrigger(k->inst, k->buckets);
	k->inst = NULL;
}
