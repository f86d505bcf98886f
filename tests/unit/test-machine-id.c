/*
 * test-machine-id: what a recording keeps of its machine, read from a
 * made-up root: /proc/cpuinfo's first model name and microcode, the DMI
 * BIOS files, the boot id, the host name; a missing file gives "".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "machine_id.h"
#include "tap.h"

static void put(const char *root, const char *path, const char *text)
{
	char full[512], dir[512], *slash;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	snprintf(dir, sizeof(dir), "%s", full);
	for (slash = strchr(dir + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(dir, 0755);
		*slash = '/';
	}
	f = fopen(full, "w");
	fputs(text, f);
	fclose(f);
}

int main(void)
{
	char root[] = "/tmp/machine-id-XXXXXX";
	struct machine_id m;
	char cmd[64];

	tap_plan(12);
	if (!mkdtemp(root))
		return 1;
	put(root, "/proc/cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\n"
	    "model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\nmicrocode\t: 0x5003604\n"
	    "\nprocessor\t: 1\nmodel name\t: another\nmicrocode\t: 0x1\n");
	put(root, "/sys/class/dmi/id/bios_vendor", "Dell Inc.\n");
	put(root, "/sys/class/dmi/id/bios_version", "2.11.2\n");
	put(root, "/sys/class/dmi/id/bios_date", "07/22/2021\n");
	put(root, "/proc/sys/kernel/random/boot_id", "0e5b3c1a-0000-4f00-8000-000000000001\n");
	put(root, "/etc/hostname", "lab7\n");
	machine_id_read(&m, root);
	tap_is_str(m.cpu_model, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", "the first CPU's model");
	tap_is_str(m.microcode, "0x5003604", "its microcode revision");
	tap_is_str(m.bios_vendor, "Dell Inc.", "the BIOS vendor");
	tap_is_str(m.bios_version, "2.11.2", "its version");
	tap_is_str(m.bios_date, "07/22/2021", "its date");
	tap_is_str(m.boot_id, "0e5b3c1a-0000-4f00-8000-000000000001", "the boot id");
	tap_is_str(m.host, "lab7", "the host name");
	snprintf(cmd, sizeof(cmd), "rm -rf %s/sys", root);
	if (system(cmd) != 0)
		return 1;
	machine_id_read(&m, root);
	tap_ok(!*m.bios_vendor && !*m.bios_date && *m.microcode, "no DMI (an emulator, ARM): \"\"");
	tap_ok(machine_id_nfields == 7 && strcmp(machine_id_fields[2].name, "microcode") == 0,
	       "seven facts, each a header field");
	{
		struct machine_id a = m, b = m;
		char line[7][MACHINE_ID_DIFF_LEN];

		tap_ok(machine_id_diffs(&a, &b, line) == 0, "the same machine: no difference");
		snprintf(b.microcode, sizeof(b.microcode), "0x5003605");
		snprintf(b.boot_id, sizeof(b.boot_id), "other");
		tap_ok(machine_id_diffs(&a, &b, line) == 2 &&
		       strcmp(line[0], "microcode 0x5003604 vs 0x5003605") == 0 &&
		       strncmp(line[1], "boot id ", 8) == 0, "each fact that differs, one line");
		tap_ok(machine_id_diffs(&a, &b, line) == 2 && *a.bios_vendor == 0 &&
		       (snprintf(b.bios_vendor, sizeof(b.bios_vendor), "Acme"),
			machine_id_diffs(&a, &b, line) == 3) &&
		       strcmp(line[1], "BIOS vendor (not recorded) vs Acme") == 0,
		       "a fact one side lacks: (not recorded)");
	}
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	return system(cmd) != 0 || tap_failed != 0;
}
