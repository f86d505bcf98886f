/*
 * tracedat: save a recording instance's buffer as a trace.dat file, which
 * `trace-cmd report` and KernelShark open.  libtracecmd reads the format
 * but has no writer: trace-cmd itself writes it (`trace-cmd extract -B
 * INSTANCE`) in a private directory beside the file, and the file is
 * renamed into place, so that a symlink planted at its name is replaced,
 * never followed.  The extract reads the buffer through trace_pipe_raw,
 * and trace-cmd 3.1 then removes the instance (-B) it read.
 */
#ifndef HWN_TRACEDAT_H
#define HWN_TRACEDAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tracefs_instance;

/* path names a trace.dat file: it ends in ".dat". */
bool tracedat_wanted(const char *path);
/* trace-cmd is an executable file in PATH (else *why says what to install). */
bool tracedat_available(const char **why);

/*
 * Write inst's buffer to path as trace.dat; *events (if not NULL) gets
 * the number of events the buffer held.  0, or -1 with err (one line:
 * trace-cmd missing, or what it said when it failed); no file is left then.
 * The recording should be off meanwhile, or the extract chases it.
 */
int tracedat_extract(struct tracefs_instance *inst, const char *path, uint64_t *events, char *err,
		     size_t errlen);

#endif
