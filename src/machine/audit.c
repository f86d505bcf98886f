/*
 * audit: see audit.h.  Every item is one function below, in the order of
 * enum audit_id; each reads its files and sets its verdict, what it read,
 * and, unless it passes, the change that fixes it.
 */
#include "audit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>

#include "env.h"
#include "sysinfo.h"

#define CPU_DIR "/sys/devices/system/cpu"

struct ctx {
	struct audit *a;
	char cmdline[4096];
	char flags[4096];
	int first;		/* the first CPU to be measured */
	char list[64];		/* the CPUs, as a list */
};

/* A small file's text, trailing newlines removed: 0, or -errno. */
static int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), e;
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	e = errno;
	close(fd);
	if (n < 0)
		return -e;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

static void verdict(struct audit_item *it, enum audit_verdict v, const char *now, const char *fix)
{
	it->v = v;
	snprintf(it->now, sizeof(it->now), "%s", now);
	snprintf(it->fix, sizeof(it->fix), "%s", v == AV_PASS ? "" : fix);
}

/* A file that could not be read: unknown, saying which and why. */
static bool unreadable(struct audit_item *it, const char *path, int err)
{
	char now[AUDIT_TEXT];

	snprintf(now, sizeof(now), "cannot read %s: %s", path, strerror(-err));
	verdict(it, AV_UNKNOWN, now, err == -EACCES || err == -EPERM ? "run it as root" : "");
	return true;
}

static void smt(struct ctx *c, struct audit_item *it)
{
	char v[64];
	int e = read_text(CPU_DIR "/smt/control", v, sizeof(v));

	if (e == -ENOENT)
		verdict(it, AV_PASS, "no SMT control (no SMT)", "");
	else if (e)
		unreadable(it, CPU_DIR "/smt/control", e);
	else
		verdict(it, strcmp(v, "on") == 0 ? AV_WARN : AV_PASS, v,
		    "nosmt on the kernel command line; now: echo off > " CPU_DIR "/smt/control, "
		    "or the system panel's SMT knob");
	(void)c;
}

static void clocksource(struct ctx *c, struct audit_item *it)
{
	static const char path[] = "/sys/devices/system/clocksource/clocksource0/current_clocksource";
	char v[64];
	int e = read_text(path, v, sizeof(v));

	if (e)
		unreadable(it, path, e);
	else
		verdict(it, strcmp(v, "tsc") == 0 ? AV_PASS : AV_WARN, v,
		    "clocksource=tsc (with a reliable TSC), or the system panel's clocksource knob");
	(void)c;
}

static void tsc_flags(struct ctx *c, struct audit_item *it)
{
	bool constant = audit_rules_has_word(c->flags, "constant_tsc");
	bool nonstop = audit_rules_has_word(c->flags, "nonstop_tsc");
	char now[AUDIT_TEXT];

	if (!*c->flags) {
		verdict(it, AV_UNKNOWN, "no flags line in /proc/cpuinfo", "");
		return;
	}
	snprintf(now, sizeof(now), "constant_tsc %s, nonstop_tsc %s", constant ? "yes" : "no",
		 nonstop ? "yes" : "no");
	verdict(it, constant && nonstop ? AV_PASS : AV_WARN, now,
	    "none in software: this CPU's TSC changes rate or stops in deep idle; keep the "
	    "clocksource watchdog");
}

static void tsc_watchdog(struct ctx *c, struct audit_item *it)
{
	char v[64];
	bool off = (audit_rules_cmdline_param(c->cmdline, "tsc", v, sizeof(v)) &&
		    (strstr(v, "reliable") || strstr(v, "nowatchdog"))) ||
		   audit_rules_has_word(c->flags, "tsc_reliable");

	verdict(it, off ? AV_PASS : AV_WARN, off ? "off (tsc=reliable or tsc_reliable)" : "on",
	    "tsc=reliable on the kernel command line, where the TSC is constant and nonstop");
}

