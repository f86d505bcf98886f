/*
 * kfile: small kernel files (sysfs, procfs, tracefs) kept open and read
 * again with pread(): one system call a read instead of open, read, read
 * and close.
 *
 * The kernel makes such a file's text anew on every read from offset 0
 * and hands all of it to a read with room for it, so a read that leaves
 * room is the whole file.  A file that fails (its CPU went offline, it was
 * removed and made again) is opened once more.
 *
 * An open file of a tracefs instance keeps the instance from being
 * removed: close the set (kfile_files_close) before removing the instance.
 */
#ifndef HWN_KFILE_H
#define HWN_KFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct kfile;

/*
 * A set of open files, found by path.  All zeros is an empty set.  With
 * remember_missing, a file that could not be opened is not tried again
 * (its read fails at once with the same error) until kfile_files_retry().
 */
struct kfiles {
	struct kfile *f;
	int n, cap;
	bool remember_missing;
};

/*
 * The text of the file at path (absolute) into buf, trailing newlines and
 * spaces removed, as one string.  0, or -errno (-E2BIG: longer than
 * size - 1).  The file stays open for the next read.
 */
int kfile_files_read(struct kfiles *k, const char *path, char *buf, size_t size);
/* The files that could not be opened are tried again at their next read. */
void kfile_files_retry(struct kfiles *k);
/* Close every file of the set and forget them. */
void kfile_files_close(struct kfiles *k);

/* size bytes at offset off of fd, all of them: 0, or -errno (-EIO when short). */
int kfile_pread_all(int fd, void *buf, size_t size, off_t off);

#endif
