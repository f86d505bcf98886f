/*
 * settings: the one place that changes kernel settings.
 *
 * Every file is read and saved before it is first written; settings_restore()
 * puts every saved value back (and removes the instances registered here,
 * and runs the recorded actions) on every way out.  Everything is also kept
 * in a state file under /run/hwnoisetop/ (format: top of settings.c) so that
 * a run killed with SIGKILL can be undone later by "hwnoisetop --cleanup",
 * which decides exactly as the run itself would have.
 *
 * Only paths that pass settings_allowed() are ever written: files inside the
 * tracefs mount, and the tuning knobs listed there (by pattern).
 *
 * All of it is held in a ledger (struct ledger, from settings_ledger_new()), which
 * every function that reads or changes saved state takes: the module keeps
 * no process-wide state, and two ledgers (on two state directories, or two
 * run names) are independent.  The owner of a run (the session, --cleanup)
 * holds its ledger; the kernel-layer objects get the pointer from it.
 *
 * The restore path uses only memory allocated beforehand and plain system
 * calls, so it may also run from a fatal-signal handler.  The saved entries
 * grow without limit (every CPU's files on any machine size).
 */
#ifndef HWN_SETTINGS_H
#define HWN_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SETTINGS_STATE_DIR "/run/hwnoisetop"

/*
 * What an entry is, which decides when it is restored:
 *  SETTINGS_TRACER  tracer settings: always restored, first (after the
 *                   instances are removed), in reverse order of the changes;
 *  SETTINGS_ONLINE  smt/control and cpuN/online: restored next (smt/control
 *                   first, then each CPU's online file);
 *  SETTINGS_KNOB    other tuning knobs: restored last, in reverse order.
 * ONLINE and KNOB entries are "knobs": kept as they are when
 * settings_set_keep(true), and, when written by us, put back only if they
 * still hold our last write (otherwise the user changed them: left alone).
 * A knob only saved (settings_save_knob) is restored whenever its value
 * differs from the saved one.
 */
enum settings_class { SETTINGS_TRACER, SETTINGS_ONLINE, SETTINGS_KNOB };

/* A ledger: saved entries, the run's lock and state file. */
struct ledger;

/*
 * A new ledger with nothing saved, no run named yet, the state directory
 * SETTINGS_STATE_DIR (NULL without memory).  settings_ledger_free: settings_done(),
 * then the memory; nothing is restored (call settings_restore() first).
 */
struct ledger *settings_ledger_new(void);
void settings_ledger_free(struct ledger *l);

/* Where tracefs is mounted: relative paths below are taken from there. */
void settings_set_tracing_dir(struct ledger *l, const char *tracing_dir);

/*
 * Name this run (e.g. "hwnoisetop-42"), before any write; a second call
 * with the same name while its lock is held keeps what is recorded.
 * Checks /run/hwnoisetop (root-owned, 0700, no symlink; made if missing)
 * and takes the run's lock, /run/hwnoisetop/NAME.lock, held until
 * settings_done().  Returns 0 or -errno (msg says what is wrong).
 */
int settings_init(struct ledger *l, const char *tracing_dir, const char *run_name);

/* The lock's descriptor (a fatal handler closing descriptors keeps it), or -1. */
int settings_lock_fd(const struct ledger *l);

/*
 * Write value to the file at path (relative to the tracing directory),
 * saving the file's current value first if this is the first write.
 * Returns 0, or -errno.  SETTINGS_TRACER class.
 */
int settings_write(struct ledger *l, const char *path, const char *value);

/*
 * Like settings_write, for a file that lists its choices with the current
 * one in brackets, e.g. hwlat_detector/mode "none [round-robin] per-cpu":
 * only the bracketed word is saved, so that it can be written back.
 */
int settings_write_choice(struct ledger *l, const char *path, const char *value);

/* settings_write() of a decimal number. */
int settings_write_u64(struct ledger *l, const char *path, uint64_t value);

/* "cannot set WHAT: strerror(e)" into err (e may be negative); returns -1. */
int settings_fail(char *err, size_t errlen, const char *what, int e);

/*
 * Set or clear one option in an option-list file such as osnoise/options
 * ("NAME" sets, "NO_NAME" clears); the whole list is saved first.
 */
int settings_write_option(struct ledger *l, const char *path, const char *option);

