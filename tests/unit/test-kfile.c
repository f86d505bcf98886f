/*
 * Unit tests: kfile, files kept open and read with pread().  A file that
 * is rewritten in place reads anew; with remember_missing a file that
 * could not be opened is not tried again (although it may be there now)
 * until kfile_files_retry(), and without it, it is tried on every read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kfile.h"
#include "tap.h"

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

int main(void)
{
	char dir[] = "/tmp/hwn-kfile-XXXXXX", path[64], other[64], buf[32];
	struct kfiles plain = { 0 }, rem = { .remember_missing = true };
	int rc;

	tap_plan(7);
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/knob", dir);
	snprintf(other, sizeof(other), "%s/other", dir);

	put(path, "one\n");
	rc = kfile_files_read(&plain, path, buf, sizeof(buf));
	tap_ok(rc == 0 && strcmp(buf, "one") == 0, "a file reads, its newline removed");
	put(path, "two\n");
	rc = kfile_files_read(&plain, path, buf, sizeof(buf));
	tap_ok(rc == 0 && strcmp(buf, "two") == 0, "rewritten in place, it reads anew");
	unlink(path);
	rc = kfile_files_read(&rem, path, buf, sizeof(buf));
	tap_ok(rc == -ENOENT && buf[0] == '\0', "a missing file fails with -ENOENT and an empty text");
	put(path, "four\n");
	rc = kfile_files_read(&rem, path, buf, sizeof(buf));
	tap_ok(rc == -ENOENT, "remember_missing: not tried again while remembered, although it is there now");
	kfile_files_retry(&rem);
	rc = kfile_files_read(&rem, path, buf, sizeof(buf));
	tap_ok(rc == 0 && strcmp(buf, "four") == 0, "after kfile_files_retry() it is opened and read");

	rc = kfile_files_read(&plain, other, buf, sizeof(buf));
	put(other, "six\n");
	if (rc == -ENOENT)
		rc = kfile_files_read(&plain, other, buf, sizeof(buf));
	tap_ok(rc == 0 && strcmp(buf, "six") == 0, "without remember_missing it is tried on every read");

	kfile_files_close(&rem);
	kfile_files_close(&plain);
	tap_ok(rem.n == 0 && plain.n == 0, "kfile_files_close() empties the sets");
	unlink(path);
	unlink(other);
	rmdir(dir);
	return tap_done();
}
