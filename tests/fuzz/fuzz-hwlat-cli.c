/* fuzz-hwlat-cli: the hwlat command line (one word a line), parsed. */
#include "argv.h"
#include "hwlat_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void parse(int argc, char **argv)
{
	struct hwlat_cli cli;

	hwlat_cli_parse(&cli, argc, argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_command_line(data, size, "hwlat", parse);
}
