/* Unit tests: the dashboard's pure helpers (numbers in a column, threshold steps, marks). */
#include <locale.h>
#include <stdlib.h>
#include <time.h>

#include "format.h"
#include "tap.h"

int main(void)
{
	char b[32];

	tap_plan(32);
	setenv("TZ", "UTC", 1);
	tzset();
	tap_is_str(format_count(750000, 12, b, sizeof(b)), "750000", "fits: exact");
	tap_is_str(format_count(0, 6, b, sizeof(b)), "0", "zero");
	tap_is_str(format_count(1234567, 6, b, sizeof(b)), "1235k", "too wide: scaled");
	tap_is_str(format_count(123456789, 5, b, sizeof(b)), "123M", "scaled further");
	tap_is_str(format_count(999999, 6, b, sizeof(b)), "999999", "exactly the width");
	tap_is_str(format_count(1000000, 6, b, sizeof(b)), "1000k", "one past the width");
	tap_is_str(format_count(1260000, 4, b, sizeof(b)), "1.3M", "one decimal, rounded");
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8") || setlocale(LC_NUMERIC, "de_DE.utf8"))
		tap_is_str(format_count(1260000, 4, b, sizeof(b)), "1.3M",
			   "a '.' under a decimal-comma LC_NUMERIC too");
	else
		tap_ok(1, "# SKIP no de_DE locale here (the lab test covers it)");
	setlocale(LC_NUMERIC, "C");

	tap_is_u64(format_threshold_step(1, 1), 2, "1 up is 2");
	tap_is_u64(format_threshold_step(2, 1), 5, "2 up is 5");
	tap_is_u64(format_threshold_step(5, 1), 10, "5 up is 10");
	tap_is_u64(format_threshold_step(7, 1), 10, "7 up is 10");
	tap_is_u64(format_threshold_step(10, -1), 5, "10 down is 5");
	tap_is_u64(format_threshold_step(7, -1), 5, "7 down is 5");
	tap_is_u64(format_threshold_step(1, -1), 1, "1 down stays 1");

	tap_is_u64(format_spark_level(0, 100), 0, "no noise: level 0");
	tap_is_u64(format_spark_level(100, 100), 8, "the maximum: level 8");
	tap_is_u64(format_spark_level(1, 100), 1, "a little: level 1");

	tap_ok(format_avail_class(10000000) == FORMAT_GOOD, "100 %% is good");
	tap_ok(format_avail_class(9990000) == FORMAT_GOOD && format_avail_class(9989999) == FORMAT_WARN,
	       "99.9 %% is the good/warning edge");
	tap_ok(format_avail_class(9900000) == FORMAT_WARN && format_avail_class(9899999) == FORMAT_BAD,
	       "99 %% is the warning/bad edge");
	tap_ok(format_budget_class(0, 20) == FORMAT_GOOD && format_budget_class(10, 20) == FORMAT_GOOD &&
	       format_budget_class(11, 20) == FORMAT_WARN,
	       "budget 20 us: up to 10 good, 11 a warning (over half)");
	tap_ok(format_budget_class(20, 20) == FORMAT_WARN && format_budget_class(21, 20) == FORMAT_BAD,
	       "budget 20 us: 20 a warning, 21 bad (over the budget)");
	tap_ok(format_class_mark(format_budget_class(106, FORMAT_SINGLE_BUDGET_US)) == '!' &&
	       format_class_mark(format_budget_class(60, FORMAT_PERIOD_BUDGET_US)) == '~',
	       "the defaults: a 106 us single is marked !, a 60 us period ~");
	tap_ok(format_class_mark(FORMAT_BAD) == '!' && format_class_mark(FORMAT_WARN) == '~' &&
	       format_class_mark(FORMAT_GOOD) == ' ', "a mark beside each colour");
	tap_is_str(format_clock(0, 0, b, sizeof(b)), "-", "no sample: a dash");
	tap_is_str(format_clock(1764506096, 789123456, b, sizeof(b)), "12:34:56.789",
		   "a sample's time of day with milliseconds");
	tap_is_str(format_clock(1764460800, 5000000, b, sizeof(b)), "00:00:00.005",
		   "midnight, leading zeros");
	tap_is_str(format_path_fit("/lab/x.dat", 10, b, sizeof(b)), "/lab/x.dat", "a path that fits: whole");
	tap_is_str(format_path_fit("/lab/x.dat", 9, b, sizeof(b)), ".../x.dat",
		   "one too long: ... and its end, in the width");
	tap_is_str(format_path_fit("/home/someone/work/hwnoisetop-20261201-130000.dat", 20, b,
				   sizeof(b)), "...261201-130000.dat", "a long path: its last 17 characters");
	tap_is_str(format_path_fit("/lab/x.dat", 3, b, sizeof(b)), "/lab/x.dat",
		   "no room even for ...: whole (the line cuts it)");
	return tap_done();
}
