/*
 * tscwd: the clocksource watchdog's visits counted in an instance of our
 * own.  See tscwd.h.
 *
 * base[] holds each CPU's count at the start (or the last reset), now[]
 * the latest read; the ring keeps (time, total) pairs of the recent
 * updates for tscwd_recent().
 */
#include "tscwd.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tracefs.h>

#include "instance.h"
#include "kfile.h"

#define EVENT_DIR "events/timer/timer_expire_entry"
#define RING 64	/* > 60 s of updates: tscwd_recent() takes at most 60 */

struct tscwd {
	struct tracefs_instance *inst;
	struct ledger *ledger;	/* the instance is registered there */
	char *dir;		/* the instance's directory */
	struct kfiles files;	/* its per_cpu/cpuN/stats, kept open */
	int ncpus;
	bool ok;
	char why[400];
	uint64_t *base, *now;
	struct { uint64_t ns, total; } ring[RING];
	unsigned ring_len, ring_head;
};

int tscwd_parse_stats(const char *text, uint64_t *count)
{
	const char *e = strstr(text, "entries:"), *o = strstr(text, "overrun:");

	if (!e || !o || (e != text && e[-1] != '\n') || (o != text && o[-1] != '\n'))
		return -1;
	*count = strtoull(e + 8, NULL, 10) + strtoull(o + 8, NULL, 10);
	return 0;
}

/* clocksource_watchdog's address from /proc/kallsyms; 0 when hidden or absent. */
static unsigned long long watchdog_address(void)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[256], name[128], type;
	unsigned long long addr, found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %127s", &addr, &type, name) == 3 &&
		    strcmp(name, "clocksource_watchdog") == 0) {
			found = addr;
			break;
		}
	fclose(f);
	return found;
}

static int set_filter(struct tscwd *t, bool debug)
{
	char filter[96];
	unsigned long long addr;

	if (tracefs_instance_file_write(t->inst, EVENT_DIR "/filter",
					"function.function == clocksource_watchdog") > 0) {
		if (debug)
			fprintf(stderr, "hwnoisetop: debug: TSC watchdog filtered by name\n");
		return 0;
	}
	addr = watchdog_address();
	if (!addr) {
		snprintf(t->why, sizeof(t->why), "TSC watchdog count unavailable: the kernel's "
			 "filter takes no function name and /proc/kallsyms hides "
			 "clocksource_watchdog's address (kptr_restrict)");
		return -1;
	}
	snprintf(filter, sizeof(filter), "function == 0x%llx", addr);
	if (tracefs_instance_file_write(t->inst, EVENT_DIR "/filter", filter) <= 0) {
		snprintf(t->why, sizeof(t->why), "TSC watchdog count unavailable: the kernel "
			 "refused the filter '%s': %s", filter, strerror(errno));
		return -1;
	}
	if (debug)
		fprintf(stderr, "hwnoisetop: debug: TSC watchdog filtered by address: %s\n", filter);
	return 0;
}

/*
 * Each CPU's count.  The stats files stay open: a read a tick is one
 * pread() per CPU.
 */
static int read_counts(struct tscwd *t, uint64_t *into)
{
	for (int c = 0; c < t->ncpus; c++) {
		char path[PATH_MAX], text[512];

		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", t->dir, c);
		if (kfile_files_read(&t->files, path, text, sizeof(text)) < 0) {
			into[c] = 0;	/* a CPU that does not exist */
			continue;
		}
		if (tscwd_parse_stats(text, &into[c]) < 0)
			return -1;
	}
	return 0;
}

struct tscwd *tscwd_start(struct ledger *l, int ncpus, bool debug)
{
	struct tscwd *t = calloc(1, sizeof(*t));
	char err[200];

