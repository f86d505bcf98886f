/*
 * audit_cmd: see audit_cmd.h.
 */
#include "audit_cmd.h"

#include <stdio.h>

#include "audit_report.h"
#include "env.h"
#include "exits.h"

enum { A_CPUS = 'c', A_JSON = 0x500, A_HELP = 'h' };

const struct opt_def audit_cmd_options[] = {
	{ .id = A_CPUS, .short_name = 'c', .long_name = "cpus", .arg = OPT_REQUIRED,
	  .arg_name = "cpu-list",
	  .help = "the CPUs to be measured, whose isolation, IRQs and SMIs are checked (default: "
		  "the online CPUs)",
	  .example = "hwnoisetop audit -c 2-7",
	  .accepts = "a CPU list such as 0-3,8" },
	{ .id = A_JSON, .long_name = "json", .arg = OPT_NONE,
	  .help = "print one JSON object: cpus, status and the items (key, name, verdict, now, "
		  "why, fix)",
	  .example = "hwnoisetop audit --json" },
	{ .id = A_HELP, .short_name = 'h', .long_name = "help", .arg = OPT_NONE,
	  .help = "print this help and exit" },
	{ 0 }
};

static void usage(FILE *out)
{
	fprintf(out, "Usage: hwnoisetop audit [OPTIONS]\n"
		"Each setting of this box that matters for hardware noise on the CPUs to be measured,\n"
		"with pass, warn or fail, why it matters and the change that fixes it.  Read-only.\n"
		"Exit status: 0 all pass, 1 usage, 2 a warning or an item it could not read, 3 a "
		"failure.\n\n");
	opt_print_help(out, audit_cmd_options);
}

int audit_cmd_main(int argc, char **argv, const char *prog)
{
	struct opt_parser *p = opt_parser_new(audit_cmd_options, "hwnoisetop audit");
	const struct opt_def *d;
	const char *arg;
	struct cpuset cpus;
	struct audit a;
	bool json = false;
	int c, first = argc, rc = -1;

	if (!p) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	cpuset_clear(&cpus);
	while (rc < 0 && (c = opt_next(p, argc, argv, &d, &arg, &first)) != -1) {
		struct why why;

		if (c == '?')
			rc = HWN_EXIT_USAGE;
		else if (c == A_HELP)
			usage(stdout), rc = HWN_EXIT_OK;
		else if (c == A_JSON)
			json = true;
		else if (c == A_CPUS && cpuset_parse(arg, &cpus, &why) < 0)
			rc = opt_bad(d, arg, why.text);
		else if (c == A_CPUS && env_check_online(&cpus, why.buf, sizeof(why.buf)) < 0)
			rc = opt_bad(d, arg, why.buf);
	}
	(void)prog;
	opt_parser_free(p);
	if (rc < 0 && first < argc) {
		fprintf(stderr, "hwnoisetop audit: '%s' is no option (see hwnoisetop audit --help)\n",
			argv[first]);
		rc = HWN_EXIT_USAGE;
	}
	if (rc >= 0)
		return rc;
	audit_run(&a, &cpus);
	if (json)
		audit_report_json(stdout, &a);
	else
		audit_report_print(stdout, &a);
	return audit_rules_status(a.item, AU_COUNT);
}
