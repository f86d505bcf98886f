/*
 * cleanup: restore the settings of killed runs.  See cleanup.h.
 */
#include "cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "instance.h"
#include "settings.h"

/* Show what a state file is about to put back, one line per setting. */
static void describe(FILE *out, const char *file, const char *tracing)
{
	char line[2048];
	size_t tl = strlen(tracing);
	FILE *f = fopen(file, "re");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *kind = strtok(line, "\t\n");
		char *path = strtok(NULL, "\t\n");
		char *value = strtok(NULL, "\n");

		if (!kind || !path || strcmp(kind, "tracing") == 0)
			continue;
		if (strncmp(path, tracing, tl) == 0 && path[tl] == '/')
			path += tl + 1;
		if (strcmp(kind, "instance") == 0)
			fprintf(out, "  remove instance %s\n", path);
		else
			fprintf(out, "  %s = %s\n", path, value ? value : "");
	}
	fclose(f);
}

static int restore_states(FILE *out, const char *tracing, int *done)
{
	struct dirent *de;
	int failed = 0;
	DIR *d = opendir(SETTINGS_STATE_DIR);

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char name[256], file[512], msg[256];
		int rc;

		if (n <= 6 || strcmp(de->d_name + n - 6, ".state") != 0)
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(n - 6), de->d_name);
		snprintf(file, sizeof(file), SETTINGS_STATE_DIR "/%s", de->d_name);
		if (!instance_is_stale(name)) {
			fprintf(out, "hwnoisetop: %s belongs to a running hwnoisetop: left alone\n", file);
			continue;
		}
		fprintf(out, "hwnoisetop: restoring the settings a killed run saved in %s:\n", file);
		describe(out, file, tracing);
		rc = settings_restore_file(file, msg, sizeof(msg));
		fprintf(out, "hwnoisetop: %s\n", msg);
		if (rc)
			failed++;
		(*done)++;
	}
	closedir(d);
	return failed;
}

/* Remove an instance a killed run left: tracing off, tracer nop, rmdir. */
static int remove_instance(const char *dir)
{
	char path[1100];
	FILE *f;

	snprintf(path, sizeof(path), "%s/tracing_on", dir);
	if ((f = fopen(path, "we"))) {
		fputs("0", f);
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/current_tracer", dir);
	if ((f = fopen(path, "we"))) {
		fputs("nop", f);
		fclose(f);
	}
	return rmdir(dir) < 0 ? -errno : 0;
}

static int remove_instances(FILE *out, const char *tracing, int *done)
{
	char path[512];
	struct dirent *de;
	int failed = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/instances", tracing);
	d = opendir(path);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char dir[1024];
		int e;

		if (!instance_is_stale(de->d_name))
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", path, de->d_name);
		e = remove_instance(dir);
		if (e) {
			fprintf(out, "hwnoisetop: cannot remove instance %s: %s\n", de->d_name,
				strerror(-e));
			failed++;
		} else {
			fprintf(out, "hwnoisetop: removed instance %s left by a killed run\n",
				de->d_name);
		}
		(*done)++;
	}
	closedir(d);
	return failed;
}

int cleanup_run(FILE *out)
{
	char err[512];
	const char *tracing;
	int done = 0, failed;

	if (geteuid() != 0) {
		fprintf(stderr, "hwnoisetop: --cleanup must be run as root: it restores kernel tracer settings\n");
		return HWN_EXIT_ENV;
	}
	tracing = env_tracing_dir(err, sizeof(err));
	if (!tracing) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		return HWN_EXIT_ENV;
	}
	failed = restore_states(out, tracing, &done);
	failed += remove_instances(out, tracing, &done);
	if (!done)
		fprintf(out, "hwnoisetop: nothing to clean up: no settings or instances left by a killed run\n");
	else if (!failed)
		fprintf(out, "hwnoisetop: cleanup done: the kernel's tracer settings are as before those runs\n");
	return failed ? HWN_EXIT_ENV : HWN_EXIT_OK;
}
