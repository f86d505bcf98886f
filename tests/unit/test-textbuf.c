/*
 * test-textbuf: the notes' buffer grows past any fixed size (the notes were
 * cut at 1024 bytes before) and keeps every byte in order.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "textbuf.h"

int main(void)
{
	struct textbuf b = { 0 };
	char *want = malloc(200 * 64 + 1);
	size_t len = 0;

	tap_plan(7);
	tap_is_str(textbuf_str(&b), "", "an empty buffer reads as \"\"");
	for (int i = 0; i < 200; i++) {
		textbuf_printf(&b, "note %03d: %s\n", i, "histogram of osnoise:x saved to a file");
		len += (size_t)sprintf(want + len, "note %03d: %s\n", i,
				       "histogram of osnoise:x saved to a file");
	}
	tap_ok(b.len == len && len > 8000, "200 notes keep all their %zu bytes (%zu)", len, b.len);
	tap_is_str(textbuf_str(&b), want, "and each in order");
	tap_ok(b.dropped == 0, "nothing is dropped");
	tap_ok(textbuf_set(&b, "one\n") == 0 && strcmp(textbuf_str(&b), "one\n") == 0,
	       "set replaces the whole text");
	textbuf_printf(&b, "%s", "");
	tap_ok(b.len == 4, "an empty addition adds nothing");
	textbuf_free(&b);
	tap_ok(b.text == NULL && b.len == 0 && *textbuf_str(&b) == '\0', "free empties it");
	free(want);
	return tap_failed != 0;
}
