/*
 * settings: saved tracer settings and their restore.  See settings.h.
 *
 * Data: a fixed array of saved entries (path, original text, kind) in the
 * order they were first written.  Restoring walks it backwards, so a value
 * is put back in the reverse order of the changes.  The state file mirrors
 * the array: one line per entry, "kind<TAB>path<TAB>value", plus "instance"
 * lines; it is rewritten (via rename) whenever an entry is added.
 */
#include "settings.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SAVED 64
#define MAX_INST 4
#define PATH_LEN 512
#define VALUE_LEN 1024

enum kind { KIND_VALUE, KIND_OPTIONS };

struct saved {
	enum kind kind;
	char path[PATH_LEN];	/* absolute */
	char value[VALUE_LEN];
	bool restored;
};

static struct saved saved[MAX_SAVED];
static int nsaved;
static char instances[MAX_INST][PATH_LEN];
static char tracing[PATH_LEN / 2];
static char state_file[PATH_LEN];
static char state_tmp[PATH_LEN + 8];

static void abs_path(const char *rel, char *out)
{
	if (rel[0] == '/')
		snprintf(out, PATH_LEN, "%s", rel);
	else
		snprintf(out, PATH_LEN, "%s/%s", tracing, rel);
}

int tracefs_read_text(const char *path, char *buf, size_t size)
{
	char full[PATH_LEN];
	ssize_t n;
	size_t len = 0;
	int fd;

	abs_path(path, full);
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
	buf[len] = '\0';
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = '\0';
	return 0;
}

/* Only system calls: usable from the restore path in a signal handler. */
static int write_full(const char *full, const char *value)
{
	size_t len = strlen(value);
	int fd, err = 0;

	fd = open(full, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, len ? value : "\n", len ? len : 1) < 0)
		err = -errno;
	close(fd);
	return err;
}

int tracefs_write_text(const char *path, const char *value)
{
	char full[PATH_LEN];

	abs_path(path, full);
	return write_full(full, value);
}

/* Returns 0, or -errno when the state file can not be written. */
static int state_write(void)
{
	FILE *f;
	int err = 0;

	if (!state_file[0])
		return 0;
	f = fopen(state_tmp, "we");
	if (!f)
		return -errno;
	fprintf(f, "tracing\t%s\n", tracing);
	for (int i = 0; i < MAX_INST; i++)
		if (instances[i][0])
			fprintf(f, "instance\t%s\n", instances[i]);
	for (int i = 0; i < nsaved; i++)
		fprintf(f, "%s\t%s\t%s\n", saved[i].kind == KIND_OPTIONS ? "options" : "value",
			saved[i].path, saved[i].value);
	if (fclose(f) != 0 || rename(state_tmp, state_file) != 0) {
		err = -errno;
		unlink(state_tmp);
	}
	return err;
}

void settings_set_tracing_dir(const char *tracing_dir)
{
	snprintf(tracing, sizeof(tracing), "%s", tracing_dir);
}

int settings_init(const char *tracing_dir, const char *run_name)
{
	settings_set_tracing_dir(tracing_dir);
	nsaved = 0;
	memset(instances, 0, sizeof(instances));
	state_file[0] = '\0';
	if (mkdir(SETTINGS_STATE_DIR, 0700) < 0 && errno != EEXIST)
		return -errno;
	snprintf(state_file, sizeof(state_file), SETTINGS_STATE_DIR "/%s.state", run_name);
	snprintf(state_tmp, sizeof(state_tmp), "%s.tmp", state_file);
	return 0;
}

static struct saved *find_saved(const char *full)
{
	for (int i = 0; i < nsaved; i++)
		if (strcmp(saved[i].path, full) == 0)
			return &saved[i];
	return NULL;
}

/* "a [b] c" -> "b"; a value without brackets is kept as it is. */
static void keep_choice(char *value)
{
	char *open = strchr(value, '['), *close;

	if (!open || !(close = strchr(open, ']')))
		return;
	*close = '\0';
	memmove(value, open + 1, strlen(open + 1) + 1);
}

static int save(const char *path, enum kind kind, bool choice)
{
	char full[PATH_LEN];
	struct saved *s;
	int err;

	abs_path(path, full);
	if (find_saved(full))
		return 0;
	if (nsaved == MAX_SAVED)
		return -ENOSPC;
	s = &saved[nsaved];
	memset(s, 0, sizeof(*s));
	err = tracefs_read_text(full, s->value, sizeof(s->value));
	if (err)
		return err;
	/* Values never hold newlines; keep the state file one line per entry. */
	for (char *c = s->value; *c; c++)
		if (*c == '\n' || *c == '\t')
			*c = ' ';
	if (choice)
		keep_choice(s->value);
	s->kind = kind;
	snprintf(s->path, sizeof(s->path), "%s", full);
	nsaved++;
	/* Without the state file a SIGKILL could not be undone: do not write. */
	err = state_write();
	if (err)
		nsaved--;
	return err;
}

