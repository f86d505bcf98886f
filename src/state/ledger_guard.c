/*
 * ledger_guard: the one registered pointer to the live ledger.  See
 * ledger_guard.h.
 */
#include "ledger_guard.h"

#include <stdbool.h>
#include <stdlib.h>

#include "settings.h"

/*
 * The only process-wide reference to a ledger: a fatal-signal handler and
 * atexit() cannot be handed one, so the owner registers it here.
 */
static struct ledger *volatile guarded;
static volatile bool restore_at_exit;	/* the exit restores the live ledger */

void ledger_guard(struct ledger *l)
{
	guarded = l;
}

struct ledger *ledger_guard_live(void)
{
	return guarded;
}

static void at_exit(void)
{
	struct ledger *l = guarded;

	if (l && restore_at_exit) {
		settings_restore(l);
		settings_done(l);
	}
}

int ledger_guard_at_exit(void)
{
	static bool hooked;

	if (!hooked && atexit(at_exit) == 0)
		hooked = true;
	restore_at_exit = hooked;
	return hooked ? 0 : -1;
}

void ledger_guard_drop(struct ledger *l)
{
	if (!l || guarded != l)
		return;
	at_exit();
	restore_at_exit = false;
	guarded = NULL;
}

void ledger_guard_release(struct ledger *l)
{
	ledger_guard_drop(l);
	settings_ledger_free(l);
}
