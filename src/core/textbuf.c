/*
 * textbuf: see textbuf.h.
 */
#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for n more bytes and the NUL; -1 when out of memory. */
static int reserve(struct textbuf *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 256;
	char *t;

	if (b->len + n + 1 <= b->cap)
		return 0;
	while (cap < b->len + n + 1) {
		if (cap > (size_t)-1 / 2)
			return -1;
		cap *= 2;
	}
	t = realloc(b->text, cap);
	if (!t)
		return -1;
	b->text = t;
	b->cap = cap;
	return 0;
}

int textbuf_vprintf(struct textbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	if (n < 0 || reserve(b, (size_t)n) < 0) {
		va_end(again);
		b->dropped++;
		return -1;
	}
	vsnprintf(b->text + b->len, b->cap - b->len, fmt, again);
	va_end(again);
	b->len += (size_t)n;
	return 0;
}

int textbuf_printf(struct textbuf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = textbuf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

int textbuf_set(struct textbuf *b, const char *text)
{
	b->len = 0;
	if (b->text)
		b->text[0] = '\0';
	b->dropped = 0;
	return textbuf_printf(b, "%s", text);
}

const char *textbuf_str(const struct textbuf *b)
{
	return b->text ? b->text : "";
}

void textbuf_free(struct textbuf *b)
{
	free(b->text);
	*b = (struct textbuf){ 0 };
}
