/*
 * ledger_guard: the ledger that a fatal signal, or the exit, puts back.
 *
 * A fatal-signal handler and an atexit() function take no argument: the
 * live ledger they must restore is registered here.  This is the one
 * process-wide reference to a ledger (the settings ledger itself keeps
 * none): the session registers its ledger when it starts, the tracefs
 * mount (before any session) registers the one it records the unmount in.
 */
#ifndef HWN_LEDGER_GUARD_H
#define HWN_LEDGER_GUARD_H

struct ledger;

/* Register l as the live ledger (NULL: none). */
void ledger_guard(struct ledger *l);
/* The live ledger, or NULL (for a signal handler: read once). */
struct ledger *ledger_guard_live(void);
/*
 * Restore the live ledger at exit too (settings_restore, settings_done),
 * for the ways out before a session ends.  0, or -1 when atexit() refused.
 */
int ledger_guard_at_exit(void);
/*
 * l goes away: when it is the live ledger, do now what the exit would have
 * done for it, and forget it.  Call before settings_ledger_free(l).
 */
void ledger_guard_drop(struct ledger *l);
/* ledger_guard_drop(l), then settings_ledger_free(l): the end of the ledger's owner. */
void ledger_guard_release(struct ledger *l);

#endif
