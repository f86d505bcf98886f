/*
 * osnoise: control of the kernel's osnoise tracer for hwnoise (interrupts
 * disabled) and osnoise measurements, through a private instance.
 *
 * The global osnoise files are changed only through settings, so they are
 * saved first and restored on every way out.
 */
#ifndef HWN_OSNOISE_H
#define HWN_OSNOISE_H

#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"
#include "kfile.h"
#include "tracer_conf.h"

struct tracefs_instance;

struct ledger;

struct osnoise {
	struct tracefs_instance *inst;
	/* The run's configuration (the session's): each live change is made in it. */
	struct osnoise_conf *conf;
	struct ledger *ledger;	/* the session's: every write goes through it */
	/* The stop conditions armed in the kernel now (0: off): none during a warm-up. */
	uint64_t stop_us, stop_total_us;
	char options[512];	/* the kernel's option list, for support checks */
	struct kfiles files;	/* the instance's tracing_on, kept open */
	char *dir;		/* the instance's directory */
	bool tracer_set;	/* current_tracer is osnoise */
	bool all_samples;	/* every osnoise:sample_threshold recorded (osnoise_all_samples()) */
	bool nmi_noise;		/* osnoise:nmi_noise recorded (osnoise_nmi_noise()) */
};

/*
 * Everything checked before any change: root, tracefs, the tracer, its
 * OSNOISE_IRQ_DISABLE option when irq_disable, and nobody else using it.
 */
int osnoise_check(struct ledger *l, bool irq_disable, char *err, size_t errlen);

/*
 * Create the instance and write the configuration c (tracing still off, no
 * stop condition armed); c is kept in o->conf and follows the live changes.
 */
int osnoise_setup(struct osnoise *o, struct ledger *l, struct osnoise_conf *c, char *err,
		  size_t errlen);
/*
 * conf.aligned: osnoise_setup() leaves the tracer unset, for what must
 * be in place before its first sample (hist triggers); this then arms
 * conf's stop conditions when arm (not in a warm-up), turns tracing on and
 * sets the tracer, before the buffers are opened.
 */
int osnoise_begin_aligned(struct osnoise *o, bool arm, char *err, size_t errlen);
/*
 * Record every osnoise:sample_threshold in the instance (on), for a
 * histogram counted from the events read where the kernel has no hist
 * triggers; off: only those -s needs.  0, or -1 with err.
 */
int osnoise_all_samples(struct osnoise *o, bool on, char *err, size_t errlen);
/*
 * Record each NMI's osnoise:nmi_noise event in the instance (--why: the
 * NMI time of each period).  0, or -errno (-ENOENT: the kernel lacks it).
 * The instance's removal takes it away; osnoise_teardown() turns it off first.
 */
int osnoise_nmi_noise(struct osnoise *o);
/* Arm conf's stop conditions when arm (not in a warm-up), then turn tracing on. */
int osnoise_start(struct osnoise *o, bool arm, char *err, size_t errlen);
void osnoise_stop(struct osnoise *o);
/*
 * Stop the osnoise threads with tracing still on (an empty osnoise/cpus,
 * put back by the ledger): each records the summary of its last period,
 * cut short, so that every sample of the run is in a summary.
 */
void osnoise_end_periods(struct osnoise *o);
/* Did the kernel turn tracing off (a stop condition fired)? */
bool osnoise_stopped_by_kernel(struct osnoise *o);
/* Remove the instance (settings_restore() puts the tracer's settings back). */
void osnoise_teardown(struct osnoise *o);

/* Live changes; each returns 0 or -1 with err. */
int osnoise_set_cpus(struct osnoise *o, const struct cpuset *cpus, char *err, size_t errlen);
int osnoise_set_threshold(struct osnoise *o, uint64_t us, char *err, size_t errlen);
int osnoise_set_timing(struct osnoise *o, uint64_t period_us, uint64_t runtime_us, char *err,
		       size_t errlen);
int osnoise_set_irq_disable(struct osnoise *o, bool on, char *err, size_t errlen);
/* Arm these stop conditions (0: off) in the kernel; conf's stay as they are. */
int osnoise_set_stop(struct osnoise *o, uint64_t stop_us, uint64_t stop_total_us, char *err,
		     size_t errlen);

#endif
