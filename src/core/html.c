/*
 * html: see html.h.  A byte at a time: the five characters of markup as
 * entities, the control characters other than tab and newline (which no
 * HTML text may hold) as U+FFFD; every other byte as it is (UTF-8 passes).
 */
#include "html.h"

#include <stdarg.h>
#include <string.h>

void html_putn(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default:
			if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
				fputs("&#xfffd;", out);
			else
				fputc(c, out);
		}
	}
}

void html_put(FILE *out, const char *s)
{
	html_putn(out, s, strlen(s));
}

void html_printf(FILE *out, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	html_put(out, buf);
}
