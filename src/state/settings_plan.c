/*
 * settings_plan: a ledger's plan (struct settings_plan, settings_int.h):
 * its entries added in the order they were first saved, and cleared.
 * The bottom of the ledger: the state file (settings_file.c), the saves
 * and writes (settings.c) and the restore (settings_restore.c) build on it,
 * in that order, none calling one above it.
 */
#include "settings_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void settings_set_tracing_dir(struct ledger *l, const char *tracing_dir)
{
	snprintf(l->tracing, sizeof(l->tracing), "%s", tracing_dir);
}

void settings_clear(struct ledger *l)
{
	struct settings_plan *p = &l->plan;
	struct settings_entry *e = p->e;
	size_t n = p->n;

	p->n = 0;
	p->e = NULL;
	p->cap = 0;
	for (size_t i = 0; i < n; i++) {
		free(e[i].path);
		free(e[i].orig);
		free(e[i].last);
	}
	free(e);
	memset(p->inst, 0, sizeof(p->inst));
	p->keep = false;
	p->module[0] = '\0';
	p->module_out = OUT_NONE;
	p->umount = false;
	p->umount_out = OUT_NONE;
	p->hwlat_thresh = 0;
	p->dirty = false;
}

/* Append an entry (no state-file write).  0 or -errno. */
int settings_add_entry(struct ledger *l, const char *real, const char *orig, const char *last,
		       enum settings_class cls, enum settings_kind kind)
{
	struct settings_plan *p = &l->plan;
	struct settings_entry e = { .cls = cls, .kind = kind };

	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 64;
		struct settings_entry *grown = malloc(cap * sizeof(*grown)), *old = p->e;

		if (!grown)
			return -ENOMEM;
		if (p->n)
			memcpy(grown, old, p->n * sizeof(*grown));
		p->e = grown;	/* whole before it is seen */
		p->cap = cap;
		free(old);
	}
	e.path = strdup(real);
	e.orig = strdup(orig);
	e.last = last ? strdup(last) : NULL;
	if (!e.path || !e.orig || (last && !e.last)) {
		free(e.path);
		free(e.orig);
		free(e.last);
		return -ENOMEM;
	}
	p->e[p->n] = e;
	p->n++;
	return 0;
}
