/*
 * Unit tests: UTF-8 text in terminal columns and the prompts' line editor
 * (src/core/text.h, src/core/utf8.h): a character added and taken whole, widths by
 * wcwidth, cuts on a character's boundary, nothing raw to the terminal;
 * a marker's note kept whole and written as JSON.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "format.h"
#include "json.h"
#include "markers.h"
#include "tap.h"
#include "text.h"
#include "utf8.h"

static void type(struct lineedit *e, const char *s)
{
	uint32_t cp;

	for (size_t k; *s; s += k) {
		k = utf8_get(s, &cp);
		text_lineedit_insert(e, cp);
	}
}

static void test_edit(void)
{
	struct lineedit e;

	text_lineedit_reset(&e, LINEEDIT_SIZE - 1, false);
	type(&e, "Lüfter aus");
	tap_is_str(e.text, "Lüfter aus", "umlauts typed");
	tap_is_u64(e.len, 11, "ü takes two bytes");
	text_lineedit_clear(&e);
	type(&e, "Lü");
	text_lineedit_backspace(&e);
	tap_is_str(e.text, "L", "Backspace after ü takes both its bytes");
	text_lineedit_clear(&e);
	type(&e, "ファン停止");
	tap_is_u64((unsigned long long)text_width(e.text), 10, "five CJK characters: ten columns");
	text_lineedit_backspace(&e);
	tap_is_str(e.text, "ファン停", "Backspace takes one CJK character (three bytes)");
	tap_ok(!text_lineedit_insert(&e, '\t') && !text_lineedit_insert(&e, 27) && !text_lineedit_insert(&e, 0x85) &&
	       !text_lineedit_insert(&e, 0x7f) && !text_lineedit_insert(&e, 0xd800) &&
	       !text_lineedit_insert(&e, 0x110000), "Tab, Esc, C1, DEL, a surrogate, past U+10FFFF refused");
	tap_is_str(e.text, "ファン停", "nothing refused was added");
	text_lineedit_clear(&e);
	tap_ok(!text_lineedit_insert(&e, 0x301), "a combining mark with nothing before it refused");
	tap_ok(text_lineedit_insert(&e, 'e') && text_lineedit_insert(&e, 0x301), "after a letter: taken");
	tap_is_u64((unsigned long long)text_width(e.text), 1, "e + combining acute: one column");

	text_lineedit_reset(&e, LINEEDIT_SIZE - 1, true);
	type(&e, "1ü2\t3");
	tap_is_str(e.text, "123", "a numeric prompt takes printable ASCII only");
	tap_ok(text_lineedit_backspace(&e) && text_lineedit_backspace(&e) && text_lineedit_backspace(&e) &&
	       !text_lineedit_backspace(&e) && e.len == 0, "Backspace on empty: false");

	text_lineedit_reset(&e, 5, false);
	type(&e, "abü");
	tap_ok(!text_lineedit_insert(&e, 0xfc), "a character whose bytes do not fit is refused whole");
	tap_ok(text_lineedit_insert(&e, 'c') && e.len == 5, "one byte still fits");
	tap_is_str(e.text, "abüc", "max bytes: no half character");
}

static void test_columns(void)
{
	wchar_t w[16];
	char b[64];
	int used;
	size_t n;

	tap_is_u64((unsigned long long)text_width("Lüfter aus"), 10, "Lüfter aus: ten columns");
	n = text_fit("aファン", 2, w, 16, &used);
	tap_ok(n == 1 && used == 1 && w[0] == L'a' && w[1] == 0,
	       "a CJK character that does not fit whole is left out (1 of 2 columns used)");
	n = text_fit("aファン", 3, w, 16, &used);
	tap_ok(n == 2 && used == 3 && w[1] == 0x30d5, "three columns: a and one CJK character");
	n = text_fit("a\tb\x1b[2J\xff", 16, w, 16, &used);
	tap_ok(n == 8 && used == 8 && wcscmp(w, L"a?b?[2J?") == 0,
	       "Tab, Esc and a stray byte: one '?' each, counted one column");
	n = text_fit("abcdef", 16, w, 4, &used);
	tap_ok(n == 3 && used == 3 && w[3] == 0, "out holds outn - 1 characters and the 0");
	tap_is_u64(text_tail("ファン停止", 5), 9, "the end that fits 5 columns: 停止 (skip 9 bytes)");
	tap_is_u64(text_tail("ファン停止", 10), 0, "all fits: skip nothing");
	tap_is_u64(utf8_cut("aü", 2), 1, "utf8_cut: not in ü's middle");
	tap_is_str(format_path_fit("/tmp/ファン停止.dat", 10, b, sizeof(b)), "...止.dat",
		   "a path's end in columns: 7 after the ..., no half character");
}

static void test_note(void)
{
	struct markers ms;
	char big[256] = "", *json = NULL;
	size_t len = 0;
	FILE *f;

	for (int i = 0; i < 60; i++)
		strcat(big, "ü");
	markers_init(&ms);
	markers_add(&ms, 0, "user", big);
	tap_is_u64(strlen(ms.m[0].text), 110, "a long note is cut at 55 ü (110 bytes), not mid-ü");
	markers_add(&ms, 0, "user", "ab\xc3");	/* its end lost before it came */
	tap_is_str(ms.m[1].text, "ab?", "a cut character stored as '?'");
	markers_add(&ms, 0, "user", "Lüfter\taus ファン");
	tap_is_str(ms.m[2].text, "Lüfter aus ファン", "a Tab in a note: a space");
	f = open_memstream(&json, &len);
	json_write_string(f, "Lüfter aus \"ファン\"\t");
	fclose(f);
	tap_is_str(json, "\"Lüfter aus \\\"ファン\\\"\\t\"", "JSON: UTF-8 as it is, quote and Tab escaped");
	free(json);
	markers_free(&ms);
}

