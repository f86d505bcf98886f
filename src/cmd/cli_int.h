/*
 * cli_int: the option ids of both command lines and the main command's
 * limits, shared by the one option table (cli_options.c) and the parsers
 * (cli.c, hwlat_cli.c).  An id the two commands share (-c, -d, -T, -q,
 * -D, --smi, --cleanup, -h) is the same option in both, told in the
 * table's text of each.
 */
#ifndef HWN_CLI_INT_H
#define HWN_CLI_INT_H

enum {
	O_AUTO = 'a', O_CGROUP = 'C', O_CPUS = 'c', O_DEBUG = 'D', O_DURATION = 'd',
	O_EVENT = 'e', O_HOUSEKEEPING = 'H', O_HELP = 'h', O_PRIORITY = 'P', O_PERIOD = 'p',
	O_ITERATIONS = 'n', O_QUIET = 'q', O_RUNTIME = 'r', O_STOP_TOTAL = 'S', O_STOP = 's',
	O_THRESHOLD = 'T',
	O_TRACE = 't',
	O_VERSION = 256, O_FILTER, O_TRIGGER, O_WARMUP, O_BUFSIZE, O_TRACE_ALWAYS, O_CLEANUP,
	O_ORPHANS, O_CAPTURE_LAST, O_SMI, O_KEEP_TUNING, O_CAPTURE_FORMAT, O_REPLAY,
	O_ON_THRESHOLD, O_ON_END,
	O_SINGLE_BUDGET, O_PERIOD_BUDGET,
	O_OSNOISE, O_PERCENTILES, O_MARGIN, O_WHY, O_HTML_REPORT,
	/* hwnoisetop hwlat's own */
	O_HARDLIMIT = 0x200, O_WINDOW, O_WIDTH, O_INTERVAL, O_SAMPLE_WIDTH, O_REPORT, O_MODE,
	O_WATCH, O_NOTHING,
};

#define PERIOD_MAX 10000000ULL	/* 10 s, as rtla */
#define RUNTIME_MIN 100ULL	/* 100 us, as rtla */
#define BUFFER_KB_MAX 1048576ULL /* 1 GiB per CPU */
#define WARMUP_MAX 86400ULL	/* a day */
#define DEFAULT_TRACE "osnoise_trace.txt"
#define ACTIONS_LOG "hwnoisetop-actions.log"	/* the dashboard's shell output */

#endif
