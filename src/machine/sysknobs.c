/*
 * sysknobs: read and step the run-time tuning knobs.  See sysknobs.h.
 *
 * Every knob is one descriptor of sysknobs_table.c (sysknobs_int.h): this
 * file runs them, reading each on the tick and telling changes made from
 * outside, stepping one through its stepper.
 */
#include "sysknobs_int.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "kfile.h"
#include "stopwatch.h"

enum audit_id sysknobs_audit_item(enum sysknob_id id)
{
	return id < KNOB_COUNT ? sysknobs_table[id].audit : AU_COUNT;
}

const char *sysknobs_cli_name(enum sysknob_id id)
{
	return id < KNOB_COUNT ? sysknobs_table[id].cli : NULL;
}

const struct exp_keep *sysknobs_keep(enum sysknob_id id)
{
	return id < KNOB_COUNT ? &sysknobs_table[id].keep : NULL;
}

void sysknobs_keep_text(const char *cli, const char *value, char *buf, size_t len)
{
	int id = sysknobs_by_cli_name(cli);

	exp_keep_text(id < 0 ? NULL : &sysknobs_table[id].keep, cli, value, buf, len);
}

int sysknobs_by_cli_name(const char *name)
{
	for (int id = 0; id < KNOB_COUNT; id++)
		if (sysknobs_table[id].cli && strcmp(name, sysknobs_table[id].cli) == 0)
			return id;
	return -1;
}

void sysknobs_cli_names(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int id = 0; id < KNOB_COUNT && n < len; id++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", id == 0 ? "" :
				      id == KNOB_COUNT - 1 ? " or " : ", ", sysknobs_table[id].cli);
}

static void read_one(struct sysknobs *kn, enum sysknob_id id)
{
	const struct sysknob_def *def = &sysknobs_table[id];
	struct sysknob *k = &kn->k[id];

	k->name = def->name;
	k->tag = def->tag;
	k->file = def->file;
	k->value[0] = k->detail[0] = k->na[0] = '\0';
	def->read(kn, k);
}

/*
 * What is missing (no cpufreq or cpuidle driver, no PM QoS device), the
 * mode of nmi_watchdog and whether /dev/cpu_dma_latency can be written
 * change only when a CPU comes or goes or a driver is loaded: they are
 * looked at again when the measured or online CPUs change and every
 * RECHECK_NS, not every tick.
 */
#define RECHECK_NS (10 * 1000000000ULL)

static void read_all(struct sysknobs *kn, const struct cpuset *measured)
{
	struct cpuset online;
	uint64_t now = stopwatch_now();

	env_online_cpus(&online);
	if (!cpuset_equal(measured, &kn->cpus) || !cpuset_equal(&online, &kn->online) ||
	    now - kn->checked_ns >= RECHECK_NS) {
		kfile_files_retry(&kn->files);
		kn->nmi_ro = kn->dma_ok = -1;
		kn->checked_ns = now;
	}
	kn->cpus = *measured;
	kn->online = online;
	for (int id = 0; id < KNOB_COUNT; id++)
		read_one(kn, id);
}

void sysknobs_init(struct sysknobs *kn, struct ledger *l, const struct cpuset *measured)
{
	memset(kn, 0, sizeof(*kn));
	kn->ledger = l;
	kn->dma_fd = -1;
	kn->files.remember_missing = true;
	kn->nmi_ro = kn->dma_ok = -1;
	kn->checked_ns = stopwatch_now();
	read_all(kn, measured);
	for (int id = 0; id < KNOB_COUNT; id++) {
		snprintf(kn->k[id].start, sizeof(kn->k[id].start), "%s", kn->k[id].value);
		snprintf(kn->k[id].last, sizeof(kn->k[id].last), "%s", kn->k[id].value);
	}
}

static void tell_cpus(sysknobs_seen seen, void *ctx, const struct cpuset *set, const char *what)
{
	char list[128], text[192];

	if (cpuset_empty(set))
		return;
	snprintf(text, sizeof(text), "CPU%s %s %s", cpuset_count(set) > 1 ? "s" : "",
		 cpuset_format(set, list, sizeof(list)), what);
	seen(ctx, "hotplug", text);
}

void sysknobs_read(struct sysknobs *kn, const struct cpuset *measured, sysknobs_seen seen,
		   void *ctx)
{
	struct cpuset was = kn->online, gone, back;

	read_all(kn, measured);
	for (int id = 0; id < KNOB_COUNT; id++) {
		struct sysknob *k = &kn->k[id];
		char text[192];

		if (strcmp(k->last, k->value) == 0)
			continue;
		/* The per-CPU knobs follow the CPU set too: only a real change is news. */
		if (seen && strcmp(k->value, "n/a") != 0 && strcmp(k->last, "n/a") != 0) {
			snprintf(text, sizeof(text), "%s %s -> %s", k->tag, k->last, k->value);
			seen(ctx, "outside", text);
		}
		snprintf(k->last, sizeof(k->last), "%s", k->value);
	}
	/* After the knobs: SMT off is the cause, the CPUs going offline the effect. */
	if (seen) {
		cpuset_andnot(&gone, &was, &kn->online);
		cpuset_andnot(&back, &kn->online, &was);
		tell_cpus(seen, ctx, &gone, "went offline");
		tell_cpus(seen, ctx, &back, "came online");
	}
}

enum sysknob_origin sysknobs_origin(const struct sysknob *k)
{
	if (k->ours[0] && strcmp(k->ours, k->value) == 0)
		return SYSKNOB_SET_HERE;
	if (strcmp(k->start, k->value) == 0)
		return SYSKNOB_AS_FOUND;
	return k->ours[0] || strcmp(k->value, "mixed") != 0 ? SYSKNOB_SET_OUTSIDE :
							       SYSKNOB_AS_FOUND;
}

bool sysknobs_next_offlines(const struct sysknobs *kn, enum sysknob_id id)
{
	return id == KNOB_SMT && strcmp(kn->k[id].value, "on") == 0;
}

int sysknobs_next(struct sysknobs *kn, enum sysknob_id id, char *msg, size_t len)
{
	struct sysknob *k = &kn->k[id];
	char next[SYSKNOB_VALUE_LEN], was[SYSKNOB_VALUE_LEN];

	read_one(kn, id);
	if (k->na[0]) {
		snprintf(msg, len, "%s: %s", k->name, k->na);
		return -1;
	}
	snprintf(was, sizeof(was), "%s", k->value);
	if (sysknobs_table[id].step(kn, k, next, sizeof(next), msg, len) < 0) {
		read_one(kn, id);
		return -1;
	}
	snprintf(k->ours, sizeof(k->ours), "%s", next);
	read_one(kn, id);
	/* Told here, with its origin: the next read must not tell it again. */
	memcpy(k->last, k->value, sizeof(k->last));
	snprintf(next, sizeof(next), "%s", k->value);
	snprintf(msg, len, "%s %s -> %s", k->tag, was, next);
	return 0;
}

void sysknobs_close(struct sysknobs *kn)
{
	if (kn->dma_fd >= 0)
		close(kn->dma_fd);
	kn->dma_fd = -1;
	kfile_files_close(&kn->files);
}
