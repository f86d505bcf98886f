/*
 * commands: the one table of hwnoisetop's commands.  See commands.h.
 * Adding a command: its line here; tests/unit/commands.sh runs the --help
 * of each, and the completion and the man page's SYNOPSIS follow.
 */
#include "commands.h"

#include <string.h>

#include "audit_cmd.h"
#include "cli.h"
#include "compare_cmd.h"
#include "hist_cmd.h"
#include "hwlat_cli.h"
#include "report_cmd.h"

static const struct opt_def *main_options(void)
{
	return cli_options_of(OPT_MAIN);
}

static const struct opt_def *hwlat_options(void)
{
	return cli_options_of(OPT_HWLAT);
}

static int main_entry(int argc, char **argv, const char *prog)
{
	(void)prog;
	return hwnoise_cmd_main(argc, argv);
}

static int hwlat_entry(int argc, char **argv, const char *prog)
{
	(void)prog;
	return hwlat_cli_main(argc, argv);
}

/* hwnoisetop hist: its options, then the main command's run (hwnoise_cmd.c). */
static int hist_entry(int argc, char **argv, const char *prog)
{
	struct hist_args ha;
	int rc = hist_cmd_parse(argc, argv, prog, &ha);

	if (rc < 0)
		rc = hwnoise_cmd_run_hist(ha.n, ha.args, &ha.hc);
	hist_cmd_args_free(&ha);
	return rc;
}

static const struct opt_def *audit_opts(void)
{
	return audit_cmd_options;
}

/* compare: two recordings (or one and --live), then its options. */
#define COMPARE_COMPLETE \
	"\t\tif ((COMP_CWORD > 3)) && [[ ${COMP_WORDS[2]} == --live || ${COMP_WORDS[3]} == --live ]]; then\n" \
	"\t\t\t_hwnoisetop_main\n" \
	"\t\telif ((COMP_CWORD <= 3)); then\n" \
	"\t\t\t_hwnoisetop_files\n" \
	"\t\t\t[[ --live == \"$cur\"* ]] && COMPREPLY+=(--live)\n" \
	"\t\telse\n" \
	"\t\t\t_hwnoisetop_compare\n" \
	"\t\tfi\n"

/* report: its options, and else the recording's file name. */
#define REPORT_COMPLETE \
	"\t\t_hwnoisetop_report\n" \
	"\t\t[[ $cur == -* || $prev == -o || $prev == --output || $prev == --margin ]] ||\n" \
	"\t\t\t_hwnoisetop_files\n"

const struct cmd_entry commands_table[] = {
	{ NULL, { { "[OPTIONS]", NULL } }, main_options, main_entry, NULL },
	{ "hwlat", { { "[OPTIONS]", "hardware latency detector: see its --help" } },
	  hwlat_options, hwlat_entry, NULL },
	{ "hist", { { "[OPTIONS]", "histogram of single noises per CPU, counted in the kernel: "
				   "see its --help" } },
	  hist_cmd_options, hist_entry, NULL },
	{ "compare", { { "A.jsonl B.jsonl [--margin=PCT] [--json]",
			 "two recordings side by side: see its --help" },
		       { "A.jsonl --live [OPTIONS]", "a recording against a live run" } },
	  compare_cmd_options, hwnoise_cmd_compare, COMPARE_COMPLETE },
	{ "experiment", { { "--knob NAME [--values A,B] [--blocks N] [--block TIME] [--settle TIME] "
			    "[--seed S] [OPTIONS]",
			    "an interleaved A/B experiment on a system-panel knob" } },
	  experiment_cmd_options, experiment_cmd_main, NULL },
	{ "audit", { { "[-c CPUS] [--json]", "the box's tuning for low hardware noise, read-only: "
				      "see its --help" } },
	  audit_opts, audit_cmd_main, NULL },
	{ "report", { { "REC.jsonl [-o FILE.html] [--margin PCT]",
			"one self-contained HTML page of a recording" } },
	  report_cmd_options, report_cmd_main, REPORT_COMPLETE },
	{ NULL, { { NULL, NULL } }, NULL, NULL, NULL }
};

const struct cmd_entry *commands_find(const char *argv1)
{
	for (const struct cmd_entry *c = commands_table + 1; argv1 && c->exec; c++)
		if (strcmp(argv1, c->name) == 0)
			return c;
	return commands_table;
}

void commands_usage(FILE *out)
{
	for (const struct cmd_entry *c = commands_table + 1; c->exec; c++)
		for (int i = 0; i < CMD_USAGE_MAX && c->usage[i].args; i++)
			fprintf(out, "       hwnoisetop %s %s  (%s)\n", c->name, c->usage[i].args,
				c->usage[i].help);
}
