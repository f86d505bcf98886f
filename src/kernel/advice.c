/*
 * advice: see advice.h.
 */
#include "advice.h"

#include <stdio.h>
#include <string.h>

#include "env.h"

enum family { OTHER, DEBIAN_12, RHEL_FEDORA };

/* The value of KEY=value or KEY="value" in an os-release line, or NULL. */
static const char *value_of(char *line, const char *key)
{
	size_t n = strlen(key);
	char *v, *end;

	if (strncmp(line, key, n) != 0 || line[n] != '=')
		return NULL;
	v = line + n + 1;
	v[strcspn(v, "\n")] = '\0';
	if (*v == '"' || *v == '\'') {
		end = strchr(v + 1, *v);
		if (end)
			*end = '\0';
		v++;
	}
	return v;
}

static enum family family_of(const char *os_release)
{
	char line[256], id[64] = "", like[128] = "", version[32] = "";
	FILE *f = fopen(os_release, "re");
	const char *v;

	if (!f)
		return OTHER;
	while (fgets(line, sizeof(line), f)) {
		if ((v = value_of(line, "ID")))
			snprintf(id, sizeof(id), "%s", v);
		else if ((v = value_of(line, "ID_LIKE")))
			snprintf(like, sizeof(like), "%s", v);
		else if ((v = value_of(line, "VERSION_ID")))
			snprintf(version, sizeof(version), "%s", v);
	}
	fclose(f);
	if (strcmp(id, "debian") == 0 && strcmp(version, "12") == 0)
		return DEBIAN_12;
	if (env_word_in("rhel fedora centos rocky almalinux", id) || env_word_in(like, "rhel") ||
	    env_word_in(like, "fedora"))
		return RHEL_FEDORA;
	return OTHER;
}

const char *advice_osnoise(const char *os_release, bool no_option, char *buf, size_t len)
{
	static const char try[] = "; to try hwnoisetop meanwhile, replay a recording made in an "
				  "emulator: hwnoisetop --replay " HWN_EXAMPLE_RECORDING;

	switch (family_of(os_release)) {
	case DEBIAN_12:
		snprintf(buf, len, "on Debian 12, install linux-image-6.12-rt-amd64 and boot it "
			 "(linux-image-rt-amd64 there is 6.1, without OSNOISE_IRQ_DISABLE)%s%s",
			 no_option ? ", or measure with interrupts on: hwnoisetop --osnoise" : "", try);
		break;
	case RHEL_FEDORA:
		snprintf(buf, len, "RHEL and Fedora kernels have the tracer: check that the booted "
			 "one does with 'grep OSNOISE_TRACER /boot/config-$(uname -r)' and "
			 "'cat /sys/kernel/tracing/available_tracers'%s%s",
			 no_option ? " (OSNOISE_IRQ_DISABLE needs Linux >= 6.2, or measure with "
				     "interrupts on: hwnoisetop --osnoise)" : "", try);
		break;
	default:
		snprintf(buf, len, "%s%s", no_option ?
			 "boot Linux >= 6.2, or measure with interrupts on: hwnoisetop --osnoise" :
			 "boot a kernel built with CONFIG_OSNOISE_TRACER=y, Linux >= 6.2 for its "
			 "OSNOISE_IRQ_DISABLE option", try);
	}
	return buf;
}
