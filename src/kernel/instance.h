/*
 * instance: private tracefs instances named "hwnoisetop-<pid>[-<role>]",
 * unique per process and recognisable when a killed run left one behind.
 * Each is registered with settings so that every way out removes it.
 */
#ifndef HWN_INSTANCE_H
#define HWN_INSTANCE_H

#include <stdbool.h>
#include <stddef.h>

struct tracefs_instance;

#define INSTANCE_PREFIX "hwnoisetop-"

/*
 * Create the instance with tracing off and buffer_percent 0 (poll wakes on
 * every record); role may be NULL.  buffer_kb 0 keeps the kernel's size.
 */
struct ledger;
struct tracefs_instance *instance_create(struct ledger *l, const char *role, size_t buffer_kb,
					 char *err, size_t errlen);
void instance_destroy(struct ledger *l, struct tracefs_instance *inst);

/* Set the instance's tracer.  Returns 0 or -errno (EBUSY: another tracer holds it). */
int instance_set_tracer(struct tracefs_instance *inst, const char *tracer);

/*
 * Turn an event system's events (event NULL) or one event on or off in
 * the instance, through its events/SYSTEM[/EVENT]/enable file.  (libtracefs'
 * tracefs_event_enable() matches the names as patterns against every
 * event system: some 800 stat()s on tracefs for one system.)  0 or -errno.
 */
int instance_event_enable(struct tracefs_instance *inst, const char *system, const char *event,
			  bool on);

/* The name of this process's instance for role, e.g. "hwnoisetop-42-record". */
void instance_name(const char *role, char *buf, size_t size);

/* Is the instance name one of ours whose run is over (its lock not held)? */
bool instance_is_stale(const char *name);
/*
 * The sum of one field ("entries: ", "read events: ") over the per-CPU
 * stats files of the instance in directory dir (per_cpu/cpuN/stats).
 */
unsigned long long instance_stats_sum(const char *dir, const char *field);

#endif
