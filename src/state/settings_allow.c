/*
 * settings_allow: the allow-list of everything hwnoisetop may write or
 * remove, used by live writes and by --cleanup alike.  See settings.h.
 *
 * A path is first checked as text (absolute, no "." or ".." component, no
 * empty component, no control character), then its parent directory is
 * resolved with realpath and the file itself must not be a symlink.  The
 * real path must lie inside the tracefs mount (directories: only our
 * instances) or match a knob pattern, in which "#" stands for a number.
 */
#include "settings_int.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const knob_patterns[] = {
	"/sys/devices/system/cpu/smt/control",
	"/sys/devices/system/cpu/cpu#/online",
	"/sys/devices/system/cpu/cpufreq/policy#/scaling_governor",
	"/sys/devices/system/cpu/cpu#/cpufreq/scaling_governor",
	"/sys/devices/system/cpu/cpu#/cpuidle/state#/disable",
	"/sys/devices/system/clocksource/clocksource#/current_clocksource",
	"/proc/sys/kernel/nmi_watchdog",
	"/proc/sys/kernel/watchdog",
	"/proc/sys/kernel/soft_watchdog",
	"/proc/sys/kernel/timer_migration",
	"/proc/sys/kernel/sched_rt_runtime_us",
};

void settings_set_knob_root(struct ledger *l, const char *root)
{
	snprintf(l->knob_root, sizeof(l->knob_root), "%s", root);
}

/* Does s match pattern, "#" matching one or more digits? */
static bool match(const char *pattern, const char *s)
{
	for (; *pattern; pattern++) {
		if (*pattern == '#') {
			if (*s < '0' || *s > '9')
				return false;
			while (*s >= '0' && *s <= '9')
				s++;
		} else if (*s++ != *pattern) {
			return false;
		}
	}
	return *s == '\0';
}

/* The knob patterns under root ("" but in tests). */
static bool knob_pattern_at(const char *root, const char *real)
{
	size_t rl = strlen(root);

	if (strncmp(real, root, rl) != 0)
		return false;
	for (size_t i = 0; i < sizeof(knob_patterns) / sizeof(knob_patterns[0]); i++)
		if (match(knob_patterns[i], real + rl))
			return true;
	return false;
}

bool settings_knob_pattern(const char *real)
{
	return knob_pattern_at("", real);
}

/* Absolute, no ".", ".." or empty component, no control character. */
static bool clean_text(const char *path)
{
	if (path[0] != '/' || !path[1])
		return false;
	for (const char *c = path; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return false;
	for (const char *c = path; c; c = strchr(c + 1, '/')) {
		const char *next = c + 1;
		size_t n = strcspn(next, "/");

		if (n == 0 || (n == 1 && next[0] == '.') || (n == 2 && next[0] == '.' && next[1] == '.'))
			return false;
	}
	return true;
}

/* <tracefs>/instances/hwnoisetop-<pid>[-<role>] */
static bool our_instance(const char *rel)
{
	const char *p = rel;

	if (strncmp(p, "instances/hwnoisetop-", 21) != 0)
		return false;
	p += 21;
	if (*p < '1' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '-') {
		if (!*++p)
			return false;
		while ((*p >= 'a' && *p <= 'z') || *p == '_')
			p++;
	}
	return *p == '\0';
}

int settings_allowed(const struct ledger *l, const char *path, bool want_dir, char *real,
		     size_t len)
{
	char parent[PATH_MAX], resolved[PATH_MAX], troot[PATH_MAX];
	const char *base;
	struct stat st;
	size_t pl, tl;

	if (!path || !clean_text(path) || strlen(path) >= sizeof(parent))
		return -EPERM;
	base = strrchr(path, '/') + 1;
	snprintf(parent, sizeof(parent), "%.*s", (int)(base - path - 1), path);
	if (!realpath(parent[0] ? parent : "/", resolved))
		return errno == ENOENT ? -ENOENT : -EPERM;
	pl = strlen(resolved);
	if (pl + 1 + strlen(base) + 1 > len || pl + 1 + strlen(base) + 1 > sizeof(resolved))
		return -ENAMETOOLONG;
	if (pl > 1)
		resolved[pl++] = '/';
	strcpy(resolved + pl, base);
	/* The file itself: never through a symlink. */
	if (lstat(resolved, &st) == 0 && (S_ISLNK(st.st_mode) || S_ISDIR(st.st_mode) != want_dir))
		return -EPERM;
	if (l && l->tracing[0] && realpath(l->tracing, troot) &&
	    (tl = strlen(troot)) > 1 && strncmp(resolved, troot, tl) == 0 &&
	    resolved[tl] == '/' && (!want_dir || our_instance(resolved + tl + 1))) {
		strcpy(real, resolved);
		return 0;
	}
	if (want_dir || !knob_pattern_at(l ? l->knob_root : "", resolved))
		return -EPERM;
	strcpy(real, resolved);
	return 0;
}
