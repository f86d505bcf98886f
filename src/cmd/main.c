/*
 * main: hwnoisetop's entry point.  The first word of the command line
 * names a subcommand of the table below, whose entry point then has the
 * rest of it (argv[0] is the subcommand's name); any other first word is
 * the main command's.  commands.c describes the same subcommands for
 * --help, the man page's SYNOPSIS and the completion: tests/unit/
 * commands.sh runs each of them.
 */
#include <string.h>

#include "commands.h"
#include "hist_cmd.h"
#include "hwlat_cli.h"
#include "report_cmd.h"

static int hwlat_entry(int argc, char **argv, const char *prog)
{
	(void)prog;
	return hwlat_main(argc, argv);
}

/* hwnoisetop hist: its options, then the main command's run (hwnoise_cmd.c). */
static int hist_entry(int argc, char **argv, const char *prog)
{
	struct hist_args ha;
	int rc = hist_parse(argc, argv, prog, &ha);

	if (rc < 0)
		rc = hwnoise_run_hist(ha.n, ha.args, &ha.hc);
	hist_args_free(&ha);
	return rc;
}

static const struct command {
	const char *name;
	int (*main)(int argc, char **argv, const char *prog);
} commands[] = {
	{ "hwlat", hwlat_entry },
	{ "compare", compare_main },
	{ "experiment", experiment_main },
	{ "hist", hist_entry },
	{ "report", report_main },
};

int main(int argc, char **argv)
{
	for (size_t i = 0; argc > 1 && i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].main(argc - 1, argv + 1, argv[0]);
	return hwnoise_main(argc, argv);
}
