/*
 * outopts: the output options both command lines share (--json,
 * --prometheus, --record, --force, with -q/--quiet beside them), parsed in
 * one place, and the outputs they open around a session.
 */
#ifndef HWN_OUTOPTS_H
#define HWN_OUTOPTS_H

#include <stdbool.h>

#include "opt.h"
#include "prom.h"

/* Their ids in both option tables. */
enum { OUT_JSON = 0x300, OUT_PROMETHEUS, OUT_RECORD, OUT_FORCE };

/* The --prometheus entry of an option table; more and example are the command's. */
#define PROMETHEUS_OPTION(more_text, example_line, which)					\
	{ .id = OUT_PROMETHEUS, .cmds = (which), .long_name = "prometheus", .arg = OPT_REQUIRED,	\
	  .arg_name = "file",									\
	  .help = "keep file (ending in .prom) up to date, about once a second, in the "	\
		  "Prometheus text format for node_exporter's textfile collector",		\
	  .more = (more_text), .example = (example_line),					\
	  .accepts = "a file name ending in .prom in an existing directory" }

struct out_opts {
	bool quiet;		/* -q/--quiet (the commands differ on what it keeps) */
	bool json;		/* --json: the summary as one JSON object */
	char prometheus[PROM_PATH_MAX];	/* --prometheus FILE, or "" */
	const char *record;	/* --record FILE (rec_writer.h), or NULL */
	bool force;		/* --force: --record may overwrite */
};

/*
 * Take def if it is one of OUT_*: true, with *rc set to HWN_EXIT_USAGE
 * after a one-line error on a bad argument.  False for any other option.
 */
bool outopts_take(struct out_opts *o, const struct opt_def *def, const char *arg, int *rc);
/* Once every option is read: 0, or HWN_EXIT_USAGE after a one-line error. */
int outopts_check(const struct out_opts *o, const struct opt_def *defs);
/*
 * Whether --record's file PATH can be created (force: or overwritten),
 * without creating it: 0, or -1 with why.
 */
int outopts_record_check(const char *path, bool force, char *why, size_t len);

struct session;
struct recording;
struct recording_end;
struct recording_cli;

struct outputs {
	struct recording *rec;
	struct prom *prom;
	const char *record_path;
};

/*
 * Before the session starts: create the recording and the Prometheus
 * writer.  0, or an exit status after one line on stderr.
 */
int outopts_open(struct outputs *out, const struct out_opts *o);
/* The session did not start: nothing was measured, the recording goes. */
void outopts_abandon(struct outputs *out);
/*
 * A command's settings ledger, from its tracer check (which may mount
 * tracefs) to its end (ledger_guard_release()): every session it starts gets it
 * in session_conf.ledger.  NULL after one line on stderr (no memory).
 */
struct ledger *outopts_ledger(void);

/*
 * A new session started with conf, or NULL after one line on stderr, the
 * outputs abandoned and *status the session's exit status (0: none said,
 * or no memory): each command maps it onto its own table.
 */
struct session *outopts_session_start(struct outputs *out, const struct session_conf *conf,
				      int *status);
/* The session started: both hook into it, the recording writes its header (argv as typed). */
void outopts_begin(struct outputs *out, struct session *s, int argc, char **argv,
		   const struct recording_cli *cli);
/*
 * After session_finish(): the last Prometheus write and the recording's
 * footer.  0, or -1 with the reason in err.
 */
int outopts_end(struct outputs *out, struct session *s, const struct recording_end *end,
		char *err, size_t errlen);

#endif
