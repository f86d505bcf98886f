/*
 * keys: the dashboard's key bindings as data.  One table gives each
 * binding its key codes, the names shown to people, its help text and its
 * handler; key handling, the help screen and the man page's KEYS section
 * all come from it.  No curses in this header (mkman reads the table).
 */
#ifndef HWN_UI_KEYS_H
#define HWN_UI_KEYS_H

#include <stdbool.h>
#include <stdio.h>

struct dashboard;

#define KEYS_MAX_CODES 4

struct key_def {
	int codes[KEYS_MAX_CODES];	/* curses key codes; 0 ends the list */
	const char *names;		/* as shown: "Up, Down" */
	const char *help;		/* one line */
	void (*run)(struct dashboard *d, int code);
	bool live;			/* changes the measurement: not once it stopped */
};

/* Ends with an entry whose names is NULL. */
extern const struct key_def keys_table[];

/* The man page's KEYS section body (.TP entries). */
void keys_print_man(FILE *out);

#endif
