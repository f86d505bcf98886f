/*
 * Unit tests: the key table.  Every binding has a name, help and handler;
 * no key code is bound twice in the grid or twice in the system panel; the
 * keys the documentation promises exist.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "keys.h"
#include "tap.h"

/* The binding of code in the grid (panel false) or in the system panel. */
static const struct key_def *find_in(int code, bool panel)
{
	for (const struct key_def *k = keys_table; k->names; k++)
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++)
			if (k->codes[i] == code && (k->view == KEYS_PANEL) == panel)
				return k;
	return NULL;
}

static const struct key_def *find(int code)
{
	return find_in(code, false) ? find_in(code, false) : find_in(code, true);
}

int main(void)
{
	static const int promised[] = { KEY_UP, KEY_DOWN, KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END,
					' ', 'c', '+', '-', 'T', 'p', 'r', 't', 'i', 'z', 'R',
					'<', '>', KEY_F(6), KEY_F(1), '?', 'h', 'q', KEY_F(10),
					'w', 'W', 'N', 'm', 's', 'K', '\n', KEY_ENTER, 27 };
	static const int panel[] = { KEY_UP, KEY_DOWN, KEY_HOME, KEY_END, '\n', 'K', 27 };
	int complete = 1, dups = 0, missing = 0;

	tap_plan(4);
	for (const struct key_def *k = keys_table; k->names; k++) {
		if (!k->help || !k->help[0] || !k->run || !k->codes[0])
			complete = 0;
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++)
			if (find_in(k->codes[i], k->view == KEYS_PANEL) != k) {
				printf("# key %d bound twice\n", k->codes[i]);
				dups++;
			}
	}
	for (size_t i = 0; i < sizeof(promised) / sizeof(promised[0]); i++)
		if (!find(promised[i])) {
			printf("# key %d has no binding\n", promised[i]);
			missing++;
		}
	for (size_t i = 0; i < sizeof(panel) / sizeof(panel[0]); i++)
		if (!find_in(panel[i], true)) {
			printf("# key %d has no binding in the system panel\n", panel[i]);
			missing++;
		}
	tap_ok(find_in('s', false) && find_in('s', false)->view == KEYS_BOTH,
	       "s opens the system panel in either view");
	tap_ok(complete, "every binding has codes, help and a handler");
	tap_ok(!dups, "no key is bound twice");
	tap_ok(!missing, "every key of the documentation is bound");
	return tap_done();
}
