/*
 * hwlat: hwlat tracer control.  See hwlat.h.
 */
#include "hwlat.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "env.h"
#include "instance.h"
#include "settings.h"

#define WIDTH "hwlat_detector/width"
#define WINDOW "hwlat_detector/window"
#define MODE "hwlat_detector/mode"
#define THRESH "tracing_thresh"

int hwlat_check(struct ledger *l, char *err, size_t errlen)
{
	/* tracing_thresh is shared: no osnoise or timerlat run beside us either. */
	static const char *const conflicts[] = { "hwlat", "osnoise", "timerlat", NULL };

	if (env_check_tracer(l, "hwlat", "boot a kernel built with CONFIG_HWLAT_TRACER=y", err, errlen))
		return -1;
	return env_check_busy(conflicts, err, errlen);
}

static void debug(const struct hwlat *h, const char *what, const char *value)
{
	if (h->debug)
		fprintf(stderr, "hwnoisetop: debug: %s = %s\n", what, value);
}

static void debug_u64(const struct hwlat *h, const char *what, uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	debug(h, what, buf);
}

int hwlat_set_threshold(struct hwlat *h, uint64_t us, char *err, size_t errlen)
{
	int e;

	if ((e = settings_write_u64(h->ledger, THRESH, us)))
		return settings_fail(err, errlen, THRESH, e);
	debug_u64(h, THRESH, us);
	h->conf->threshold_us = us;
	return 0;
}

int hwlat_set_timing(struct hwlat *h, uint64_t window_us, uint64_t width_us, char *err,
		     size_t errlen)
{
	char cur[32];
	uint64_t cur_window = 0;
	int e;

	if (width_us > window_us) {
		snprintf(err, errlen, "the width %llu us is above the window %llu us",
			 (unsigned long long)width_us, (unsigned long long)window_us);
		return -1;
	}
	/* The kernel keeps width <= window after every single write. */
	if (settings_read(h->ledger, WINDOW, cur, sizeof(cur)) == 0)
		cur_window = strtoull(cur, NULL, 10);
	if (width_us > cur_window) {
		if ((e = settings_write_u64(h->ledger, WINDOW, window_us)))
			return settings_fail(err, errlen, WINDOW, e);
		if ((e = settings_write_u64(h->ledger, WIDTH, width_us)))
			return settings_fail(err, errlen, WIDTH, e);
	} else {
		if ((e = settings_write_u64(h->ledger, WIDTH, width_us)))
			return settings_fail(err, errlen, WIDTH, e);
		if ((e = settings_write_u64(h->ledger, WINDOW, window_us)))
			return settings_fail(err, errlen, WINDOW, e);
	}
	debug_u64(h, WINDOW, window_us);
	debug_u64(h, WIDTH, width_us);
	h->conf->window_us = window_us;
	h->conf->width_us = width_us;
	return 0;
}

int hwlat_set_mode(struct hwlat *h, enum hwlat_mode mode, char *err, size_t errlen)
{
	int e;

	if ((e = settings_write_choice(h->ledger, MODE, tracer_conf_hwlat_mode_name(mode))))
		return settings_fail(err, errlen, MODE, e);
	debug(h, MODE, tracer_conf_hwlat_mode_name(mode));
	h->conf->mode = mode;
	return 0;
}

int hwlat_set_cpus(struct hwlat *h, const struct cpuset *cpus, char *err, size_t errlen)
{
	char mask[HWN_MAX_CPUS / 4 + HWN_MAX_CPUS / 32 + 2];
	bool on;

	if (!h->inst) {
		snprintf(err, errlen, "the hwlat tracer is not set up");
		return -1;
	}
	cpuset_format_mask(cpus, mask, sizeof(mask));
	/* The kernel places its threads at start: restart them on the new mask. */
	on = tracefs_trace_is_on(h->inst) == 1;
	if (on)
		tracefs_trace_off(h->inst);
	if (tracefs_instance_file_write(h->inst, "tracing_cpumask", mask) < 0) {
		int e = errno;

		if (on)
			tracefs_trace_on(h->inst);
		return settings_fail(err, errlen, "the instance's tracing_cpumask", e ? e : EINVAL);
	}
	debug(h, "tracing_cpumask (instance)", mask);
	h->conf->cpus = *cpus;
	if (on && tracefs_trace_on(h->inst) < 0)
		return settings_fail(err, errlen, "tracing_on", errno);
	return 0;
}

