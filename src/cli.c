/*
 * cli: option table and parsing for hwnoisetop.  See cli.h.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "env.h"
#include "parse.h"

enum {
	O_CPUS = 'c', O_DEBUG = 'D', O_DURATION = 'd', O_HOUSEKEEPING = 'H', O_HELP = 'h',
	O_ITERATIONS = 'n', O_PERIOD = 'p', O_QUIET = 'q', O_RUNTIME = 'r', O_THRESHOLD = 'T',
	O_VERSION = 256, O_CAPTURE_LAST,
};

#define PERIOD_MAX 10000000ULL	/* 10 s, as rtla */
#define RUNTIME_MIN 100ULL	/* 100 us, as rtla */

const struct opt_def cli_options[] = {
	{ O_PERIOD, 'p', "period", OPT_REQUIRED, "us",
	  "osnoise period in microseconds (100 to 10000000; default 1000000)", NULL },
	{ O_RUNTIME, 'r', "runtime", OPT_REQUIRED, "us",
	  "osnoise runtime in microseconds, at least 100 and at most the period "
	  "(default 75% of the period: 750000)",
	  "Interrupts stay disabled on each measured CPU for the whole runtime of every period." },
	{ O_THRESHOLD, 'T', "threshold", OPT_REQUIRED, "us",
	  "smallest gap between two time reads counted as noise, in microseconds "
	  "(1 to 10000000; default 1)",
	  "Written to tracing_thresh; the previous value is restored at exit." },
	{ O_CPUS, 'c', "cpus", OPT_REQUIRED, "cpu-list",
	  "measure these CPUs, e.g. 1-3,5 (default: every online CPU)", NULL },
	{ O_HOUSEKEEPING, 'H', "house-keeping", OPT_REQUIRED, "cpu-list",
	  "run hwnoisetop itself only on these CPUs (default: the online CPUs not measured)", NULL },
	{ O_DURATION, 'd', "duration", OPT_REQUIRED, "time[s|m|h|d]",
	  "stop after this long (default: until q, Ctrl-C or a signal)", NULL },
	{ O_ITERATIONS, 'n', "iterations", OPT_REQUIRED, "N",
	  "end the session once every measured CPU has reported N periods",
	  "Like htop's -n: for demonstrations and scripts; the dashboard's last screen "
	  "is followed by the summary table." },
	{ O_CAPTURE_LAST, 0, "capture-last", OPT_REQUIRED, "time[s|m|h|d]",
	  "t in the dashboard saves only the last stretch of this length of the recorded trace "
	  "(default: all the recording holds)", NULL },
	{ O_QUIET, 'q', "quiet", OPT_NONE, NULL,
	  "print only the summary table at the end of the session",
	  "Without -q, and when standard output is a terminal, hwnoisetop shows the live "
	  "dashboard (see KEYS)." },
	{ O_DEBUG, 'D', "debug", OPT_NONE, NULL, "print debug information on stderr", NULL },
	{ O_HELP, 'h', "help", OPT_NONE, NULL, "print this help and exit", NULL },
	{ O_VERSION, 0, "version", OPT_NONE, NULL, "print the version and exit", NULL },
	{ 0 }
};

static int bad(const struct opt_def *d, const char *arg, const char *why)
{
	fprintf(stderr, "hwnoisetop: %s '%s' %s\n", opt_label(d), arg ? arg : "", why);
	return HWN_EXIT_USAGE;
}

void cli_usage(FILE *out)
{
	fprintf(out,
		"Usage: hwnoisetop [OPTIONS]\n"
		"Measure the hardware-related noise (SMIs, NMIs, SMT siblings, hypervisor exits)\n"
		"on each CPU with the kernel's osnoise tracer running with interrupts disabled.\n\n");
	opt_print_help(out, cli_options);
}

/* CPUs must exist and be online: the kernel would silently skip the others. */
static int check_cpus(const struct opt_def *d, const char *arg, const struct cpuset *set)
{
	struct cpuset online, missing;
	char list[128], on[128], why[300];

	env_online_cpus(&online);
	cpuset_andnot(&missing, set, &online);
	if (cpuset_empty(&missing))
		return 0;
	snprintf(why, sizeof(why), "names CPUs that do not exist or are offline (%s); online CPUs: %s",
		 cpuset_format(&missing, list, sizeof(list)), cpuset_format(&online, on, sizeof(on)));
	return bad(d, arg, why);
}

