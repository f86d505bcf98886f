/*
 * affinity: our own CPU affinity.  See affinity.h.
 */
#include "affinity.h"

#include <errno.h>
#include <unistd.h>

cpu_set_t *affinity_mask(const struct cpuset *set, int ncpus, size_t *size)
{
	int n = cpuset_last(set) + 1 > ncpus ? cpuset_last(set) + 1 : ncpus;
	cpu_set_t *mask;
	int cpu;

	if (n < 1)
		n = 1;
	mask = CPU_ALLOC(n);
	if (!mask)
		return NULL;
	*size = CPU_ALLOC_SIZE(n);
	CPU_ZERO_S(*size, mask);
	cpuset_for_each(cpu, set)
		CPU_SET_S(cpu, *size, mask);
	return mask;
}

int affinity_set(const struct cpuset *set, int ncpus)
{
	size_t size;
	cpu_set_t *mask = affinity_mask(set, ncpus, &size);
	int rc, e;

	if (!mask) {
		errno = ENOMEM;
		return -1;
	}
	rc = sched_setaffinity(0, size, mask);
	e = errno;
	CPU_FREE(mask);
	errno = e;
	return rc;
}

bool affinity_apart(const struct cpuset *set, int ncpus)
{
	size_t size;
	cpu_set_t *mask = affinity_mask(set, ncpus, &size), *mine;
	bool apart = false;
	int n;

	if (!mask)
		return false;
	n = (int)(size * 8);
	mine = CPU_ALLOC(n);
	if (mine && sched_getaffinity(0, size, mine) == 0) {
		CPU_AND_S(size, mine, mine, mask);
		apart = CPU_COUNT_S(size, mine) == 0;
	}
	if (mine)
		CPU_FREE(mine);
	CPU_FREE(mask);
	return apart;
}

void affinity_follow(pid_t owner)
{
	long conf = sysconf(_SC_NPROCESSORS_CONF);
	int n = conf > 0 ? (int)conf : 1;

	/* A mask too small for the kernel's CPUs is refused with EINVAL: grow it. */
	for (; n <= HWN_MAX_CPUS * 2; n *= 2) {
		size_t size = CPU_ALLOC_SIZE(n);
		cpu_set_t *mask = CPU_ALLOC(n);
		int rc, e;

		if (!mask)
			return;
		rc = sched_getaffinity(owner, size, mask);
		e = errno;
		if (rc == 0)
			sched_setaffinity(0, size, mask);
		CPU_FREE(mask);
		if (rc == 0 || e != EINVAL)
			return;
	}
}
