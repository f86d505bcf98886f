/*
 * machine_id: what a recording keeps of the machine it ran on, beside the
 * kernel command line, so that a before/after across a BIOS or microcode
 * update says so: the host name, the CPU model, the microcode revision,
 * the BIOS vendor, version and date (/sys/class/dmi/id) and the boot id.
 * A fact the machine does not give is "".
 */
#ifndef HWN_MACHINE_ID_H
#define HWN_MACHINE_ID_H

struct machine_id {
	char host[128];
	char cpu_model[128];
	char microcode[32];
	char bios_vendor[64], bios_version[64], bios_date[32];
	char boot_id[40];
};

/* Read them; root is the file system's root ("/" but in tests). */
void machine_id_read(struct machine_id *m, const char *root);

/* Each fact as a recording's header field: its name and where it is in m. */
struct machine_id_field {
	const char *name;	/* "host", "cpu_model", ... */
	const char *label;	/* "host", "CPU model", ... for a line of differences */
	unsigned offset;
	unsigned size;
};
extern const struct machine_id_field machine_id_fields[];
extern const unsigned machine_id_nfields;

#define MACHINE_ID_DIFF_LEN 320

/*
 * Each fact that differs between a and b, one line each into line[] (room
 * for machine_id_nfields): "microcode 0x2b000590 vs 0x2b000603"; a fact
 * one side did not record is "(not recorded)".  Their count.
 */
unsigned machine_id_diffs(const struct machine_id *a, const struct machine_id *b,
			  char line[][MACHINE_ID_DIFF_LEN]);

#endif
