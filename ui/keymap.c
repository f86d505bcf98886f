/*
 * keymap: which bindings of the key table (keys.c) work in the view on
 * screen: keys_dispatch() looks at the reachable ones, and the help screen
 * lists each key's first binding that works.  The table comes through the
 * dashboard (d->keys): the screens below keys.c read it without calling up.
 */
#include "keys.h"

#include <stdbool.h>

#include "dash.h"

const char *keymap_view_note(const struct key_def *k)
{
	return k->view == KEYS_HWNOISE ? " (hwnoise view)" : k->view == KEYS_HWLAT ? " (hwlat view)" :
	       k->view == KEYS_DIST ? " (distribution view)" :
	       k->view == KEYS_PANEL ? " (system panel)" : k->view == KEYS_REPLAY ? " (replay)" : "";
}

/* Whether keys_dispatch() looks at binding k at all in the view on screen. */
bool keymap_reachable(const struct dashboard *d, const struct key_def *k)
{
	if (dash_is_open(d, &screen_panel))
		return (k->flags & KEY_PANEL) || k->view == KEYS_PANEL;
	return k->view != KEYS_PANEL && !(k->view == KEYS_REPLAY && !playview_on(d));
}

/* Whether binding k, once reached, is refused in the view on screen. */
static bool key_refused(const struct dashboard *d, const struct key_def *k)
{
	if (playview_on(d) && (k->flags & (KEY_LIVE | KEY_NO_REPLAY)))
		return true;
	return (k->view == KEYS_HWLAT && !dash_hwlat(d)) ||
	       ((k->view == KEYS_HWNOISE || k->view == KEYS_DIST) && dash_hwlat(d));
}

static bool key_shares_code(const struct key_def *a, const struct key_def *b)
{
	for (int i = 0; i < KEYS_MAX_CODES && a->codes[i]; i++)
		for (int j = 0; j < KEYS_MAX_CODES && b->codes[j]; j++)
			if (a->codes[i] == b->codes[j])
				return true;
	return false;
}

bool keymap_shown(const struct dashboard *d, const struct key_def *k)
{
	if (!keymap_reachable(d, k) || key_refused(d, k))
		return false;
	/* The first reachable binding of a key is the one that runs. */
	for (const struct key_def *e = d->keys; e != k; e++)
		if (keymap_reachable(d, e) && key_shares_code(e, k))
			return false;
	return true;
}
