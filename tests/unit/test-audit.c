/*
 * test-audit: the audit's pure rules (audit_rules.h): kernel parameters
 * read as the kernel takes them, a sysfs list's choice, CPU flags, and
 * the exit status of a whole audit.
 */
#include <string.h>

#include "audit_rules.h"
#include "tap.h"

static void cmdline(void)
{
	const char *c = "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet nohz_full=2-7 isolcpus=domain,"
			"managed_irq,2-7 tsc=reliable nosmt nohz_full=3 \"dyndbg=file a.c +p\"\n";
	char v[64];

	tap_ok(audit_rules_cmdline_param(c, "nohz_full", v, sizeof(v)) && strcmp(v, "3") == 0,
	       "the last nohz_full= wins, as the kernel takes it (%s)", v);
	tap_ok(audit_rules_cmdline_param(c, "isolcpus", v, sizeof(v)) &&
	       strcmp(v, "domain,managed_irq,2-7") == 0, "isolcpus= with its flags (%s)", v);
	tap_ok(audit_rules_cmdline_param(c, "nosmt", v, sizeof(v)) && v[0] == '\0',
	       "a bare flag: found, its value empty");
	tap_ok(!audit_rules_cmdline_param(c, "nohz", v, sizeof(v)), "nohz is not nohz_full");
	tap_ok(!audit_rules_cmdline_param(c, "smt", v, sizeof(v)), "smt is not nosmt");
	tap_ok(audit_rules_cmdline_param(c, "dyndbg", v, sizeof(v)) && strcmp(v, "file a.c +p") == 0,
	       "a quoted parameter keeps its spaces (%s)", v);
	tap_ok(audit_rules_cmdline_param(c, "tsc", v, 4) && strcmp(v, "rel") == 0,
	       "a value longer than the room is cut, ended");
	tap_ok(!audit_rules_cmdline_param("", "tsc", v, sizeof(v)) &&
	       !audit_rules_cmdline_param(NULL, "tsc", v, sizeof(v)), "an empty or absent command line");
}

static void lists(void)
{
	char v[16];

	tap_ok(audit_rules_bracketed("always [madvise] never", v, sizeof(v)) && strcmp(v, "madvise") == 0,
	       "the bracketed choice of a sysfs list");
	tap_ok(!audit_rules_bracketed("always madvise never", v, sizeof(v)), "no bracket: none");
	tap_ok(audit_rules_has_word("fpu vme tsc constant_tsc nonstop_tsc", "constant_tsc") &&
	       audit_rules_has_word(": fpu hypervisor", "hypervisor") &&
	       !audit_rules_has_word("fpu constant_tsc_x", "constant_tsc") &&
	       !audit_rules_has_word("fpu tsc_reliable", "tsc"), "a CPU flag is a whole word");
}

static void status(void)
{
	struct audit_item it[3] = { { .v = AV_PASS }, { .v = AV_PASS }, { .v = AV_PASS } };

	tap_ok(audit_rules_status(it, 3) == 0, "all pass: 0");
	it[1].v = AV_UNKNOWN;
	tap_ok(audit_rules_status(it, 3) == AUDIT_EXIT_WARN, "an item not read: 2");
	it[2].v = AV_WARN;
	tap_ok(audit_rules_status(it, 3) == AUDIT_EXIT_WARN, "a warning: 2");
	it[0].v = AV_FAIL;
	tap_ok(audit_rules_status(it, 3) == AUDIT_EXIT_FAIL, "a failure: 3");
	tap_ok(strcmp(audit_rules_verdict_name(AV_UNKNOWN), "unknown") == 0, "verdict names");
}

int main(void)
{
	tap_plan(8 + 3 + 5);
	cmdline();
	lists();
	status();
	return tap_failed ? 1 : 0;
}
