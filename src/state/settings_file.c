/*
 * settings_file: the state directory, the run's lock and the state file
 * (format: top of settings.c).
 *
 * /run/hwnoisetop must be a directory, not a symlink, owned by us (root)
 * and closed to everyone else; a state file must be a regular file owned
 * by us, opened without following symlinks.  The state file is written to
 * NAME.state.tmp (created exclusively, 0600), every write checked, flushed
 * to disk, and only then renamed over NAME.state: a full disk leaves the
 * previous file whole.  NAME.lock is held (flock) for the life of the run:
 * a run is alive exactly while its lock is held, whatever PIDs exist.
 */
#include "settings_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const class_names[] = { "tracer", "online", "knob" };
static const char *const kind_names[] = { "value", "choice", "options" };

struct ledger *settings_ledger_new(void)
{
	struct ledger *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	snprintf(l->state_dir, sizeof(l->state_dir), "%s", SETTINGS_STATE_DIR);
	l->lock_fd = -1;
	return l;
}

void settings_ledger_free(struct ledger *l)
{
	if (!l)
		return;
	settings_done(l);
	settings_clear(l);
	free(l);
}

void settings_set_state_dir(struct ledger *l, const char *dir)
{
	snprintf(l->state_dir, sizeof(l->state_dir), "%s", dir);
}

const char *settings_error(const struct ledger *l)
{
	return l->error;
}

