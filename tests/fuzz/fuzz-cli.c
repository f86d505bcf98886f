/* fuzz-cli: the hwnoise command line (one word a line), parsed and freed. */
#include <getopt.h>
#include <stdint.h>

#include "argv.h"
#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy, *argv[FUZZ_MAX_ARGS];
	int argc = fuzz_argv(data, size, "hwnoisetop", &copy, argv);
	struct cli cli;

	if (!argc)
		return 0;
	optind = 0;
	cli_parse(&cli, argc, argv);
	cli_free(&cli);
	free(copy);
	return 0;
}
