/*
 * settings: the one place that changes kernel tracer settings.
 *
 * Every global tracefs file is read and saved before it is first written;
 * settings_restore() writes every saved value back (and removes the
 * instances registered here) on every way out.  The saved values are also
 * kept in a state file under /run/hwnoisetop/ so that a run killed with
 * SIGKILL can be undone later by "hwnoisetop --cleanup".
 *
 * The restore path uses only pre-allocated memory and plain system calls,
 * so it may also run from a fatal-signal handler.
 */
#ifndef HWN_SETTINGS_H
#define HWN_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SETTINGS_STATE_DIR "/run/hwnoisetop"

/* Where tracefs is mounted: relative paths below are taken from there. */
void settings_set_tracing_dir(const char *tracing_dir);

/* Name this run (used for the state file); call once, before any write. */
int settings_init(const char *tracing_dir, const char *run_name);

/*
 * Write value to the file at path (relative to the tracing directory),
 * saving the file's current value first if this is the first write.
 * Returns 0, or -errno.
 */
int settings_write(const char *path, const char *value);

/*
 * Like settings_write, for a file that lists its choices with the current
 * one in brackets, e.g. hwlat_detector/mode "none [round-robin] per-cpu":
 * only the bracketed word is saved, so that it can be written back.
 */
int settings_write_choice(const char *path, const char *value);

/* settings_write() of a decimal number. */
int settings_write_u64(const char *path, uint64_t value);

/* "cannot set WHAT: strerror(e)" into err (e may be negative); returns -1. */
int settings_fail(char *err, size_t errlen, const char *what, int e);

/*
 * Set or clear one option in an option-list file such as osnoise/options
 * ("NAME" sets, "NO_NAME" clears); the whole list is saved first.
 */
int settings_write_option(const char *path, const char *option);

/* Remember an instance directory (absolute) to remove at restore time. */
int settings_add_instance(const char *dir);
/* Forget it again (the caller removed it itself). */
void settings_forget_instance(const char *dir);

/*
 * Put everything back: remove instances, write saved values (retrying
 * once those that the kernel refused, e.g. runtime above the period,
 * after the others), delete the state file.  Returns the number of
 * settings that could not be restored.  Safe to call more than once.
 */
int settings_restore(void);

/* Restore a state file left behind by a killed run.  Returns failures or -1. */
int settings_restore_file(const char *state_file, char *msg, size_t msglen);

/* Read a tracefs file into buf (trailing newline removed).  -errno on error. */
int tracefs_read_text(const char *path, char *buf, size_t size);
/* Write a value to a tracefs file.  Returns 0 or -errno. */
int tracefs_write_text(const char *path, const char *value);

#endif
