/*
 * sysknobs_table: the knobs of the system panel, one descriptor each
 * (struct sysknob_def, sysknobs_int.h), and how each is read and stepped.
 * The panel's rows, the markers, the experiment's knob names and the
 * audit's item beside a knob are read from its descriptor.
 *
 * Each knob has a reader (fills value, detail and na from the kernel's
 * files) and a stepper (writes the next value through settings).  The
 * per-CPU knobs (governor, deep idle states) cover the measured CPUs that
 * are online; the SMT switch saves every CPU's online file before it
 * writes, so that the way out can put each CPU back as it was.
 */
#include "sysknobs_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "env.h"
#include "settings.h"

#define CPU_DIR "/sys/devices/system/cpu"
#define SMT_CONTROL CPU_DIR "/smt/control"
#define CS_DIR "/sys/devices/system/clocksource/clocksource0"
#define NMI_WD "/proc/sys/kernel/nmi_watchdog"
#define TIMER_MIG "/proc/sys/kernel/timer_migration"
#define RT_RUNTIME "/proc/sys/kernel/sched_rt_runtime_us"
#define DMA_LATENCY "/dev/cpu_dma_latency"
#define RT_RUNTIME_DEFAULT "950000"
#define MAX_IDLE_STATES 16
/* The kernel's ENOTSUPP (not ENOTSUP): what nmi_watchdog answers without a detector. */
#define KERNEL_ENOTSUPP 524

/* Read every tick: the files stay open, one pread() a read. */
static int read_file(struct sysknobs *kn, const char *path, char *buf, size_t size)
{
	return kfile_files_read(&kn->files, path, buf, size);
}

/* The word after cur in a space-separated list (the first after the last). */
static void next_word(const char *list, const char *cur, char *out, size_t len)
{
	char copy[256], *save = NULL, *first = NULL, *w;
	bool take = false;

	snprintf(copy, sizeof(copy), "%s", list);
	out[0] = '\0';
	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (!first)
			first = w;
		if (take) {
			snprintf(out, len, "%s", w);
			return;
		}
		take = strcmp(w, cur) == 0;
	}
	if (first)
		snprintf(out, len, "%s", first);
}

static void na(struct sysknob *k, const char *why)
{
	snprintf(k->na, sizeof(k->na), "%s", why);
}

/* ---------------------------------------------------------------- readers */

static void read_smt(struct sysknobs *kn, struct sysknob *k)
{
	char active[16];

	if (read_file(kn, SMT_CONTROL, k->value, sizeof(k->value)) < 0) {
		snprintf(k->value, sizeof(k->value), "n/a");
		na(k, "this kernel has no smt/control (built without CONFIG_HOTPLUG_SMT)");
		return;
	}
	if (read_file(kn, CPU_DIR "/smt/active", active, sizeof(active)) == 0)
		snprintf(k->detail, sizeof(k->detail), "active %s", active);
	if (strcmp(k->value, "forceoff") == 0)
		na(k, "forceoff: only a reboot turns SMT on again");
	else if (strcmp(k->value, "notsupported") == 0)
		na(k, "this machine has no SMT threads");
	else if (strcmp(k->value, "notimplemented") == 0)
		na(k, "SMT control is not implemented on this architecture");
}

static void read_clocksource(struct sysknobs *kn, struct sysknob *k)
{
	char avail[128];

	if (read_file(kn, CS_DIR "/current_clocksource", k->value, sizeof(k->value)) < 0) {
		snprintf(k->value, sizeof(k->value), "n/a");
		na(k, "no " CS_DIR);
		return;
	}
	if (read_file(kn, CS_DIR "/available_clocksource", avail, sizeof(avail)) == 0)
		snprintf(k->detail, sizeof(k->detail), "of %.60s", avail);
}

static void read_sysctl_knob(struct sysknobs *kn, struct sysknob *k, const char *path, const char *why)
{
	if (read_file(kn, path, k->value, sizeof(k->value)) < 0) {
		snprintf(k->value, sizeof(k->value), "n/a");
		na(k, why);
	}
}

