/*
 * hwlat_cli: "hwnoisetop hwlat", the hardware latency detector with
 * hwlatdetect's command line and output: the option table, parsing and
 * validation into a session configuration, the report, and the command's
 * main function.
 */
#ifndef HWN_HWLAT_CLI_H
#define HWN_HWLAT_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwlat_stats.h"
#include "opt.h"
#include "outopts.h"
#include "session.h"

#define HWLAT_DEFAULT_DURATION 120	/* s, as hwlatdetect */
#define HWLAT_DEFAULT_THRESHOLD 10	/* us: the kernel's hwlat default */
#define HWLAT_DEFAULT_WINDOW 1000000	/* us: the kernel's defaults */
#define HWLAT_DEFAULT_WIDTH 500000

struct hwlat_cli {
	struct session_conf sc;		/* sc.tracer = SESSION_HWLAT, sc.hwl */
	uint64_t hardlimit_us;		/* the run fails when the max exceeds it */
	const char *report;		/* --report FILE, or NULL */
	bool watch;
	bool brief;			/* -q: only the summary at the end */
	bool cleanup;			/* --cleanup: undo what killed runs left, then exit */
	struct out_opts out;		/* --quiet, --json, --prometheus, --record, --force */
};

/*
 * Parse argv (argv[0] is "hwlat") into cli.  Returns -1 to go on, or an
 * exit status (0 after --help, HWN_EXIT_USAGE after a one-line error on
 * stderr).  Nothing on the system is changed.
 */
int hwlat_cli_parse(struct hwlat_cli *cli, int argc, char **argv);
void hwlat_cli_usage(FILE *out);

/* The parameters block printed before the test. */
void hwlat_cli_print_params(FILE *out, const struct hwlat_cli *cli);
/* "hwnoisetop hwlat ...": argv[0] is "hwlat".  Returns the exit status. */
int hwlat_cli_main(int argc, char **argv);

#endif