/*
 * Tuning knobs (absolute paths, e.g. "/sys/devices/system/cpu/smt/control").
 *
 * settings_write_knob: save the original value before the first write,
 * record value as our last write (in the state file, before writing), then
 * write.  Choice-style files (current_clocksource, scaling_governor) are
 * compared on the selected word.  -EPERM when the path is not allowed,
 * -EINVAL for a value holding a tab or newline, else 0 or -errno.
 *
 * settings_write_knobs: the same value to n files, with one state-file
 * update for all (e.g. every measured CPU's governor): stops at the first
 * failing write and returns its error.
 *
 * settings_save_knob: save the original value without writing (e.g. every
 * CPU's online file before SMT is switched off).  The state file is brought
 * up to date before the next write of any kind (or settings_sync()), so
 * saving thousands of files costs one state-file write.
 */
int settings_write_knob(struct ledger *l, const char *abs_path, const char *value,
			enum settings_class cls);
int settings_write_knobs(struct ledger *l, const char *const *abs_paths, size_t n, const char *value,
			 enum settings_class cls);
int settings_save_knob(struct ledger *l, const char *abs_path, enum settings_class cls);
/* Write the state file now if saves are pending.  0 or -errno. */
int settings_sync(struct ledger *l);

/* K key / --keep-tuning: knobs stay as they are at the end (recorded). */
void settings_set_keep(struct ledger *l, bool keep);
bool settings_keep(const struct ledger *l);

/*
 * The one action that is not a write: unload a kernel module at restore
 * (delete_module, O_NONBLOCK), e.g. msr when this run loaded it.  Only
 * "msr" is allowed (-EPERM otherwise).  Recorded in the state file; done
 * also when keeping the tuning (loading it was not tuning).  A module in
 * use by someone else stays loaded ("left").  0 or -errno.
 */
int settings_add_action_unload_module(struct ledger *l, const char *module);
/* Take it back: the load it was recorded for did not happen. */
void settings_drop_action_unload_module(struct ledger *l);

/*
 * The other action: unmount the tracefs this run mounted, at
 * SETTINGS_TRACEFS_DIR only.  Recorded (in the state file) before the
 * mount, so that the restore, and --cleanup after a SIGKILL, unmount it;
 * a tracefs no longer mounted there is done already, one with files still
 * open is detached (MNT_DETACH: out of the tree at once).  Done also when keeping the tuning.  0 or -errno.
 */
#define SETTINGS_TRACEFS_DIR "/sys/kernel/tracing"
int settings_add_action_umount(struct ledger *l);
/* Take it back: the mount it was recorded for did not happen. */
void settings_drop_action_umount(struct ledger *l);

/*
 * The threshold the kernel's hwlat tracer remembered from its last run
 * (read after selecting hwlat with tracing_thresh 0).  At restore it is
 * written to tracing_thresh before the instances go, so the kernel keeps
 * remembering it; settings_put_hwlat_thresh() does that now (teardown).
 */
int settings_set_hwlat_thresh(struct ledger *l, uint64_t us);
void settings_put_hwlat_thresh(struct ledger *l);

/*
 * Remove an instance directory now (tracing off, tracer nop, rmdir): only
 * ours (settings_allowed with want_dir).  0, or -EPERM or -errno of rmdir.
 */
int settings_remove_instance(struct ledger *l, const char *dir);

/* Remember an instance directory (absolute) to remove at restore time. */
int settings_add_instance(struct ledger *l, const char *dir);
/* Forget it again (the caller removed it itself). */
void settings_forget_instance(struct ledger *l, const char *dir);

/*
 * Put everything back: recorded hwlat threshold, remove instances, tracer
 * settings (retrying once those the kernel refused in that order, e.g.
 * runtime above the period), online files, knobs, actions; delete the state
 * file.  Returns the number of entries, instances and actions that could
 * not be restored.  Safe to call more than once, and from a signal handler.
 */
int settings_restore(struct ledger *l);

/*
 * After the last restore: release the lock and delete the lock file
 * (the state file stays if anything failed).
 */
void settings_done(struct ledger *l);

/*
 * What the last restore did, one line per entry that is worth telling:
 * "restored PATH = VALUE", "kept PATH = VALUE (--keep-tuning)",
 * "left PATH = VALUE (changed from outside)", "failed PATH". Paths inside
 * tracefs are shown relative to it, tracer settings only when they failed.
 * Writes at most len bytes (always terminated), returns the length needed.
 * Not for signal handlers.
 */
