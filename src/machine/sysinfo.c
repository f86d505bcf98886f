/*
 * sysinfo: the read-only lines of the system panel.  See sysinfo.h.
 *
 * Everything comes from sysfs, procfs and the kernel command line; a file
 * this kernel does not have gives "n/a" and why, never an error.
 */
#include "sysinfo.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "env.h"
#include "settings.h"

#define CPU_DIR "/sys/devices/system/cpu"
#define CS_DIR "/sys/devices/system/clocksource/clocksource0"
#define HOW_TSC_OFF "tsc=reliable at boot turns it off"

static int read_file(const char *path, char *buf, size_t size)
{
	return settings_read_text(path, buf, size);
}

const char *sysinfo_tsc_watchdog(const char *cmdline, const char *flags, int packages,
				 int kernel_version, bool tsc_clocksource, char *why, size_t len)
{
	if (env_word_in(cmdline, "tsc=reliable")) {
		snprintf(why, len, "tsc=reliable on the kernel command line");
		return "off";
	}
	if (env_word_in(cmdline, "tsc=nowatchdog")) {
		snprintf(why, len, "tsc=nowatchdog on the kernel command line");
		return "off";
	}
	if (!tsc_clocksource) {
		snprintf(why, len, "no tsc clocksource (TSC unstable or absent)");
		return "n/a";
	}
	/* Since 5.17 the kernel skips it for such a TSC on machines of up to 4 packages. */
	if (kernel_version >= 517 && env_word_in(flags, "constant_tsc") &&
	    env_word_in(flags, "nonstop_tsc") && env_word_in(flags, "tsc_adjust") &&
	    packages >= 1 && packages <= 4) {
		snprintf(why, len, "the kernel turned it off: constant, nonstop TSC with TSC_ADJUST "
			 "on %d package%s", packages, packages > 1 ? "s" : "");
		return "off";
	}
	snprintf(why, len, "checks the TSC against hpet or acpi_pm twice a second; " HOW_TSC_OFF);
	return "on";
}

void sysinfo_cpu_flags(char *buf, size_t size)
{
	char line[4096];
	FILE *f = fopen("/proc/cpuinfo", "re");

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, "flags", 5) == 0 && colon) {
			snprintf(buf, size, "%s", colon + 1);
			break;
		}
	}
	fclose(f);
}

/* Distinct physical package ids of the online CPUs. */
static int count_packages(void)
{
	struct cpuset online, ids;
	char path[128], v[16];
	int cpu;

	env_online_cpus(&online);
	cpuset_clear(&ids);
	cpuset_for_each(cpu, &online) {
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/topology/physical_package_id", cpu);
		if (read_file(path, v, sizeof(v)) == 0 && atoi(v) >= 0 && atoi(v) < HWN_MAX_CPUS)
			cpuset_add(&ids, atoi(v));
	}
	return cpuset_count(&ids);
}

static int kernel_version(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	if (uname(&u) == 0)
		sscanf(u.release, "%d.%d", &major, &minor);
	return major * 100 + minor;
}

static void read_tsc_watchdog(struct sysinfo_line *l, const char *cmdline, int64_t visits)
{
	char flags[4096], avail[128] = "", cur[32] = "", why[200];
	bool tsc;
	const char *v;

	sysinfo_cpu_flags(flags, sizeof(flags));
	read_file(CS_DIR "/available_clocksource", avail, sizeof(avail));
	read_file(CS_DIR "/current_clocksource", cur, sizeof(cur));
	tsc = env_word_in(avail, "tsc") || strcmp(cur, "tsc") == 0;
	v = sysinfo_tsc_watchdog(cmdline, flags, count_packages(), kernel_version(), tsc, why,
				 sizeof(why));
	if (visits >= 0)
		snprintf(l->value, sizeof(l->value), "%s, %lld/10s", v, (long long)visits);
	else
		snprintf(l->value, sizeof(l->value), "%s", v);
	snprintf(l->note, sizeof(l->note), "%s", why);
	l->warn = strcmp(v, "on") == 0;
}

/* The value of name= on the command line ("" when absent). */
static void cmdline_arg(const char *cmdline, const char *name, char *out, size_t size)
{
	size_t n = strlen(name);

	out[0] = '\0';
	for (const char *p = cmdline; (p = strstr(p, name)); p += n) {
		if ((p == cmdline || isspace((unsigned char)p[-1])) && p[n] == '=') {
			snprintf(out, size, "%.*s", (int)strcspn(p + n + 1, " \n"), p + n + 1);
			return;
		}
	}
}

/* A CPU list line, flagging measured CPUs outside it. */
static void cpu_list_line(struct sysinfo_line *l, const char *list, const char *from,
			  const struct cpuset *measured)
{
	struct cpuset set, out;
	char fmt[128];
	struct why why;

	if (!list[0] || strcmp(list, "(null)") == 0) {
		snprintf(l->value, sizeof(l->value), "none");
		snprintf(l->note, sizeof(l->note), "%s", from);
		l->warn = true;
		return;
	}
	snprintf(l->value, sizeof(l->value), "%s", list);
	if (cpuset_parse(list, &set, &why) < 0) {
		snprintf(l->note, sizeof(l->note), "%s", from);
		return;
	}
	cpuset_andnot(&out, measured, &set);
	l->warn = !cpuset_empty(&out);
	if (l->warn)
		snprintf(l->note, sizeof(l->note), "%s; measured CPUs outside it: %s", from,
			 cpuset_format(&out, fmt, sizeof(fmt)));
	else
		snprintf(l->note, sizeof(l->note), "%s; every measured CPU in it", from);
}

