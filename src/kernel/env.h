/*
 * env: checks of the environment made before any kernel setting changes:
 * root, tracefs mounted, a tracer present, other sessions in the way, and
 * leftovers of a killed run.  Each failure is one line for the user.
 */
#ifndef HWN_ENV_H
#define HWN_ENV_H

#include <stdbool.h>
#include <stddef.h>

/* The exit statuses (exits.h): the checks here end a run with them. */
#include "exits.h"

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
