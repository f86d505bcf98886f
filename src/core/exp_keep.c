/*
 * exp_keep: how to keep an experiment's winning value after a reboot.
 * Each line names the parameter's own documentation: the kernel's
 * Documentation/admin-guide/kernel-parameters.txt and
 * Documentation/admin-guide/sysctl/kernel.rst, and tuned's cpu plugin
 * (tuned/plugins/plugin_cpu.py, "Available TuneD plug-ins").  Where no
 * parameter has the same effect, it says so rather than offer a stronger
 * one.  Never applied by hwnoisetop.
 */
#include "experiment.h"

#include <stdio.h>
#include <string.h>

#define SYSCTL_FILE "/etc/sysctl.d/90-hwnoisetop.conf"

static bool is(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

/* A sysctl whose every value is kept by one sysctl.d line. */
static void sysctl_line(const char *name, const char *value, char *buf, size_t len)
{
	snprintf(buf, len, "sysctl.d: \"%s = %s\" in " SYSCTL_FILE
		 " (admin-guide/sysctl/kernel.rst: %s)", name, value, name + strlen("kernel."));
}

void exp_keep_text(const char *knob, const char *value, char *buf, size_t len)
{
	if (is(knob, "smt") && is(value, "off"))
		snprintf(buf, len, "kernel command line: nosmt (admin-guide/kernel-parameters.txt: "
			 "nosmt; not nosmt=force, which can not be undone at run time)");
	else if (is(knob, "smt"))
		snprintf(buf, len, "SMT %s: the kernel's default without nosmt on its command line "
			 "(admin-guide/kernel-parameters.txt: nosmt)", value);
	else if (is(knob, "clocksource"))
		snprintf(buf, len, "kernel command line: clocksource=%s "
			 "(admin-guide/kernel-parameters.txt: clocksource=)", value);
	else if (is(knob, "nmi_watchdog"))
		sysctl_line("kernel.nmi_watchdog", value, buf, len);
	else if (is(knob, "timer_migration"))
		sysctl_line("kernel.timer_migration", value, buf, len);
	else if (is(knob, "rt_throttling"))
		sysctl_line("kernel.sched_rt_runtime_us", value, buf, len);
	else if (is(knob, "governor"))
		snprintf(buf, len, "tuned profile: \"governor=%s\" under [cpu] (tuned's cpu plugin: "
			 "governor); or kernel command line: cpufreq.default_governor=%s "
			 "(admin-guide/kernel-parameters.txt)", value, value);
	else if (is(knob, "idle_latency") && strncmp(value, "held", 4) == 0)
		snprintf(buf, len, "tuned profile: \"force_latency=0\" under [cpu] (tuned's cpu "
			 "plugin: force_latency holds /dev/cpu_dma_latency); no kernel parameter is "
			 "equivalent (idle=poll is stronger)");
	else if (is(knob, "deep_idle") && is(value, "off"))
		snprintf(buf, len, "no equivalent: processor.max_cstate= and intel_idle.max_cstate= "
			 "limit one driver's states by number, cpuidle.off=1 turns idle states off "
			 "altogether (admin-guide/kernel-parameters.txt); none disables exactly the "
			 "deep states of the measured CPUs");
	else
		snprintf(buf, len, "%s %s: the kernel's default, nothing to keep", knob, value);
}