static void nmi_watchdog(struct ctx *c, struct audit_item *it)
{
	char v[32];
	int e = read_text("/proc/sys/kernel/nmi_watchdog", v, sizeof(v));

	if (e == -ENOENT)
		verdict(it, AV_PASS, "absent (no NMI watchdog in this kernel)", "");
	else if (e)
		unreadable(it, "/proc/sys/kernel/nmi_watchdog", e);
	else
		verdict(it, strcmp(v, "0") == 0 ? AV_PASS : AV_FAIL, strcmp(v, "0") ? "on" : "off",
		    "nmi_watchdog=0 on the kernel command line; now: sysctl kernel.nmi_watchdog=0, "
		    "or the system panel's NMI watchdog knob");
	(void)c;
}

/* How much of the CPUs to be measured set covers: "all of 1-3", "none", "1 of 1-3". */
static enum audit_verdict covers(struct ctx *c, const struct cpuset *set, char *now, size_t size)
{
	struct cpuset both;
	int n, want = cpuset_count(&c->a->cpus);

	cpuset_and(&both, set, &c->a->cpus);
	n = cpuset_count(&both);
	if (n == want)
		snprintf(now, size, "all of %s", c->list);
	else if (!n)
		snprintf(now, size, "none of %s", c->list);
	else
		snprintf(now, size, "%d of %s", n, c->list);
	return n == want ? AV_PASS : AV_WARN;
}

/* A CPU list kept by the kernel (file, or "" to use the command line's param) on the CPUs. */
static void isolation(struct ctx *c, struct audit_item *it, const char *file, const char *param,
		      const char *fix)
{
	char v[256] = "", now[AUDIT_TEXT], *list = v;
	struct cpuset set;
	struct why why;
	int e = *file ? read_text(file, v, sizeof(v)) : 0;

	if (!*file && !audit_rules_cmdline_param(c->cmdline, param, v, sizeof(v)))
		v[0] = '\0';
	if (e && e != -ENOENT) {
		unreadable(it, file, e);
		return;
	}
	/* isolcpus=domain,managed_irq,1-3: the list is the last field */
	if (strchr(list, ',') && !strchr(list, '-') && strrchr(list, ','))
		list = strrchr(list, ',') + 1;
	for (char *p = list; *p; p++)
		if ((*p < '0' || *p > '9') && *p != ',' && *p != '-')
			list = p + 1;
	cpuset_clear(&set);
	if (*list && cpuset_parse(list, &set, &why) < 0)
		cpuset_clear(&set);
	verdict(it, covers(c, &set, now, sizeof(now)), now, fix);
}

static void isolcpus(struct ctx *c, struct audit_item *it)
{
	char fix[AUDIT_TEXT];

	snprintf(fix, sizeof(fix), "isolcpus=domain,managed_irq,%s on the kernel command line",
		 c->list);
	isolation(c, it, CPU_DIR "/isolated", "isolcpus", fix);
}

static void nohz_full(struct ctx *c, struct audit_item *it)
{
	char fix[AUDIT_TEXT];

	snprintf(fix, sizeof(fix), "nohz_full=%s on the kernel command line", c->list);
	isolation(c, it, CPU_DIR "/nohz_full", "nohz_full", fix);
}

static void rcu_nocbs(struct ctx *c, struct audit_item *it)
{
	char fix[AUDIT_TEXT];

	snprintf(fix, sizeof(fix), "rcu_nocbs=%s on the kernel command line", c->list);
	isolation(c, it, "", "rcu_nocbs", fix);
}

static void irqaffinity(struct ctx *c, struct audit_item *it)
{
	char v[256], now[AUDIT_TEXT], fix[AUDIT_TEXT];
	struct cpuset set, both;
	struct why why;

	snprintf(fix, sizeof(fix), "irqaffinity= the CPUs other than %s on the kernel command line",
		 c->list);
	if (!audit_rules_cmdline_param(c->cmdline, "irqaffinity", v, sizeof(v)) ||
	    cpuset_parse(v, &set, &why) < 0) {
		verdict(it, AV_WARN, "not given: IRQs may go to any CPU", fix);
		return;
	}
	cpuset_and(&both, &set, &c->a->cpus);
	snprintf(now, sizeof(now), "irqaffinity=%.100s", v);
	verdict(it, cpuset_empty(&both) ? AV_PASS : AV_WARN, now, fix);
}

