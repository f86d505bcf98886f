/* Unit tests: cpu-list parsing and formatting, affinity masks. */
#include "affinity.h"
#include "cpuset.h"
#include "tap.h"

static void good(const char *text, const char *want)
{
	struct cpuset set;
	struct why w = { .text = "" };
	char buf[256];
	int rc = cpuset_parse(text, &set, &w);

	if (!tap_ok(rc == 0, "'%s' parses", text))
		printf("# w.text: %s\n", w.text);
	tap_is_str(cpuset_format(&set, buf, sizeof(buf)), want, "  and formats back");
}

static void bad(const char *text, const char *want_why)
{
	struct cpuset set;
	struct why w = { .text = "" };
	int rc = cpuset_parse(text, &set, &w);

	tap_ok(rc < 0 && strstr(w.text, want_why), "'%s' is refused: %s", text, w.text);
}

int main(void)
{
	struct cpuset a, b, c;
	struct why w = { .text = "" };

	tap_plan(34);
	good("0", "0");
	good("1-3", "1-3");
	good("3,1,2", "1-3");
	good("0-4095", "0-4095");
	good("0,2,4-6,7,9", "0,2,4-7,9");
	good("8191", "8191");
	bad("", "empty list");
	bad("1-", "range without an end");
	bad("3-1", "range 3-1 is reversed");
	bad("1,,2", "empty entry");
	bad(",1", "empty entry");
	bad("1,", "empty entry");
	bad("-1", "expected a CPU number");
	bad("a", "expected a CPU number");
	bad("1x", "unexpected character");
	bad("8192", "below 8192");
	bad("99999999999999999999", "below 8192");
	bad("0-8192", "below 8192");
	bad(" 1", "expected a CPU number");

	cpuset_parse("0-7", &a, &w);
	cpuset_parse("2,4", &b, &w);
	tap_is_u64(cpuset_count(&a), 8, "count of 0-7");
	cpuset_andnot(&c, &a, &b);
	tap_is_u64(cpuset_count(&c), 6, "0-7 minus 2,4");
	tap_ok(!cpuset_has(&c, 2) && cpuset_has(&c, 3), "membership after andnot");
	tap_is_u64(cpuset_last(&a), 7, "last of 0-7");
	cpuset_clear(&c);
	tap_ok(cpuset_last(&c) == -1 && cpuset_empty(&c), "empty set");
	{
		static char big[CPUSET_LIST_MAX];
		char small[11];

		/* The longest lists: pairs with a gap ("a-b,") and every other CPU. */
		cpuset_clear(&c);
		for (int cpu = 0; cpu < HWN_MAX_CPUS; cpu++)
			if (cpu % 3 != 2)
				cpuset_add(&c, cpu);
		cpuset_format(&c, big, sizeof(big));
		tap_ok(cpuset_parse(big, &b, &w) == 0 && cpuset_equal(&b, &c),
		       "CPUSET_LIST_MAX holds the longest list (%zu bytes)", strlen(big));
		tap_is_str(cpuset_format(&c, small, sizeof(small)), "0-1,3-4",
			   "a list that does not fit ends at its last whole entry");
	}
	{
		struct cpuset set;
		size_t size = 0;
		cpu_set_t *mask;

		cpuset_parse("0,1500,8191", &set, &w);
		mask = affinity_mask(&set, 4, &size);
		tap_ok(mask && size >= CPU_ALLOC_SIZE(8192) && CPU_ISSET_S(0, size, mask) &&
		       CPU_ISSET_S(1500, size, mask) && CPU_ISSET_S(8191, size, mask) &&
		       CPU_COUNT_S(size, mask) == 3,
		       "an affinity mask holds CPUs past 1024, up to 8191");
		CPU_FREE(mask);
		cpuset_parse("1-2", &set, &w);
		mask = affinity_mask(&set, 2048, &size);
		tap_ok(mask && size >= CPU_ALLOC_SIZE(2048) && CPU_COUNT_S(size, mask) == 2,
		       "sized to the machine's CPUs, not to the set alone");
		CPU_FREE(mask);
	}
	return tap_done();
}
