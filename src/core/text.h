/*
 * text: the dashboard's text in terminal columns, and the prompts' line
 * editor.  Text is UTF-8; what is drawn is cut on a character's boundary
 * to the columns it may take (wcwidth: a CJK character takes two), with
 * whatever cannot be printed (a control character, a byte that is not
 * UTF-8, a character the locale lacks) shown as '?' in one column, so
 * that nothing raw reaches the terminal and the count of columns is the
 * terminal's.  Pure: no curses (tests/unit/test-text.c).
 */
#ifndef HWN_UI_TEXT_H
#define HWN_UI_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/*
 * The start of s that fits in cols columns, as characters safe to print
 * into out (outn of them at most, the terminating 0 included; out may be
 * NULL to measure only); the characters written, *used the columns.
 */
size_t text_fit(const char *s, int cols, wchar_t *out, size_t outn, int *used);
/* The columns s takes drawn whole. */
int text_width(const char *s);
/* Bytes to skip for the shortest end of s that fits in cols columns (a field that scrolls). */
size_t text_tail(const char *s, int cols);
/*
 * The bytes of s's first line in cols columns, broken at the last space
 * that fits (a word longer than the line is cut on a character's
 * boundary); *skip the spaces after it, which no line begins with.  All
 * of s when it fits.
 */
size_t text_wrap(const char *s, int cols, size_t *skip);

/* A line typed at a prompt: characters added and taken at its end. */
#define LINEEDIT_SIZE 128

struct lineedit {
	char text[LINEEDIT_SIZE];	/* UTF-8, terminated */
	size_t len;			/* bytes */
	size_t max;			/* bytes it may hold, below LINEEDIT_SIZE */
	bool ascii;			/* printable ASCII only (numbers, a CPU list) */
};

/* Empty, for at most max bytes (LINEEDIT_SIZE - 1 at most). */
void text_lineedit_reset(struct lineedit *e, size_t max, bool ascii);
void text_lineedit_clear(struct lineedit *e);
/*
 * Add the character cp at the end.  False, and nothing added, for what
 * cannot be printed (a control character such as Tab or Esc), for a
 * combining mark with nothing before it, for non-ASCII when e->ascii, and
 * when its bytes do not fit.
 */
bool text_lineedit_insert(struct lineedit *e, uint32_t cp);
/* Take the last character (all its bytes) away; false when empty. */
bool text_lineedit_backspace(struct lineedit *e);

#endif