static void read_nmi(struct sysknobs *kn, struct sysknob *k)
{
	struct stat st;

	read_sysctl_knob(kn, k, NMI_WD, "this kernel has no hard lockup detector (nmi_watchdog)");
	/* The kernel makes the file read-only when no detector can work. */
	if (!k->na[0] && kn->nmi_ro < 0)
		kn->nmi_ro = stat(NMI_WD, &st) == 0 && !(st.st_mode & 0222);
	if (!k->na[0] && kn->nmi_ro > 0)
		na(k, "permanently disabled: no hard lockup detector works here (no perf NMI, "
		   "e.g. emulated); read-only");
}

static void read_timer_migration(struct sysknobs *kn, struct sysknob *k)
{
	read_sysctl_knob(kn, k, TIMER_MIG, "this kernel has no timer_migration (CONFIG_SMP off)");
}

static void read_rt_runtime(struct sysknobs *kn, struct sysknob *k)
{
	read_sysctl_knob(kn, k, RT_RUNTIME, "this kernel has no sched_rt_runtime_us");
	if (!k->na[0])
		snprintf(k->detail, sizeof(k->detail), "%s", strcmp(k->value, "-1") == 0 ?
			 "RT throttling off" : "us of each period for RT tasks");
}

/* The measured CPUs that are online: the per-CPU knobs cover these. */
static void per_cpu_set(const struct sysknobs *kn, struct cpuset *set)
{
	cpuset_and(set, &kn->cpus, &kn->online);
}

static void read_governor(struct sysknobs *kn, struct sysknob *k)
{
	struct cpuset set;
	char path[128], gov[32];
	int cpu, n = 0;

	per_cpu_set(kn, &set);
	cpuset_for_each(cpu, &set) {
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpufreq/scaling_governor", cpu);
		if (read_file(kn, path, gov, sizeof(gov)) < 0)
			continue;
		if (n++ == 0)
			snprintf(k->value, sizeof(k->value), "%s", gov);
		else if (strcmp(gov, k->value) != 0)
			snprintf(k->value, sizeof(k->value), "mixed");
	}
	if (!n) {
		snprintf(k->value, sizeof(k->value), "n/a");
		na(k, "no cpufreq driver for the measured CPUs (no cpufreq/scaling_governor)");
	}
}

/*
 * The deep idle states of a CPU: every stateN deeper than the shallowest
 * real one (state0 is POLL on x86: it stays as it is).  First and count.
 */
static int deep_states(struct sysknobs *kn, int cpu, int *first, char *names, size_t len)
{
	char path[128], name[32];
	int n;

	*first = 0;
	if (names)
		names[0] = '\0';
	for (n = 0; n < MAX_IDLE_STATES; n++) {
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpuidle/state%d/name", cpu, n);
		if (read_file(kn, path, name, sizeof(name)) < 0)
			break;
		if (n == 0)
			*first = strcmp(name, "POLL") == 0 ? 2 : 1;
		else if (n >= *first && names && strlen(names) + strlen(name) + 2 < len)
			snprintf(names + strlen(names), len - strlen(names), "%s%s",
				 names[0] ? " " : "", name);
	}
	return n > *first ? n - *first : 0;
}

static void read_deep_idle(struct sysknobs *kn, struct sysknob *k)
{
	struct cpuset set;
	char path[128], v[8];
	int cpu, on = 0, off = 0, first, n;

	per_cpu_set(kn, &set);
	cpuset_for_each(cpu, &set) {
		n = deep_states(kn, cpu, &first, on + off ? NULL : k->detail, sizeof(k->detail));
		for (int i = first; i < first + n; i++) {
			snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpuidle/state%d/disable", cpu, i);
			if (read_file(kn, path, v, sizeof(v)) == 0)
				strcmp(v, "0") == 0 ? on++ : off++;
		}
	}
	if (!on && !off) {
		snprintf(k->value, sizeof(k->value), "n/a");
		na(k, "the measured CPUs have no idle state deeper than the shallowest one "
		   "(or no cpuidle driver)");
		return;
	}
	snprintf(k->value, sizeof(k->value), "%s", !off ? "on" : !on ? "off" : "mixed");
}

static void read_idle_latency(struct sysknobs *kn, struct sysknob *k)
{
	snprintf(k->value, sizeof(k->value), "%s", kn->dma_fd >= 0 ? "held at 0" : "not held");
	if (kn->dma_fd < 0 && kn->dma_ok < 0)
		kn->dma_ok = access(DMA_LATENCY, W_OK) == 0;
	if (kn->dma_fd < 0 && !kn->dma_ok)
		na(k, "no " DMA_LATENCY " (kernel without PM QoS)");
	else
		snprintf(k->detail, sizeof(k->detail), "%s", kn->dma_fd >= 0 ?
			 "no deep idle on any CPU" : "");
}

