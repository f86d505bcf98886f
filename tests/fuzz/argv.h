/* argv: a fuzz input as a command line, its words separated by NUL or newline. */
#ifndef HWN_FUZZ_ARGV_H
#define HWN_FUZZ_ARGV_H

#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_MAX_ARGS 64

/* argv[0] is name; the words point into *copy (free it). */
static inline int fuzz_argv(const uint8_t *data, size_t size, const char *name, char **copy,
			    char **argv)
{
	int argc = 0;
	char *p;

	*copy = malloc(size + 1);
	if (!*copy)
		return 0;
	memcpy(*copy, data, size);
	(*copy)[size] = 0;
	argv[argc++] = (char *)name;
	p = *copy;
	while (argc < FUZZ_MAX_ARGS - 1 && p <= *copy + size) {
		char *end = p + strcspn(p, "\n");

		argv[argc++] = p;
		if (end >= *copy + size)
			break;
		*end = 0;
		p = end + 1;
	}
	argv[argc] = NULL;
	return argc;
}

/* A fuzz target for a command line: parse (which frees what it made) sees it. */
static inline int fuzz_command_line(const uint8_t *data, size_t size, const char *name,
				    void (*parse)(int argc, char **argv))
{
	char *copy, *argv[FUZZ_MAX_ARGS];
	int argc = fuzz_argv(data, size, name, &copy, argv);

	if (!argc)
		return 0;
	optind = 0;
	parse(argc, argv);
	free(copy);
	return 0;
}

#endif
