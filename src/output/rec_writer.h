/*
 * rec_writer: the recordings' writer: --record FILE, the run written as
 * JSON Lines (one object a line, format version RECORDING_VERSION
 * (rec_reader.h), described in the man page): a header (program, kernel,
 * command line, configuration, CPU topology, system state), every period
 * summary and hwlat sample as the kernel gave it, lost events, SMI counts,
 * markers, resets, setting changes, a tick line a second, and a footer
 * with what the end-of-run report needs.
 *
 * The recording is one of the session's hooks (session.h): it sees
 * exactly what the statistics are given and notes whether they counted it.  Lines are kept in memory and written
 * at each tick: a crash loses at most a tick (a kill in the middle of the
 * write or a full disk may cut the last line: replay stops there).  The
 * first failed write is said at once (session_note) and ends the writing.
 * The reader (rec_reader.h) reads it back.  Not the trace capture
 * (trace_capture.h).
 */
#ifndef HWN_RECORDING_H
#define HWN_RECORDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpuset.h"

/*
 * The --record and --force entries of an option table (opt.h); cmd:
 * "hwnoisetop -q"...; which: the command line they belong to (enum opt_cmd).
 */
#define RECORDING_OPTIONS(id_record, id_force, cmd, which)				\
	{ .id = (id_record), .cmds = (which), .long_name = "record", .arg = OPT_REQUIRED,	\
	  .arg_name = "file",									\
	  .help = "write every period summary, hwlat sample, marker and setting change to file "	\
		  "as JSON Lines, flushed each second (RECORDINGS in the man page)",	\
	  .more = "An existing file is not overwritten unless --force is given. The file is "	\
		  "checked first, before root, tracefs and the tracer, and created when the run "	\
		  "starts.",									\
	  .example = cmd " -d 1h --record night.jsonl",					\
	  .accepts = "a new file in an existing, writable directory, or with --force an "	\
		     "existing one" },			\
	{ .id = (id_force), .cmds = (which), .long_name = "force", .arg = OPT_NONE,		\
	  .help = "let --record overwrite an existing file",					\
	  .example = cmd " --record run.jsonl --force" }

struct session;
struct segments;
struct recording;

/*
 * Create path (mode 0644); an existing file only with force.  NULL with a
 * one-line message in err.  Nothing is written yet.
 */
struct recording *rec_writer_open(const char *path, bool force, char *err, size_t errlen);
/* The options that shape what the run prints at its end, for its replay. */
struct recording_cli {
	bool quiet;		/* -q: no per-segment tables; hwlat: nothing printed */
	/* hwnoisetop hwlat's (in its recordings' header only): */
	bool json;		/* --json */
	bool brief;		/* -q: only the summary */
	bool watch;		/* --watch: the samples printed as they came */
	uint64_t hardlimit_us;	/* --hardlimit */
	const char *report;	/* --report FILE, or NULL */
};

/* Write the header and hook into the started session s: argv is the command line. */
void rec_writer_begin(struct recording *r, struct session *s, int argc, char **argv,
		     const struct recording_cli *cli);

/*
 * Write the whole lines held so far to the file (the tick does it each
 * second): a reader of the file sees the run up to now, without its footer.
 */
void rec_writer_flush(struct recording *r);

/* What the end-of-run report needs besides the statistics (the footer). */
struct recording_end {
	uint64_t elapsed_s;	/* the hwnoise view's measured seconds (the table) */
	uint64_t run_ns;	/* the markers' clock at the end */
	bool smi;		/* the table had its SMI column */
	bool hwlat_view;	/* the hwlat figures were printed */
	bool report_saved;	/* hwnoisetop hwlat: --report's file was written */
};

/*
 * Write the footer, close the file and free r (NULL: nothing).  0, or -1
 * with a one-line message in err when any write failed during the run.
 */
int rec_writer_close(struct recording *r, const struct recording_end *end, char *err,
		    size_t errlen);

#endif