/* The lines text_wrap() cuts s into at cols columns, joined by '|'. */
static const char *wrapped(const char *s, int cols, char *out, size_t size)
{
	size_t o = 0, skip;

	out[0] = '\0';
	while (*s && o + 2 < size) {
		size_t n = text_wrap(s, cols, &skip);

		o += (size_t)snprintf(out + o, size - o, "%s%.*s", o ? "|" : "", (int)n, s);
		s += n + skip;
		if (!n && !skip)
			break;	/* no progress: a defect, shown by the result */
	}
	return out;
}

static void test_wrap(void)
{
	char b[256];

	tap_is_str(wrapped("exact under 16 us; above, a bucket", 80, b, sizeof(b)),
		   "exact under 16 us; above, a bucket", "a line that fits stays whole");
	tap_is_str(wrapped("exact under 16 us; above", 12, b, sizeof(b)), "exact under|16 us; above",
		   "broken after the last space that fits, no line begins with a space");
	tap_is_str(wrapped("ab cd", 2, b, sizeof(b)), "ab|cd", "a space right after the fit breaks there");
	tap_is_str(wrapped("abcdefgh ij", 3, b, sizeof(b)), "abc|def|gh|ij",
		   "a word longer than the line is cut");
	tap_is_str(wrapped("Lüfter aus an", 7, b, sizeof(b)), "Lüfter|aus an",
		   "columns, not bytes: ü takes one column and two bytes");
	tap_is_str(wrapped("日本語 テスト", 4, b, sizeof(b)), "日本|語|テス|ト",
		   "a wide character is never split and takes two columns");
	tap_is_str(wrapped("a  b", 1, b, sizeof(b)), "a|b", "runs of spaces are skipped");
}

int main(void)
{
	tap_plan(35);
	if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "C.utf8")) {
		tap_ok(1, "# SKIP no C.UTF-8 locale");
		return 0;
	}
	test_edit();
	test_columns();
	test_note();
	test_wrap();
	return tap_done();
}
