/*
 * Unit tests: the key table.  Every binding has a name, help and handler;
 * no key code is bound twice in the grid, twice in the system panel or
 * twice among the playback's own keys (--replay, which come before the
 * grid's); the keys the documentation promises exist.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "keys.h"
#include "tap.h"

/* The layers a code is looked up in: the grid's views, the system panel, the playback. */
static int layer(const struct key_def *k)
{
	return k->view == KEYS_PANEL ? 1 : k->view == KEYS_REPLAY ? 2 : 0;
}

/* The binding of code in a layer. */
static const struct key_def *find_in(int code, int l)
{
	for (const struct key_def *k = keys_table; k->names; k++)
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++)
			if (k->codes[i] == code && layer(k) == l)
				return k;
	return NULL;
}

static const struct key_def *find(int code)
{
	return find_in(code, 0) ? find_in(code, 0) : find_in(code, 1);
}

int main(void)
{
	static const int promised[] = { KEY_UP, KEY_DOWN, KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END,
					' ', 'c', '+', '-', 'T', 'p', 'r', 't', 'i', 'z', 'R',
					'<', '>', KEY_F(6), KEY_F(1), '?', 'h', 'q', KEY_F(10),
					'w', 'W', 'N', 'm', 's', 'K', '\n', KEY_ENTER, 27 };
	static const int panel[] = { KEY_UP, KEY_DOWN, KEY_HOME, KEY_END, '\n', 'K', 27 };
	static const int replay[] = { 'z', '.', '1', '2', '3', '4' };
	int complete = 1, dups = 0, missing = 0;

	tap_plan(4);
	for (const struct key_def *k = keys_table; k->names; k++) {
		if (!k->help || !k->help[0] || !k->run || !k->codes[0])
			complete = 0;
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++)
			if (find_in(k->codes[i], layer(k)) != k) {
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
		if (!find_in(panel[i], 1)) {
			printf("# key %d has no binding in the system panel\n", panel[i]);
			missing++;
		}
	for (size_t i = 0; i < sizeof(replay) / sizeof(replay[0]); i++)
		if (!find_in(replay[i], 2) || (find_in(replay[i], 2)->flags & KEY_LIVE)) {
			printf("# key %d has no binding of the playback's own\n", replay[i]);
			missing++;
		}
	tap_ok(find_in('s', 0) && find_in('s', 0)->view == KEYS_BOTH,
	       "s opens the system panel in either view");
	tap_ok(complete, "every binding has codes, help and a handler");
	tap_ok(!dups, "no key is bound twice");
	tap_ok(!missing, "every key of the documentation is bound");
	return tap_done();
}
