/*
 * settings_int: what the ledger's files share: the saved entries and the
 * run's restore plan.  Bottom first: settings_plan.c (the entries),
 * settings_file.c (the state file), settings.c (save, then write),
 * settings_restore.c; each calls only those before it.  settings_allow.c
 * (the allow-list) stands aside.  Not for other modules: they use settings.h.
 */
#ifndef HWN_SETTINGS_INT_H
#define HWN_SETTINGS_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "settings.h"

#define SETTINGS_MAX_INST 8
#define SETTINGS_PATH_LEN 4096
#define SETTINGS_FILE_MAX (64u << 20)	/* a state file larger than this is refused */

enum settings_kind { KIND_VALUE, KIND_CHOICE, KIND_OPTIONS };
enum settings_out { OUT_NONE, OUT_RESTORED, OUT_SAME, OUT_KEPT, OUT_LEFT, OUT_FAILED };

struct settings_entry {
	char *path;		/* absolute, real (no symlink in it) */
	char *orig;		/* the value before our first write */
	char *last;		/* our last write; NULL when only saved */
	unsigned char cls;	/* enum settings_class */
	unsigned char kind;	/* enum settings_kind */
	unsigned char out;	/* enum settings_out of the last restore */
};

/*
 * The plan.  Entries are published to a signal handler by filling them
 * completely before n grows; a bigger array is filled before it replaces
 * the old one (never realloc in place), so the handler always sees a whole
 * array.
 */
struct settings_plan {
	struct settings_entry *e;
	size_t n, cap;
	char inst[SETTINGS_MAX_INST][SETTINGS_PATH_LEN];
	bool keep;
	char module[16];	/* module to unload at restore, "" for none */
	unsigned char module_out;
	bool umount;		/* unmount the tracefs this run mounted (SETTINGS_TRACEFS_DIR) */
	unsigned char umount_out;
	uint64_t hwlat_thresh;	/* 0: none recorded */
	bool dirty;		/* saves not yet in the state file */
};

/* A ledger: its plan, where it writes, and the run's lock and state file. */
struct ledger {
	struct settings_plan plan;
	char tracing[1024];		/* the tracefs mount: relative paths start there */
	char state_dir[256];		/* SETTINGS_STATE_DIR (tests point it elsewhere) */
	char state_file[SETTINGS_PATH_LEN];
	char state_tmp[SETTINGS_PATH_LEN + 8];
	char lock_file[SETTINGS_PATH_LEN];
	int lock_fd;			/* the run's lock, held from settings_init to settings_done */
	char dead_lock[SETTINGS_PATH_LEN];	/* the lock file of a dead run being cleaned */
	char error[512];		/* why settings_init failed */
	char knob_root[256];		/* a test's root prefix for the knob patterns ("" normally) */
	char cur[4096];			/* the restore's read buffer: no large stack in a handler */
};

/* settings_plan.c */
int settings_add_entry(struct ledger *l, const char *real, const char *orig, const char *last,
		       enum settings_class cls, enum settings_kind kind);
void settings_clear(struct ledger *l);

/* settings.c */
int settings_read_full(const char *full, char *buf, size_t size);
int settings_write_full(const char *full, const char *value);
void settings_trim_choice(char *value);

/* settings_file.c */
int settings_state_write(struct ledger *l);
void settings_state_unlink(struct ledger *l);
/* The state directory (tests point it elsewhere, before settings_init). */
void settings_set_state_dir(struct ledger *l, const char *dir);
/* Parse a state file's text into the plan (cleared first).  0, or -1 and msg. */
int settings_parse(struct ledger *l, char *text, size_t len, char *msg, size_t msglen);

/* settings_allow.c: a test's root prefix for the knob patterns ("" normally). */
void settings_set_knob_root(struct ledger *l, const char *root);

#endif
