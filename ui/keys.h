/*
 * keys: the dashboard's key bindings as data.  One table gives each
 * binding its key codes, the names shown to people, its help text and its
 * handler, and the view it works in; key handling, the help screen and the
 * man page's KEYS section all come from it.  No curses in this header (mkman reads the table).
 */
#ifndef HWN_UI_KEYS_H
#define HWN_UI_KEYS_H

#include <stdbool.h>
#include <stdio.h>

struct dashboard;

#define KEYS_MAX_CODES 4

/* The view a binding works in. */
enum key_view {
	KEYS_BOTH,	/* either view */
	KEYS_HWNOISE,	/* the hwnoise (osnoise tracer) view only */
	KEYS_DIST,	/* the hwnoise view's distribution view (D) only */
	KEYS_HWLAT,	/* the hwlat view only */
	KEYS_PANEL,	/* the system panel, while it is open */
	KEYS_REPLAY,	/* playing a recording back (--replay FILE) */
};

enum key_flag {
	KEY_LIVE = 1,		/* changes the measurement: not once it stopped, not in a replay */
	KEY_PANEL = 2,		/* works over the system panel too (its own are KEYS_PANEL) */
	KEY_NO_REPLAY = 4,	/* touches the kernel, though not live: not in a replay */
};

struct key_def {
	int codes[KEYS_MAX_CODES];	/* curses key codes; 0 ends the list */
	const char *names;		/* as shown: "Up, Down" */
	const char *help;		/* one line */
	/* What must be redrawn: enum dash_redraw (dash.h). */
	unsigned (*run)(struct dashboard *d, int code);
	unsigned flags;			/* enum key_flag */
	enum key_view view;
};

/*
 * " (hwnoise view)", " (distribution view)", " (hwlat view)", " (system
 * panel)", " (replay)" or "": after the help text.
 */
const char *keymap_view_note(const struct key_def *k);

/* keymap.c: whether keys_dispatch() looks at binding k at all in the view on screen. */
bool keymap_reachable(const struct dashboard *d, const struct key_def *k);

/* Ends with an entry whose names is NULL. */
extern const struct key_def keys_table[];

/* The man page's KEYS section body (.TP entries). */
void keys_print_man(FILE *out);

#endif