int cli_parse(struct cli *cli, int argc, char **argv)
{
	const struct opt_def *def = NULL, *cpus_def = NULL, *hk_def = NULL;
	const char *arg = NULL, *why, *cpus_arg = NULL, *hk_arg = NULL;
	struct opt_parser *p;
	uint64_t v;
	int c, first, rc = -1;

	memset(cli, 0, sizeof(*cli));
	cli->sc.osn.period_us = 1000000;
	cli->sc.osn.runtime_us = 750000;
	cli->sc.osn.threshold_us = 1;
	cli->sc.osn.irq_disable = true;
	cli->sc.osn.buffer_kb = 256;

	p = opt_parser_new(cli_options);
	if (!p) {
		fprintf(stderr, "hwnoisetop: out of memory\n");
		return HWN_EXIT_ENV;
	}
	while (rc < 0 && (c = opt_next(p, argc, argv, &def, &arg, &first)) != -1) {
		switch (c) {
		case '?':
			rc = HWN_EXIT_USAGE;
			break;
		case O_PERIOD:
			if (parse_u64(arg, RUNTIME_MIN, PERIOD_MAX, &v, &why))
				rc = bad(def, arg, why);
			cli->sc.osn.period_us = v;
			cli->period_set = true;
			break;
		case O_RUNTIME:
			if (parse_u64(arg, RUNTIME_MIN, PERIOD_MAX, &v, &why))
				rc = bad(def, arg, why);
			cli->sc.osn.runtime_us = v;
			cli->runtime_set = true;
			break;
		case O_THRESHOLD:
			if (parse_u64(arg, 1, PERIOD_MAX, &v, &why))
				rc = bad(def, arg, why);
			cli->sc.osn.threshold_us = v;
			break;
		case O_CPUS:
			if (cpuset_parse(arg, &cli->sc.osn.cpus, &why))
				rc = bad(def, arg, why);
			cli->cpus_set = true;
			cpus_def = def;
			cpus_arg = arg;
			break;
		case O_HOUSEKEEPING:
			if (cpuset_parse(arg, &cli->sc.housekeeping, &why))
				rc = bad(def, arg, why);
			cli->sc.housekeeping_set = true;
			hk_def = def;
			hk_arg = arg;
			break;
		case O_DURATION:
			if (parse_duration(arg, false, &cli->sc.duration_s, &why))
				rc = bad(def, arg, why);
			break;
		case O_ITERATIONS:
			if (parse_u64(arg, 1, UINT32_MAX, &cli->sc.iterations, &why))
				rc = bad(def, arg, why);
			break;
		case O_CAPTURE_LAST:
			if (parse_duration(arg, false, &cli->sc.capture_last_s, &why))
				rc = bad(def, arg, why);
			break;
		case O_QUIET:
			cli->quiet = true;
			break;
		case O_DEBUG:
			cli->sc.debug = true;
			break;
		case O_HELP:
			cli_usage(stdout);
			rc = HWN_EXIT_OK;
			break;
		case O_VERSION:
			printf("hwnoisetop %s\n", PACKAGE_VERSION);
			rc = HWN_EXIT_OK;
			break;
		}
	}
	opt_parser_free(p);
	if (rc >= 0)
		return rc;
	if (first < argc) {
		fprintf(stderr, "hwnoisetop: unexpected argument '%s' (see --help)\n", argv[first]);
		return HWN_EXIT_USAGE;
	}
	if (cli->period_set && !cli->runtime_set)
		cli->sc.osn.runtime_us = cli->sc.osn.period_us * 3 / 4 < RUNTIME_MIN ?
					 RUNTIME_MIN : cli->sc.osn.period_us * 3 / 4;
	if (cli->sc.osn.runtime_us > cli->sc.osn.period_us) {
		char reason[128], val[32];

		snprintf(reason, sizeof(reason), "must not exceed the period (%llu us)",
			 (unsigned long long)cli->sc.osn.period_us);
		snprintf(val, sizeof(val), "%llu", (unsigned long long)cli->sc.osn.runtime_us);
		for (def = cli_options; def->id != O_RUNTIME; def++)
			;
		return bad(def, val, reason);
	}
	if (cpus_def && check_cpus(cpus_def, cpus_arg, &cli->sc.osn.cpus))
		return HWN_EXIT_USAGE;
	if (hk_def && check_cpus(hk_def, hk_arg, &cli->sc.housekeeping))
		return HWN_EXIT_USAGE;
	if (!cli->cpus_set)
		env_online_cpus(&cli->sc.osn.cpus);
	return -1;
}
