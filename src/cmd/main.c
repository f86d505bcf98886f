/*
 * main: hwnoisetop's entry point.  The first word of the command line
 * names a subcommand of the command table (commands.c), whose entry point
 * then has the rest of it (argv[0] is the subcommand's name); any other
 * first word is the main command's.
 */
#include "cli.h"
#include "commands.h"

int main(int argc, char **argv)
{
	const struct cmd_entry *c = commands_find(argc > 1 ? argv[1] : NULL);

	cli_usage_commands(commands_usage);	/* the main command's --help lists the others */
	if (!c->name)
		return c->exec(argc, argv, argv[0]);
	return c->exec(argc - 1, argv + 1, argv[0]);
}
