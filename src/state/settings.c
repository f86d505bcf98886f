/*
 * settings: saved kernel settings and their restore.  See settings.h.
 *
 * Data: a ledger (struct ledger, settings_int.h) holds its plan: a growing
 * array of entries (real path, original value, our last write, class, kind)
 * in the order they were first saved, the instances to remove, the keep
 * flag, the module to unload and the hwlat threshold the kernel remembered.
 *
 * The state file, /run/hwnoisetop/NAME.state (written by settings_file.c,
 * replaced through rename whenever the plan changes, before the change is
 * made to the kernel), holds the same, one record per line, fields
 * separated by one tab, values never holding a tab or a newline:
 *
 *   hwnoisetop-state 2
 *   tracing  <tracefs dir>                      (informative: cleanup uses its own)
 *   keep     0|1
 *   hwlat_thresh <us>                           (optional)
 *   action   unload_module  <module>            (optional; only msr)
 *   action   umount         /sys/kernel/tracing (optional: this run mounted it)
 *   instance <dir>                              (any number)
 *   entry    <class> <kind> <written> <path> <original> <last write>
 *   end      <number of entry lines>
 *
 * class is tracer, online or knob; kind is value, choice (compared and saved
 * on the bracketed word) or options (an option list written back word by
 * word); written is 1 when <last write> holds our last write, 0 when the
 * file was only saved (<last write> then empty).  A file that does not start
 * with the version line, misses the end line or holds anything else is
 * refused whole.  The format of version 1 (no version line: "tracing",
 * "instance", "value" and "options" lines) is still read, as tracer entries.
 */
#include "settings_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>


/* out has SETTINGS_PATH_LEN bytes; a longer path comes out empty (refused). */
static void abs_path(const struct ledger *l, const char *rel, char *out)
{
	size_t tl = strlen(l->tracing), rl = strlen(rel);

	out[0] = '\0';
	if (rel[0] == '/' && rl < SETTINGS_PATH_LEN)
		memcpy(out, rel, rl + 1);
	else if (rel[0] != '/' && tl + 1 + rl < SETTINGS_PATH_LEN) {
		memcpy(out, l->tracing, tl);
		out[tl] = '/';
		memcpy(out + tl + 1, rel, rl + 1);
	}
}

static void trim(char *buf, size_t len)
{
	buf[len] = '\0';
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = '\0';
}

