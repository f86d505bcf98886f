/*
 * outfile: open a file the program writes (trace, histogram, report) so
 * that a symlink planted at its name is never followed: a root tool
 * writing into a shared directory must not be steered into another file.
 */
#ifndef HWN_OUTFILE_H
#define HWN_OUTFILE_H

#include <stdio.h>

/*
 * fopen(path, "w") without following a symlink at path (ELOOP then),
 * created 0644 if missing, close-on-exec.  NULL and errno on failure.
 */
FILE *outfile_open(const char *path);

#endif
