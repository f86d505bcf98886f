/*
 * settings_restore: putting a run's plan back, and telling what was done.
 * See settings.h (settings_restore, settings_outcome) and settings.c.
 * Everything up to settings_outcome() runs in a signal handler too: only
 * system calls and memory allocated beforehand.
 */
#include "settings_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * Write each word of an option list back: "NAME" or "NO_NAME".  DEFAULTS
 * (or NO_DEFAULTS, once another option changed) only reports whether the
 * list is at its defaults: it is not written back.
 */
static int restore_options(const char *full, const char *list)
{
	const char *p = list;
	int failed = 0;

	while (*p) {
		char word[128];
		size_t n = 0;

		while (*p == ' ')
			p++;
		while (*p && *p != ' ' && n + 1 < sizeof(word))
			word[n++] = *p++;
		while (*p && *p != ' ')
			p++;
		word[n] = '\0';
		if (n && strcmp(word, "DEFAULTS") != 0 && strcmp(word, "NO_DEFAULTS") != 0 &&
		    settings_write_full(full, word) < 0)
			failed++;
	}
	return failed;
}

/*
 * An instance holding an event trigger (hwnoisetop hist's, a --trigger)
 * refuses rmdir (EBUSY): opening a trigger file with O_TRUNC removes every
 * trigger of its event.  Only then, every event of the instance.
 */
static void clear_triggers(const char *dir)
{
	char path[SETTINGS_PATH_LEN + 600];
	struct dirent *sys, *ev;
	DIR *ds, *de;
	int fd;

	snprintf(path, sizeof(path), "%s/events", dir);
	if (!(ds = opendir(path)))
		return;
	while ((sys = readdir(ds))) {
		if (sys->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/events/%.250s", dir, sys->d_name);
		if (!(de = opendir(path)))
			continue;
		while ((ev = readdir(de))) {
			if (ev->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/events/%.250s/%.250s/trigger", dir,
				 sys->d_name, ev->d_name);
			if ((fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)) >= 0)
				close(fd);
		}
		closedir(de);
	}
	closedir(ds);
}

/* An instance directory holds per-CPU and event files; rmdir removes it whole. */
static void remove_instance(char *dir)
{
	static const char *const stop[][2] = { { "/tracing_on", "0" },
					       { "/current_tracer", "nop" } };
	char file[SETTINGS_PATH_LEN + 32];
	size_t dl = strlen(dir);
	int rc;

	if (!dir[0])
		return;
	/* Stop its tracer before removal so no thread keeps spinning. */
	for (int i = 0; i < 2; i++) {
		memcpy(file, dir, dl);
		memcpy(file + dl, stop[i][0], strlen(stop[i][0]) + 1);
		settings_write_full(file, stop[i][1]);
	}
	rc = rmdir(dir);
	if (rc < 0 && errno == EBUSY) {
		clear_triggers(dir);
		rc = rmdir(dir);
	}
	if (rc == 0 || errno == ENOENT)
		dir[0] = '\0';
}

int settings_remove_instance(struct ledger *l, const char *dir)
{
	char real[SETTINGS_PATH_LEN];
	int err = settings_allowed(l, dir, true, real, sizeof(real));

	if (err)
		return err == -ENOENT ? 0 : err;
	remove_instance(real);
	return real[0] ? -errno : 0;
}

static void restore_tracer(struct settings_entry *e)
{
	int err = e->kind == KIND_OPTIONS ? (restore_options(e->path, e->orig) ? -EINVAL : 0)
					  : settings_write_full(e->path, e->orig);

	e->out = err ? OUT_FAILED : OUT_RESTORED;
}

/*
 * A knob: kept (keep), left as it is when it holds neither the original
 * nor our last write (the user's), else the original written back.
 */
static void restore_knob(struct ledger *l, struct settings_entry *e)
{
	char *cur = l->cur;

	if (l->plan.keep) {
		e->out = OUT_KEPT;
		return;
	}
	if (settings_read_full(e->path, cur, sizeof(l->cur)) < 0) {
		e->out = OUT_FAILED;
		return;
	}
	settings_trim_choice(cur);
	if (strcmp(cur, e->orig) == 0)
		e->out = OUT_SAME;
	else if (e->last && strcmp(cur, e->last) != 0)
		e->out = OUT_LEFT;
	else
		e->out = settings_write_full(e->path, e->orig) ? OUT_FAILED : OUT_RESTORED;
}

