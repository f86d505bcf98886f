/* Unit tests: the compare view's figures and the marks of a change. */
#include "format.h"
#include "tap.h"

int main(void)
{
	char b[32];

	tap_plan(20);
	tap_is_str(format_rate(53333333333ULL, b, sizeof(b)), "53.3", "three significant digits");
	tap_is_str(format_rate(2625000000ULL, b, sizeof(b)), "2.63", "rounded half up");
	tap_is_str(format_rate(0, b, sizeof(b)), "0", "zero");
	tap_is_str(format_rate(1666666ULL, b, sizeof(b)), "0.00167", "1 NMI in 10 minutes");
	tap_is_str(format_rate(27777ULL, b, sizeof(b)), "2.78e-5", "1 NMI in 10 hours: an exponent");
	tap_is_str(format_rate(999600000000ULL, b, sizeof(b)), "1000", "999.6 rounds to 1000");
	tap_is_str(format_rate(900000000000000ULL, b, sizeof(b)), "900000", "up to a million: whole");
	tap_is_str(format_rate(12345678000000000ULL, b, sizeof(b)), "1.23e7", "from a million: an exponent");
	tap_is_str(format_rate(5, b, sizeof(b)), "5.00e-9", "the smallest");
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
	tap_is_str(format_change_pct(1, 342465, b, sizeof(b)), ">+999%", "from +1000 %: capped");
	return tap_done();
}
