/*
 * textbuf: text that grows, line by line, for a run's notes and messages.
 * It never cuts silently: an addition that cannot be made (out of memory)
 * is counted.
 * A zeroed struct is an empty buffer; whoever prints the text says the
 * count of lost additions too (textbuf.dropped).
 */
#ifndef HWN_TEXTBUF_H
#define HWN_TEXTBUF_H

#include <stdarg.h>
#include <stddef.h>

struct textbuf {
	char *text;		/* NUL-terminated, or NULL while empty */
	size_t len, cap;
	unsigned long dropped;	/* additions lost to a failed allocation */
};

/* Append printf-style text; 0, or -1 (counted in dropped). */
int textbuf_printf(struct textbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int textbuf_vprintf(struct textbuf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Replace the whole text; 0 or -1. */
int textbuf_set(struct textbuf *b, const char *text);
/* The text ("" while empty). */
const char *textbuf_str(const struct textbuf *b);
void textbuf_free(struct textbuf *b);

#endif
