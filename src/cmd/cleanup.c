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
#include "orphans.h"
#include "settings.h"

static int restore_state(struct ledger *l, FILE *out, const char *file)
{
	char msg[800];
	int rc;

	if (settings_load_file(l, file, msg, sizeof(msg)) < 0) {
		fprintf(out, "hwnoisetop: %s\n", msg);
		return 1;
	}
	fprintf(out, "hwnoisetop: restoring the settings a killed run saved in %s:\n", file);
	settings_print(l, out, settings_describe, "");
	rc = settings_restore(l);
	settings_print(l, out, settings_outcome, "hwnoisetop: ");
	settings_summary(l, msg, sizeof(msg));
	fprintf(out, "hwnoisetop: %s\n", msg);
	return rc != 0;
}

static int restore_states(struct ledger *l, FILE *out, int *done)
{
	struct dirent *de;
	char why[400];
	int failed = 0;
	DIR *d;

	if (access(SETTINGS_STATE_DIR, F_OK) < 0)
		return 0;
	if (settings_check_dir(SETTINGS_STATE_DIR, why, sizeof(why)) < 0) {
		fprintf(out, "hwnoisetop: %s\n", why);
		return 1;
	}
	d = opendir(SETTINGS_STATE_DIR);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char name[256], file[512];
		int e;

		/* Killed before it changed anything: only its lock file is left. */
		if ((e = settings_remove_stale_lock(l, de->d_name)) != 0) {
			if (e > 0)
				fprintf(out, "hwnoisetop: removed %s/%s, left by a run killed before it "
					"changed anything\n", SETTINGS_STATE_DIR, de->d_name);
			else
				fprintf(out, "hwnoisetop: cannot remove %s/%s: %s\n", SETTINGS_STATE_DIR,
					de->d_name, strerror(-e));
			failed += e < 0;
			(*done)++;
			continue;
		}
		if (n <= 6 || strcmp(de->d_name + n - 6, ".state") != 0)
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(n - 6), de->d_name);
		snprintf(file, sizeof(file), SETTINGS_STATE_DIR "/%s", de->d_name);
		if (settings_run_alive(l, name)) {
			fprintf(out, "hwnoisetop: %s belongs to a running hwnoisetop: left alone\n", file);
			continue;
		}
		failed += restore_state(l, out, file);
		(*done)++;
	}
	closedir(d);
	return failed;
}

static int remove_instances(struct ledger *l, FILE *out, const char *tracing, int *done)
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
		e = settings_remove_instance(l, dir);
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

int cleanup_run(FILE *out, bool orphans)
{
	char err[512];
	const char *tracing;
	struct ledger *l;
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
	/* One ledger, loaded with each killed run's state file in turn. */
	if (!(l = settings_ledger_new())) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	settings_set_tracing_dir(l, tracing);
	failed = restore_states(l, out, &done);
	failed += remove_instances(l, out, tracing, &done);
	settings_ledger_free(l);
	if (orphans)
		failed += orphans_cleanup(out, tracing, &done);
	if (!done)
		fprintf(out, "hwnoisetop: nothing to clean up: no settings or instances left by a killed run%s\n",
			orphans ? ", no unused osnoise or timerlat instance" : "");
	else if (!failed)
		fprintf(out, "hwnoisetop: cleanup done: the kernel's tracer settings are as before those runs\n");
	return failed ? HWN_EXIT_ENV : HWN_EXIT_OK;
}