static void read_irqbalance(struct sysinfo_line *l)
{
	struct dirent *de;
	DIR *d = opendir("/proc");
	char path[300], comm[32];

	snprintf(l->value, sizeof(l->value), "not running");
	while (d && (de = readdir(d))) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		if (read_file(path, comm, sizeof(comm)) == 0 && strcmp(comm, "irqbalance") == 0) {
			snprintf(l->value, sizeof(l->value), "running (pid %.20s)", de->d_name);
			l->warn = true;
			break;
		}
	}
	if (d)
		closedir(d);
	snprintf(l->note, sizeof(l->note), "%s", l->warn ?
		 "moves IRQs between CPUs, measured ones included, unless banned" :
		 "no irqbalance process");
}

/* Per measured CPU, the IRQs whose effective_affinity_list holds it. */
static void read_irqs(struct sysinfo_line *l, const struct cpuset *measured)
{
	static int count[HWN_MAX_CPUS];
	struct dirent *de;
	DIR *d = opendir("/proc/irq");
	char path[300], list[1024];
	struct cpuset set;
	struct why why;
	int cpu, nirq = 0;
	size_t used = 0;

	memset(count, 0, sizeof(count));
	while (d && (de = readdir(d))) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/irq/%s/effective_affinity_list", de->d_name);
		if (read_file(path, list, sizeof(list)) < 0 || cpuset_parse(list, &set, &why) < 0)
			continue;
		nirq++;
		cpuset_for_each(cpu, &set)
			count[cpu]++;
	}
	if (d)
		closedir(d);
	if (!nirq) {
		snprintf(l->value, sizeof(l->value), "n/a");
		snprintf(l->note, sizeof(l->note), "no /proc/irq/*/effective_affinity_list");
		return;
	}
	l->value[0] = '\0';
	cpuset_for_each(cpu, measured) {
		int n = snprintf(l->value + used, sizeof(l->value) - used, "%sCPU%d %d",
				 used ? ", " : "", cpu, count[cpu]);

		if (n < 0 || used + n >= sizeof(l->value))
			break;
		used += n;
		if (count[cpu])
			l->warn = true;
	}
	snprintf(l->note, sizeof(l->note), "of %d IRQs, by /proc/irq/*/effective_affinity_list",
		 nirq);
}

void sysinfo_read(struct sysinfo *si, const struct cpuset *measured, int64_t tsc_visits)
{
	static const char *const names[INFO_COUNT] = {
		[INFO_TSC_WATCHDOG] = "TSC watchdog", [INFO_ISOLATED] = "Isolated CPUs",
		[INFO_NOHZ_FULL] = "nohz_full", [INFO_RCU_NOCBS] = "rcu_nocbs",
		[INFO_SOFT_WATCHDOG] = "Soft lockup wd", [INFO_IRQBALANCE] = "irqbalance",
		[INFO_IRQ_DEFAULT] = "IRQ default", [INFO_IRQS] = "IRQs per CPU",
	};
	char cmdline[4096] = "", buf[1024];
	struct sysinfo_line *l;

	memset(si, 0, sizeof(*si));
	for (int i = 0; i < INFO_COUNT; i++)
		si->line[i].name = names[i];
	read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	read_tsc_watchdog(&si->line[INFO_TSC_WATCHDOG], cmdline, tsc_visits);

	buf[0] = '\0';
	read_file(CPU_DIR "/isolated", buf, sizeof(buf));
	cpu_list_line(&si->line[INFO_ISOLATED], buf, CPU_DIR "/isolated (isolcpus=)", measured);
	if (read_file(CPU_DIR "/nohz_full", buf, sizeof(buf)) < 0)
		cmdline_arg(cmdline, "nohz_full", buf, sizeof(buf));
	cpu_list_line(&si->line[INFO_NOHZ_FULL], buf, CPU_DIR "/nohz_full", measured);
	cmdline_arg(cmdline, "rcu_nocbs", buf, sizeof(buf));
	cpu_list_line(&si->line[INFO_RCU_NOCBS], buf, "rcu_nocbs= on the kernel command line",
		      measured);

	l = &si->line[INFO_SOFT_WATCHDOG];
	if (read_file("/proc/sys/kernel/soft_watchdog", l->value, sizeof(l->value)) < 0) {
		snprintf(l->value, sizeof(l->value), "n/a");
		snprintf(l->note, sizeof(l->note), "this kernel has no soft lockup detector");
	} else {
		l->warn = strcmp(l->value, "0") != 0;
		snprintf(l->note, sizeof(l->note), "/proc/sys/kernel/soft_watchdog%s",
			 l->warn ? ": its timer runs on every CPU (nowatchdog at boot)" : "");
	}
	read_irqbalance(&si->line[INFO_IRQBALANCE]);
	l = &si->line[INFO_IRQ_DEFAULT];
	if (read_file("/proc/irq/default_smp_affinity", l->value, sizeof(l->value)) < 0)
		snprintf(l->value, sizeof(l->value), "n/a");
	snprintf(l->note, sizeof(l->note), "/proc/irq/default_smp_affinity (mask for new IRQs)");
	read_irqs(&si->line[INFO_IRQS], measured);
}
