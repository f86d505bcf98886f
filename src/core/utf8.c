/*
 * utf8: one character at a time.  See utf8.h.
 */
#define _XOPEN_SOURCE 700	/* wcwidth */
#include "utf8.h"

#include <wchar.h>

size_t utf8_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	/* No overlong forms, no surrogates, nothing above U+10FFFF. */
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

size_t utf8_get(const char *str, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n = utf8_len(str);
	static const unsigned char lead[5] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	uint32_t v;

	if (!n)
		return 0;
	v = s[0] & lead[n];
	for (size_t i = 1; i < n; i++)
		v = v << 6 | (s[i] & 0x3f);
	*cp = v;
	return n;
}

size_t utf8_put(char *out, uint32_t cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

size_t utf8_cut(const char *s, size_t max)
{
	size_t n = 0;

	while (s[n]) {
		size_t k = utf8_len(s + n);

		if (!k)
			k = 1;	/* a stray byte is a character of its own */
		if (n + k > max)
			break;
		n += k;
	}
	return n;
}

int utf8_width(uint32_t cp)
{
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return -1;
	return wcwidth((wchar_t)cp);
}