int settings_check_dir(const char *dir, char *msg, size_t msglen)
{
	struct stat st;

	if (lstat(dir, &st) < 0) {
		snprintf(msg, msglen, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(msg, msglen, "%s is not a directory (a symlink?): refused", dir);
		return -EPERM;
	}
	if (st.st_uid != geteuid() || (st.st_mode & 077)) {
		snprintf(msg, msglen, "%s must be owned by %s with mode 0700 (it is uid %u, mode %04o): refused",
			 dir, geteuid() ? "this user" : "root", (unsigned)st.st_uid,
			 (unsigned)(st.st_mode & 07777));
		return -EPERM;
	}
	return 0;
}

int settings_init(struct ledger *l, const char *tracing_dir, const char *run_name)
{
	char again[sizeof(l->lock_file)];
	int err;

	/* Initialised already under this name (e.g. to mount tracefs): keep the plan. */
	snprintf(again, sizeof(again), "%s/%.200s.lock", l->state_dir, run_name);
	if (l->lock_fd >= 0 && strcmp(again, l->lock_file) == 0) {
		settings_set_tracing_dir(l, tracing_dir);
		return 0;
	}
	settings_set_tracing_dir(l, tracing_dir);
	settings_clear(l);
	l->state_file[0] = l->dead_lock[0] = '\0';
	l->error[0] = '\0';
	if (mkdir(l->state_dir, 0700) < 0 && errno != EEXIST) {
		err = -errno;
		snprintf(l->error, sizeof(l->error), "cannot create %.200s: %s", l->state_dir, strerror(errno));
		return err;
	}
	if ((err = settings_check_dir(l->state_dir, l->error, sizeof(l->error))))
		return err;
	snprintf(l->lock_file, sizeof(l->lock_file), "%s/%.200s.lock", l->state_dir, run_name);
	if (l->lock_fd >= 0)
		close(l->lock_fd);
	for (int tries = 0;; tries++) {
		struct stat held, named;

		l->lock_fd = open(l->lock_file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (l->lock_fd < 0 || flock(l->lock_fd, LOCK_EX | LOCK_NB) < 0) {
			err = -errno;
			snprintf(l->error, sizeof(l->error), "cannot lock %.300s: %s", l->lock_file,
				 strerror(errno));
			if (l->lock_fd >= 0)
				close(l->lock_fd);
			l->lock_fd = -1;
			return err;
		}
		/*
		 * --cleanup removes a dead run's lock file under its own lock: the
		 * one locked here must still be the one of that name.
		 */
		if (fstat(l->lock_fd, &held) == 0 && lstat(l->lock_file, &named) == 0 &&
		    held.st_dev == named.st_dev && held.st_ino == named.st_ino)
			break;
		close(l->lock_fd);
		l->lock_fd = -1;
		if (tries == 3) {
			snprintf(l->error, sizeof(l->error), "cannot lock %.300s: it keeps being removed",
				 l->lock_file);
			return -EAGAIN;
		}
	}
	snprintf(l->state_file, sizeof(l->state_file), "%s/%.200s.state", l->state_dir, run_name);
	snprintf(l->state_tmp, sizeof(l->state_tmp), "%s.tmp", l->state_file);
	return 0;
}

int settings_lock_fd(const struct ledger *l)
{
	return l->lock_fd;
}

void settings_done(struct ledger *l)
{
	if (l->lock_fd < 0)
		return;
	unlink(l->lock_file);
	close(l->lock_fd);
	l->lock_fd = -1;
}

bool settings_run_alive(const struct ledger *l, const char *run_name)
{
	char file[SETTINGS_PATH_LEN];
	bool alive;
	int fd;

	snprintf(file, sizeof(file), "%s/%.200s.lock", l ? l->state_dir : SETTINGS_STATE_DIR, run_name);
	fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return false;
	alive = flock(fd, LOCK_SH | LOCK_NB) < 0 && errno == EWOULDBLOCK;
	close(fd);
	return alive;
}

int settings_remove_stale_lock(const struct ledger *l, const char *lock_name)
{
	const char *dir = l ? l->state_dir : SETTINGS_STATE_DIR;
	char lock[SETTINGS_PATH_LEN], state[SETTINGS_PATH_LEN];
	size_t n = strlen(lock_name);
	struct stat st;
	int fd, err = 1;

	if (n <= 5 || strcmp(lock_name + n - 5, ".lock") != 0 || strchr(lock_name, '/'))
		return 0;
	snprintf(lock, sizeof(lock), "%s/%.200s", dir, lock_name);
	snprintf(state, sizeof(state), "%s/%.*s.state", dir, (int)(n - 5), lock_name);
	if (lstat(state, &st) == 0 || errno != ENOENT)
		return 0;	/* a state file: restoring it removes the lock too */
	fd = open(lock, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		close(fd);
		return 0;	/* not a lock file of ours */
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		err = errno == EWOULDBLOCK ? 0 : -errno;	/* alive */
		close(fd);
		return err;
	}
	if (unlink(lock) < 0)
		err = errno == ENOENT ? 0 : -errno;
	close(fd);
	return err;
}

void settings_state_unlink(struct ledger *l)
{
	if (l->state_file[0])
		unlink(l->state_file);
	/* Nothing left to clean: the lock file goes too (the lock stays held). */
	if (l->dead_lock[0])
		unlink(l->dead_lock);
	else if (l->lock_fd >= 0)
		unlink(l->lock_file);
}

static void write_plan(const struct ledger *l, FILE *f)
{
	const struct settings_plan *p = &l->plan;

	fprintf(f, "hwnoisetop-state 2\ntracing\t%s\nkeep\t%d\n", l->tracing, p->keep);
	if (p->hwlat_thresh)
		fprintf(f, "hwlat_thresh\t%llu\n", (unsigned long long)p->hwlat_thresh);
	if (p->module[0])
		fprintf(f, "action\tunload_module\t%s\n", p->module);
	if (p->umount)
		fprintf(f, "action\tumount\t%s\n", SETTINGS_TRACEFS_DIR);
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		if (p->inst[i][0])
			fprintf(f, "instance\t%s\n", p->inst[i]);
	for (size_t i = 0; i < p->n; i++) {
		const struct settings_entry *e = &p->e[i];

		fprintf(f, "entry\t%s\t%s\t%d\t%s\t%s\t%s\n", class_names[e->cls],
			kind_names[e->kind], e->last != NULL, e->path, e->orig,
			e->last ? e->last : "");
	}
	fprintf(f, "end\t%zu\n", p->n);
}

/* Returns 0, or -errno when the state file can not be written whole. */
int settings_state_write(struct ledger *l)
{
	FILE *f;
	int fd, err = 0;

	if (!l->state_file[0])
		return 0;
	fd = open(l->state_tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 && errno == EEXIST && unlink(l->state_tmp) == 0)	/* left by a crash */
		fd = open(l->state_tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (!f) {
		err = -errno;
		close(fd);
		unlink(l->state_tmp);
		return err;
	}
	write_plan(l, f);
	if (fflush(f) != 0 || ferror(f) || fsync(fd) != 0)
		err = errno ? -errno : -EIO;
	if (fclose(f) != 0 && !err)
		err = -errno;
	if (!err && rename(l->state_tmp, l->state_file) != 0)
		err = -errno;
	if (err)
		unlink(l->state_tmp);
	return err;
}

/* Split off the next tab-separated field of *s (NULL when none is left). */
static char *field(char **s)
{
	char *f = *s, *tab;

	if (!f)
		return NULL;
	tab = strchr(f, '\t');
	if (tab) {
		*tab = '\0';
		*s = tab + 1;
	} else {
		*s = NULL;
	}
	return f;
}

static int lookup(const char *const *names, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (name && strcmp(names[i], name) == 0)
			return i;
	return -1;
}

static int parse_entry(struct ledger *l, char *rest, char *msg, size_t msglen)
{
	char *cls = field(&rest), *kind = field(&rest), *written = field(&rest);
	char *path = field(&rest), *orig = field(&rest), *last = field(&rest);
	char real[SETTINGS_PATH_LEN];
	int c = lookup(class_names, 3, cls), k = lookup(kind_names, 3, kind);

	if (c < 0 || k < 0 || !written || (strcmp(written, "0") && strcmp(written, "1")) ||
	    !last || rest) {
		snprintf(msg, msglen, "an entry line is not in the format of version 2");
		return -1;
	}
	if (settings_allowed(l, path, false, real, sizeof(real)) < 0 || strcmp(real, path) != 0) {
		snprintf(msg, msglen, "it names %.300s, which hwnoisetop never writes", path);
		return -1;
	}
	if (settings_add_entry(l, path, orig, *written == '1' ? last : NULL, c, k) < 0) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	return 0;
}

static int parse_instance(struct ledger *l, const char *dir, char *msg, size_t msglen)
{
	char real[SETTINGS_PATH_LEN];

	if (!dir || settings_allowed(l, dir, true, real, sizeof(real)) < 0) {
		snprintf(msg, msglen, "it names %.300s as an instance of hwnoisetop, which it is not",
			 dir ? dir : "nothing");
		return -1;
	}
	for (int i = 0; i < SETTINGS_MAX_INST; i++)
		if (!l->plan.inst[i][0]) {
			strcpy(l->plan.inst[i], real);
			return 0;
		}
	snprintf(msg, msglen, "too many instances");
	return -1;
}

/* One line of a version 2 file; *end is set by the end line. */
static int parse_line(struct ledger *l, char *line, bool v1, bool *end, char *msg, size_t msglen)
{
	char *rest = line, *key = field(&rest);
	char *end_num;

	if (strcmp(key, "tracing") == 0)
		return 0;	/* cleanup uses the tracefs it finds itself */
	if (strcmp(key, "instance") == 0)
		return parse_instance(l, field(&rest), msg, msglen);
	if (v1 && (strcmp(key, "value") == 0 || strcmp(key, "options") == 0)) {
		char *path = field(&rest), *value = rest ? rest : (char *)"";
		char v2[SETTINGS_PATH_LEN * 2];

		snprintf(v2, sizeof(v2), "tracer\t%s\t0\t%s\t%s\t",
			 key[0] == 'v' ? "value" : "options", path ? path : "", value);
		return parse_entry(l, v2, msg, msglen);
	}
	if (v1)
		goto bad;
	if (strcmp(key, "entry") == 0)
		return parse_entry(l, rest, msg, msglen);
	if (strcmp(key, "keep") == 0 && rest && (!strcmp(rest, "0") || !strcmp(rest, "1"))) {
		l->plan.keep = *rest == '1';
		return 0;
	}
	if (strcmp(key, "hwlat_thresh") == 0 && rest && *rest) {
		l->plan.hwlat_thresh = strtoull(rest, &end_num, 10);
		if (!*end_num)
			return 0;
	}
	if (strcmp(key, "action") == 0 && rest && strcmp(rest, "unload_module\tmsr") == 0) {
		strcpy(l->plan.module, "msr");
		return 0;
	}
	if (strcmp(key, "action") == 0 && rest && strcmp(rest, "umount\t" SETTINGS_TRACEFS_DIR) == 0) {
		l->plan.umount = true;
		return 0;
	}
	if (strcmp(key, "end") == 0 && rest) {
		unsigned long long n = strtoull(rest, &end_num, 10);

		if (!*end_num && n == l->plan.n) {
			*end = true;
			return 0;
		}
	}
bad:
	snprintf(msg, msglen, "a line starting with \"%.40s\" is not in the format", key);
	return -1;
}

int settings_parse(struct ledger *l, char *text, size_t len, char *msg, size_t msglen)
{
	bool v1, end = false;
	char *line = text;

	settings_clear(l);
	if (len == 0 || text[len - 1] != '\n' || memchr(text, '\0', len)) {
		snprintf(msg, msglen, "it is cut short (no end of line at the end) or not text");
		return -1;
	}
	v1 = strncmp(text, "hwnoisetop-state ", 17) != 0;
	if (!v1) {
		if (strncmp(text, "hwnoisetop-state 2\n", 19) != 0) {
			snprintf(msg, msglen, "it is of a version this hwnoisetop does not know");
			return -1;
		}
		line += 19;
	}
	while (line < text + len) {
		char *nl = strchr(line, '\n');

		*nl = '\0';
		if (end) {
			snprintf(msg, msglen, "it goes on after its end line");
			goto fail;
		}
		if (parse_line(l, line, v1, &end, msg, msglen) < 0)
			goto fail;
		line = nl + 1;
	}
	if (v1 || end)
		return 0;
	snprintf(msg, msglen, "it is cut short (no end line)");
fail:
	settings_clear(l);
	return -1;
}

/* Read a state file we may trust (see the top of this file) into the plan. */
int settings_load_file(struct ledger *l, const char *file, char *msg, size_t msglen)
{
	char why[400];
	struct stat st;
	char *text;
	ssize_t got;
	int fd;

	settings_clear(l);
	l->state_file[0] = l->dead_lock[0] = '\0';
	if (settings_check_dir(l->state_dir, why, sizeof(why)) < 0) {
		snprintf(msg, msglen, "%s", why);
		return -1;
	}
	fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(msg, msglen, "%s: %s: refused", file, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022) || st.st_nlink != 1 || (size_t)st.st_size > SETTINGS_FILE_MAX) {
		snprintf(msg, msglen, "%s is not a regular file of %s, closed to others: refused",
			 file, geteuid() ? "this user" : "root");
		close(fd);
		return -1;
	}
	text = malloc((size_t)st.st_size + 1);
	got = text ? read(fd, text, (size_t)st.st_size + 1) : -1;
	close(fd);
	if (got != st.st_size) {
		snprintf(msg, msglen, "%s: cannot read it whole: refused", file);
		free(text);
		return -1;
	}
	text[got] = '\0';
	if (settings_parse(l, text, (size_t)got, why, sizeof(why)) < 0) {
		snprintf(msg, msglen, "%s: %s: refused, nothing written", file, why);
		free(text);
		return -1;
	}
	free(text);
	snprintf(l->state_file, sizeof(l->state_file), "%s", file);
	snprintf(l->dead_lock, sizeof(l->dead_lock), "%s", file);
	if (strlen(file) > 6 && strcmp(file + strlen(file) - 6, ".state") == 0)
		strcpy(l->dead_lock + strlen(file) - 6, ".lock");
	else
		l->dead_lock[0] = '\0';
	return 0;
}
