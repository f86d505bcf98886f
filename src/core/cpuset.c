/*
 * cpuset: CPU bitmaps and cpu-list parsing/formatting.  See cpuset.h.
 */
#include "cpuset.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORD_BITS (8 * sizeof(unsigned long))

void cpuset_clear(struct cpuset *set)
{
	memset(set, 0, sizeof(*set));
}

void cpuset_add(struct cpuset *set, int cpu)
{
	if (cpu >= 0 && cpu < HWN_MAX_CPUS)
		set->bits[cpu / WORD_BITS] |= 1UL << (cpu % WORD_BITS);
}

void cpuset_del(struct cpuset *set, int cpu)
{
	if (cpu >= 0 && cpu < HWN_MAX_CPUS)
		set->bits[cpu / WORD_BITS] &= ~(1UL << (cpu % WORD_BITS));
}

bool cpuset_has(const struct cpuset *set, int cpu)
{
	if (cpu < 0 || cpu >= HWN_MAX_CPUS)
		return false;
	return set->bits[cpu / WORD_BITS] & (1UL << (cpu % WORD_BITS));
}

int cpuset_count(const struct cpuset *set)
{
	int n = 0;

	for (size_t i = 0; i < HWN_CPUSET_WORDS; i++)
		n += __builtin_popcountl(set->bits[i]);
	return n;
}

bool cpuset_empty(const struct cpuset *set)
{
	for (size_t i = 0; i < HWN_CPUSET_WORDS; i++)
		if (set->bits[i])
			return false;
	return true;
}

bool cpuset_equal(const struct cpuset *a, const struct cpuset *b)
{
	return memcmp(a->bits, b->bits, sizeof(a->bits)) == 0;
}

int cpuset_next(const struct cpuset *set, int cpu)
{
	if (cpu < 0)
		cpu = 0;
	while (cpu < HWN_MAX_CPUS) {
		unsigned long w = set->bits[cpu / WORD_BITS] >> (cpu % WORD_BITS);

		if (w)
			return cpu + __builtin_ctzl(w);
		cpu = (cpu / WORD_BITS + 1) * WORD_BITS;
	}
	return -1;
}

int cpuset_last(const struct cpuset *set)
{
	for (int i = HWN_CPUSET_WORDS - 1; i >= 0; i--)
		if (set->bits[i])
			return i * WORD_BITS + (WORD_BITS - 1 - __builtin_clzl(set->bits[i]));
	return -1;
}

void cpuset_and(struct cpuset *dst, const struct cpuset *a, const struct cpuset *b)
{
	for (size_t i = 0; i < HWN_CPUSET_WORDS; i++)
		dst->bits[i] = a->bits[i] & b->bits[i];
}

void cpuset_andnot(struct cpuset *dst, const struct cpuset *a, const struct cpuset *b)
{
	for (size_t i = 0; i < HWN_CPUSET_WORDS; i++)
		dst->bits[i] = a->bits[i] & ~b->bits[i];
}

/* One decimal CPU number at *p; advances *p.  -1 when absent or too big. */
static int parse_cpu(const char **p)
{
	const char *s = *p;
	long v = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (*s - '0');
		if (v >= HWN_MAX_CPUS)
			return -2;
		s++;
	}
	*p = s;
	return (int)v;
}

int cpuset_parse(const char *text, struct cpuset *set, struct why *why)
{
	const char *p = text;

	cpuset_clear(set);
	if (!text || !*text) {
		why->text = "empty list";
		return -1;
	}
	for (;;) {
		int lo, hi;

		if (*p == ',' || *p == '\0') {
			why->text = "empty entry";
			return -1;
		}
		lo = parse_cpu(&p);
		if (lo == -2) {
			snprintf(why->buf, sizeof(why->buf), "CPU numbers must be below %d", HWN_MAX_CPUS);
			why->text = why->buf;
			return -1;
		}
		if (lo < 0) {
			why->text = "expected a CPU number";
			return -1;
		}
		hi = lo;
		if (*p == '-') {
			p++;
			hi = parse_cpu(&p);
			if (hi == -2) {
				snprintf(why->buf, sizeof(why->buf), "CPU numbers must be below %d", HWN_MAX_CPUS);
				why->text = why->buf;
				return -1;
			}
			if (hi < 0) {
				why->text = "range without an end";
				return -1;
			}
			if (hi < lo) {
				snprintf(why->buf, sizeof(why->buf), "range %d-%d is reversed", lo, hi);
				why->text = why->buf;
				return -1;
			}
		}
		for (int c = lo; c <= hi; c++)
			cpuset_add(set, c);
		if (*p == '\0')
			return 0;
		if (*p != ',') {
			why->text = "unexpected character";
			return -1;
		}
		p++;
	}
}

char *cpuset_format(const struct cpuset *set, char *buf, size_t size)
{
	size_t len = 0;
	int cpu = cpuset_next(set, 0);

	if (size)
		buf[0] = '\0';
	while (cpu >= 0) {
		int end = cpu;
		int n;

		while (cpuset_has(set, end + 1))
			end++;
		if (end == cpu)
			n = snprintf(buf + len, size - len, "%s%d", len ? "," : "", cpu);
		else
			n = snprintf(buf + len, size - len, "%s%d-%d", len ? "," : "", cpu, end);
		if (n < 0 || (size_t)n >= size - len) {
			/* Never a cut-off number: that would name other CPUs. */
			buf[len] = '\0';
			return buf;
		}
		len += n;
		cpu = cpuset_next(set, end + 1);
	}
	return buf;
}

char *cpuset_format_mask(const struct cpuset *set, char *buf, size_t size)
{
	int last = cpuset_last(set);
	int groups = last < 0 ? 1 : last / 32 + 1;
	size_t len = 0;

	if (!size)
		return buf;
	buf[0] = '\0';
	for (int g = groups - 1; g >= 0; g--) {
		unsigned word = 0;
		int n;

		for (int b = 0; b < 32; b++)
			if (cpuset_has(set, g * 32 + b))
				word |= 1U << b;
		/* The first (highest) group unpadded, the others 8 digits. */
		n = snprintf(buf + len, size - len, g == groups - 1 ? "%x" : ",%08x", word);
		if (n < 0 || (size_t)n >= size - len) {
			/* Never a cut-off number: that would name other CPUs. */
			buf[len] = '\0';
			return buf;
		}
		len += n;
	}
	return buf;
}
