/*
 * test-sysknobs: every knob's descriptor (sysknobs_table.c) is whole, so
 * that each list read from the table has the knob: a name for the panel
 * and the markers, a file, a reader and a stepper, a command-line name of
 * its own, the audit's item, a way to keep every value after a reboot
 * with its entry in the man page, and a file the ledger may write.  A
 * knob added without one of them fails here.
 */
#include <stdio.h>
#include <string.h>

#include "audit.h"
#include "exp_keep.h"
#include "settings.h"
#include "sysknobs_int.h"
#include "tap.h"

/* The descriptor's names and functions, and the command-line name's round trip. */
static int named(enum sysknob_id id, const struct sysknob_def *d)
{
	char all[512];

	sysknobs_cli_names(all, sizeof(all));
	return d->name && d->name[0] && d->tag && d->tag[0] && d->file && d->file[0] &&
	       d->read && d->step && d->cli && d->cli[0] && !strpbrk(d->cli, " ,./") &&
	       sysknobs_by_cli_name(d->cli) == (int)id && strcmp(sysknobs_cli_name(id), d->cli) == 0 &&
	       strstr(all, d->cli) != NULL;
}

/* A way to keep every value, said (not "no knob", not "no rule"), with its man entry. */
static int kept(const struct sysknob_def *d)
{
	const struct exp_keep *k = &d->keep;
	char buf[512];

	if (!exp_keep_complete(k) || k->way > EXP_KEEP_NONE)
		return 0;
	if (k->way == EXP_KEEP_SYSCTL && strncmp(k->sysctl, "kernel.", 7) != 0)
		return 0;	/* its line cites admin-guide/sysctl/kernel.rst */
	if (k->way != EXP_KEEP_SYSCTL && (!k->man_value || !k->man || !k->man[0] ||
					   k->man[strlen(k->man) - 1] != '\n'))
		return 0;
	for (const char *v = "on\0off\0" "0\0" "1\0held at 0\0"; *v; v += strlen(v) + 1) {
		sysknobs_keep_text(d->cli, v, buf, sizeof(buf));
		if (!buf[0] || strstr(buf, "no knob") || strstr(buf, "no rule"))
			return 0;
	}
	return 1;
}

/*
 * The file it writes, on the ledger's allow-list (src/state/settings_allow.c);
 * N in the shown file stands for a number.  One held open (/dev) is no write.
 */
static int allowed(const struct sysknob_def *d)
{
	char real[256];
	size_t n = 0;

	if (strncmp(d->file, "/dev/", 5) == 0)
		return 1;
	for (const char *p = d->file; *p && n + 2 < sizeof(real); p++)
		if (p[0] == 'N' && p > d->file && p[-1] >= 'a' && p[-1] <= 'z')
			real[n++] = '1';
		else
			real[n++] = *p;
	real[n] = '\0';
	return settings_knob_pattern(real);
}

static void table(void)
{
	bool cli_ok = true, audit_ok = true, keep_ok = true, file_ok = true;

	for (int id = 0; id < KNOB_COUNT; id++) {
		const struct sysknob_def *d = &sysknobs_table[id];

		if (!named((enum sysknob_id)id, d)) {
			cli_ok = false;
			printf("# knob %d (%s): a name, file, reader, stepper or command-line name\n",
			       id, d->name ? d->name : "?");
		}
		/* AU_SMT is 0, what a descriptor without .audit has: only SMT's is SMT's. */
		if (sysknobs_audit_item((enum sysknob_id)id) >= AU_COUNT ||
		    (d->audit == AU_SMT && id != KNOB_SMT)) {
			audit_ok = false;
			printf("# knob %d (%s): no audit item\n", id, d->name ? d->name : "?");
		}
		if (!d->cli || !kept(d)) {
			keep_ok = false;
			printf("# knob %d (%s): how to keep a value after a reboot\n", id,
			       d->name ? d->name : "?");
		}
		if (!d->file || !allowed(d)) {
			file_ok = false;
			printf("# knob %d (%s): %s is not on the ledger's allow-list\n", id,
			       d->name ? d->name : "?", d->file ? d->file : "no file");
		}
	}
	tap_ok(cli_ok, "every knob has its names, file, reader, stepper, a command-line name its own");
	tap_ok(audit_ok, "every knob has the audit's item on its setting");
	tap_ok(keep_ok, "every knob says how to keep each value after a reboot, with a man entry");
	tap_ok(file_ok, "every knob's file is one the ledger may write");
}

static void keep_texts(void)
{
	char buf[512];

	sysknobs_keep_text("smt", "off", buf, sizeof(buf));
	tap_ok(strstr(buf, "nosmt") && strstr(buf, "kernel-parameters"), "SMT off: nosmt, cited");
	sysknobs_keep_text("timer_migration", "0", buf, sizeof(buf));
	tap_ok(strstr(buf, "kernel.timer_migration = 0") != NULL, "timer migration: sysctl.d");
	sysknobs_keep_text("governor", "performance", buf, sizeof(buf));
	tap_ok(strstr(buf, "governor=performance") != NULL, "governor: tuned's [cpu]");
	sysknobs_keep_text("deep_idle", "off", buf, sizeof(buf));
	tap_ok(strncmp(buf, "no equivalent", 13) == 0, "deep idle off: none is equivalent");
	sysknobs_keep_text("deep_idle", "on", buf, sizeof(buf));
	tap_is_str(buf, "deep_idle on: the kernel's default, nothing to keep", "deep idle on: default");
	sysknobs_keep_text("turbo", "off", buf, sizeof(buf));
	tap_ok(strstr(buf, "no knob") && !strstr(buf, "nothing to keep"),
	       "a name no knob has (a recording's): said so, not the kernel's default");
	tap_ok(sysknobs_by_cli_name("turbo") == -1 && sysknobs_cli_name(KNOB_COUNT) == NULL &&
	       sysknobs_keep(KNOB_COUNT) == NULL, "no such knob: -1 and NULL");
}

int main(void)
{
	tap_plan(4 + 7);
	table();
	keep_texts();
	return tap_failed != 0;
}