/* ---------------------------------------------------------------- steppers */

static int write_err(char *msg, size_t len, const char *name, const char *path, int err)
{
	if (-err == KERNEL_ENOTSUPP)
		snprintf(msg, len, "%s: the kernel refused (%s: not supported here)", name, path);
	else
		snprintf(msg, len, "%s: cannot write %s: %s", name, path, strerror(-err));
	return -1;
}

/* Every present CPU's online file, saved before SMT takes any CPU offline. */
static int save_online_files(struct sysknobs *kn, char *msg, size_t len)
{
	int ncpus = env_possible_cpus();

	for (int cpu = 0; cpu < ncpus; cpu++) {
		char path[96];
		int err;

		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/online", cpu);
		if (access(path, F_OK) < 0)
			continue;	/* CPU 0 often can not go offline: no file */
		err = settings_save_knob(kn->ledger, path, SETTINGS_ONLINE);
		if (err < 0)
			return write_err(msg, len, "SMT", path, err);
	}
	return 0;
}

static int step_smt(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen, char *msg,
		    size_t len)
{
	int err;

	snprintf(next, nlen, "%s", strcmp(k->value, "on") == 0 ? "off" : "on");
	if (save_online_files(kn, msg, len) < 0)
		return -1;
	err = settings_write_knob(kn->ledger, SMT_CONTROL, next, SETTINGS_ONLINE);
	return err < 0 ? write_err(msg, len, k->name, SMT_CONTROL, err) : 0;
}

static int step_file(struct sysknobs *kn, struct sysknob *k, const char *path, const char *next,
		     char *msg, size_t len)
{
	int err = settings_write_knob(kn->ledger, path, next, SETTINGS_KNOB);

	return err < 0 ? write_err(msg, len, k->name, path, err) : 0;
}

static int step_clocksource(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen,
			    char *msg, size_t len)
{
	char avail[128];

	if (read_file(kn, CS_DIR "/available_clocksource", avail, sizeof(avail)) < 0)
		return snprintf(msg, len, "clocksource: no available_clocksource"), -1;
	next_word(avail, k->value, next, nlen);
	if (!next[0] || strcmp(next, k->value) == 0)
		return snprintf(msg, len, "clocksource: %s is the only one", k->value), -1;
	return step_file(kn, k, CS_DIR "/current_clocksource", next, msg, len);
}

static int step_switch(struct sysknobs *kn, struct sysknob *k, const char *path, char *next,
		       size_t nlen, char *msg, size_t len)
{
	snprintf(next, nlen, "%s", strcmp(k->value, "0") == 0 ? "1" : "0");
	return step_file(kn, k, path, next, msg, len);
}

static int step_nmi(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen, char *msg,
		    size_t len)
{
	return step_switch(kn, k, NMI_WD, next, nlen, msg, len);
}

static int step_timer_migration(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen,
				char *msg, size_t len)
{
	return step_switch(kn, k, TIMER_MIG, next, nlen, msg, len);
}

static int step_rt_runtime(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen,
			   char *msg, size_t len)
{
	if (strcmp(k->value, "-1") != 0)
		snprintf(next, nlen, "-1");
	else
		snprintf(next, nlen, "%s", strcmp(k->start, "-1") != 0 ? k->start : RT_RUNTIME_DEFAULT);
	return step_file(kn, k, RT_RUNTIME, next, msg, len);
}

static int step_governor(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen,
			 char *msg, size_t len)
{
	struct cpuset set;
	char path[128], avail[256];
	int cpu;

	per_cpu_set(kn, &set);
	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpufreq/scaling_available_governors",
		 cpuset_next(&set, 0));
	if (read_file(kn, path, avail, sizeof(avail)) < 0)
		return snprintf(msg, len, "CPU governor: cannot read %s", path), -1;
	next_word(avail, k->value, next, nlen);
	cpuset_for_each(cpu, &set) {
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpufreq/scaling_governor", cpu);
		if (access(path, F_OK) == 0 && step_file(kn, k, path, next, msg, len) < 0)
			return -1;
	}
	return 0;
}

