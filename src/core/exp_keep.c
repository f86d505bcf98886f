/*
 * exp_keep: how to keep an experiment's winning value after a reboot, from
 * a knob's rules.  See exp_keep.h.
 */
#include "exp_keep.h"

#include <stdio.h>
#include <string.h>

/* A sysctl whose every value is kept by one sysctl.d line. */
static void sysctl_line(const char *name, const char *value, char *buf, size_t len)
{
	const char *dot = strchr(name, '.');

	snprintf(buf, len, "sysctl.d: \"%s = %s\" in " EXP_KEEP_SYSCTL_FILE
		 " (admin-guide/sysctl/kernel.rst: %s)", name, value, dot ? dot + 1 : name);
}

static bool matches(const struct exp_keep_rule *r, const char *value)
{
	size_t n;

	if (!r->value)
		return true;
	n = strlen(r->value);
	if (n && r->value[n - 1] == '*')
		return strncmp(value, r->value, n - 1) == 0;
	return strcmp(value, r->value) == 0;
}

/* how into buf, each %s the value, cut at len as snprintf() cuts. */
static void fill(const char *how, const char *value, char *buf, size_t len)
{
	size_t n = 0;

	if (!len)
		return;
	for (const char *p = how; *p && n + 1 < len; p++) {
		if (p[0] == '%' && p[1] == 's') {
			for (const char *v = value; *v && n + 1 < len; v++)
				buf[n++] = *v;
			p++;
		} else {
			buf[n++] = *p;
		}
	}
	buf[n] = '\0';
}

void exp_keep_text(const struct exp_keep *k, const char *knob, const char *value, char *buf,
		   size_t len)
{
	const struct exp_keep_rule *r;

	if (!k) {
		snprintf(buf, len, "%s %s: hwnoisetop has no knob of that name, nor a way to keep it",
			 knob, value);
		return;
	}
	if (k->way == EXP_KEEP_SYSCTL && k->sysctl) {
		sysctl_line(k->sysctl, value, buf, len);
		return;
	}
	for (r = k->rule; r < k->rule + EXP_KEEP_RULES && r->how; r++) {
		if (!matches(r, value))
			continue;
		if (r->how[0])
			fill(r->how, value, buf, len);
		else
			snprintf(buf, len, "%s %s: the kernel's default, nothing to keep", knob, value);
		return;
	}
	snprintf(buf, len, "%s %s: its descriptor has no rule for this value", knob, value);
}

bool exp_keep_complete(const struct exp_keep *k)
{
	const struct exp_keep_rule *r;

	if (k->way == EXP_KEEP_SYSCTL)
		return k->sysctl != NULL;
	for (r = k->rule; r < k->rule + EXP_KEEP_RULES && r->how; r++)
		if (!r->value)
			return true;
	return false;
}