	if (!t)
		return NULL;
	t->ncpus = ncpus > 0 ? ncpus : 1;
	t->base = calloc(t->ncpus, sizeof(*t->base));
	t->now = calloc(t->ncpus, sizeof(*t->now));
	if (!t->base || !t->now) {
		tscwd_stop(t);
		return NULL;
	}
	t->ledger = l;
	t->inst = instance_create(l, "tscwd", 4, err, sizeof(err));
	if (!t->inst) {
		snprintf(t->why, sizeof(t->why), "TSC watchdog count unavailable: %s", err);
		return t;
	}
	t->dir = tracefs_instance_get_dir(t->inst);
	if (!t->dir) {
		snprintf(t->why, sizeof(t->why), "TSC watchdog count unavailable: out of memory");
		return t;
	}
	if (set_filter(t, debug) < 0)
		return t;
	if (instance_event_enable(t->inst, "timer", "timer_expire_entry", true) < 0 ||
	    read_counts(t, t->base) < 0 || tracefs_trace_on(t->inst) < 0) {
		snprintf(t->why, sizeof(t->why), "TSC watchdog count unavailable: cannot enable "
			 "timer:timer_expire_entry in an instance");
		return t;
	}
	memcpy(t->now, t->base, sizeof(*t->now) * t->ncpus);
	t->ok = true;
	return t;
}

bool tscwd_ok(const struct tscwd *t)
{
	return t && t->ok;
}

const char *tscwd_why(const struct tscwd *t)
{
	return t ? t->why : "TSC watchdog count unavailable: out of memory";
}

void tscwd_stop(struct tscwd *t)
{
	if (!t)
		return;
	kfile_files_close(&t->files);	/* open files keep an instance */
	instance_destroy(t->ledger, t->inst);
	tracefs_put_tracing_file(t->dir);
	free(t->base);
	free(t->now);
	free(t);
}

void tscwd_update(struct tscwd *t, uint64_t now_ns)
{
	if (!tscwd_ok(t) || read_counts(t, t->now) < 0)
		return;
	/* One pair a second at most: the ring spans RING seconds or more. */
	if (t->ring_len &&
	    now_ns - t->ring[(t->ring_head + t->ring_len - 1) % RING].ns < 1000000000ULL)
		return;
	t->ring[(t->ring_head + t->ring_len) % RING].ns = now_ns;
	t->ring[(t->ring_head + t->ring_len) % RING].total = tscwd_total(t);
	if (t->ring_len < RING)
		t->ring_len++;
	else
		t->ring_head = (t->ring_head + 1) % RING;
}

void tscwd_reset(struct tscwd *t)
{
	if (!tscwd_ok(t))
		return;
	/* Counted from now, not from the last tick's read: an expiry between
	 * the two happened before the restart. */
	read_counts(t, t->now);
	memcpy(t->base, t->now, sizeof(*t->base) * t->ncpus);
	t->ring_len = t->ring_head = 0;
}

uint64_t tscwd_visits(const struct tscwd *t, int cpu)
{
	if (!tscwd_ok(t) || cpu < 0 || cpu >= t->ncpus || t->now[cpu] < t->base[cpu])
		return 0;
	return t->now[cpu] - t->base[cpu];
}

uint64_t tscwd_count(const struct tscwd *t, int cpu)
{
	return tscwd_ok(t) && cpu >= 0 && cpu < t->ncpus ? t->now[cpu] : 0;
}

uint64_t tscwd_total(const struct tscwd *t)
{
	uint64_t sum = 0;

	for (int c = 0; tscwd_ok(t) && c < t->ncpus; c++)
		sum += tscwd_visits(t, c);
	return sum;
}

uint64_t tscwd_recent(const struct tscwd *t, unsigned seconds)
{
	uint64_t latest_ns, from = 0;

	if (!tscwd_ok(t) || !t->ring_len)
		return 0;
	latest_ns = t->ring[(t->ring_head + t->ring_len - 1) % RING].ns;
	/*
	 * From the oldest update no more than `seconds` before the latest;
	 * when that is the first one kept, from the start.
	 */
	for (unsigned i = 0; i < t->ring_len; i++) {
		unsigned k = (t->ring_head + i) % RING;

		if (latest_ns - t->ring[k].ns <= (uint64_t)seconds * 1000000000ULL) {
			from = i ? t->ring[k].total : 0;
			break;
		}
	}
	return tscwd_total(t) - from;
}
