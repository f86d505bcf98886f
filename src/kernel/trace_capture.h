/*
 * trace_capture: the trace-capture instance (struct record,
 * "hwnoisetop-<pid>-record"): not a recording (rec_writer.h).
 *
 * It runs beside the measuring instance with the osnoise tracer and the
 * osnoise:* events on, so that its buffer holds the recent detail behind
 * the numbers; trace_capture_save() writes that buffer's text to a file (used
 * by -t on a stop condition and by the dashboard's one-key capture).
 */
#ifndef HWN_RECORD_H
#define HWN_RECORD_H

#include <stddef.h>
#include <stdint.h>

struct record_conf {
	size_t buffer_kb;	/* per-CPU buffer size; 0 = kernel default */
};

struct record;
struct ledger;

/* Create the instance (registered in l) and start recording.  NULL with err on failure. */
struct record *trace_capture_start(struct ledger *l, const struct record_conf *conf, char *err,
			    size_t errlen);
/* Pause or resume recording. */
void trace_capture_set_on(struct record *r, int on);
/*
 * Write the recorded trace to path: every event when last_s is 0, else
 * only the events of the last last_s seconds of the buffer.  *events gets
 * the number of event lines written.  0, or -1 with err.  A path ending in
 * ".dat" gets the whole buffer as a trace.dat file instead (tracedat.h).
 */
int trace_capture_save(struct record *r, const char *path, uint64_t last_s, uint64_t *events, char *err,
		size_t errlen);
/* Stop recording and remove the instance. */
void trace_capture_free(struct record *r);

/* The instance, for adding events, filters and triggers. */
struct tracefs_instance *trace_capture_instance(struct record *r);

/*
 * The timestamp (seconds) of a trace text line, or -1 for a header line or
 * a line without one.  Pure: exposed for the unit tests.
 */
double trace_capture_line_ts(const char *line);

#endif