/* IRQs whose effective affinity holds a CPU to be measured. */
static void irqs(struct ctx *c, struct audit_item *it)
{
	DIR *d = opendir("/proc/irq");
	struct dirent *e;
	int n = 0, seen = 0;
	char now[AUDIT_TEXT];

	if (!d) {
		unreadable(it, "/proc/irq", -errno);
		return;
	}
	while ((e = readdir(d))) {
		char path[300], v[512];
		struct cpuset set, both;
		struct why why;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/irq/%s/effective_affinity_list", e->d_name);
		if (read_text(path, v, sizeof(v)) || cpuset_parse(v, &set, &why) < 0)
			continue;
		seen++;
		cpuset_and(&both, &set, &c->a->cpus);
		n += !cpuset_empty(&both);
	}
	closedir(d);
	if (!seen) {
		verdict(it, AV_UNKNOWN, "no readable /proc/irq/*/effective_affinity_list", "run it as root");
		return;
	}
	snprintf(now, sizeof(now), "%d of %d IRQs on %s", n, seen, c->list);
	verdict(it, n ? AV_WARN : AV_PASS, now,
	    "irqaffinity= on the kernel command line, or each /proc/irq/N/smp_affinity_list "
	    "set to the other CPUs");
}

/* Idle states deeper than 10 us of exit latency left enabled on the first CPU. */
static void idle(struct ctx *c, struct audit_item *it)
{
	char path[128], v[64], drv[64] = "?", now[AUDIT_TEXT], deep[96] = "";
	int n = 0;

	read_text(CPU_DIR "/cpuidle/current_driver", drv, sizeof(drv));
	for (int s = 0; s < 16; s++) {
		char name[32];
		long lat;

		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpuidle/state%d/latency", c->first, s);
		if (read_text(path, v, sizeof(v)))
			break;
		lat = strtol(v, NULL, 10);
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpuidle/state%d/disable", c->first, s);
		if (lat <= 10 || (read_text(path, v, sizeof(v)) == 0 && strcmp(v, "1") == 0))
			continue;
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpuidle/state%d/name", c->first, s);
		if (read_text(path, name, sizeof(name)))
			snprintf(name, sizeof(name), "state%d", s);
		if (strlen(deep) + strlen(name) + 2 < sizeof(deep))
			strcat(strcat(deep, n++ ? " " : ""), name);
	}
	snprintf(now, sizeof(now), "driver %s; %s", drv, n ? deep : "no deep state enabled");
	verdict(it, n ? AV_WARN : AV_PASS, now,
	    "processor.max_cstate=1 intel_idle.max_cstate=0 on the kernel command line, or the "
	    "system panel's deep idle knob");
}

static void governor(struct ctx *c, struct audit_item *it)
{
	char path[128], v[64];
	int e;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpufreq/scaling_governor", c->first);
	e = read_text(path, v, sizeof(v));
	if (e == -ENOENT)
		verdict(it, AV_PASS, "no cpufreq (the frequency is not scaled here)", "");
	else if (e)
		unreadable(it, path, e);
	else
		verdict(it, strcmp(v, "performance") == 0 ? AV_PASS : AV_WARN, v,
		    "echo performance > " CPU_DIR "/cpuN/cpufreq/scaling_governor, or the system "
		    "panel's governor knob");
}