int settings_write(const char *path, const char *value)
{
	int err = save(path, KIND_VALUE, false);

	if (err)
		return err;
	return tracefs_write_text(path, value);
}

int settings_write_choice(const char *path, const char *value)
{
	int err = save(path, KIND_VALUE, true);

	if (err)
		return err;
	return tracefs_write_text(path, value);
}

int settings_write_u64(const char *path, uint64_t value)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)value);
	return settings_write(path, buf);
}

int settings_fail(char *err, size_t errlen, const char *what, int e)
{
	snprintf(err, errlen, "cannot set %s: %s", what, strerror(e < 0 ? -e : e));
	return -1;
}

int settings_write_option(const char *path, const char *option)
{
	int err = save(path, KIND_OPTIONS, false);

	if (err)
		return err;
	return tracefs_write_text(path, option);
}

int settings_add_instance(const char *dir)
{
	for (int i = 0; i < MAX_INST; i++) {
		if (!instances[i][0]) {
			int err;

			snprintf(instances[i], PATH_LEN, "%s", dir);
			err = state_write();
			if (err)
				instances[i][0] = '\0';
			return err;
		}
	}
	return -ENOSPC;
}

void settings_forget_instance(const char *dir)
{
	for (int i = 0; i < MAX_INST; i++)
		if (strcmp(instances[i], dir) == 0)
			instances[i][0] = '\0';
	state_write();
}

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
		    write_full(full, word) < 0)
			failed++;
	}
	return failed;
}

static int restore_one(const struct saved *s)
{
	if (s->kind == KIND_OPTIONS)
		return restore_options(s->path, s->value) ? -EINVAL : 0;
	return write_full(s->path, s->value);
}

/* An instance directory holds per-CPU and event files; rmdir removes it whole. */
static void remove_instance(char *dir)
{
	char on[PATH_LEN + 16];

	if (!dir[0])
		return;
	/* Stop its tracer before removal so no thread keeps spinning. */
	snprintf(on, sizeof(on), "%s/tracing_on", dir);
	write_full(on, "0");
	snprintf(on, sizeof(on), "%s/current_tracer", dir);
	write_full(on, "nop");
	if (rmdir(dir) == 0 || errno == ENOENT)
		dir[0] = '\0';
}

int settings_restore(void)
{
	int failed = 0;

	for (int i = 0; i < MAX_INST; i++)
		remove_instance(instances[i]);
	/* Backwards, then once more for what the kernel refused in that order. */
	for (int pass = 0; pass < 2; pass++) {
		for (int i = nsaved - 1; i >= 0; i--) {
			if (saved[i].restored)
				continue;
			if (restore_one(&saved[i]) == 0)
				saved[i].restored = true;
		}
	}
	for (int i = 0; i < nsaved; i++)
		if (!saved[i].restored)
			failed++;
	for (int i = 0; i < MAX_INST; i++)
		if (instances[i][0])
			failed++;
	if (!failed && state_file[0])
		unlink(state_file);
	return failed;
}

int settings_restore_file(const char *file, char *msg, size_t msglen)
{
	char line[PATH_LEN + VALUE_LEN + 32];
	int restored = 0;
	FILE *f;

	f = fopen(file, "re");
	if (!f) {
		snprintf(msg, msglen, "%s: %s", file, strerror(errno));
		return -1;
	}
	nsaved = 0;
	memset(instances, 0, sizeof(instances));
	state_file[0] = '\0';
	while (fgets(line, sizeof(line), f)) {
		char *kind = strtok(line, "\t\n");
		char *path = strtok(NULL, "\t\n");
		char *value = strtok(NULL, "\n");

		if (!kind || !path)
			continue;
		if (strcmp(kind, "tracing") == 0) {
			snprintf(tracing, sizeof(tracing), "%s", path);
		} else if (strcmp(kind, "instance") == 0) {
			for (int i = 0; i < MAX_INST; i++) {
				if (!instances[i][0]) {
					snprintf(instances[i], PATH_LEN, "%s", path);
					break;
				}
			}
		} else if (nsaved < MAX_SAVED) {
			struct saved *s = &saved[nsaved++];

			memset(s, 0, sizeof(*s));
			s->kind = strcmp(kind, "options") == 0 ? KIND_OPTIONS : KIND_VALUE;
			snprintf(s->path, sizeof(s->path), "%s", path);
			snprintf(s->value, sizeof(s->value), "%s", value ? value : "");
			restored++;
		}
	}
	fclose(f);
	int failed = settings_restore();

	if (!failed)
		unlink(file);
	snprintf(msg, msglen, "%d settings restored, %d failed", restored - failed, failed);
	return failed;
}
