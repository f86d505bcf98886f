/*
 * utf8: UTF-8 read and written one character at a time, and the columns
 * a character takes on a terminal.  For the JSON writer and reader, the
 * marker notes, and the dashboard's text (ui/text.h).  Pure: no terminal.
 */
#ifndef HWN_UTF8_H
#define HWN_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Bytes most one character takes. */
#define UTF8_MAX 4

/*
 * Length of the well-formed UTF-8 sequence at s (1 to 4), or 0: a stray
 * byte, an overlong form, a surrogate, above U+10FFFF, or cut short by
 * the end of the string.
 */
size_t utf8_len(const char *s);
/* The character at s into *cp; its length as utf8_len (0: *cp untouched). */
size_t utf8_get(const char *s, uint32_t *cp);
/* cp (at most U+10FFFF) as UTF-8 at out, not terminated; the bytes written. */
size_t utf8_put(char *out, uint32_t cp);
/* Bytes of the longest start of s, at most max bytes, that cuts no character in two. */
size_t utf8_cut(const char *s, size_t max);
/*
 * Columns cp takes on the terminal in the current locale (wcwidth: 2 for
 * CJK, 0 for a combining mark); -1 for what cannot be printed (control
 * characters, unassigned code points, anything outside the locale).
 */
int utf8_width(uint32_t cp);

#endif