int hwlat_setup(struct hwlat *h, struct ledger *l, struct hwlat_conf *c, bool debug_on,
		char *err, size_t errlen)
{
	char cur[32];
	int e;

	memset(h, 0, sizeof(*h));
	h->ledger = l;
	h->conf = c;
	h->dma_fd = -1;
	h->debug = debug_on;
	h->inst = instance_create(h->ledger, "hwlat", c->buffer_kb, err, errlen);
	if (!h->inst)
		return -1;
	if (hwlat_set_mode(h, c->mode, err, errlen) ||
	    hwlat_set_timing(h, c->window_us, c->width_us, err, errlen) ||
	    hwlat_set_cpus(h, &c->cpus, err, errlen))
		return -1;
	/*
	 * Selected with tracing_thresh 0, the tracer puts the threshold of
	 * the last hwlat run there: note it, to leave it remembered at the end.
	 */
	if ((e = settings_write(h->ledger, THRESH, "0")))
		return settings_fail(err, errlen, THRESH, e);
	e = instance_set_tracer(h->inst, "hwlat");
	if (e == -EBUSY) {
		snprintf(err, errlen,
			 "the hwlat tracer is busy: the kernel runs only one at a time "
			 "(hwlatdetect, rtla or another hwnoisetop hwlat?): stop it first");
		return -1;
	}
	if (e == -EINVAL) {
		snprintf(err, errlen,
			 "this kernel does not run the hwlat tracer in a tracefs instance "
			 "(Linux 6.1 and 6.12 do): hwnoisetop hwlat needs one");
		return -1;
	}
	if (e)
		return settings_fail(err, errlen, "the instance's current_tracer to hwlat", e);
	if (settings_read(h->ledger, THRESH, cur, sizeof(cur)) == 0)
		h->last_thresh = strtoull(cur, NULL, 10);
	debug_u64(h, "the kernel's last hwlat threshold", h->last_thresh);
	/* In the state file too: a --cleanup after SIGKILL puts it back as well. */
	if ((e = settings_set_hwlat_thresh(h->ledger, h->last_thresh)))
		return settings_fail(err, errlen, "the state file", e);
	return hwlat_set_threshold(h, c->threshold_us, err, errlen);
}

/* As hwlatdetect: no deep C-state exits inside the measurement. */
static void hold_dma_latency(struct hwlat *h)
{
	int32_t zero = 0;

	h->dma_fd = open("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC);
	if (h->dma_fd >= 0 && write(h->dma_fd, &zero, sizeof(zero)) != sizeof(zero)) {
		close(h->dma_fd);
		h->dma_fd = -1;
	}
	if (h->debug)
		fprintf(stderr, "hwnoisetop: debug: /dev/cpu_dma_latency %s\n",
			h->dma_fd >= 0 ? "held at 0" : "not available");
}

int hwlat_start(struct hwlat *h, char *err, size_t errlen)
{
	if (h->dma_fd < 0)
		hold_dma_latency(h);
	if (tracefs_trace_on(h->inst) < 0)
		return settings_fail(err, errlen, "tracing_on", errno);
	return 0;
}

void hwlat_stop(struct hwlat *h)
{
	if (h->inst)
		tracefs_trace_off(h->inst);
	if (h->dma_fd >= 0) {
		close(h->dma_fd);
		h->dma_fd = -1;
	}
}

void hwlat_teardown(struct hwlat *h)
{
	hwlat_stop(h);
	/*
	 * Removing the tracer makes the kernel remember tracing_thresh as the
	 * last run's threshold: put the one it remembered before there first
	 * (settings_restore() then writes back the user's tracing_thresh).
	 */
	if (h->inst)
		settings_put_hwlat_thresh(h->ledger);
	instance_destroy(h->ledger, h->inst);
	h->inst = NULL;
}
