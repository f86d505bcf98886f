/*
 * report_html: the one self-contained HTML file of hwnoisetop report: the
 * machine and the settings (the recording's header), the heatmap
 * (report_heat.h), each CPU over time, its causes and the histogram
 * (report_cpu.h), the percentiles per CPU, every segment against the one
 * before it (report_forest.h, gathered by report_collect.h), the
 * experiment's report where there was one, and how to reproduce it.  No
 * script, style or font from elsewhere; print CSS for A4 and Letter.
 * Every text from the recording is escaped (html.h).
 */
#ifndef HWN_REPORT_HTML_H
#define HWN_REPORT_HTML_H

#include <stdint.h>
#include <stdio.h>

#include "jsonread.h"
#include "rec_reader.h"
#include "report_collect.h"

struct report_doc {
	const char *name;		/* the recording as named on the command line */
	const char *sha256;		/* its hash, 64 hex digits */
	uint64_t bytes;			/* its size */
	const char *version;		/* this program's */
	const char *command;		/* the report's command line */
	const struct jsonr_obj *header;	/* the recording's header line, parsed */
	const char *experiment;		/* the experiment's report (text), or NULL */
};

void report_html(FILE *out, const struct report_doc *doc, const struct replay *r,
		 const struct report_data *d);

#endif
