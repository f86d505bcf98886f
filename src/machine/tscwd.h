/*
 * tscwd: the clocksource (TSC) watchdog's visits, per CPU.
 *
 * While the watchdog runs, a timer (clocksource_watchdog) fires every
 * 0.5 s on one CPU after another.  A private instance
 * "hwnoisetop-<pid>-tscwd" records timer:timer_expire_entry filtered in
 * the kernel to that function (by name where the kernel's filter takes
 * "function.function == clocksource_watchdog", else by its address from
 * /proc/kallsyms); the count of a CPU is what its buffer was given,
 * entries plus overrun from per_cpu/cpuN/stats, so no event is read.
 * No visits at all (tsc=reliable, no watchdog) is a result, not an error.
 */
#ifndef HWN_TSCWD_H
#define HWN_TSCWD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tscwd;

/*
 * Create the instance and start counting.  NULL only without memory;
 * otherwise tscwd_ok() says whether it counts and tscwd_why() why not
 * (e.g. addresses hidden by kptr_restrict).  The instance is registered in l.
 */
struct ledger;
struct tscwd *tscwd_start(struct ledger *l, int ncpus, bool debug);
bool tscwd_ok(const struct tscwd *t);
const char *tscwd_why(const struct tscwd *t);
/* Remove the instance and free (NULL is fine). */
void tscwd_stop(struct tscwd *t);

/* Read the counts now (the session does this on its tick). */
void tscwd_update(struct tscwd *t, uint64_t now_ns);
/* Count from zero again (the statistics were reset). */
void tscwd_reset(struct tscwd *t);

/* Visits to cpu since the start or the last reset, as of the last update. */
uint64_t tscwd_visits(const struct tscwd *t, int cpu);
/*
 * cpu's count as of the last update, from the instance's start, never
 * reset: what --why takes the visits since its last read from.
 */
uint64_t tscwd_count(const struct tscwd *t, int cpu);
/* Visits to every CPU. */
uint64_t tscwd_total(const struct tscwd *t);
/* Visits to every CPU in about the last `seconds` seconds (at most 60). */
uint64_t tscwd_recent(const struct tscwd *t, unsigned seconds);

/*
 * Parse a per_cpu/cpuN/stats file's text: entries + overrun, the events
 * its buffer was given.  0, or -1 when either line is missing.
 */
int tscwd_parse_stats(const char *text, uint64_t *count);

#endif
