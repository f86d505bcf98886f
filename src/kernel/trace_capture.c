/*
 * trace_capture: the trace-capture instance and trace saving.  See
 * trace_capture.h.
 */
#include "trace_capture.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tracefs.h>

#include "instance.h"
#include "outfile.h"
#include "tracedat.h"

struct record {
	struct tracefs_instance *inst;
	struct ledger *ledger;	/* the instance is registered there */
};

struct record *trace_capture_start(struct ledger *l, const struct record_conf *conf, char *err,
			    size_t errlen)
{
	struct record *r = calloc(1, sizeof(*r));
	int e;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	r->ledger = l;
	r->inst = instance_create(l, "record", conf->buffer_kb, err, errlen);
	if (!r->inst) {
		free(r);
		return NULL;
	}
	e = instance_set_tracer(r->inst, "osnoise");
	if (e) {
		snprintf(err, errlen, "cannot set the record instance's tracer to osnoise: %s",
			 strerror(-e));
		trace_capture_free(r);
		return NULL;
	}
	if (instance_event_enable(r->inst, "osnoise", NULL, true) < 0) {
		snprintf(err, errlen, "cannot enable the osnoise events in the record instance");
		trace_capture_free(r);
		return NULL;
	}
	tracefs_trace_on(r->inst);
	return r;
}

struct tracefs_instance *trace_capture_instance(struct record *r)
{
	return r->inst;
}

void trace_capture_set_on(struct record *r, int on)
{
	if (on)
		tracefs_trace_on(r->inst);
	else
		tracefs_trace_off(r->inst);
}

void trace_capture_free(struct record *r)
{
	if (!r)
		return;
	instance_destroy(r->ledger, r->inst);
	free(r);
}

/*
 * A trace line: "   comm-pid   [cpu] flags  SEC.USEC: event: ...".  The
 * timestamp is the first token ending in ':' that is a decimal number
 * with a fraction, after the "[cpu]" field.
 */
double trace_capture_line_ts(const char *line)
{
	const char *p;

	if (line[0] == '#')
		return -1;
	p = strchr(line, ']');
	if (!p)
		return -1;
	for (p++; *p; p++) {
		/* By hand, not strtod(): the trace's '.' whatever LC_NUMERIC says. */
		uint64_t sec = 0, frac = 0, scale = 1;
		const char *q = p;

		if (!isdigit((unsigned char)*p) || isdigit((unsigned char)p[-1]) || p[-1] == '.')
			continue;
		for (; isdigit((unsigned char)*q) && sec < UINT64_MAX / 10; q++)
			sec = sec * 10 + (uint64_t)(*q - '0');
		if (*q != '.' || !isdigit((unsigned char)q[1]))
			continue;
		for (q++; isdigit((unsigned char)*q); q++)
			if (scale < 1000000000000ULL) {
				frac = frac * 10 + (uint64_t)(*q - '0');
				scale *= 10;
			}
		if (*q == ':')
			return (double)sec + (double)frac / (double)scale;
	}
	return -1;
}

int trace_capture_save(struct record *r, const char *path, uint64_t last_s, uint64_t *events, char *err,
		size_t errlen)
{
	double newest = -1, from;
	char *line, *save = NULL;
	uint64_t n = 0;
	FILE *out;
	char *text;

	/* A trace.dat file: the whole buffer, written by trace-cmd. */
	if (tracedat_wanted(path))
		return tracedat_extract(r->inst, path, events, err, errlen);
	text = tracefs_instance_file_read(r->inst, "trace", NULL);
	if (!text) {
		snprintf(err, errlen, "cannot read the recorded trace");
		return -1;
	}
	if (last_s) {
		for (line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
			double ts = trace_capture_line_ts(line);

			if (ts > newest)
				newest = ts;
		}
	}
	from = last_s && newest >= 0 ? newest - (double)last_s : -1;
	out = outfile_open(path);
	if (!out) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		free(text);
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		double ts = trace_capture_line_ts(line);

		if (line[0] != '#' && ts >= 0 && ts < from)
			continue;
		fprintf(out, "%s\n", line);
		if (line[0] != '#')
			n++;
	}
	free(text);
	if (fclose(out) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	if (events)
		*events = n;
	return 0;
}