static void boost(struct ctx *c, struct audit_item *it)
{
	char v[16];

	if (read_text(CPU_DIR "/intel_pstate/no_turbo", v, sizeof(v)) == 0)
		verdict(it, strcmp(v, "1") == 0 ? AV_PASS : AV_WARN,
		    strcmp(v, "1") == 0 ? "turbo off" : "turbo on",
		    "echo 1 > " CPU_DIR "/intel_pstate/no_turbo");
	else if (read_text(CPU_DIR "/cpufreq/boost", v, sizeof(v)) == 0)
		verdict(it, strcmp(v, "0") == 0 ? AV_PASS : AV_WARN,
		    strcmp(v, "0") == 0 ? "boost off" : "boost on",
		    "echo 0 > " CPU_DIR "/cpufreq/boost");
	else
		verdict(it, AV_PASS, "no boost control", "");
	(void)c;
}

static void thp_file(struct audit_item *it, const char *path, const char *fix)
{
	char v[128], choice[32];
	int e = read_text(path, v, sizeof(v));

	if (e == -ENOENT)
		verdict(it, AV_PASS, "no transparent huge pages", "");
	else if (e || !audit_rules_bracketed(v, choice, sizeof(choice)))
		unreadable(it, path, e ? e : -EINVAL);
	else
		verdict(it, strcmp(choice, "always") == 0 ? AV_WARN : AV_PASS, choice, fix);
}

static void thp(struct ctx *c, struct audit_item *it)
{
	thp_file(it, "/sys/kernel/mm/transparent_hugepage/enabled",
		 "transparent_hugepage=madvise (or never) on the kernel command line");
	(void)c;
}

static void thp_defrag(struct ctx *c, struct audit_item *it)
{
	thp_file(it, "/sys/kernel/mm/transparent_hugepage/defrag",
		 "echo madvise > /sys/kernel/mm/transparent_hugepage/defrag");
	(void)c;
}

/* A sysctl that passes at good. */
static void sysctl(struct audit_item *it, const char *path, const char *good, const char *fix)
{
	char v[32];
	int e = read_text(path, v, sizeof(v));

	if (e == -ENOENT)
		verdict(it, AV_PASS, "absent", "");
	else if (e)
		unreadable(it, path, e);
	else
		verdict(it, strcmp(v, good) == 0 ? AV_PASS : AV_WARN, v, fix);
}

static void timer_migration(struct ctx *c, struct audit_item *it)
{
	sysctl(it, "/proc/sys/kernel/timer_migration", "0",
	       "sysctl kernel.timer_migration=0, or the system panel's timer migration knob");
	(void)c;
}

static void rt_throttling(struct ctx *c, struct audit_item *it)
{
	sysctl(it, "/proc/sys/kernel/sched_rt_runtime_us", "-1",
	       "sysctl kernel.sched_rt_runtime_us=-1, or the system panel's RT throttling knob");
	(void)c;
}

/* SMIs since boot: MSR 0x34 of each CPU to be measured (Intel), summed. */
static void smi(struct ctx *c, struct audit_item *it)
{
	unsigned long long total = 0;
	char path[64], now[AUDIT_TEXT];

	int cpu;

	cpuset_for_each(cpu, &c->a->cpus) {
		uint64_t v;
		int fd, e = 0;

		snprintf(path, sizeof(path), "/dev/cpu/%d/msr", cpu);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || pread(fd, &v, sizeof(v), 0x34) != (ssize_t)sizeof(v))
			e = -errno;
		if (fd >= 0)
			close(fd);
		if (e) {
			snprintf(now, sizeof(now), "cannot read MSR 0x34 (%s: %s)", path, strerror(-e));
			verdict(it, AV_UNKNOWN, now, e == -ENOENT ? "modprobe msr, as root" :
			    e == -EIO ? "" : "run it as root");
			return;
		}
		total += v;
	}
	snprintf(now, sizeof(now), "%llu since boot on %s", total, c->list);
	verdict(it, total ? AV_WARN : AV_PASS, now,
	    "the firmware's: BIOS settings (power and thermal management, legacy USB, error "
	    "reporting) or the vendor's low-latency profile");
}

