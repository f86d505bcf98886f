/*
 * text: columns and the line editor.  See text.h.
 */
#include "text.h"

#include <limits.h>
#include <string.h>

#include "utf8.h"

size_t text_fit(const char *s, int cols, wchar_t *out, size_t outn, int *used)
{
	size_t o = 0;
	int w = 0;

	while (*s && (!out || o + 1 < outn)) {
		uint32_t cp = '?';
		size_t k = utf8_get(s, &cp);
		int cw = k ? utf8_width(cp) : -1;

		if (cw < 0 || (cw == 0 && o == 0)) {
			/* Nothing raw, and nothing without a column of its own at the start. */
			cp = '?';
			cw = 1;
		}
		if (w + cw > cols)
			break;
		if (out)
			out[o] = (wchar_t)cp;
		o++;
		w += cw;
		s += k ? k : 1;
	}
	if (out && outn)
		out[o] = L'\0';
	if (used)
		*used = w;
	return o;
}

int text_width(const char *s)
{
	int w;

	text_fit(s, INT_MAX, NULL, 0, &w);
	return w;
}

size_t text_tail(const char *s, int cols)
{
	size_t i = 0;

	while (s[i] && text_width(s + i) > cols) {
		size_t k = utf8_len(s + i);

		i += k ? k : 1;
	}
	return i;
}

size_t text_wrap(const char *s, int cols, size_t *skip)
{
	const char *p = s;
	size_t brk = 0;
	int w = 0;

	*skip = 0;
	if (cols <= 0 || text_width(s) <= cols)
		return strlen(s);
	while (*p) {
		uint32_t cp = '?';
		size_t k = utf8_get(p, &cp);
		int cw = k ? utf8_width(cp) : -1;

		if (cw < 0 || (cw == 0 && p == s))
			cw = 1;	/* as text_fit() draws it */
		if (w + cw > cols)
			break;
		if (*p == ' ')
			brk = (size_t)(p - s);
		w += cw;
		p += k ? k : 1;
	}
	if (*p == ' ')	/* the line ends right before a space */
		brk = (size_t)(p - s);
	if (!brk)
		return (size_t)(p - s);
	while (s[brk + *skip] == ' ')
		(*skip)++;
	return brk;
}

void text_lineedit_reset(struct lineedit *e, size_t max, bool ascii)
{
	e->max = max < LINEEDIT_SIZE ? max : LINEEDIT_SIZE - 1;
	e->ascii = ascii;
	text_lineedit_clear(e);
}

void text_lineedit_clear(struct lineedit *e)
{
	e->len = 0;
	e->text[0] = '\0';
}

bool text_lineedit_insert(struct lineedit *e, uint32_t cp)
{
	char c[UTF8_MAX];
	int w = cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? utf8_width(cp) : -1;
	size_t n;

	if (w < 0 || (w == 0 && !e->len) || (e->ascii && cp >= 0x7f))
		return false;
	n = utf8_put(c, cp);
	if (e->len + n > e->max)
		return false;
	memcpy(e->text + e->len, c, n);
	e->len += n;
	e->text[e->len] = '\0';
	return true;
}

bool text_lineedit_backspace(struct lineedit *e)
{
	if (!e->len)
		return false;
	while (--e->len && ((unsigned char)e->text[e->len] & 0xc0) == 0x80)
		;
	e->text[e->len] = '\0';
	return true;
}
