/*
 * mkreport: the man page's REPORT section (hwnoisetop report), from its
 * option table.
 */
#include <stdio.h>

#include "mkreport.h"
#include "report_cmd.h"
#include "report_collect.h"
#include "report_cpu.h"

void mkreport_print_man(void)
{
	printf(".SH REPORT\n");
	printf(".B hwnoisetop report\n\\fIREC.jsonl\\fR [\\fB\\-o\\fR \\fIFILE.html\\fR]\n"
	       ".PP\n"
	       "writes one self-contained HTML page of a recording (\\fB\\-\\-record\\fR), to attach\n"
	       "to a message: no network, no script, style or font from elsewhere; it opens in any\n"
	       "current browser and prints on A4 and Letter.  It holds the machine and the run's\n"
	       "settings as the recording's header gives them; a heatmap of the noise per second\n"
	       "of runtime, one row per CPU and one column per period, each marker a vertical line\n"
	       "with its note, a cell's figures in its title (shown on hover); each CPU over time,\n"
	       "opened on demand: its noise per second and its max single, each point the largest\n"
	       "of its stretch (the heatmap's columns, at most %d points), a dashed line at each\n"
	       "marker; each segment against the one before it, in words and as a forest plot, one\n"
	       "row per CPU and figure with the change, its 95%% interval, the margin and the mark\n"
	       "\\fBhwnoisetop compare\\fR gives (the same verdicts, the false discovery rate held\n"
	       "over each pair); the percentiles of every CPU over the whole run; a \\fBhwnoisetop\n"
	       "hist\\fR recording's histogram; with \\fB\\-\\-why\\fR's evidence in the recording,\n"
	       "each CPU's causes as \\fB\\-q \\-\\-why\\fR prints them (WHY); an experiment's report where the recording is\n"
	       "an experiment's; and how to reproduce it: the recorded command line and version, the\n"
	       "recording's name, size and SHA\\-256.\n"
	       ".PP\n"
	       "The heatmap keeps at most %d cells: with more CPUs times periods, the columns are\n"
	       "made wider, each cell the largest of its periods (noise, max single, HW and NMI each\n"
	       "at its maximum, so no spike is averaged away), which the caption says.  At most %d\n"
	       "before/after pairs are drawn.  A recording that does not read (cut in its header, a\n"
	       "foreign file, a hwnoisetop hwlat recording) gives one line on stderr, status 1, and\n"
	       "no page.\n"
	       ".SS Options\n", REPORT_CPU_POINTS, REPORT_CELLS, REPORT_PAIRS_MAX);
	opt_print_man(stdout, report_cmd_options());
}
