/* fuzz-cli: the hwnoise command line (one word a line), parsed and freed. */
#include "argv.h"
#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void parse(int argc, char **argv)
{
	struct cli cli;

	cli_parse(&cli, argc, argv);
	cli_free(&cli);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_command_line(data, size, "hwnoisetop", parse);
}