static bool is_smt_control(const struct settings_entry *e)
{
	size_t n = strlen(e->path);

	return n >= 12 && strcmp(e->path + n - 12, "/smt/control") == 0;
}

static void unload_module(struct ledger *l)
{
	struct settings_plan *p = &l->plan;

	if (!p->module[0] || p->module_out == OUT_RESTORED)
		return;
	if (syscall(SYS_delete_module, p->module, O_NONBLOCK) == 0 || errno == ENOENT)
		p->module_out = OUT_RESTORED;
	else if (errno == EWOULDBLOCK || errno == EBUSY)
		p->module_out = OUT_LEFT;	/* in use by someone else */
	else
		p->module_out = OUT_FAILED;
}

/* System calls only: part of the restore path. */
static void unmount_tracefs(struct ledger *l)
{
	struct settings_plan *p = &l->plan;
	struct statfs st;

	if (!p->umount || p->umount_out == OUT_RESTORED)
		return;
	/* Not (or no longer) a tracefs there: nothing of ours to unmount. */
	if (statfs(SETTINGS_TRACEFS_DIR, &st) < 0 || st.f_type != TRACEFS_MAGIC)
		p->umount_out = OUT_RESTORED;
	else if (umount2(SETTINGS_TRACEFS_DIR, 0) == 0)
		p->umount_out = OUT_RESTORED;
	/* Files still open (libtracefs keeps some until exit): out of the tree now. */
	else if (errno == EBUSY && umount2(SETTINGS_TRACEFS_DIR, MNT_DETACH) == 0)
		p->umount_out = OUT_RESTORED;
	else
		p->umount_out = OUT_FAILED;
}

int settings_restore(struct ledger *l)
{
	struct settings_plan *p = &l->plan;
	struct settings_entry *e = p->e;
	size_t n = p->n;
	int failed = 0;

	settings_put_hwlat_thresh(l);
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		remove_instance(p->inst[i]);
	/* Backwards, then once more for what the kernel refused in that order. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = n; i-- > 0;)
			if (e[i].cls == SETTINGS_TRACER && e[i].out != OUT_RESTORED)
				restore_tracer(&e[i]);
	/* smt/control first: "on" brings every CPU online, then each CPU as it was. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++)
			if (e[i].cls == SETTINGS_ONLINE && is_smt_control(&e[i]) == !pass &&
			    e[i].out != OUT_RESTORED)
				restore_knob(l, &e[i]);
	for (size_t i = n; i-- > 0;)
		if (e[i].cls == SETTINGS_KNOB && e[i].out != OUT_RESTORED)
			restore_knob(l, &e[i]);
	unload_module(l);
	unmount_tracefs(l);	/* last: every setting above lives in it */
	for (size_t i = 0; i < n; i++)
		failed += e[i].out == OUT_FAILED;
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		failed += p->inst[i][0] != '\0';
	failed += p->module_out == OUT_FAILED;
	failed += p->umount_out == OUT_FAILED;
	if (!failed)
		settings_state_unlink(l);
	return failed;
}

/* Append printf-style to buf, counting what would be needed. */
__attribute__((format(printf, 4, 5)))
static void add(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	size_t room = *used < len ? len - *used : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? buf + *used : NULL, room, fmt, ap);
	va_end(ap);

	if (n > 0)
		*used += (size_t)n;
}

/* What a knob left alone holds now (the user's value, not our last write). */
static const char *left_value(const struct settings_entry *e, char *cur, size_t size)
{
	if (settings_read_full(e->path, cur, size) < 0)
		return "?";
	settings_trim_choice(cur);
	return cur;
}

