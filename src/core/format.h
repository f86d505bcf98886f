/*
 * format: the dashboard's pure helpers (no curses, no system calls), so
 * the unit tests can pin them: numbers squeezed into a column, the
 * threshold's 1-2-5 steps, sparkline levels, the meaning of a value and
 * a path cut to fit.
 */
#ifndef HWN_UI_FORMAT_H
#define HWN_UI_FORMAT_H

#include <stddef.h>
#include <stdint.h>

/* What a value means, for colour and its second cue. */
enum format_class {
	FORMAT_NONE,	/* no data */
	FORMAT_GOOD,
	FORMAT_WARN,
	FORMAT_BAD,
};

/*
 * v in at most width characters: the exact number when it fits, else
 * scaled with k, M, G, T, P (one decimal while it fits).  Returns buf.
 */
char *format_count(uint64_t v, int width, char *buf, size_t size);

/* The next threshold on the 1-2-5 scale above (dir > 0) or below us; >= 1. */
uint64_t format_threshold_step(uint64_t us, int dir);

/* Sparkline level of v against max: 0 for no noise, else 1..8. */
int format_spark_level(uint64_t v, uint64_t max);

/*
 * The meaning of an availability p as stats_avail() returns it
 * (percent * 100000): good from 99.9 %, a warning from 99 %, else bad.
 */
enum format_class format_avail_class(uint64_t p);

/*
 * The budgets the grid judges noise against (microseconds), when neither
 * their own option (--single-budget, --period-budget) nor the stop
 * condition (-s, -S) gives one: a single noise (Max Single, Last Single)
 * and the noise of one period (Max Noise, Last).
 */
#define FORMAT_SINGLE_BUDGET_US 20
#define FORMAT_PERIOD_BUDGET_US 100
/* A number's macro as text, for the help texts that give a default. */
#define FORMAT_TEXT(n) FORMAT_TEXT_(n)
#define FORMAT_TEXT_(n) #n

/*
 * The meaning of v against budget: bad over the budget, a warning over
 * half of it, else good.
 */
enum format_class format_budget_class(uint64_t v, uint64_t budget);

/* The second cue of a class, for colour-blind users and monochrome: ' ', '~', '!'. */
char format_class_mark(enum format_class c);

/*
 * A sample's wall-clock time as HH:MM:SS.mmm in the local time zone, "-" when
 * sec is 0 (no sample).  Returns buf.
 */
char *format_clock(int64_t sec, long nsec, char *buf, size_t size);

/*
 * A rate given in billionths (nano-units) with three significant digits,
 * rounded: "2.62", "26.3", "263", "0.00167", "900000"; under 0.001 and
 * from a million on as "2.78e-4", "1.23e6"; "0" for none.  At most 7
 * characters.  Returns buf.
 */
char *format_rate(uint64_t nano, char *buf, size_t size);

/*
 * The change from before to after of a figure where lower is better
 * (higher_better: where higher is): FORMAT_GOOD better, FORMAT_BAD worse,
 * FORMAT_NONE equal.
 */
enum format_class format_change(uint64_t before, uint64_t after, int higher_better);

/* Its mark, surviving NO_COLOR: '+' better, '!' worse, ' ' equal. */
char format_change_mark(enum format_class c);

/*
 * The relative change in whole percent, truncated toward zero: "-35%",
 * "+12%", "0%"; "new" when before is 0 and after is not; ">+999%" from +1000 %.  Returns buf.
 */
char *format_change_pct(uint64_t before, uint64_t after, char *buf, size_t size);

/*
 * A file's path in at most width columns: the path itself when it fits
 * (or width is 3 or less), else "..." and its end in width - 3 columns
 * (text_tail(): whole characters) in buf.
 */
const char *format_path_fit(const char *path, int width, char *buf, size_t size);

#endif
