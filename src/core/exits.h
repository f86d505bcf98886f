/*
 * exits: the exit statuses of every command, in one table that the option
 * parser (core), the environment's checks (env.h) and the commands share.
 */
#ifndef HWN_EXITS_H
#define HWN_EXITS_H

/*
 * Exit statuses, every command's in one place (the man page's EXIT STATUS
 * says the same).
 *
 * hwnoisetop (and --replay, --cleanup, compare), as rtla 6.18: 0 done,
 * 1 failed to run or bad usage, 2 stopped by -s/-S.
 *
 * hwnoisetop hwlat, as hwlatdetect: 0 every sample at most the hard limit,
 * 1 above it.  hwlatdetect also exits 1 when it cannot run; here a failure
 * to run (bad usage, not root, no tracer, a write that failed) has a code of
 * its own, 3, so that a script tells "the hardware is bad" from "the test
 * did not happen".  3, not 2, so that a 2 from an older hwnoisetop (its
 * usage error) is never read as a result.
 */
enum {
	HWN_EXIT_OK = 0,
	HWN_EXIT_ENV = 1,	/* the environment or the kernel said no */
	HWN_EXIT_USAGE = 1,	/* bad command line */
	HWN_EXIT_STOPPED = 2,	/* a stop condition fired (as rtla) */
};

enum {
	HWN_HWLAT_BELOW = 0,	/* every sample at most the hard limit */
	HWN_HWLAT_ABOVE = 1,	/* a sample above the hard limit */
	HWN_HWLAT_FAILED = 3,	/* did not run: usage, not root, no tracer, ... */
};

/*
 * hwnoisetop experiment: as the main command for usage (1) and -s/-S (2);
 * as hwlat, a failure to run has a code of its own, 3 (not root, no
 * tracer, a knob this machine lacks or cannot change: nothing changed);
 * 4 an experiment cut short (q, a signal, the knob changed from outside),
 * whose report covers the blocks done.
 */
enum {
	HWN_EXP_DONE = 0,	/* every experiment ran all its blocks */
	HWN_EXP_FAILED = 3,	/* did not run */
	HWN_EXP_CUT = 4,	/* cut short */
};

/*
 * The version of this table a recording's footer names ("exit_table");
 * footers without it used the first table (usage 2, hwlat failures 1).
 */
#define HWN_EXIT_TABLE 2

#endif
