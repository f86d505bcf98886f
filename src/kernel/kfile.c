/*
 * kfile: kernel files kept open and read with pread().  See kfile.h.
 */
#include "kfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct kfile {
	char *path;
	int fd;		/* -1: not open */
	int open_err;	/* remember_missing: why it could not be opened (-errno), or 0 */
};

int kfile_pread_all(int fd, void *buf, size_t size, off_t off)
{
	ssize_t n = pread(fd, buf, size, off);

	if (n < 0)
		return -errno;
	return (size_t)n == size ? 0 : -EIO;
}

static struct kfile *find(struct kfiles *k, const char *path)
{
	struct kfile *f;
	char *copy;

	for (int i = 0; i < k->n; i++)
		if (strcmp(k->f[i].path, path) == 0)
			return &k->f[i];
	if (k->n == k->cap) {
		int cap = k->cap ? k->cap * 2 : 16;

		f = realloc(k->f, sizeof(*f) * cap);
		if (!f)
			return NULL;
		k->f = f;
		k->cap = cap;
	}
	if (!(copy = strdup(path)))
		return NULL;
	f = &k->f[k->n++];
	f->path = copy;
	f->fd = -1;
	f->open_err = 0;
	return f;
}

/* One read from offset 0: the length, or -errno. */
static ssize_t read_once(struct kfile *f, char *buf, size_t size)
{
	ssize_t n;

	if (f->fd < 0 && (f->fd = open(f->path, O_RDONLY | O_CLOEXEC)) < 0)
		return -errno;
	n = pread(f->fd, buf, size, 0);
	return n < 0 ? -errno : n;
}

int kfile_files_read(struct kfiles *k, const char *path, char *buf, size_t size)
{
	struct kfile *f = find(k, path);
	ssize_t n;

	if (!f)
		return -ENOMEM;
	if (size < 2)
		return -E2BIG;
	if (f->open_err) {
		buf[0] = '\0';
		return f->open_err;
	}
	n = read_once(f, buf, size - 1);
	if (n < 0 && f->fd >= 0) {
		/* Removed and made again (a CPU came back): the new file. */
		close(f->fd);
		f->fd = -1;
		n = read_once(f, buf, size - 1);
	}
	if (n < 0) {
		if (f->fd >= 0)
			close(f->fd);
		else if (k->remember_missing)
			f->open_err = (int)n;
		f->fd = -1;
		buf[0] = '\0';
		return (int)n;
	}
	if ((size_t)n == size - 1) {
		char more;

		/* Never hand out a value cut short. */
		if (pread(f->fd, &more, 1, n) > 0) {
			buf[n] = '\0';
			return -E2BIG;
		}
	}
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

void kfile_files_retry(struct kfiles *k)
{
	for (int i = 0; i < k->n; i++)
		k->f[i].open_err = 0;
}

void kfile_files_close(struct kfiles *k)
{
	for (int i = 0; i < k->n; i++) {
		if (k->f[i].fd >= 0)
			close(k->f[i].fd);
		free(k->f[i].path);
	}
	free(k->f);
	memset(k, 0, sizeof(*k));
}
