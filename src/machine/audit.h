/*
 * audit: "hwnoisetop audit", the box's tuning for low hardware noise on the
 * CPUs to be measured, read-only: each setting that matters (SMT, the
 * clocksource and the TSC, the watchdogs, isolation, IRQs on the CPUs,
 * idle states, frequency, THP, timer migration, RT throttling, SMIs since
 * boot, a hypervisor) with pass, warn or fail, why it matters and the
 * change that fixes it.  It writes nothing and needs no root where the
 * files are readable; a file it cannot read makes its item unknown, saying
 * which.  The verdicts' rules and the exit status: src/core/audit_rules.h.
 */
#ifndef HWN_AUDIT_H
#define HWN_AUDIT_H

#include "audit_rules.h"
#include "cpuset.h"

enum audit_id {
	AU_SMT, AU_CLOCKSOURCE, AU_TSC_FLAGS, AU_TSC_WATCHDOG, AU_NMI_WATCHDOG, AU_ISOLCPUS,
	AU_NOHZ_FULL, AU_RCU_NOCBS, AU_IRQAFFINITY, AU_IRQS, AU_IDLE, AU_GOVERNOR, AU_BOOST,
	AU_THP, AU_THP_DEFRAG, AU_TIMER_MIGRATION, AU_RT_THROTTLING, AU_SMI, AU_GUEST, AU_COUNT
};

struct audit {
	struct cpuset cpus;		/* the CPUs to be measured */
	struct audit_item item[AU_COUNT];
};

/* The items' keys, names and why, nothing read (the man page's list). */
void audit_items(struct audit_item out[AU_COUNT]);
/* The audit of cpus (the online CPUs when empty). */
void audit_run(struct audit *a, const struct cpuset *cpus);

#endif
