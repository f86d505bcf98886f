/*
 * hist_cmd: hwnoisetop hist.  See hist_cmd.h.  Its options are parsed
 * here; the main command's options it takes are handed on, as written,
 * to the main command's parser (cli.c), which checks them as it always
 * does, with -q: the run shows no dashboard and prints the histogram.
 */
#include "hist_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_int.h"
#include "env.h"
#include "outopts.h"
#include "parse.h"

enum { H_BUCKET = 'b', H_ENTRIES = 'E', H_NO_HEADER = 0x400, H_NO_SUMMARY, H_NO_INDEX,
       H_WITH_ZEROS };

static const struct opt_def own[] = {
	{ .id = H_BUCKET, .short_name = 'b', .long_name = "bucket-size", .arg = OPT_REQUIRED,
	  .arg_name = "N",
	  .help = "the histogram's bucket size in microseconds (1 to 999999; default 1)",
	  .example = "hwnoisetop hist -b 10 -E 25",
	  .accepts = "microseconds from 1 to 999999" },
	{ .id = H_ENTRIES, .short_name = 'E', .long_name = "entries", .arg = OPT_REQUIRED,
	  .arg_name = "N",
	  .help = "the number of buckets (10 to 9999999; default 256): single noises of "
		  "N x bucket size or more count in the over: row",
	  .more = "The kernel counts in a map of at most 131072 entries: where the measured CPUs "
		  "times the buckets would not fit, the buckets are made wider (and fewer, covering "
		  "at least the same range), which one line on stderr says.",
	  .example = "hwnoisetop hist -E 1000",
	  .accepts = "a number from 10 to 9999999" },
	{ .id = H_NO_HEADER, .long_name = "no-header", .arg = OPT_NONE,
	  .help = "do not print the header (the # lines and the Index line)",
	  .example = "hwnoisetop hist --no-header" },
	{ .id = H_NO_SUMMARY, .long_name = "no-summary", .arg = OPT_NONE,
	  .help = "do not print the count:, min:, avg: and max: rows",
	  .example = "hwnoisetop hist --no-summary" },
	{ .id = H_NO_INDEX, .long_name = "no-index", .arg = OPT_NONE,
	  .help = "do not print the index column (each row's bucket)",
	  .example = "hwnoisetop hist --no-index" },
	{ .id = H_WITH_ZEROS, .long_name = "with-zeros", .arg = OPT_NONE,
	  .help = "print the rows where every CPU counted zero too",
	  .example = "hwnoisetop hist --with-zeros -E 20" },
};

/* The main command's options hwnoisetop hist takes. */
static const int shared[] = { O_CPUS, O_HOUSEKEEPING, O_PERIOD, O_RUNTIME, O_THRESHOLD,
			      O_DURATION, O_WARMUP, OUT_RECORD, OUT_FORCE, OUT_JSON, O_DEBUG,
			      O_HELP };

#define NOPTS (sizeof(own) / sizeof(own[0]) + sizeof(shared) / sizeof(shared[0]) + 1)

const struct opt_def *hist_cmd_options(void)
{
	static struct opt_def table[NOPTS];
	size_t n = 0;

	if (table[0].id)
		return table;
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		table[n++] = own[i];
	for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++)
		table[n++] = *opt_find(cli_options, shared[i]);
	for (size_t i = 0; i < n; i++)
		if (table[i].example && strncmp(table[i].example, "hwnoisetop hist", 15) != 0 &&
		    strncmp(table[i].example, "hwnoisetop ", 11) == 0)
			table[i].example = NULL;	/* the main command's: not this one's */
	return table;
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: hwnoisetop hist [OPTIONS]\n"
		"The count of single noises by duration per CPU (rtla osnoise hist's output, for\n"
		"hwnoise), counted in the kernel with hist triggers on osnoise:sample_threshold.\n\n");
	opt_print_help(out, hist_cmd_options());
}

/* -b, -E and the layout options; -1 to go on, else the exit status. */
static int take_own(struct histo_conf *hc, const struct opt_def *d, const char *arg)
{
	struct why why;

	switch (d->id) {
	case H_BUCKET:
		if (parse_u64(arg, 1, HISTO_BUCKET_MAX, &hc->bucket_us, &why))
			return opt_bad(d, arg, why.text);
		break;
	case H_ENTRIES:
		if (parse_u64(arg, HISTO_ENTRIES_MIN, HISTO_ENTRIES_MAX, &hc->entries, &why))
			return opt_bad(d, arg, why.text);
		break;
	case H_NO_HEADER: hc->no_header = true; break;
	case H_NO_SUMMARY: hc->no_summary = true; break;
	case H_NO_INDEX: hc->no_index = true; break;
	case H_WITH_ZEROS: hc->with_zeros = true; break;
	}
	return -1;
}

int hist_cmd_parse(int argc, char **argv, const char *prog, struct hist_args *ha)
{
	const struct opt_def *d;
	const char *arg;
	struct opt_parser *p = opt_parser_new(hist_cmd_options(), "hwnoisetop hist");
	int c, first = argc, rc = -1;

	memset(ha, 0, sizeof(*ha));
	ha->hc = (struct histo_conf){ .on = true, .bucket_us = HISTO_BUCKET_DEFAULT,
				      .entries = HISTO_ENTRIES_DEFAULT };
	ha->args = calloc((size_t)argc + 3, sizeof(*ha->args));
	if (!ha->args || !p) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		opt_parser_free(p);
		return HWN_EXIT_ENV;
	}
	ha->args[ha->n++] = (char *)prog;
	ha->args[ha->n++] = "-q";
	while (rc < 0 && (c = opt_next(p, argc, argv, &d, &arg, &first)) != -1) {
		if (c == '?')
			rc = HWN_EXIT_USAGE;
		else if (c == O_HELP)
			usage(stdout), rc = HWN_EXIT_OK;
		else if (d >= hist_cmd_options() && d < hist_cmd_options() + sizeof(own) / sizeof(own[0]))
			rc = take_own(&ha->hc, d, arg);
		else {
			/* As the main command's parser reads it: --name=ARG. */
			char *w = malloc(strlen(d->long_name) + (arg ? strlen(arg) : 0) + 4);

			if (!w)
				rc = HWN_EXIT_ENV;
			else
				sprintf(w, "--%s%s%s", d->long_name, arg ? "=" : "", arg ? arg : "");
			ha->args[ha->n++] = w;
		}
	}
	opt_parser_free(p);
	if (rc < 0 && first < argc) {
		fprintf(stderr, "hwnoisetop: hist: unexpected argument '%s' (see hwnoisetop hist "
			"--help)\n", opt_quote(argv[first], &(struct opt_text){ 0 }));
		rc = HWN_EXIT_USAGE;
	}
	return rc;
}

void hist_cmd_args_free(struct hist_args *ha)
{
	for (int i = 2; i < ha->n; i++)
		free(ha->args[i]);
	free(ha->args);
	ha->args = NULL;
}
