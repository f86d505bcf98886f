/*
 * env: checks of the environment made before any kernel setting changes:
 * root, tracefs mounted, a tracer present, other sessions in the way, and
 * leftovers of a killed run.  Each failure is one line for the user.
 */
#ifndef HWN_ENV_H
#define HWN_ENV_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Exit statuses, every command's in one place (the man page's EXIT STATUS
 * says the same).
 *
 * hwnoisetop (and --replay, --cleanup, compare), as rtla 6.18: 0 done,
 * 1 failed to run or bad usage, 2 stopped by -s/-S.
 *
 * hwnoisetop hwlat, as hwlatdetect: 0 every sample at most the hard limit,
 * 1 above it.  hwlatdetect also exits 1 when it cannot run; here a failure
 * to run (bad usage, not root, no tracer, a write that failed) has a code of
 * its own, 3, so that a script tells "the hardware is bad" from "the test
 * did not happen".  3, not 2, so that a 2 from an older hwnoisetop (its
 * usage error) is never read as a result.
 */
enum {
	HWN_EXIT_OK = 0,
	HWN_EXIT_ENV = 1,	/* the environment or the kernel said no */
	HWN_EXIT_USAGE = 1,	/* bad command line */
	HWN_EXIT_STOPPED = 2,	/* a stop condition fired (as rtla) */
};

enum {
	HWN_HWLAT_BELOW = 0,	/* every sample at most the hard limit */
	HWN_HWLAT_ABOVE = 1,	/* a sample above the hard limit */
	HWN_HWLAT_FAILED = 3,	/* did not run: usage, not root, no tracer, ... */
};

/*
 * hwnoisetop experiment: as the main command for usage (1) and -s/-S (2);
 * as hwlat, a failure to run has a code of its own, 3 (not root, no
 * tracer, a knob this machine lacks or cannot change: nothing changed);
 * 4 an experiment cut short (q, a signal, the knob changed from outside),
 * whose report covers the blocks done.
 */
enum {
	HWN_EXP_DONE = 0,	/* every experiment ran all its blocks */
	HWN_EXP_FAILED = 3,	/* did not run */
	HWN_EXP_CUT = 4,	/* cut short */
};

/*
 * The version of this table a recording's footer names ("exit_table");
 * footers without it used the first table (usage 2, hwlat failures 1).
 */
#define HWN_EXIT_TABLE 2

/* The tracefs mount point, or NULL (with err) when tracefs is not mounted. */
const char *env_tracing_dir(char *err, size_t errlen);

/*
 * Root, tracefs, and tracer listed in available_tracers.  0 or -1 with err,
 * which ends with advice (what to do) when the tracer is missing.
 * tracefs not mounted: mounted on /sys/kernel/tracing through the settings
 * ledger l (unmounted at the end, at exit, or by --cleanup), one line saying
 * so.  l's tracing directory is set to the mount (l NULL: no mount, no ledger).
 */
struct ledger;
int env_check_tracer(struct ledger *l, const char *tracer, const char *advice, char *err,
		     size_t errlen);

/*
 * Is a tracer that conflicts with ours (any of the names in conflicts,
 * NULL-terminated) current in the top level or in an instance?  Returns
 * -1 with err naming where; also refuses when a killed hwnoisetop left
 * an instance or a state file behind (pointing at --cleanup).
 */
int env_check_busy(const char *const *conflicts, char *err, size_t errlen);

/* Is word one of the words of list (separated by spaces or newlines)? */
bool env_word_in(const char *list, const char *word);

/* Online CPUs from /sys/devices/system/cpu/online; number of possible CPUs. */
struct cpuset;
int env_online_cpus(struct cpuset *set);
int env_possible_cpus(void);

/*
 * Are all CPUs of set online?  0, or -1 with a reason for the user in why
 * ("names CPUs that do not exist or are offline (5-7); online CPUs: 0-3").
 */
int env_check_online(const struct cpuset *set, char *why, size_t len);

/* Find leftovers of killed runs: state files and stale instances.  Count. */
/*
 * Can an output file (-t, --report) be written at the end?  An existing
 * file is opened for writing without truncating it; a new one is created
 * and removed again.  -1 with why ("is a directory", "cannot be written:
 * ...") otherwise.
 */
int env_check_output(const char *path, char *why, size_t len);

int env_leftovers(char *first, size_t len);

#endif