static int step_deep_idle(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen,
			  char *msg, size_t len)
{
	struct cpuset set;
	char path[128];
	int cpu, first, n;

	per_cpu_set(kn, &set);
	/* "on" (deep idle allowed) goes off; off or mixed goes on. */
	snprintf(next, nlen, "%s", strcmp(k->value, "on") == 0 ? "off" : "on");
	cpuset_for_each(cpu, &set) {
		n = deep_states(kn, cpu, &first, NULL, 0);
		for (int i = first; i < first + n; i++) {
			snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpuidle/state%d/disable", cpu, i);
			if (step_file(kn, k, path, strcmp(next, "off") == 0 ? "1" : "0", msg, len) < 0)
				return -1;
		}
	}
	return 0;
}

static int step_idle_latency(struct sysknobs *kn, struct sysknob *k, char *next, size_t nlen,
			     char *msg, size_t len)
{
	int32_t zero = 0;

	(void)k;
	if (kn->dma_fd >= 0) {
		close(kn->dma_fd);
		kn->dma_fd = -1;
		snprintf(next, nlen, "not held");
		return 0;
	}
	kn->dma_fd = open(DMA_LATENCY, O_WRONLY | O_CLOEXEC);
	if (kn->dma_fd < 0 || write(kn->dma_fd, &zero, sizeof(zero)) != sizeof(zero)) {
		int e = errno;

		if (kn->dma_fd >= 0)
			close(kn->dma_fd);
		kn->dma_fd = -1;
		return write_err(msg, len, k->name, DMA_LATENCY, -e);
	}
	snprintf(next, nlen, "held at 0");
	return 0;
}

/* ---------------------------------------------------------------- the knobs */

/*
 * How the experiment's winner is kept after a reboot, each from the
 * parameter's own documentation (exp_keep.h); the man page's EXPERIMENT
 * prints the entries.
 */
#define KEEP_NOSMT "kernel command line: nosmt (admin-guide/kernel-parameters.txt: nosmt; not " \
	"nosmt=force, which can not be undone at run time)"
#define KEEP_SMT_ON "SMT %s: the kernel's default without nosmt on its command line " \
	"(admin-guide/kernel-parameters.txt: nosmt)"
#define MAN_NOSMT "the kernel command-line parameter \\fBnosmt\\fR (the kernel's\n" \
	"Documentation/admin-guide/kernel-parameters.txt, \\fBnosmt\\fR; not \\fBnosmt=force\\fR,\n" \
	"which can not be undone at run time).\n"
#define KEEP_CLOCKSOURCE "kernel command line: clocksource=%s " \
	"(admin-guide/kernel-parameters.txt: clocksource=)"
#define MAN_CLOCKSOURCE "\\fBclocksource=\\fR\\fIname\\fR on the kernel command line " \
	"(kernel-parameters.txt,\n\\fBclocksource=\\fR).\n"
#define KEEP_GOVERNOR "tuned profile: \"governor=%s\" under [cpu] (tuned's cpu plugin: " \
	"governor); or kernel command line: cpufreq.default_governor=%s " \
	"(admin-guide/kernel-parameters.txt)"
#define MAN_GOVERNOR "\\fBgovernor=\\fR\\fIname\\fR under \\fB[cpu]\\fR in a tuned profile " \
	"(tuned's cpu plugin,\noption \\fBgovernor\\fR), or " \
	"\\fBcpufreq.default_governor=\\fR\\fIname\\fR on the kernel\n" \
	"command line (kernel-parameters.txt).\n"
#define KEEP_NO_DEEP_IDLE "no equivalent: processor.max_cstate= and intel_idle.max_cstate= " \
	"limit one driver's states by number, cpuidle.off=1 turns idle states off altogether " \
	"(admin-guide/kernel-parameters.txt); none disables exactly the deep states of the " \
	"measured CPUs"
#define MAN_NO_DEEP_IDLE "none is equivalent: \\fBprocessor.max_cstate=\\fR and " \
	"\\fBintel_idle.max_cstate=\\fR limit\none driver's states by number and " \
	"\\fBcpuidle.off=1\\fR turns idle states off altogether\n" \
	"(kernel-parameters.txt); the report says so rather than offer a stronger one.\n"
#define KEEP_LATENCY "tuned profile: \"force_latency=0\" under [cpu] (tuned's cpu plugin: " \
	"force_latency holds /dev/cpu_dma_latency); no kernel parameter is equivalent " \
	"(idle=poll is stronger)"
