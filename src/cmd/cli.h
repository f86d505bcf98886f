/*
 * cli: the hwnoisetop command line (the rtla hwnoise options and ours):
 * the option table, parsing and validation into a session configuration.
 */
#ifndef HWN_CLI_H
#define HWN_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "actions.h"
#include "events.h"
#include "opt.h"
#include "outopts.h"
#include "session.h"

struct cli {
	struct session_conf sc;
	struct out_opts out;	/* -q, --json, --prometheus, --record, --force */
	bool cpus_set;
	bool period_set;
	bool runtime_set;
	bool smi;		/* --smi: count SMIs, an SMI column in the table */
	bool percentiles;	/* --percentiles: the whole run's percentiles after its table */
	double margin;		/* --margin PCT as a fraction; 0: the default (CMPTABLE_MARGIN) */
	bool cleanup;		/* --cleanup: undo what killed runs left, then exit */
	bool orphans;		/* --orphans: with --cleanup, other tools' unused instances too */
	struct events events;	/* -e/--filter/--trigger (sc.events points here) */
	char trace_file[1024];	/* -t (sc.trace_file points here) */
	const char *replay;	/* --replay FILE (rec_reader.h), NULL */
	const char *report;	/* --report FILE: the run's HTML page at its end, NULL */
	struct actions on_threshold, on_end;	/* sc.on_threshold and sc.on_end point here */
	uint64_t single_budget_us, period_budget_us;	/* --single-budget, --period-budget; 0: none */
};

/* The one option table of both command lines (cli_options.c)... */
extern const struct opt_def cli_options[];
/* ...and the entries of one of them, OPT_MAIN or OPT_HWLAT. */
const struct opt_def *cli_options_of(enum opt_cmd cmd);

/*
 * The main command's examples: --help ends with those marked help, the
 * man page's EXAMPLES gives them all.  cmd may hold several lines.
 */
struct cli_example {
	const char *what;	/* one sentence for the man page */
	const char *cmd;
	const char *brief;	/* --help's few words beside the command; NULL: man page only */
	bool user;		/* runs without root: a recording read back */
};

extern const struct cli_example cli_options_examples[];

/*
 * Parse argv into cli.  Returns -1 to go on, or an exit status (0 after
 * --help/--version, HWN_EXIT_USAGE after a one-line error on stderr).
 * Checks against the machine (CPUs that exist and are online) are made
 * here too: none of them needs a change to the system.
 */
int cli_parse(struct cli *cli, int argc, char **argv);

void cli_usage(FILE *out);
/*
 * The printer of the subcommands' usage lines that cli_usage() gives
 * after its first: the command table's, which is above this module,
 * handed down by main() (none: no such lines).
 */
void cli_usage_commands(void (*print)(FILE *out));
/*
 * --margin's argument, a percentage more than 0 and less than 100, into
 * *margin as a fraction: 0; or, after one line naming --margin and what
 * it takes, HWN_EXIT_USAGE.  The one parser of hwnoisetop's --margin and
 * compare's.
 */
int cli_margin(const char *arg, double *margin);

/* Free what cli_parse() allocated. */
void cli_free(struct cli *cli);

#endif
