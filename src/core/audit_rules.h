/*
 * audit_rules: the pure part of "hwnoisetop audit": an item's verdict
 * and what the audit reads out of kernel text (a parameter of the kernel
 * command line, the bracketed choice of a sysfs list, a word of the CPU
 * flags), and the exit status of a whole audit.  No files here: the
 * reading is src/machine/audit.c's.
 */
#ifndef HWN_AUDIT_RULES_H
#define HWN_AUDIT_RULES_H

#include <stdbool.h>
#include <stddef.h>

enum audit_verdict { AV_PASS, AV_WARN, AV_FAIL, AV_UNKNOWN };

/* "pass", "warn", "fail", "unknown". */
const char *audit_rules_verdict_name(enum audit_verdict v);

#define AUDIT_TEXT 160

/* One item of the audit. */
struct audit_item {
	const char *key;		/* JSON: "smt", "clocksource", ... */
	const char *name;		/* "SMT" */
	enum audit_verdict v;
	char now[AUDIT_TEXT];		/* what was read: "on", "tsc", "cannot read ..." */
	const char *why;		/* why it matters for hardware noise, one line */
	char fix[AUDIT_TEXT];		/* the change that fixes it; "" when it passes */
};

/*
 * The value of kernel parameter name in cmdline (as /proc/cmdline): true
 * and its text in val ("" for a bare flag); false when absent.  The last
 * one given wins, as the kernel takes it.
 */
bool audit_rules_cmdline_param(const char *cmdline, const char *name, char *val, size_t size);

/* The bracketed choice of a sysfs list ("always [madvise] never": "madvise"); false without. */
bool audit_rules_bracketed(const char *text, char *out, size_t size);

/* Whether word is one of the space-separated words of text (a CPU flags line). */
bool audit_rules_has_word(const char *text, const char *word);

/*
 * The exit status of an audit: 0 when every item passes, AUDIT_EXIT_WARN
 * when the worst is a warning or an item that could not be read,
 * AUDIT_EXIT_FAIL when any fails (1 stays the usage error's).
 */
#define AUDIT_EXIT_WARN 2
#define AUDIT_EXIT_FAIL 3
int audit_rules_status(const struct audit_item *items, int n);

#endif
