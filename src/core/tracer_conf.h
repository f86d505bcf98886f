/*
 * tracer_conf: the run's tracer settings as plain data, below the code that
 * writes them to the kernel (src/kernel/osnoise.c, src/kernel/hwlat.c) and
 * the code that shows or reports them (the dashboard, the summary, the
 * report, the recording).  A struct osnoise_conf is what the osnoise tracer
 * is set to, a struct hwlat_conf what the hwlat tracer is; the session owns
 * one of each and every live change is made in it.  Nothing here reads or
 * writes a file.
 */
#ifndef HWN_TRACER_CONF_H
#define HWN_TRACER_CONF_H

#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"

struct osnoise_conf {
	struct cpuset cpus;
	uint64_t period_us;
	uint64_t runtime_us;
	uint64_t threshold_us;
	uint64_t stop_us;	/* 0 = off */
	uint64_t stop_total_us;	/* 0 = off */
	bool irq_disable;	/* hwnoise mode */
	uint64_t buffer_kb;	/* 0 = kernel default */
	/*
	 * Every period whole in the buffer (hwnoisetop hist): tracing is on
	 * before the tracer is set (the first period's summary is kept), and
	 * osnoise_end_periods() ends the run's last period with its summary.
	 */
	bool aligned;
};

/*
 * Where the hwlat tracer spins: on one CPU at a time, not moving (none) or
 * moving each window (round-robin), or on every CPU of the mask at once
 * (per-cpu).  The names are the kernel's, in hwlat_detector/mode.
 */
enum hwlat_mode { HWLAT_MODE_NONE, HWLAT_MODE_ROUND_ROBIN, HWLAT_MODE_PER_CPU };

struct hwlat_conf {
	struct cpuset cpus;
	uint64_t threshold_us;
	uint64_t window_us;
	uint64_t width_us;	/* <= window_us */
	enum hwlat_mode mode;
	uint64_t buffer_kb;	/* 0 = kernel default */
};

/* "none", "round-robin", "per-cpu"; "?" for a value that is no mode. */
const char *tracer_conf_hwlat_mode_name(enum hwlat_mode mode);
/* 0, or -1 when text names no mode (mode left as it was). */
int tracer_conf_hwlat_mode_parse(const char *text, enum hwlat_mode *mode);

#endif
