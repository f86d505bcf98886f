/*
 * mkhist: the man page's HIST MODE section (hwnoisetop hist), for tools/mkman.
 */
#include "config.h"

#include <stdio.h>

#include "hist_cmd.h"
#include "mkhist.h"
#include "options.h"

/* "hwnoisetop hist": rtla osnoise hist's histogram for hwnoise, from its own table. */
void mkhist_print_man(void)
{
	printf(".SH HIST MODE\n");
	printf("%s",
	       ".B hwnoisetop hist\n[\\fIOPTIONS\\fR]\n"
	       ".PP\n"
	       "counts the single noises (each gap between two time reads of at least the threshold,\n"
	       "one \\fBosnoise:sample_threshold\\fR event) by duration, per CPU, and prints them as\n"
	       "\\fBrtla osnoise hist\\fR does; rtla has no histogram for hwnoise.  The kernel counts\n"
	       "them: two hist triggers on \\fBosnoise:sample_threshold\\fR in the run's own instance,\n"
	       "one keyed on the CPU and the duration in buckets (kept to the rows' range), one on\n"
	       "the CPU with the count, the sum and the largest of every duration.  No event crosses\n"
	       "to user space: the event stays off, its triggers fire all the same.  The triggers are\n"
	       "kernel settings of the instance: removed with it on every way out, and by\n"
	       "\\fB\\-\\-cleanup\\fR after a SIGKILL (an instance holding a trigger refuses removal\n"
	       "otherwise).  Where the kernel has no hist triggers (no \\fBtrigger\\fR or \\fBhist\\fR\n"
	       "file for the event, CONFIG_HIST_TRIGGERS), or refuses them (ENODEV, EINVAL), one line\n"
	       "on stderr says so, and every \\fBosnoise:sample_threshold\\fR event is recorded and\n"
	       "counted as it is read, as the triggers would count it: the same histogram, at the\n"
	       "cost of reading every event (at a low threshold, many thousands a second per CPU).\n"
	       "Events lost before they were read (the ring buffer full) are said on stderr: the\n"
	       "counts are then incomplete.  \\fBHWNOISETOP_NO_HIST_TRIGGER=1\\fR takes that path\n"
	       "on any kernel (ENVIRONMENT).\n"
	       ".PP\n"
	       "The dashboard counts them too, in the same buckets, for its \\fBD\\fR view (the\n"
	       "selected CPU's rows, its count, min, avg and max): read at most once a period, and\n"
	       "only while hwnoisetop runs off the measured CPUs (with every CPU measured, at the\n"
	       "end); the counts restart with the statistics (\\fB\\-\\-warm\\-up\\fR, \\fBR\\fR,\n"
	       "the mode) and when the CPUs or the threshold change.  Its \\fB\\-\\-record\\fR\n"
	       "file keeps them in its footer, which its replay's \\fBD\\fR view shows.\n"
	       ".PP\n"
	       "What counting costs the measurement: the kernel calls the triggers (or writes the\n"
	       "event) on the measured CPU right after the gap it reports, before its next time\n"
	       "read, so their time (an update of the kernel's map per event) adds to the next gap.\n"
	       "Where that reaches the threshold, one single noise may bring another: a threshold\n"
	       "well above that cost keeps the counts clear of it.\n"
	       ".PP\n"
	       "Every sample counted is in a period summary: the triggers are set before the tracer,\n"
	       "the tracer once tracing is on (the first period's summary is kept), and the run ends\n"
	       "by stopping the osnoise threads (an empty \\fBosnoise/cpus\\fR, put back at the end),\n"
	       "each of which records its last period, cut short, before tracing stops.  So, for a\n"
	       "run without \\fB\\-\\-warm\\-up\\fR, a CPU's \\fBcount:\\fR is its HW column plus the\n"
	       "gaps that had an NMI inside (at most its NMI column); without NMIs, exactly its HW\n"
	       "column.  \\fB\\-\\-warm\\-up\\fR clears the kernel's counts with the statistics.\n"
	       ".PP\n"
	       "The kernel's map holds at most 131072 entries (CPUs times buckets).  Buckets of 1 us\n"
	       "are counted when the measured CPUs times the range in microseconds fit, else buckets\n"
	       "of the bucket size; where even the CPUs times \\fB\\-E\\fR would not fit, the buckets\n"
	       "are made wider (and fewer, covering at least the same range), which one line on\n"
	       "stderr says.  The kernel's \\fBDropped\\fR count is watched: a count it could not keep\n"
	       "is said on stderr, never dropped silently.\n"
	       ".SS Options\n");
	opt_print_man(stdout, hist_options());
	printf("%s",
	       ".SS Output\n"
	       "\\fB# RTLA osnoise histogram\\fR, the time unit and the duration, then \\fBIndex\\fR and\n"
	       "one \\fBCPU\\-NNN\\fR column per measured CPU that counted a sample; one row per bucket\n"
	       "(its lower bound in us; rows where every CPU counted zero are left out unless\n"
	       "\\fB\\-\\-with\\-zeros\\fR), then\n"
	       ".TP\n.B over:\nthe single noises of \\fB\\-E\\fR times \\fB\\-b\\fR us or more;\n"
	       ".TP\n.B count:\nevery single noise;\n"
	       ".TP\n.B min:\nthe smallest, at the kernel's bucket (1 us when it counted in 1 us buckets);\n"
	       ".TP\n.B avg:\nthe mean, exact (the kernel's sum of the durations over the count);\n"
	       ".TP\n.B max:\nthe largest, exact (truncated to the microsecond).\n"
	       ".PP\n"
	       "With \\fB\\-\\-json\\fR, one object: \\fB\"duration_s\"\\fR and \\fB\"hist\"\\fR, the\n"
	       "object a recording keeps in its footer: \\fB\"bucket_us\"\\fR, \\fB\"entries\"\\fR and\n"
	       "\\fB\"gran_us\"\\fR (the kernel's bucket), \\fB\"map_size\"\\fR, \\fB\"coarsened\"\\fR,\n"
	       "\\fB\"dropped\"\\fR, the layout options, \\fB\"asked_bucket_us\"\\fR and\n"
	       "\\fB\"asked_entries\"\\fR, and \\fB\"cpus\"\\fR: per CPU that counted, an array\n"
	       "[cpu, count, sum_ns, max_ns, bucket, n, bucket, n, ...] of the kernel buckets that\n"
	       "counted.  A \\fB\\-\\-record\\fR file of a hist run says \\fB\"hist\": true\\fR in its\n"
	       "header; \\fBhwnoisetop \\-\\-replay\\fR \\fIFILE\\fR prints the same histogram, and\n"
	       "with \\fB\\-q\\fR the run's summary table.\n");
}
