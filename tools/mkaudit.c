/*
 * mkaudit: see mkaudit.h.
 */
#include "mkaudit.h"

#include "audit.h"
#include "audit_cmd.h"

/*
 * The items that tuned's realtime profile (with the network-latency and
 * latency-performance profiles it includes) sets, so that tuned-adm verify
 * checks them, or that bear on what it sets (boost, with the governor).
 */
static const char *const tuned_too[] = { "tsc_watchdog", "nmi_watchdog", "isolcpus",
					 "nohz_full", "rcu_nocbs", "irqaffinity", "irqs", "idle",
					 "governor", "boost", "thp", "thp_defrag",
					 "timer_migration", "rt_throttling", NULL };

static bool in_tuned(const char *key)
{
	for (const char *const *k = tuned_too; *k; k++)
		if (__builtin_strcmp(*k, key) == 0)
			return true;
	return false;
}

void mkaudit_print_man(FILE *out)
{
	struct audit_item it[AU_COUNT];
	int ours = 0;

	audit_items(it);
	fprintf(out, ".SH AUDIT\n"
		".B hwnoisetop audit\n[\\fIOPTIONS\\fR]\n.PP\n"
		"Each setting of this box that matters for hardware noise on the CPUs to be measured,\n"
		"with \\fBpass\\fR, \\fBwarn\\fR or \\fBfail\\fR, why it matters in one line, and the\n"
		"exact change that fixes it (a kernel parameter, a sysfs or sysctl write, or the\n"
		"system panel's knob that does it now and puts it back).  It only reads: no root is\n"
		"needed where the files are readable, and an item it cannot read is \\fBunknown\\fR,\n"
		"naming the file and why.  Exit status: 0 every item passes, 1 bad usage, 2 a\n"
		"warning or an unknown item, 3 a failure, so that a CI gate can use it.\n"
		".PP\nThe items (\\fBkey\\fR in \\fB\\-\\-json\\fR):\n");
	for (int i = 0; i < AU_COUNT; i++) {
		fprintf(out, ".TP\n.B %s\n(%s) %s.%s\n", it[i].name, it[i].key, it[i].why,
			in_tuned(it[i].key) ? "" : "  Checked by neither tuned nor rteval.");
		ours += !in_tuned(it[i].key);
	}
	fprintf(out, ".PP\n"
		"tuned's realtime profile (with network-latency and latency-performance, which it\n"
		"includes) sets, and \\fBtuned\\-adm verify\\fR checks, the isolation parameters,\n"
		"IRQ affinity, the NMI watchdog, timer migration, tsc=reliable, THP, RT throttling,\n"
		"the idle latency and the governor; rteval's system report records the kernel, its\n"
		"command line, the clocksource and the topology without judging them.  The %d items\n"
		"marked above are this audit's alone: SMT, the clocksource in use, the TSC's flags,\n"
		"the SMI count since boot (MSR 0x34) and whether this is a guest.\n", ours);
	fprintf(out, ".PP\nIts options:\n");
	opt_print_man(out, audit_cmd_options);
}