static void guest(struct ctx *c, struct audit_item *it)
{
	char v[64] = "";
	bool hv = audit_rules_has_word(c->flags, "hypervisor");

	read_text("/sys/hypervisor/type", v, sizeof(v));
	if (hv || *v) {
		char now[AUDIT_TEXT];

		snprintf(now, sizeof(now), "a guest%s%s", *v ? " of " : "", v);
		verdict(it, AV_WARN, now, "measure on the host, or pin and isolate the vCPUs there");
	} else {
		verdict(it, AV_PASS, "not a guest", "");
	}
}

static const struct {
	const char *key, *name, *why;
	void (*check)(struct ctx *c, struct audit_item *it);
} items[AU_COUNT] = {
	{ "smt", "SMT", "a busy sibling thread shares the core: its work is noise here", smt },
	{ "clocksource", "clocksource", "a clocksource other than the TSC is slow to read",
	  clocksource },
	{ "tsc_flags", "TSC", "a TSC that changes rate or stops is watched, and may be replaced",
	  tsc_flags },
	{ "tsc_watchdog", "TSC watchdog",
	  "the clocksource watchdog reads the HPET with interrupts off every 0.5 s", tsc_watchdog },
	{ "nmi_watchdog", "NMI watchdog", "the perf NMI watchdog interrupts every CPU: NMIs are "
	  "noise", nmi_watchdog },
	{ "isolcpus", "isolcpus", "the scheduler keeps other tasks off isolated CPUs", isolcpus },
	{ "nohz_full", "nohz_full", "the tick stops on a nohz_full CPU that runs one task",
	  nohz_full },
	{ "rcu_nocbs", "rcu_nocbs", "RCU callbacks run elsewhere for rcu_nocbs CPUs", rcu_nocbs },
	{ "irqaffinity", "irqaffinity", "IRQs go to every CPU that irqaffinity= does not leave out",
	  irqaffinity },
	{ "irqs", "IRQs", "an IRQ on a measured CPU runs between its samples", irqs },
	{ "idle", "idle states", "a deep idle state takes long to leave, and so does a sibling's",
	  idle },
	{ "governor", "governor", "a changing frequency changes how long the same work takes",
	  governor },
	{ "boost", "turbo/boost", "turbo changes the clock with temperature and load", boost },
	{ "thp", "THP", "khugepaged and huge page faults compact memory", thp },
	{ "thp_defrag", "THP defrag", "direct compaction stalls the task that faults", thp_defrag },
	{ "timer_migration", "timer migration", "timers follow tasks onto busy CPUs",
	  timer_migration },
	{ "rt_throttling", "RT throttling", "throttling stops real-time tasks 5% of each second",
	  rt_throttling },
	{ "smi", "SMIs", "an SMI stops every CPU for the firmware: the noise osnoise cannot hide",
	  smi },
	{ "guest", "hypervisor", "a hypervisor's exits and steal are noise the guest cannot remove",
	  guest },
};

void audit_items(struct audit_item out[AU_COUNT])
{
	memset(out, 0, AU_COUNT * sizeof(*out));
	for (int i = 0; i < AU_COUNT; i++) {
		out[i].key = items[i].key;
		out[i].name = items[i].name;
		out[i].why = items[i].why;
	}
}

void audit_run(struct audit *a, const struct cpuset *cpus)
{
	struct ctx c = { .a = a };

	audit_items(a->item);
	a->cpus = *cpus;
	if (cpuset_empty(&a->cpus))
		env_online_cpus(&a->cpus);
	c.first = cpuset_next(&a->cpus, 0);
	if (c.first < 0)
		c.first = 0;
	cpuset_format(&a->cpus, c.list, sizeof(c.list));
	if (read_text("/proc/cmdline", c.cmdline, sizeof(c.cmdline)))
		c.cmdline[0] = '\0';
	sysinfo_cpu_flags(c.flags, sizeof(c.flags));
	for (int i = 0; i < AU_COUNT; i++)
		items[i].check(&c, &a->item[i]);
}
