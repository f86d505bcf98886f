/*
 * report: the end-of-run summary table, byte for byte in rtla hwnoise's
 * layout (osnoise mode adds the IRQ, Softirq and Thread columns).
 */
#ifndef HWN_REPORT_H
#define HWN_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cpuset.h"
#include "segments.h"
#include "stats.h"

struct report_opts {
	bool osnoise;		/* "Operating System Noise" with IRQ/Softirq/Thread */
	bool pretty;		/* highlight the header (a terminal, not -q) */
	bool smi;		/* an SMI column after NMI (--smi, counter readable) */
	uint64_t elapsed;	/* seconds */
	/*
	 * The terminal's columns after the dashboard: a table wider than that
	 * comes in a compact form that fits (report_table()); 0: rtla's table
	 * whatever its width (-q, output that is not a terminal).
	 */
	int width;
	bool note;		/* say in one line that the form is compact (the first table) */
};

/* The terminal's columns when out is one and not quiet (the dashboard ran), else 0. */
int report_width(FILE *out, bool quiet);

/*
 * The table's row for cpu: its figures, or NULL when the table has no row
 * for it (outside st, or no runtime).  The table and the JSON summary
 * (export_json.h) both take their rows from here.
 */
const struct cpu_stats *report_row(const struct stats *st, int cpu);
/*
 * The whole run's rows: every CPU with runtime in st, also one the CPU list
 * no longer holds (a CPU taken out during the run keeps its figures).
 */
void report_rows(const struct stats *st, struct cpuset *rows);
/* % CPU Aval of a row as the table prints it, without padding: "99.99997". */
char *report_avail_text(const struct cpu_stats *c, char *buf, size_t size);

/*
 * Rows for CPUs in cpus that have runtime; then the missed-events line if
 * any.  Wider than opts->width: the compact form, the same figures in the
 * columns that fit, each as wide as its widest figure, kept in the order of
 * their value (CPU, % CPU Aval, Max Single, Noise, HW, NMI, SMI, Max Noise,
 * IRQ, Softirq, Thread, Period, Runtime) and shown in rtla's order.
 */
void report_table(FILE *out, const struct stats *st, const struct cpuset *cpus,
		  const struct report_opts *opts);

/*
 * After the whole run's table, when a marker was set: one table per
 * segment in the same layout (its CPUs, its mode, its measured time up to
 * now_ns for the open one), each headed by the line of the marker that
 * opened it.  Segments ended by a reset are said to be outside the
 * whole run's table.  Nothing without a marker.  smi: the SMI column, as
 * in the whole run's table; width as report_opts' width.
 */
void report_segments(FILE *out, const struct segments *sg, uint64_t now_ns, bool pretty,
		     bool smi, int width);

/*
 * The percentiles (p50, p90, p99, p99.9, max) of segment k's (or with
 * SEGMENTS_RUN the whole run's) per-period noise per second of runtime
 * and per-period max single, a row for each CPU of rows that has them,
 * then the line that says their error.  Nothing when none has.
 */
void report_pcts(FILE *out, const struct segments *sg, unsigned k, const struct cpuset *rows,
		 int width);

/* The line that says the percentiles' error (REPORT_PCT_ERROR, no newline). */
#define REPORT_PCT_ERROR "percentiles of the periods: exact under 16 us; above, a bucket's low " \
	"end, at most 12.5% under the true value (8 buckets an octave); max exact"

/* text and a newline, wrapped at spaces to width columns (0: one line). */
void report_wrapped(FILE *out, const char *text, int width);

/*
 * The verdicts of the segment before the latest marker (the newest
 * osnoise one) against the open one, as hwnoisetop compare prints them
 * (compare_table_print()); nothing without a marker or the distributions.
 * Wider than width (0: any width): one line saying so instead.
 */
void report_segments_compare(FILE *out, const struct segments *sg, bool smi, int width);

#endif
