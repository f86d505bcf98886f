/*
 * cleanup: "hwnoisetop --cleanup" undoes what runs killed with SIGKILL
 * left behind: the settings saved in /run/hwnoisetop/<run>.state are
 * written back and stale hwnoisetop-<pid>[-role] instances are removed.
 * Runs that are still alive are left alone.
 */
#ifndef HWN_CLEANUP_H
#define HWN_CLEANUP_H

#include <stdio.h>

/* Say on out what was done.  Returns an exit status (0, or 1 on failures). */
int cleanup_run(FILE *out);

#endif