/* Read a file at an absolute path (system calls only). */
int settings_read_full(const char *full, char *buf, size_t size)
{
	ssize_t n;
	size_t len = 0;
	int fd;

	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (len + 1 < size && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	if (len + 1 == size) {
		char more;

		/* Never save or compare a value cut short. */
		if (read(fd, &more, 1) > 0) {
			close(fd);
			buf[len] = '\0';
			return -E2BIG;
		}
	}
	close(fd);
	trim(buf, len);
	return 0;
}

int settings_read_text(const char *path, char *buf, size_t size)
{
	if (path[0] != '/')
		return -EINVAL;
	return settings_read_full(path, buf, size);
}

int settings_read(const struct ledger *l, const char *path, char *buf, size_t size)
{
	char full[SETTINGS_PATH_LEN];

	abs_path(l, path, full);
	return settings_read_full(full, buf, size);
}

/* The whole file, however long, in a new string (live path only). */
static int read_alloc(const char *full, char **out)
{
	size_t size = 4096;

	for (;;) {
		char *buf = malloc(size);
		int err;

		if (!buf)
			return -ENOMEM;
		err = settings_read_full(full, buf, size);
		if (err != -E2BIG) {
			if (err)
				free(buf);
			else
				*out = buf;
			return err;
		}
		free(buf);
		if (size >= SETTINGS_FILE_MAX)
			return -E2BIG;
		size *= 4;
	}
}

/* Only system calls, no symlink followed: usable from a signal handler. */
int settings_write_full(const char *full, const char *value)
{
	size_t len = strlen(value);
	int fd, err = 0;

	fd = open(full, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -errno;
	if (write(fd, len ? value : "\n", len ? len : 1) < 0)
		err = -errno;
	close(fd);
	return err;
}

int settings_write_text(const char *path, const char *value)
{
	if (path[0] != '/')
		return -EINVAL;
	return settings_write_full(path, value);
}

static struct settings_entry *find_entry(struct ledger *l, const char *real)
{
	for (size_t i = 0; i < l->plan.n; i++)
		if (strcmp(l->plan.e[i].path, real) == 0)
			return &l->plan.e[i];
	return NULL;
}

/* "a [b] c" -> "b"; a value without brackets is kept as it is. */
void settings_trim_choice(char *value)
{
	char *open = strchr(value, '['), *close;

	if (!open || !(close = strchr(open, ']')))
		return;
	*close = '\0';
	memmove(value, open + 1, strlen(open + 1) + 1);
}

static bool one_line(const char *s)
{
	return !strpbrk(s, "\t\n");
}

/*
 * Save the file's value (first time only); *out gets its entry.  The state
 * file is not written here: see flush_then_write().
 */
static int save(struct ledger *l, const char *path, enum settings_class cls,
		enum settings_kind kind, struct settings_entry **out)
{
	char full[SETTINGS_PATH_LEN], real[SETTINGS_PATH_LEN];
	char *value;
	int err;

	abs_path(l, path, full);
	err = settings_allowed(l, full, false, real, sizeof(real));
	if (err)
		return err;
	if ((*out = find_entry(l, real)))
		return 0;
	err = read_alloc(real, &value);
	if (err)
		return err;
	/* Values never hold newlines; keep the state file one line per entry. */
	for (char *c = value; *c; c++)
		if (*c == '\n' || *c == '\t')
			*c = ' ';
	if (kind == KIND_CHOICE)
		settings_trim_choice(value);
	err = settings_add_entry(l, real, value, NULL, cls, kind);
	free(value);
	if (err)
		return err;
	*out = &l->plan.e[l->plan.n - 1];
	l->plan.dirty = true;
	return 0;
}

/* Drop the entries saved after the first `before' (their state-file write failed). */
static void unsave(struct ledger *l, size_t before)
{
	struct settings_plan *p = &l->plan;

	while (p->n > before) {
		struct settings_entry *e = &p->e[--p->n];

		free(e->path);
		free(e->orig);
		free(e->last);
	}
}

/* Record value as our last write of e (before writing it); *old gets the previous. */
static int set_last(struct ledger *l, struct settings_entry *e, const char *value, char **old)
{
	char *copy = strdup(value);

	if (!copy)
		return -ENOMEM;
	*old = e->last;
	e->last = copy;
	l->plan.dirty = true;
	return 0;
}

int settings_sync(struct ledger *l)
{
	int err;

	if (!l->plan.dirty)
		return 0;
	err = settings_state_write(l);
	if (!err)
		l->plan.dirty = false;
	return err;
}

static int write_setting(struct ledger *l, const char *path, const char *value,
			 enum settings_class cls, enum settings_kind kind)
{
	struct settings_entry *e;
	size_t before = l->plan.n;
	char *old = NULL;
	int err;

	if (!one_line(value))
		return -EINVAL;
	err = save(l, path, cls, kind, &e);
	if (err)
		return err;
	if (cls != SETTINGS_TRACER && (err = set_last(l, e, value, &old)))
		return err;
	/* Without the state file a SIGKILL could not be undone: do not write. */
	err = settings_sync(l);
	if (err) {
		if (cls != SETTINGS_TRACER) {
			char *ours = e->last;

			e->last = old;
			free(ours);
		}
		unsave(l, before);
		return err;
	}
	free(old);
	return settings_write_full(e->path, value);
}

int settings_write(struct ledger *l, const char *path, const char *value)
{
	return write_setting(l, path, value, SETTINGS_TRACER, KIND_VALUE);
}

int settings_write_choice(struct ledger *l, const char *path, const char *value)
{
	return write_setting(l, path, value, SETTINGS_TRACER, KIND_CHOICE);
}

int settings_write_u64(struct ledger *l, const char *path, uint64_t value)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)value);
	return settings_write(l, path, buf);
}

int settings_fail(char *err, size_t errlen, const char *what, int e)
{
	snprintf(err, errlen, "cannot set %s: %s", what, strerror(e < 0 ? -e : e));
	return -1;
}

int settings_write_option(struct ledger *l, const char *path, const char *option)
{
	return write_setting(l, path, option, SETTINGS_TRACER, KIND_OPTIONS);
}

