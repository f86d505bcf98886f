/* Unit tests: the compare view's figures and the marks of a change. */
#include "format.h"
#include "tap.h"

int main(void)
{
	char b[32];

	tap_plan(14);
	tap_is_str(format_milli(53333, b, sizeof(b)), "53.33", "under 100: two decimals, truncated");
	tap_is_str(format_milli(0, b, sizeof(b)), "0.00", "zero");
	tap_is_str(format_milli(99999, b, sizeof(b)), "99.99", "just under 100");
	tap_is_str(format_milli(1234567, b, sizeof(b)), "1234", "from 100: whole numbers");
	tap_ok(format_change(10, 5, 0) == FORMAT_GOOD, "less noise is better");
	tap_ok(format_change(5, 10, 0) == FORMAT_BAD, "more noise is worse");
	tap_ok(format_change(9999000, 9999900, 1) == FORMAT_GOOD, "more available is better");
	tap_ok(format_change(7, 7, 0) == FORMAT_NONE, "equal: no change");
	tap_ok(format_change_mark(FORMAT_GOOD) == '+' && format_change_mark(FORMAT_BAD) == '!' &&
	       format_change_mark(FORMAT_NONE) == ' ', "marks: + better, ! worse");
	tap_is_str(format_change_pct(200, 130, b, sizeof(b)), "-35%", "35 % less");
	tap_is_str(format_change_pct(100, 112, b, sizeof(b)), "+12%", "12 % more");
	tap_is_str(format_change_pct(1000, 1001, b, sizeof(b)), "0%", "under 1 %: 0%");
	tap_is_str(format_change_pct(0, 5, b, sizeof(b)), "new", "from nothing: new");
	tap_is_str(format_change_pct(0, 0, b, sizeof(b)), "0%", "nothing either side");
	return tap_done();
}
