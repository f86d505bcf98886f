/*
 * affinity: where hwnoisetop itself runs, as a mask sized to the machine
 * (CPU_ALLOC), not glibc's fixed 1024-CPU cpu_set_t: CPU lists reach
 * HWN_MAX_CPUS.
 */
#ifndef HWN_AFFINITY_H
#define HWN_AFFINITY_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "cpuset.h"

/*
 * The CPUs of set as a CPU_ALLOC'd mask for ncpus CPUs (more when set
 * names a higher one); *size is its size for the *_S macros and
 * sched_setaffinity().  CPU_FREE() it.  NULL without memory.
 */
cpu_set_t *affinity_mask(const struct cpuset *set, int ncpus, size_t *size);
/* Run the calling thread on set; 0 or -1 with errno. */
int affinity_set(const struct cpuset *set, int ncpus);
/* Does the calling thread run on none of the CPUs of set?  (false when unknown) */
bool affinity_apart(const struct cpuset *set, int ncpus);
/*
 * Run the calling thread where thread owner runs now (a reader thread
 * follows the loop's thread, whose CPUs may have changed).  Nothing
 * changes when owner's mask cannot be read.
 */
void affinity_follow(pid_t owner);

#endif
