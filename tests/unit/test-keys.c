/*
 * Unit tests: the key table.  Every binding has a name, help and handler;
 * no key code is bound twice; the keys the documentation promises exist.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "keys.h"
#include "tap.h"

static const struct key_def *find(int code)
{
	for (const struct key_def *k = keys_table; k->names; k++)
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++)
			if (k->codes[i] == code)
				return k;
	return NULL;
}

int main(void)
{
	static const int promised[] = { KEY_UP, KEY_DOWN, KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END,
					' ', 'c', '+', '-', 'T', 'p', 'r', 't', 'i', 'z', 'R',
					'<', '>', KEY_F(6), KEY_F(1), '?', 'h', 'q', KEY_F(10),
					'w', 'W', 'N', 'm' };
	int complete = 1, dups = 0, missing = 0;

	tap_plan(3);
	for (const struct key_def *k = keys_table; k->names; k++) {
		if (!k->help || !k->help[0] || !k->run || !k->codes[0])
			complete = 0;
		for (int i = 0; i < KEYS_MAX_CODES && k->codes[i]; i++)
			if (find(k->codes[i]) != k) {
				printf("# key %d bound twice\n", k->codes[i]);
				dups++;
			}
	}
	for (size_t i = 0; i < sizeof(promised) / sizeof(promised[0]); i++)
		if (!find(promised[i])) {
			printf("# key %d has no binding\n", promised[i]);
			missing++;
		}
	tap_ok(complete, "every binding has codes, help and a handler");
	tap_ok(!dups, "no key is bound twice");
	tap_ok(!missing, "every key of the documentation is bound");
	return tap_done();
}
