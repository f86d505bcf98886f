/*
 * machine_id: see machine_id.h.
 */
#include "machine_id.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FIELD(n, l) { #n, l, offsetof(struct machine_id, n), sizeof(((struct machine_id *)0)->n) }
const struct machine_id_field machine_id_fields[] = {
	FIELD(host, "host"),
	FIELD(cpu_model, "CPU model"),
	FIELD(microcode, "microcode"),
	FIELD(bios_vendor, "BIOS vendor"),
	FIELD(bios_version, "BIOS version"),
	FIELD(bios_date, "BIOS date"),
	FIELD(boot_id, "boot id"),
};
const unsigned machine_id_nfields = sizeof(machine_id_fields) / sizeof(machine_id_fields[0]);

unsigned machine_id_diffs(const struct machine_id *a, const struct machine_id *b,
			  char line[][MACHINE_ID_DIFF_LEN])
{
	unsigned n = 0;

	for (unsigned i = 0; i < machine_id_nfields; i++) {
		const char *x = (const char *)a + machine_id_fields[i].offset;
		const char *y = (const char *)b + machine_id_fields[i].offset;

		if (strcmp(x, y) != 0)
			snprintf(line[n++], MACHINE_ID_DIFF_LEN, "%s %s vs %s", machine_id_fields[i].label,
				 *x ? x : "(not recorded)", *y ? y : "(not recorded)");
	}
	return n;
}

/* The first line of root/path, without its newline, or "". */
static void first_line(const char *root, const char *path, char *buf, size_t size)
{
	char full[512];
	FILE *f;

	buf[0] = '\0';
	snprintf(full, sizeof(full), "%s%s", strcmp(root, "/") ? root : "", path);
	f = fopen(full, "re");
	if (!f)
		return;
	if (fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* The value of the first "key<tabs>: value" line of root/proc/cpuinfo. */
static void cpuinfo(const char *root, const char *key, char *buf, size_t size)
{
	char full[512], line[512];
	size_t klen = strlen(key);
	FILE *f;

	buf[0] = '\0';
	snprintf(full, sizeof(full), "%s/proc/cpuinfo", strcmp(root, "/") ? root : "");
	f = fopen(full, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon || strncmp(line, key, klen) != 0 || strspn(line + klen, " \t") !=
		    (size_t)(colon - line - (ptrdiff_t)klen))
			continue;
		colon++;
		colon += strspn(colon, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, size, "%s", colon);
		break;
	}
	fclose(f);
}

void machine_id_read(struct machine_id *m, const char *root)
{
	memset(m, 0, sizeof(*m));
	if (strcmp(root, "/") == 0) {
		if (gethostname(m->host, sizeof(m->host) - 1) < 0)
			m->host[0] = '\0';
	} else {
		first_line(root, "/etc/hostname", m->host, sizeof(m->host));
	}
	cpuinfo(root, "model name", m->cpu_model, sizeof(m->cpu_model));
	cpuinfo(root, "microcode", m->microcode, sizeof(m->microcode));
	first_line(root, "/sys/class/dmi/id/bios_vendor", m->bios_vendor, sizeof(m->bios_vendor));
	first_line(root, "/sys/class/dmi/id/bios_version", m->bios_version, sizeof(m->bios_version));
	first_line(root, "/sys/class/dmi/id/bios_date", m->bios_date, sizeof(m->bios_date));
	first_line(root, "/proc/sys/kernel/random/boot_id", m->boot_id, sizeof(m->boot_id));
}
