/*
 * commands: see commands.h.
 */
#include "commands.h"

const struct command_line command_lines[] = {
	{ "hwlat", "[OPTIONS]", "hardware latency detector: see its --help" },
	{ "hist", "[OPTIONS]", "histogram of single noises per CPU, counted in the kernel: see its --help" },
	{ "compare", "A.jsonl B.jsonl [--margin=PCT] [--json]", "two recordings side by side: see its --help" },
	{ "compare", "A.jsonl --live [OPTIONS]", "a recording against a live run" },
	{ "experiment", "--knob NAME [--values A,B] [--blocks N] [--block TIME] [--settle TIME] [--seed S] [OPTIONS]",
	  "an interleaved A/B experiment on a system-panel knob" },
	{ "report", "REC.jsonl [-o FILE.html] [--margin PCT]", "one self-contained HTML page of a recording" },
	{ NULL, NULL, NULL }
};

void commands_usage(FILE *out)
{
	for (const struct command_line *c = command_lines; c->name; c++)
		fprintf(out, "       hwnoisetop %s %s  (%s)\n", c->name, c->args, c->help);
}
