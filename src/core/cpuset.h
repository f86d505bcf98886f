/*
 * cpuset: a fixed-size CPU bitmap, and the kernel's "cpu-list" text form
 * ("0-3,8,10-11") in both directions.  Pure logic, no system calls.
 */
#ifndef HWN_CPUSET_H
#define HWN_CPUSET_H

#include "why.h"

#include <stdbool.h>
#include <stddef.h>

#define HWN_MAX_CPUS 8192
#define HWN_CPUSET_WORDS (HWN_MAX_CPUS / (8 * sizeof(unsigned long)))

struct cpuset {
	unsigned long bits[HWN_CPUSET_WORDS];
};

void cpuset_clear(struct cpuset *set);
void cpuset_add(struct cpuset *set, int cpu);
void cpuset_del(struct cpuset *set, int cpu);
bool cpuset_has(const struct cpuset *set, int cpu);
int cpuset_count(const struct cpuset *set);
bool cpuset_empty(const struct cpuset *set);
bool cpuset_equal(const struct cpuset *a, const struct cpuset *b);
/* Highest member, or -1 when empty. */
int cpuset_last(const struct cpuset *set);
/* Next member >= cpu, or -1. */
int cpuset_next(const struct cpuset *set, int cpu);
void cpuset_and(struct cpuset *dst, const struct cpuset *a, const struct cpuset *b);
void cpuset_andnot(struct cpuset *dst, const struct cpuset *a, const struct cpuset *b);

#define cpuset_for_each(cpu, set) \
	for ((cpu) = cpuset_next((set), 0); (cpu) >= 0; (cpu) = cpuset_next((set), (cpu) + 1))

/*
 * Parse a cpu-list into set.  Accepts "N", "N-M" (N <= M) joined by commas,
 * each CPU below HWN_MAX_CPUS.  Returns 0, or -1 with a short reason
 * ("empty entry", "range 3-1 is reversed", ...) in why.
 */
int cpuset_parse(const char *text, struct cpuset *set, struct why *why);

/*
 * Format set as a compact cpu-list ("" when empty).  Returns buf; when the
 * list does not fit, buf holds only the entries that fit whole.
 * CPUSET_LIST_MAX always fits.
 */
#define CPUSET_LIST_MAX (HWN_MAX_CPUS * 4 + 1)	/* "dddd-dddd," covers 3 CPUs */
char *cpuset_format(const struct cpuset *set, char *buf, size_t size);

/*
 * Format set as the kernel's hex CPU mask (tracing_cpumask): lowest CPUs
 * on the right, a comma between groups of 32 bits, e.g. "3" or
 * "1,00000000".  Returns buf ("0" when empty).
 */
char *cpuset_format_mask(const struct cpuset *set, char *buf, size_t size);

#endif