#define MAN_LATENCY "\\fBforce_latency=0\\fR under \\fB[cpu]\\fR in a tuned profile " \
	"(tuned's cpu plugin, option\n\\fBforce_latency\\fR, which holds /dev/cpu_dma_latency); " \
	"no kernel parameter is\nequivalent (\\fBidle=poll\\fR is stronger).\n"

const struct sysknob_def sysknobs_table[KNOB_COUNT] = {
	[KNOB_SMT] = {
		.name = "SMT", .tag = "SMT", .cli = "smt", .file = SMT_CONTROL,
		.read = read_smt, .step = step_smt, .audit = AU_SMT,
		.keep = { .way = EXP_KEEP_CMDLINE, .rule = { { "off", KEEP_NOSMT }, { NULL, KEEP_SMT_ON } },
			  .man_value = "off", .man = MAN_NOSMT },
	},
	[KNOB_CLOCKSOURCE] = {
		.name = "Clocksource", .tag = "clocksource", .cli = "clocksource",
		.file = CS_DIR "/current_clocksource",
		.read = read_clocksource, .step = step_clocksource, .audit = AU_CLOCKSOURCE,
		.keep = { .way = EXP_KEEP_CMDLINE, .rule = { { NULL, KEEP_CLOCKSOURCE } },
			  .man_value = "", .man = MAN_CLOCKSOURCE },
	},
	[KNOB_NMI_WATCHDOG] = {
		.name = "NMI watchdog", .tag = "NMI watchdog", .cli = "nmi_watchdog", .file = NMI_WD,
		.read = read_nmi, .step = step_nmi, .audit = AU_NMI_WATCHDOG,
		.keep = { .way = EXP_KEEP_SYSCTL, .sysctl = "kernel.nmi_watchdog" },
	},
	[KNOB_GOVERNOR] = {
		.name = "CPU governor", .tag = "governor", .cli = "governor",
		.file = CPU_DIR "/cpuN/cpufreq/scaling_governor",
		.read = read_governor, .step = step_governor, .audit = AU_GOVERNOR,
		.keep = { .way = EXP_KEEP_TUNED, .rule = { { NULL, KEEP_GOVERNOR } },
			  .man_value = "", .man = MAN_GOVERNOR },
	},
	[KNOB_DEEP_IDLE] = {
		.name = "Deep idle", .tag = "deep idle", .cli = "deep_idle",
		.file = CPU_DIR "/cpuN/cpuidle/stateN/disable",
		.read = read_deep_idle, .step = step_deep_idle, .audit = AU_IDLE,
		.keep = { .way = EXP_KEEP_NONE, .rule = { { "off", KEEP_NO_DEEP_IDLE },
						   { NULL, EXP_KEEP_NOTHING } },
			  .man_value = "off", .man = MAN_NO_DEEP_IDLE },
	},
	[KNOB_IDLE_LATENCY] = {
		.name = "Idle latency", .tag = "idle latency", .cli = "idle_latency",
		.file = DMA_LATENCY " (0 held open)",
		.read = read_idle_latency, .step = step_idle_latency, .audit = AU_IDLE,
		.keep = { .way = EXP_KEEP_TUNED, .rule = { { "held*", KEEP_LATENCY },
						    { NULL, EXP_KEEP_NOTHING } },
			  .man_value = "held at 0", .man = MAN_LATENCY },
	},
	[KNOB_TIMER_MIGRATION] = {
		.name = "Timer migration", .tag = "timer migration", .cli = "timer_migration",
		.file = TIMER_MIG,
		.read = read_timer_migration, .step = step_timer_migration,
		.audit = AU_TIMER_MIGRATION,
		.keep = { .way = EXP_KEEP_SYSCTL, .sysctl = "kernel.timer_migration" },
	},
	[KNOB_RT_THROTTLING] = {
		.name = "RT throttling", .tag = "sched_rt_runtime_us", .cli = "rt_throttling",
		.file = RT_RUNTIME,
		.read = read_rt_runtime, .step = step_rt_runtime, .audit = AU_RT_THROTTLING,
		.keep = { .way = EXP_KEEP_SYSCTL, .sysctl = "kernel.sched_rt_runtime_us" },
	},
};
