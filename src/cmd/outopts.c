/*
 * outopts: the shared output options and their outputs.  See outopts.h.
 */
#include "outopts.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "env.h"
#include "rec_writer.h"
#include "session.h"
#include "settings.h"

bool outopts_take(struct out_opts *o, const struct opt_def *def, const char *arg, int *rc)
{
	char why[PROM_PATH_MAX + 64];

	switch (def->id) {
	case OUT_JSON:
		o->json = true;
		return true;
	case OUT_PROMETHEUS:
		if (prom_check_path(arg, why, sizeof(why)) < 0)
			*rc = opt_bad(def, arg, why);
		else
			snprintf(o->prometheus, sizeof(o->prometheus), "%s", arg);
		return true;
	case OUT_RECORD:
		o->record = arg;
		return true;
	case OUT_FORCE:
		o->force = true;
		return true;
	}
	return false;
}

/*
 * Whether --record's file can be created (force: or overwritten), before
 * anything else is looked at, without creating it: 0, or -1 with why.
 */
int outopts_record_check(const char *path, bool force, char *why, size_t len)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	struct stat st;
	int err = 0;

	if (lstat(path, &st) == 0) {
		if (!force && !S_ISDIR(st.st_mode)) {
			snprintf(why, len, "exists; --force overwrites it");
			return -1;
		}
		return env_check_output(path, why, len);	/* opened, never created */
	}
	if (errno != ENOENT) {
		snprintf(why, len, "cannot be created: %s", strerror(errno));
		return -1;
	}
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
	if (stat(dir, &st) < 0)
		err = errno;
	else if (!S_ISDIR(st.st_mode))
		err = ENOTDIR;
	else if (access(dir, W_OK | X_OK) < 0)
		err = errno;
	if (err)
		snprintf(why, len, "cannot be created: %s: %s", opt_quote(dir, &(struct opt_text){ 0 }), strerror(err));
	return err ? -1 : 0;
}

int outopts_check(const struct out_opts *o, const struct opt_def *defs)
{
	char why[PATH_MAX + 128];

	if (o->force && !o->record)
		return opt_bad(opt_find(defs, OUT_FORCE), NULL, "works only with --record FILE");
	if (o->record && outopts_record_check(o->record, o->force, why, sizeof(why)) < 0)
		return opt_bad(opt_find(defs, OUT_RECORD), o->record, why);
	return 0;
}

int outopts_open(struct outputs *out, const struct out_opts *o)
{
	char err[512];

	memset(out, 0, sizeof(*out));
	if (o->record && !(out->rec = rec_writer_open(o->record, o->force, err, sizeof(err)))) {
		fprintf(stderr, "hwnoisetop: %s\n", err);
		return HWN_EXIT_USAGE;
	}
	out->record_path = o->record;
	if (o->prometheus[0] && !(out->prom = prom_new(o->prometheus))) {
		outopts_abandon(out);
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	return 0;
}

void outopts_abandon(struct outputs *out)
{
	char err[512];

	prom_hook_end(out->prom, NULL);
	if (out->rec) {
		rec_writer_close(out->rec, &(struct recording_end){ 0 }, err, sizeof(err));
		unlink(out->record_path);
	}
	memset(out, 0, sizeof(*out));
}

struct ledger *outopts_ledger(void)
{
	struct ledger *l = settings_ledger_new();

	if (!l)
		fprintf(stderr, "hwnoisetop: out of memory\n");
	return l;
}

struct session *outopts_session_start(struct outputs *out, const struct session_conf *conf,
				      int *status)
{
	struct session *s = session_new(NULL);

	*status = 0;
	if (s && session_start(s, conf) == 0)
		return s;
	if (s) {
		*status = session_exit_status(s);
		session_finish(s);
	}
	outopts_abandon(out);
	fprintf(stderr, "hwnoisetop: %s\n", s ? session_err(s) : "out of memory");
	session_free(s);
	return NULL;
}

void outopts_begin(struct outputs *out, struct session *s, int argc, char **argv,
		   const struct recording_cli *cli)
{
	if (out->prom)
		prom_hook_attach(out->prom, s);
	if (out->rec)
		rec_writer_begin(out->rec, s, argc, argv, cli);
}

int outopts_end(struct outputs *out, struct session *s, const struct recording_end *end,
		char *err, size_t errlen)
{
	int rc;

	session_remove_hooks(s);	/* both go now */
	prom_hook_end(out->prom, s);
	rc = rec_writer_close(out->rec, end, err, errlen);
	memset(out, 0, sizeof(*out));
	return rc;
}