size_t settings_outcome(struct ledger *l, char *buf, size_t len)
{
	struct settings_plan *p = &l->plan;
	size_t used = 0, tl = strlen(l->tracing);
	char cur[256];

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < p->n; i++) {
		const struct settings_entry *e = &p->e[i];
		const char *path = e->path;

		if (tl && strncmp(path, l->tracing, tl) == 0 && path[tl] == '/')
			path += tl + 1;
		if (e->out == OUT_FAILED)
			add(buf, len, &used, "failed   %s (could not be put back to %s)\n", path,
			    e->orig);
		else if (e->cls == SETTINGS_TRACER)
			continue;
		else if (e->out == OUT_RESTORED)
			add(buf, len, &used, "restored %s = %s\n", path, e->orig);
		else if (e->out == OUT_KEPT && e->last)	/* only saved: never written */
			add(buf, len, &used, "kept     %s = %s (tuning kept)\n", path, e->last);
		else if (e->out == OUT_LEFT)
			add(buf, len, &used, "left     %s = %s (changed from outside after we set "
			    "%s: left as it is)\n", path, left_value(e, cur, sizeof(cur)),
			    e->last ? e->last : "");
	}
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		if (p->inst[i][0])
			add(buf, len, &used, "failed   %s (instance still there)\n", p->inst[i]);
	if (p->module[0] && p->module_out == OUT_RESTORED)
		add(buf, len, &used, "unloaded module %s\n", p->module);
	else if (p->module[0] && p->module_out == OUT_LEFT)
		add(buf, len, &used, "left     module %s loaded (in use)\n", p->module);
	else if (p->module[0] && p->module_out == OUT_FAILED)
		add(buf, len, &used, "failed   to unload module %s\n", p->module);
	if (p->umount && p->umount_out == OUT_RESTORED)
		add(buf, len, &used, "unmounted tracefs from %s (mounted by hwnoisetop)\n",
		    SETTINGS_TRACEFS_DIR);
	else if (p->umount && p->umount_out == OUT_FAILED)
		add(buf, len, &used, "failed   to unmount tracefs from %s\n", SETTINGS_TRACEFS_DIR);
	return used;
}

size_t settings_describe(struct ledger *l, char *buf, size_t len)
{
	const struct settings_plan *p = &l->plan;
	size_t used = 0, tl = strlen(l->tracing);

	if (len)
		buf[0] = '\0';
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		if (p->inst[i][0])
			add(buf, len, &used, "  remove instance %s\n",
			    strncmp(p->inst[i], l->tracing, tl) == 0 ? p->inst[i] + tl + 1
									: p->inst[i]);
	if (p->hwlat_thresh)
		add(buf, len, &used, "  hwlat's remembered threshold = %llu us\n",
		    (unsigned long long)p->hwlat_thresh);
	for (size_t i = 0; i < p->n; i++) {
		const struct settings_entry *e = &p->e[i];
		const char *path = e->path;

		if (tl && strncmp(path, l->tracing, tl) == 0 && path[tl] == '/')
			path += tl + 1;
		if (e->cls != SETTINGS_TRACER && p->keep)
			add(buf, len, &used, "  %s: kept as tuned (--keep-tuning)\n", path);
		else if (e->last)
			add(buf, len, &used, "  %s = %s (if it still holds %s)\n", path, e->orig, e->last);
		else
			add(buf, len, &used, "  %s = %s\n", path, e->orig);
	}
	if (p->module[0])
		add(buf, len, &used, "  unload module %s\n", p->module);
	if (p->umount)
		add(buf, len, &used, "  unmount tracefs from %s\n", SETTINGS_TRACEFS_DIR);
	return used;
}

void settings_summary(struct ledger *l, char *msg, size_t len)
{
	const struct settings_plan *p = &l->plan;
	int count[OUT_FAILED + 1] = { 0 }, inst = 0;

	for (size_t i = 0; i < p->n; i++)
		count[p->e[i].out]++;
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		inst += p->inst[i][0] != '\0';
	snprintf(msg, len, "%d settings restored, %d kept, %d left as changed from outside, %d failed%s",
		 count[OUT_RESTORED] + count[OUT_SAME], count[OUT_KEPT], count[OUT_LEFT],
		 count[OUT_FAILED] + (p->module_out == OUT_FAILED) + (p->umount_out == OUT_FAILED),
		 inst ? ", an instance could not be removed" : "");
}

void settings_print(struct ledger *l, FILE *out, size_t (*fill)(struct ledger *, char *, size_t),
		    const char *prefix)
{
	size_t need = fill(l, NULL, 0) + 1;
	char *text = malloc(need), *line, *save = NULL;

	if (!text)
		return;
	fill(l, text, need);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		fprintf(out, "%s%s\n", prefix, line);
	free(text);
}

int settings_restore_file(struct ledger *l, const char *file, char *msg, size_t msglen)
{
	int failed;

	if (settings_load_file(l, file, msg, msglen) < 0)
		return -1;
	failed = settings_restore(l);
	settings_summary(l, msg, msglen);
	return failed;
}
