/*
 * sysinfo: the machine's tuning state that can not change at run time, or
 * that hwnoisetop leaves alone, as read-only lines for the system panel:
 * the TSC clocksource watchdog (decided from evidence, with how to turn it
 * off), isolated, nohz_full and rcu_nocbs CPUs (measured CPUs outside them
 * flagged), the soft lockup watchdog, irqbalance, the default IRQ affinity
 * and, per measured CPU, the IRQs that land on it.  No curses here.
 */
#ifndef HWN_SYSINFO_H
#define HWN_SYSINFO_H

#include <stdbool.h>
#include <stdint.h>

#include "cpuset.h"

enum sysinfo_id {
	INFO_TSC_WATCHDOG,
	INFO_ISOLATED,
	INFO_NOHZ_FULL,
	INFO_RCU_NOCBS,
	INFO_SOFT_WATCHDOG,
	INFO_IRQBALANCE,
	INFO_IRQ_DEFAULT,
	INFO_IRQS,
	INFO_COUNT
};

struct sysinfo_line {
	const char *name;	/* "TSC watchdog" */
	char value[160];	/* "on", "0-3", "n/a" */
	char note[224];		/* why, where from, what to do */
	bool warn;		/* a measured CPU is exposed to it */
};

struct sysinfo {
	struct sysinfo_line line[INFO_COUNT];
};

/*
 * Read every line for the measured CPUs.  tsc_visits: the TSC watchdog
 * timer's visits over the last 10 s when they are counted, else -1.
 */
/* The "flags" line of /proc/cpuinfo (the first CPU's); "" without one. */
void sysinfo_cpu_flags(char *buf, size_t size);
void sysinfo_read(struct sysinfo *si, const struct cpuset *measured, int64_t tsc_visits);

/*
 * The TSC watchdog's state from the evidence alone (pure: unit-tested):
 * the kernel command line, the CPU flags, the number of packages and the
 * kernel version (major * 100 + minor).  Returns "on", "off" or "n/a";
 * why says what decided it.
 */
const char *sysinfo_tsc_watchdog(const char *cmdline, const char *flags, int packages,
				 int kernel_version, bool tsc_clocksource, char *why, size_t len);

#endif
