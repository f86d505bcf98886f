/*
 * osnoise: osnoise tracer control.  See osnoise.h.
 */
#include "osnoise.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tracefs.h>

#include "advice.h"
#include "env.h"
#include "instance.h"
#include "settings.h"

#define OPTIONS "osnoise/options"
#define OS_RELEASE "/etc/os-release"

static bool has_option(const struct osnoise *o, const char *name)
{
	char no[64];
	size_t n = strlen(name);

	snprintf(no, sizeof(no), "NO_%s", name);
	for (const char *p = o->options; (p = strstr(p, name)); p += n)
		if ((p == o->options || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
			return true;
	return strstr(o->options, no) != NULL;
}

int osnoise_check(struct ledger *l, bool irq_disable, char *err, size_t errlen)
{
	/* hwlat shares tracing_thresh: it may not run beside us either. */
	static const char *const conflicts[] = { "osnoise", "timerlat", "hwlat", NULL };
	char options[512], advice[640];

	/* The tracer came in 5.14, its options file and OSNOISE_IRQ_DISABLE in 6.2. */
	if (env_check_tracer(l, "osnoise", advice_osnoise(OS_RELEASE, false, advice, sizeof(advice)),
			     err, errlen))
		return -1;
	if (irq_disable) {
		if (settings_read(l, OPTIONS, options, sizeof(options)) < 0 ||
		    !strstr(options, "OSNOISE_IRQ_DISABLE")) {
			snprintf(err, errlen,
				 "this kernel's osnoise tracer has no OSNOISE_IRQ_DISABLE option, "
				 "which hwnoise mode needs (Linux >= 6.2): %s",
				 advice_osnoise(OS_RELEASE, true, advice, sizeof(advice)));
			return -1;
		}
	}
	return env_check_busy(conflicts, err, errlen);
}

int osnoise_set_timing(struct osnoise *o, uint64_t period_us, uint64_t runtime_us, char *err,
		       size_t errlen)
{
	char cur[32];
	uint64_t cur_period = 0;
	int e;

	/* The kernel keeps runtime <= period after every single write. */
	if (settings_read(o->ledger, "osnoise/period_us", cur, sizeof(cur)) == 0)
		cur_period = strtoull(cur, NULL, 10);
	if (runtime_us > cur_period) {
		if ((e = settings_write_u64(o->ledger, "osnoise/period_us", period_us)))
			return settings_fail(err, errlen, "osnoise/period_us", e);
		if ((e = settings_write_u64(o->ledger, "osnoise/runtime_us", runtime_us)))
			return settings_fail(err, errlen, "osnoise/runtime_us", e);
	} else {
		if ((e = settings_write_u64(o->ledger, "osnoise/runtime_us", runtime_us)))
			return settings_fail(err, errlen, "osnoise/runtime_us", e);
		if ((e = settings_write_u64(o->ledger, "osnoise/period_us", period_us)))
			return settings_fail(err, errlen, "osnoise/period_us", e);
	}
	o->conf->period_us = period_us;
	o->conf->runtime_us = runtime_us;
	return 0;
}

int osnoise_set_cpus(struct osnoise *o, const struct cpuset *cpus, char *err, size_t errlen)
{
	char list[CPUSET_LIST_MAX];	/* every set fits: never a partial list */
	int e;

	cpuset_format(cpus, list, sizeof(list));
	if ((e = settings_write(o->ledger, "osnoise/cpus", list)))
		return settings_fail(err, errlen, "osnoise/cpus", e);
	o->conf->cpus = *cpus;
	return 0;
}

int osnoise_set_threshold(struct osnoise *o, uint64_t us, char *err, size_t errlen)
{
	int e;

	if ((e = settings_write_u64(o->ledger, "tracing_thresh", us)))
		return settings_fail(err, errlen, "tracing_thresh", e);
	o->conf->threshold_us = us;
	return 0;
}

static int set_option(struct osnoise *o, const char *name, bool on, char *err, size_t errlen)
{
	char word[64];
	int e;

	if (!has_option(o, name))
		return 0;	/* this kernel does not know it: nothing to do */
	snprintf(word, sizeof(word), "%s%s", on ? "" : "NO_", name);
	if ((e = settings_write_option(o->ledger, OPTIONS, word)))
		return settings_fail(err, errlen, OPTIONS, e);
	return 0;
}

int osnoise_set_irq_disable(struct osnoise *o, bool on, char *err, size_t errlen)
{
	if (on && !has_option(o, "OSNOISE_IRQ_DISABLE")) {
		snprintf(err, errlen, "this kernel's osnoise tracer has no OSNOISE_IRQ_DISABLE option");
		return -1;
	}
	if (set_option(o, "OSNOISE_IRQ_DISABLE", on, err, errlen))
		return -1;
	o->conf->irq_disable = on;
	return 0;
}

/*
 * Distribution kernels have no trace_printk buffers, so the kernel's "stop
 * tracing hit on cpu N" never reaches the buffer.  The sample that fires -s
 * does: record the osnoise:sample_threshold events above the limit (the
 * kernel filters them) in the measuring instance.
 */
static int stop_witness(struct osnoise *o, uint64_t stop_us)
{
	char filter[64];

	if (!o->inst)
		return 0;
	if (o->all_samples) {
		/* Every one (the sink picks those above -s): no filter. */
		tracefs_event_file_write(o->inst, "osnoise", "sample_threshold", "filter", "0");
		return instance_event_enable(o->inst, "osnoise", "sample_threshold", true);
	}
	if (stop_us) {
		snprintf(filter, sizeof(filter), "duration > %llu",
			 (unsigned long long)stop_us * 1000);
		tracefs_event_file_write(o->inst, "osnoise", "sample_threshold", "filter", filter);
		instance_event_enable(o->inst, "osnoise", "sample_threshold", true);
	} else {
		instance_event_enable(o->inst, "osnoise", "sample_threshold", false);
	}
	return 0;
}

int osnoise_all_samples(struct osnoise *o, bool on, char *err, size_t errlen)
{
	int e;

	o->all_samples = on;
	if ((e = stop_witness(o, o->stop_us)) < 0) {
		snprintf(err, errlen, "cannot record the osnoise:sample_threshold events: %s",
			 strerror(-e));
		return -1;
	}
	return 0;
}

int osnoise_nmi_noise(struct osnoise *o)
{
	int e;

	if (!o->inst)
		return -ENOENT;
	if ((e = instance_event_enable(o->inst, "osnoise", "nmi_noise", true)) < 0)
		return e;
	o->nmi_noise = true;
	return 0;
}

int osnoise_set_stop(struct osnoise *o, uint64_t stop_us, uint64_t stop_total_us, char *err,
		     size_t errlen)
{
	int e;

	stop_witness(o, stop_us);
	if ((e = settings_write_u64(o->ledger, "osnoise/stop_tracing_us", stop_us)))
		return settings_fail(err, errlen, "osnoise/stop_tracing_us", e);
	if ((e = settings_write_u64(o->ledger, "osnoise/stop_tracing_total_us", stop_total_us)))
		return settings_fail(err, errlen, "osnoise/stop_tracing_total_us", e);
	o->stop_us = stop_us;
	o->stop_total_us = stop_total_us;
	return 0;
}

static int set_tracer(struct osnoise *o, char *err, size_t errlen)
{
	int e = instance_set_tracer(o->inst, "osnoise");

	if (e == -EBUSY) {
		snprintf(err, errlen, "the osnoise tracer is busy (is timerlat running?): stop it first");
		return -1;
	}
	if (e)
		return settings_fail(err, errlen, "the instance's current_tracer to osnoise", e);
	o->tracer_set = true;
	return 0;
}

int osnoise_setup(struct osnoise *o, struct ledger *l, struct osnoise_conf *c, char *err,
		  size_t errlen)
{
	memset(o, 0, sizeof(*o));
	o->ledger = l;
	o->conf = c;
	if (settings_read(l, OPTIONS, o->options, sizeof(o->options)) < 0)
		o->options[0] = '\0';
	o->inst = instance_create(l, NULL, c->buffer_kb, err, errlen);
	if (!o->inst)
		return -1;
	/* No stale stop condition may end this run: disarm them until start. */
	if (osnoise_set_stop(o, 0, 0, err, errlen) ||
	    osnoise_set_timing(o, c->period_us, c->runtime_us, err, errlen) ||
	    osnoise_set_threshold(o, c->threshold_us, err, errlen) ||
	    osnoise_set_cpus(o, &c->cpus, err, errlen) ||
	    set_option(o, "OSNOISE_WORKLOAD", true, err, errlen) ||
	    set_option(o, "PANIC_ON_STOP", false, err, errlen) ||
	    set_option(o, "OSNOISE_PREEMPT_DISABLE", false, err, errlen) ||
	    osnoise_set_irq_disable(o, c->irq_disable, err, errlen))
		return -1;
	return c->aligned ? 0 : set_tracer(o, err, errlen);
}

/*
 * Armed before tracing goes on, as rtla does: the kernel checks the stop
 * conditions at the end of each window, and a first window that ended
 * before the arming went unchecked (with -r 100000, 0.1 s).  conf's own
 * values, and only when arm (not in a warm-up): until then they stay
 * disarmed as osnoise_setup() left them.
 */
static int arm_stop(struct osnoise *o, bool arm, char *err, size_t errlen)
{
	if (arm && (o->conf->stop_us || o->conf->stop_total_us) &&
	    osnoise_set_stop(o, o->conf->stop_us, o->conf->stop_total_us, err, errlen) < 0)
		return -1;
	return 0;
}

/*
 * Aligned: tracing on first, so that the first period's summary is kept.
 * The tracer can not change once the buffers are read: before that.  The
 * stop conditions are armed before tracing goes on, as osnoise_start()
 * does: the tracer's first window begins here, not there.
 */
int osnoise_begin_aligned(struct osnoise *o, bool arm, char *err, size_t errlen)
{
	if (arm_stop(o, arm, err, errlen) < 0)
		return -1;
	if (tracefs_trace_on(o->inst) < 0)
		return settings_fail(err, errlen, "tracing_on", errno);
	return set_tracer(o, err, errlen);
}

int osnoise_start(struct osnoise *o, bool arm, char *err, size_t errlen)
{
	if (arm_stop(o, arm, err, errlen) < 0)
		return -1;
	if (tracefs_trace_on(o->inst) < 0)
		return settings_fail(err, errlen, "tracing_on", errno);
	return 0;
}

void osnoise_end_periods(struct osnoise *o)
{
	if (o->inst && o->tracer_set)
		settings_write(o->ledger, "osnoise/cpus", "");	/* written as "\n": no CPU */
}

void osnoise_stop(struct osnoise *o)
{
	if (o->inst)
		tracefs_trace_off(o->inst);
}

/* Looked at on every wake-up: the file stays open, one pread() a look. */
bool osnoise_stopped_by_kernel(struct osnoise *o)
{
	char path[PATH_MAX], on[8];

	if (!o->inst || (!o->dir && !(o->dir = tracefs_instance_get_dir(o->inst))))
		return false;
	snprintf(path, sizeof(path), "%s/tracing_on", o->dir);
	return kfile_files_read(&o->files, path, on, sizeof(on)) == 0 && strcmp(on, "0") == 0;
}

void osnoise_teardown(struct osnoise *o)
{
	kfile_files_close(&o->files);	/* open files keep an instance */
	if (o->inst && o->nmi_noise)	/* off even where the instance must stay */
		instance_event_enable(o->inst, "osnoise", "nmi_noise", false);
	o->nmi_noise = false;
	tracefs_put_tracing_file(o->dir);
	o->dir = NULL;
	instance_destroy(o->ledger, o->inst);
	o->inst = NULL;
}
