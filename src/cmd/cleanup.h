/*
 * cleanup: "hwnoisetop --cleanup" undoes what runs killed with SIGKILL
 * left behind: the settings saved in /run/hwnoisetop/<run>.state are
 * written back and stale hwnoisetop-<pid>[-role] instances are removed.
 * Runs that are still alive are left alone.  With orphans, osnoise and
 * timerlat instances other tools left unused go too (see orphans.h).
 */
#ifndef HWN_CLEANUP_H
#define HWN_CLEANUP_H

#include <stdbool.h>
#include <stdio.h>

/* Say on out what was done.  Returns an exit status (0, or 1 on failures). */
int cleanup_run(FILE *out, bool orphans);

#endif
