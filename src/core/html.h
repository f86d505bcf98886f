/*
 * html: text into an HTML document, escaped (& < > " ' and control
 * characters), so that nothing read from a recording (a host name, a
 * marker's note) becomes markup.  Pure logic: the caller's FILE.
 */
#ifndef HWN_HTML_H
#define HWN_HTML_H

#include <stdio.h>

/* s escaped, for an element's text or an attribute's value in double quotes. */
void html_put(FILE *out, const char *s);
/* The same of at most n bytes of s. */
void html_putn(FILE *out, const char *s, size_t n);
/* printf, then the result escaped (cut at 1024 bytes). */
void html_printf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
