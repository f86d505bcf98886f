/*
 * format: pure helpers of the dashboard.  See format.h.
 */
#include "format.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "text.h"

char *format_count(uint64_t v, int width, char *buf, size_t size)
{
	static const char units[] = "kMGTPE";
	unsigned __int128 div = 1;

	if (snprintf(buf, size, "%llu", (unsigned long long)v) <= width)
		return buf;
	/* Integers only: a '.' whatever LC_NUMERIC says; rounded as %.1f and %.0f do. */
	for (int u = 0; units[u]; u++) {
		unsigned long long tenths, whole;

		div *= 1000;
		tenths = (unsigned long long)(((unsigned __int128)v * 10 + div / 2) / div);
		whole = (unsigned long long)(((unsigned __int128)v + div / 2) / div);
		if ((unsigned __int128)v < div * 1000 &&
		    snprintf(buf, size, "%llu.%llu%c", tenths / 10, tenths % 10, units[u]) <= width)
			return buf;
		if (snprintf(buf, size, "%llu%c", whole, units[u]) <= width)
			return buf;
	}
	return buf;
}

uint64_t format_threshold_step(uint64_t us, int dir)
{
	static const uint64_t mant[] = { 1, 2, 5 };
	uint64_t prev = 1;

	for (uint64_t dec = 1; dec <= 1000000000ULL; dec *= 10) {
		for (int i = 0; i < 3; i++) {
			uint64_t v = mant[i] * dec;

			if (dir > 0 && v > us)
				return v;
			if (dir <= 0 && v >= us)
				return prev;
			prev = v;
		}
	}
	return us;
}

int format_spark_level(uint64_t v, uint64_t max)
{
	if (!v || !max)
		return 0;
	if (v >= max)
		return 8;
	return 1 + (int)((unsigned __int128)(v - 1) * 8 / max);
}

enum format_class format_avail_class(uint64_t p)
{
	if (p >= 9990000)
		return FORMAT_GOOD;
	if (p >= 9900000)
		return FORMAT_WARN;
	return FORMAT_BAD;
}

enum format_class format_budget_class(uint64_t v, uint64_t budget)
{
	if (v > budget)
		return FORMAT_BAD;
	if (v > budget / 2)
		return FORMAT_WARN;
	return FORMAT_GOOD;
}

char format_class_mark(enum format_class c)
{
	return c == FORMAT_BAD ? '!' : c == FORMAT_WARN ? '~' : ' ';
}

char *format_clock(int64_t sec, long nsec, char *buf, size_t size)
{
	time_t t = (time_t)sec;
	struct tm tm;

	if (!sec || !localtime_r(&t, &tm))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%02d:%02d:%02d.%03ld", tm.tm_hour, tm.tm_min, tm.tm_sec,
			 nsec / 1000000 % 1000);
	return buf;
}

char *format_rate(uint64_t nano, char *buf, size_t size)
{
	uint64_t v = nano, p10 = 1;
	int dec = 9, drop = 0, last = 0;

	if (!nano) {
		snprintf(buf, size, "0");
		return buf;
	}
	/* Three significant digits, rounded half up on the first digit dropped. */
	for (; v < 100; v *= 10)
		drop--;
	while (v >= 1000) {
		last = (int)(v % 10);
		v /= 10;
		drop++;
	}
	if (last >= 5 && ++v == 1000) {
		v = 100;
		drop++;
	}
	dec -= drop;	/* decimals of v: may be negative (v * 10^-dec) */
	if (dec > 5 || dec < -3) {	/* under 0.001, a million on: d.dd * 10^(2 - dec) */
		snprintf(buf, size, "%llu.%02llue%d", (unsigned long long)(v / 100),
			 (unsigned long long)(v % 100), 2 - dec);
		return buf;
	}
	if (dec > 0) {
		for (int i = 0; i < dec; i++)
			p10 *= 10;
		snprintf(buf, size, "%llu.%0*llu", (unsigned long long)(v / p10), dec,
			 (unsigned long long)(v % p10));
		return buf;
	}
	for (; dec < 0; dec++)
		v *= 10;
	snprintf(buf, size, "%llu", (unsigned long long)v);
	return buf;
}

enum format_class format_change(uint64_t before, uint64_t after, int higher_better)
{
	if (before == after)
		return FORMAT_NONE;
	return (after > before) == (higher_better != 0) ? FORMAT_GOOD : FORMAT_BAD;
}

char format_change_mark(enum format_class c)
{
	return c == FORMAT_GOOD ? '+' : c == FORMAT_BAD ? '!' : ' ';
}

char *format_change_pct(uint64_t before, uint64_t after, char *buf, size_t size)
{
	uint64_t diff = after > before ? after - before : before - after;

	if (!before) {
		snprintf(buf, size, after ? "new" : "0%%");
		return buf;
	}
	diff = (uint64_t)((unsigned __int128)diff * 100 / before);
	if (after > before && diff > 999) {
		snprintf(buf, size, ">+999%%");
		return buf;
	}
	snprintf(buf, size, "%s%llu%%", !diff ? "" : after > before ? "+" : "-",
		 (unsigned long long)diff);
	return buf;
}

const char *format_path_fit(const char *path, int width, char *buf, size_t size)
{
	/* In columns, cut between characters (text.h): a path may hold any. */
	if (text_width(path) <= width || width <= 3)
		return path;
	snprintf(buf, size, "...%s", path + text_tail(path, width - 3));
	return buf;
}
