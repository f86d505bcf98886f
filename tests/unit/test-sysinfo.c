/*
 * Unit tests: the TSC watchdog decided from evidence (sysinfo_tsc_watchdog):
 * the command line first, then the kernel's own rule since 5.17 (constant,
 * nonstop TSC with TSC_ADJUST on at most 4 packages), else on.
 */
#include <string.h>

#include "sysinfo.h"
#include "tap.h"

#define ALL " fpu tsc constant_tsc nonstop_tsc tsc_adjust rdtscp"

static const char *wd(const char *cmdline, const char *flags, int packages, int version,
		      bool tsc, char *why)
{
	return sysinfo_tsc_watchdog(cmdline, flags, packages, version, tsc, why, 200);
}

int main(void)
{
	char why[200];

	tap_plan(9);
	tap_ok(!strcmp(wd("ro quiet tsc=reliable", ALL, 1, 612, true, why), "off") &&
	       strstr(why, "tsc=reliable"), "tsc=reliable: off, and says so (%s)", why);
	tap_ok(!strcmp(wd("tsc=nowatchdog", "", 1, 612, true, why), "off") &&
	       strstr(why, "tsc=nowatchdog"), "tsc=nowatchdog: off");
	tap_ok(!strcmp(wd("notsc=reliable xtsc=reliable", " constant_tsc", 1, 612, true, why), "on"),
	       "only the whole word tsc=reliable counts");
	tap_ok(!strcmp(wd("", ALL, 2, 517, true, why), "off") && strstr(why, "turned it off"),
	       "5.17, all three flags, 2 packages: the kernel turned it off (%s)", why);
	tap_ok(!strcmp(wd("", ALL, 8, 612, true, why), "on"), "8 packages: on");
	tap_ok(!strcmp(wd("", ALL, 1, 516, true, why), "on"), "before 5.17: on");
	tap_ok(!strcmp(wd("", " constant_tsc nonstop_tsc", 1, 612, true, why), "on") &&
	       strstr(why, "tsc=reliable at boot turns it off"),
	       "no tsc_adjust (as under qemu TCG): on, and how to turn it off (%s)", why);
	tap_ok(!strcmp(wd("", ALL, 1, 612, false, why), "n/a"), "no tsc clocksource: n/a");
	tap_ok(!strcmp(wd("tsc=reliable", ALL, 1, 612, false, why), "off"),
	       "tsc=reliable decides before the clocksource");
	return tap_done();
}