static int knob_class(const char *path, enum settings_class cls)
{
	if (path[0] != '/' || cls == SETTINGS_TRACER)
		return -EINVAL;
	return 0;
}

int settings_write_knob(struct ledger *l, const char *path, const char *value,
			enum settings_class cls)
{
	int err = knob_class(path, cls);

	return err ? err : write_setting(l, path, value, cls, KIND_CHOICE);
}

int settings_write_knobs(struct ledger *l, const char *const *paths, size_t n, const char *value,
			 enum settings_class cls)
{
	size_t before = l->plan.n;
	struct settings_entry *e;
	char *old;
	int err;

	if (!one_line(value))
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		if ((err = knob_class(paths[i], cls)) || (err = save(l, paths[i], cls, KIND_CHOICE, &e)))
			return err;
		if ((err = set_last(l, e, value, &old)))
			return err;
		free(old);
	}
	if ((err = settings_sync(l))) {
		unsave(l, before);
		return err;
	}
	for (size_t i = 0; i < n; i++) {
		char real[SETTINGS_PATH_LEN];

		if ((err = settings_allowed(l, paths[i], false, real, sizeof(real))) ||
		    (err = settings_write_full(real, value)))
			return err;
	}
	return 0;
}

int settings_save_knob(struct ledger *l, const char *path, enum settings_class cls)
{
	struct settings_entry *e;
	int err = knob_class(path, cls);

	return err ? err : save(l, path, cls, KIND_CHOICE, &e);
}

void settings_set_keep(struct ledger *l, bool keep)
{
	l->plan.keep = keep;
	l->plan.dirty = true;
	settings_sync(l);
}

bool settings_keep(const struct ledger *l)
{
	return l->plan.keep;
}

int settings_add_action_unload_module(struct ledger *l, const char *module)
{
	if (strcmp(module, "msr") != 0)
		return -EPERM;
	snprintf(l->plan.module, sizeof(l->plan.module), "%s", module);
	l->plan.dirty = true;
	return settings_sync(l);
}

void settings_drop_action_unload_module(struct ledger *l)
{
	l->plan.module[0] = '\0';
	l->plan.dirty = true;
	settings_sync(l);
}

int settings_add_action_umount(struct ledger *l)
{
	l->plan.umount = true;
	l->plan.umount_out = OUT_NONE;
	l->plan.dirty = true;
	return settings_sync(l);
}

void settings_drop_action_umount(struct ledger *l)
{
	l->plan.umount = false;
	l->plan.dirty = true;
	settings_sync(l);
}

int settings_set_hwlat_thresh(struct ledger *l, uint64_t us)
{
	l->plan.hwlat_thresh = us;
	l->plan.dirty = true;
	return settings_sync(l);
}

/* System calls only: part of the restore path. */
static void u64_text(uint64_t v, char *buf)
{
	char tmp[24];
	int n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10));
	while (n)
		*buf++ = tmp[--n];
	*buf = '\0';
}

void settings_put_hwlat_thresh(struct ledger *l)
{
	char full[SETTINGS_PATH_LEN + 16], num[24];
	size_t tl = strlen(l->tracing);

	if (!l->plan.hwlat_thresh || tl + sizeof("/tracing_thresh") > sizeof(full))
		return;
	memcpy(full, l->tracing, tl);
	memcpy(full + tl, "/tracing_thresh", sizeof("/tracing_thresh"));
	u64_text(l->plan.hwlat_thresh, num);
	settings_write_full(full, num);
}

int settings_add_instance(struct ledger *l, const char *dir)
{
	for (int i = 0; i < SETTINGS_MAX_INST; i++) {
		char *slot = l->plan.inst[i];

		if (!slot[0]) {
			int err;

			if (strlen(dir) >= SETTINGS_PATH_LEN)
				return -ENAMETOOLONG;
			strcpy(slot, dir);
			l->plan.dirty = true;
			err = settings_sync(l);
			if (err)
				slot[0] = '\0';
			return err;
		}
	}
	return -ENOSPC;
}

void settings_forget_instance(struct ledger *l, const char *dir)
{
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		if (strcmp(l->plan.inst[i], dir) == 0)
			l->plan.inst[i][0] = '\0';
	l->plan.dirty = true;
	settings_sync(l);
}

