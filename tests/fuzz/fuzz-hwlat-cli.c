/* fuzz-hwlat-cli: the hwlat command line (one word a line), parsed. */
#include <getopt.h>
#include <stdint.h>

#include "argv.h"
#include "hwlat_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy, *argv[FUZZ_MAX_ARGS];
	int argc = fuzz_argv(data, size, "hwlat", &copy, argv);
	struct hwlat_cli cli;

	if (!argc)
		return 0;
	hwlat_cli_parse(&cli, argc, argv);
	free(copy);
	return 0;
}
