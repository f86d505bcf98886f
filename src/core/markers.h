/*
 * markers: the numbered notes of a run ("2  00:01:14  clocksource tsc ->
 * hpet (key)").  Each marks a change to the machine or to what is measured;
 * the runs between them are the segments (segments.h).  Marker 0 is the
 * start.  Pure data: no tracefs, no terminal.
 */
#ifndef HWN_MARKERS_H
#define HWN_MARKERS_H

#include <stddef.h>
#include <stdint.h>

#define MARKER_ORIGIN 16
#define MARKER_TEXT 112
/* More markers than anyone reads: past this, new ones are refused. */
#define MARKERS_MAX 999

struct marker {
	unsigned num;			/* 0 = the start, then 1, 2, ... */
	uint64_t t_ms;			/* since the start of the run, pauses included */
	char origin[MARKER_ORIGIN];	/* "key", "outside", "user", "kernel", ... */
	char text[MARKER_TEXT];
};

struct markers {
	struct marker *m;
	unsigned n, cap;
};

void markers_init(struct markers *ms);
void markers_free(struct markers *ms);
/*
 * Append a marker (text and origin cut to fit on a UTF-8 character's
 * boundary, control characters turned into spaces, bytes that are not
 * UTF-8 into '?'); its number, or -1 when MARKERS_MAX is reached or memory
 * runs out.
 */
int markers_add(struct markers *ms, uint64_t t_ms, const char *origin, const char *text);
/*
 * Its line: "2  00:01:14  clocksource tsc -> hpet (key)" (hours grow past
 * 99 as needed; no origin: no parentheses).  Returns buf.
 */
/* t_ms as "hh:mm:ss" (hours grow past 99), for lines that name a time. */
char *markers_clock(uint64_t t_ms, char *buf, size_t len);
char *markers_line(const struct marker *m, char *buf, size_t len);

#endif
