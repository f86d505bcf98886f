/*
 * outfile: output files that never follow a symlink.  See outfile.h.
 */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

FILE *outfile_open(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (!f) {
		int e = errno;

		close(fd);
		errno = e;
	}
	return f;
}
