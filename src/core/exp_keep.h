/*
 * exp_keep: how to keep an experiment's winning value after a reboot.  A
 * knob's descriptor (sysknobs_table.c) holds its struct exp_keep: the way
 * (the kernel's command line, a sysctl.d line, a tuned profile, or none
 * equivalent), its rules by value, and its entry in the man page.  The
 * texts cite each parameter's own documentation: the kernel's
 * Documentation/admin-guide/kernel-parameters.txt and
 * Documentation/admin-guide/sysctl/kernel.rst, and tuned's cpu plugin
 * (tuned/plugins/plugin_cpu.py, "Available TuneD plug-ins").  Where no
 * parameter has the same effect, they say so rather than offer a stronger
 * one.  Never applied by hwnoisetop.
 */
#ifndef HWN_EXP_KEEP_H
#define HWN_EXP_KEEP_H

#include <stdbool.h>
#include <stddef.h>

#define EXP_KEEP_SYSCTL_FILE "/etc/sysctl.d/90-hwnoisetop.conf"
#define EXP_KEEP_RULES 3
/* A rule's how for a value that is the kernel's default: nothing to keep. */
#define EXP_KEEP_NOTHING ""

/* The way a value is kept, in the man page's order. */
enum exp_keep_way { EXP_KEEP_CMDLINE, EXP_KEEP_SYSCTL, EXP_KEEP_TUNED, EXP_KEEP_NONE };

struct exp_keep_rule {
	const char *value;	/* the value it is for: "off"; "held*" any that begins "held"; NULL any */
	const char *how;	/* how to keep it, each %s the value; or EXP_KEEP_NOTHING */
};

struct exp_keep {
	enum exp_keep_way way;
	const char *sysctl;	/* EXP_KEEP_SYSCTL: its name ("kernel.nmi_watchdog"), every value */
	/* The others: the first rule whose value matches; { NULL, NULL } ends them. */
	struct exp_keep_rule rule[EXP_KEEP_RULES];
	const char *man_value;	/* the others: the man page's entry, for this value ("": any) */
	const char *man;	/* its text (roff, whole lines) */
};

/*
 * How to keep value of knob (its command-line name: "smt") after a reboot,
 * by k's rules; k NULL: no such knob, said so.  Never empty.
 */
void exp_keep_text(const struct exp_keep *k, const char *knob, const char *value, char *buf,
		   size_t len);
/* Does k say something for every value (a sysctl, or a last rule for any value)? */
bool exp_keep_complete(const struct exp_keep *k);

#endif