size_t settings_outcome(struct ledger *l, char *buf, size_t len);

/* Is dir a directory (not a symlink) owned by us (root) and closed to others? */
int settings_check_dir(const char *dir, char *msg, size_t msglen);

/* Why settings_init() failed (one line). */
const char *settings_error(const struct ledger *l);

/*
 * Is the run of that name (e.g. "hwnoisetop-42") alive, i.e. holding its
 * lock?  In l's state directory (NULL: SETTINGS_STATE_DIR; so too below).
 */
bool settings_run_alive(const struct ledger *l, const char *run_name);

/*
 * Remove the lock file of a run that is dead and left no state file (it
 * was killed before it changed anything), if it is one.  Taken under our
 * own lock, so that no run can be starting on it.  Returns 1 removed, 0
 * not such a file, -errno.
 */
int settings_remove_stale_lock(const struct ledger *l, const char *lock_name);

/*
 * Cleanup in steps: settings_load_file() reads and checks a state file
 * (see settings_restore_file) into the plan, settings_describe() lists
 * what restoring it will do ("  PATH = VALUE" lines), settings_restore()
 * does it, settings_summary() counts the outcome in one line: "N settings
 * restored, K kept, L left as changed from outside, F failed".
 */
int settings_load_file(struct ledger *l, const char *state_file, char *msg, size_t msglen);
size_t settings_describe(struct ledger *l, char *buf, size_t len);
void settings_summary(struct ledger *l, char *msg, size_t len);

/* Print what fill (settings_outcome, settings_describe) gives, each line prefixed. */
void settings_print(struct ledger *l, FILE *out, size_t (*fill)(struct ledger *, char *, size_t),
		    const char *prefix);

/*
 * Restore a state file left behind by a killed run (cleanup).  Describes
 * each step on out, refuses the whole file (writing nothing) when it is not
 * a root-owned regular file in a root-owned 0700 directory, is cut short,
 * of an unknown version, or names a path settings_allowed() refuses.
 * Returns the number of failures, or -1 when refused (msg says why).
 */
int settings_restore_file(struct ledger *l, const char *state_file, char *msg, size_t msglen);

/*
 * The allow-list.  Is writing path allowed?  path must be absolute and
 * clean (no "..", ".", "//", control characters); the real path (parent
 * through realpath, the file itself not a symlink) must lie inside the
 * tracefs mount (l's tracing directory; l may be NULL: none), or match one
 * of the knob patterns:
 *   /sys/devices/system/cpu/smt/control
 *   /sys/devices/system/cpu/cpu<N>/online
 *   /sys/devices/system/cpu/cpufreq/policy<N>/scaling_governor
 *   /sys/devices/system/cpu/cpu<N>/cpuidle/state<N>/disable
 *   /sys/devices/system/clocksource/clocksource<N>/current_clocksource
 *   /proc/sys/kernel/{nmi_watchdog,watchdog,soft_watchdog,timer_migration,
 *                     sched_rt_runtime_us}
 * (cpu<N>/cpufreq/scaling_governor is a link into policy<N>: allowed
 * through its real path).  rmdir is allowed only for
 * <tracefs>/instances/hwnoisetop-<pid>[-role] (want_dir true).
 * On success the real path goes to real (len bytes) and 0 is returned;
 * else -EPERM (or -ENAMETOOLONG).
 */
int settings_allowed(const struct ledger *l, const char *path, bool want_dir, char *real,
		     size_t len);

/* Pure pattern part of the above, on an already resolved path (unit tests). */
bool settings_knob_pattern(const char *real);

/*
 * Read a kernel file (tracefs, sysfs, procfs; an absolute path) into buf
 * (trailing newline removed).  -errno on error (-EINVAL for a relative path).
 */
int settings_read_text(const char *path, char *buf, size_t size);
/* Write a value to a kernel file (absolute path, no symlink followed).  0 or -errno. */
int settings_write_text(const char *path, const char *value);
/* settings_read_text() of a path that may be relative to the ledger's tracing directory. */
int settings_read(const struct ledger *l, const char *path, char *buf, size_t size);

#endif
