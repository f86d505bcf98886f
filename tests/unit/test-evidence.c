/*
 * test-evidence: evidence.h on recorded inputs under a root of its own:
 * /proc/stat read twice (a sibling's busy share, steal in a guest), the
 * siblings from the topology, the hypervisor flag, the throttle counts,
 * the clocksource against the first read's.
 * Steal and thermal throttling cannot be made in the lab's emulator: this
 * is where their reading is tested.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "evidence.h"
#include "tap.h"

static char root[64];

static void put(const char *path, const char *text)
{
	char full[256], dir[256], *p;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	snprintf(dir, sizeof(dir), "%s", full);
	for (p = dir + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		mkdir(dir, 0755);
		*p = '/';
	}
	f = fopen(full, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* cpu0..cpu3: user nice system idle iowait irq softirq steal. */
static void stat_of(unsigned busy1, unsigned idle1, unsigned steal0)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "cpu  1 2 3 4 5 6 7 8 0 0\n"
		 "cpu0 100 0 0 900 0 0 0 %u 0 0\n"
		 "cpu1 %u 0 0 %u 0 0 0 0 0 0\n"
		 "cpu2 0 0 0 1000 0 0 0 0 0 0\n"
		 "cpu3 0 0 0 1000 0 0 0 0 0 0\nintr 5\n", steal0, busy1, idle1);
	put("/proc/stat", text);
}

static void topology(void)
{
	put("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "0-1\n");
	put("/sys/devices/system/cpu/cpu1/topology/thread_siblings_list", "0-1\n");
	put("/sys/devices/system/cpu/cpu2/topology/thread_siblings_list", "2\n");
	put("/sys/devices/system/cpu/cpu3/topology/thread_siblings_list", "3\n");
}

static void test_host(void)
{
	struct cpuset measured;
	struct evidence *e;
	struct evidence_cpu ev;

	cpuset_clear(&measured);
	cpuset_add(&measured, 0);
	cpuset_add(&measured, 2);
	put("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme sse2\n");
	put("/sys/devices/system/cpu/cpu0/thermal_throttle/core_throttle_count", "7\n");
	put("/sys/devices/system/cpu/cpu0/thermal_throttle/package_throttle_count", "3\n");
	stat_of(100, 900, 0);
	e = evidence_open(root, 4, &measured);
	tap_ok(e != NULL, "opened on the recorded files");
	evidence_read(e);
	evidence_get(e, 0, &ev);
	tap_ok(ev.sibling_pm == -1 && ev.steal_us == -1 && ev.throttle == -1,
	       "one read: nothing measured yet");
	stat_of(100 + 92, 900 + 8, 50);
	put("/sys/devices/system/cpu/cpu0/thermal_throttle/core_throttle_count", "9\n");
	evidence_read(e);
	evidence_get(e, 0, &ev);
	tap_is_u64(ev.sibling_pm, 920, "the sibling busy 92 of 100 jiffies: 920 per mille");
	tap_ok(ev.steal_us == -1 && strcmp(evidence_why_steal(e), "not a guest") == 0,
	       "not a guest: steal not measured, and said so");
	tap_is_u64(ev.throttle, 2, "2 more throttling events (core 7 -> 9, package 3)");
	evidence_get(e, 2, &ev);
	tap_ok(ev.sibling_pm == -1 && strcmp(evidence_why_sibling(e, 2), "no SMT sibling online") == 0,
	       "a CPU without a sibling says so");
	tap_ok(ev.throttle == -1 && strcmp(evidence_why_thermal(e, 2), "") != 0,
	       "no thermal_throttle files: not measured, said why");
	evidence_close(e);
}

static void test_guest(void)
{
	struct cpuset measured;
	struct evidence *e;
	struct evidence_cpu ev;

	cpuset_clear(&measured);
	cpuset_add(&measured, 0);
	cpuset_add(&measured, 1);
	put("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu sse2 hypervisor lahf_lm\n");
	stat_of(100, 900, 10);
	e = evidence_open(root, 4, &measured);
	evidence_read(e);
	stat_of(150, 950, 13);
	evidence_read(e);
	evidence_get(e, 0, &ev);
	tap_ok(evidence_guest(e), "the hypervisor flag: a guest");
	tap_ok(ev.steal_us == 3 * 1000000 / sysconf(_SC_CLK_TCK), "3 jiffies of steal: %lld us",
	       (long long)ev.steal_us);
	tap_ok(ev.sibling_pm == -1 && strstr(evidence_why_sibling(e, 0), "measured"),
	       "a sibling measured too is busy with the measurement: not counted, said why");
	evidence_close(e);
}

#define CS "/sys/devices/system/clocksource/clocksource0/current_clocksource"

/* The clocksource: the same, another than the first read's, unreadable. */
static void test_clocksource(void)
{
	struct evidence *e;
	struct evidence_cpu ev;
	char path[256];

	put(CS, "tsc\n");
	stat_of(100, 900, 0);
	e = evidence_open(root, 4, NULL);
	evidence_read(e);
	evidence_read(e);
	evidence_get(e, 1, &ev);
	tap_ok(ev.clocksource == 0 && strcmp(evidence_clocksource_first(e), "tsc") == 0 &&
	       !evidence_why_clocksource(e)[0], "tsc, then tsc: not changed (%d)", ev.clocksource);
	put(CS, "hpet\n");
	evidence_read(e);
	evidence_get(e, 1, &ev);
	tap_ok(ev.clocksource == 1 && strcmp(evidence_clocksource_now(e), "hpet") == 0,
	       "then hpet: changed (%d, %s)", ev.clocksource, evidence_clocksource_now(e));
	put(CS, "tsc\n");
	evidence_read(e);
	evidence_get(e, 1, &ev);
	tap_ok(ev.clocksource == 0, "back to tsc: the run's first again (%d)", ev.clocksource);
	snprintf(path, sizeof(path), "%s%s", root, CS);
	unlink(path);
	evidence_read(e);
	evidence_get(e, 1, &ev);
	tap_ok(ev.clocksource == -1 && strstr(evidence_why_clocksource(e), "not readable"),
	       "unreadable: not measured, said why (%s)", evidence_why_clocksource(e));
	evidence_close(e);
}

int main(void)
{
	char cmd[128];

	snprintf(root, sizeof(root), "/tmp/test-evidence.XXXXXX");
	if (!mkdtemp(root))
		return 1;
	topology();
	tap_plan(14);
	test_host();
	test_guest();
	test_clocksource();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		return 1;
	return tap_failed ? 1 : 0;
}
