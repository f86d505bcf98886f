/*
 * mkman: writes man/hwnoisetop.1 from the option tables, so the man page,
 * --help and the parser never disagree; with --bash-completion, the bash
 * completion script instead (mkcomp.c).  Run by "make man"; a check in
 * "make check" fails when the committed page is out of date.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "verdict.h"
#include "config.h"
#include "hwlat_cli.h"
#include "dashboard.h"
#include "format.h"
#include "keys.h"
#include "mkcomp.h"
#include "mkexport.h"
#include "mkexp.h"
#include "mkaudit.h"
#include "mkstats.h"
#include "mkhist.h"
#include "mkreport.h"
#include "mkwhy.h"
#include "mkuse.h"
#include "mkrtla.h"
#include "segments.h"
#include "settings.h"

static void section(const char *name)
{
	printf(".SH %s\n", name);
}

/* --replay and compare --live: what reading a recording back gives. */
static void replay_paragraphs(void)
{
	printf("%s",
	       ".PP\n"
	       "The replay of a \\fBhwnoisetop hwlat\\fR recording prints what that run printed at its\n"
	       "end with its recorded options: the summary, the report's line and the samples;\n"
	       "without the samples after \\fB\\-\\-watch\\fR; nothing after \\fB\\-\\-quiet\\fR; the object\n"
	       "after \\fB\\-\\-json\\fR.  \\fB\\-\\-replay\\fR \\fIfile\\fR \\fB\\-\\-json\\fR prints the object of\n"
	       "\\fBhwnoisetop hwlat \\-\\-json\\fR whatever the run printed.  Its exit status is the\n"
	       "run's (1 above the hard limit, 3 when it failed); 0 without a footer.  A recording\n"
	       "made before the footer named its table (\\fB\"exit_table\"\\fR) replays with its\n"
	       "status read in today's table (see EXIT STATUS).\n"
	       ".PP\n"
	       "Size: one summary line per measured CPU per period, about 135 bytes, and one tick line\n"
	       "of about 70 bytes a second: at 1 s periods about 0.5 MB per CPU\\-hour (3600 lines)\n"
	       "plus 0.25 MB an hour; 1024 CPUs for an hour are about 3.7 million lines, 500 MB.\n"
	       ".PP\n"
	       "\\fB\\-\\-replay\\fR \\fIfile\\fR reads one back without root or tracer and prints what the run\n"
	       "printed at its end, after one line that says which run it is (\\fBreplay of\\fR \\fIfile\\fR\\fB:\n"
	       "recorded by hwnoisetop\\fR \\fIversion\\fR \\fBon\\fR \\fIhost\\fR \\fB(kernel\\fR \\fIrelease\\fR\\fB),\n"
	       "started\\fR \\fIdate\\fR \\fBUTC\\fR; on standard error with \\fB\\-q\\fR and \\fB\\-\\-json\\fR, so that\n"
	       "standard output stays the run's; \\fB\\-\\-json\\fR also gives it as \\fB\"recording\"\\fR): the table, the per-segment tables when the run printed them, the\n"
	       "hwlat figures.  A line that does not parse, another version, a header cut short or an\n"
	       "empty file: one line naming the line number, exit status 1.  A file cut short by a\n"
	       "crash, a kill, a power loss or a full disk (no footer, its last line perhaps without\n"
	       "its end of line) is replayed up to its last whole line, and one line on stderr says\n"
	       "where it ends (\\fIfile\\fR: line N is cut short: replayed up to line N\\-1); exit\n"
	       "status 0, as for a file without its footer.  Without \\fB\\-q\\fR on a\n"
	       "terminal, the dashboard plays it back at the pace of its timestamps, one line of the\n"
	       "file in memory at a time (KEYS: \\fBz\\fR, \\fB.\\fR, \\fB1\\fR to \\fB4\\fR); \\fB.\\fR steps one\n"
	       "recorded period (the period in force; in the hwlat view one hwlat window\n"
	       "with a sample: one sample).  Where\n"
	       "the recorded run switched to its hwlat view and back (\\fBw\\fR), the playback does too;\n"
	       "\\fBw\\fR itself and the keys that would change the kernel are refused; at the end it\n"
	       "says END and waits for \\fBq\\fR, which prints the report \\fB\\-q\\fR prints.\n");
}

/* compare: two recordings side by side, or one against a live run. */
static void compare_section(void)
{
	section("COMPARE");
	printf("%s",
	       "\\fBhwnoisetop compare\\fR \\fIA.jsonl B.jsonl\\fR puts two recordings side by side (say,\n"
	       "before and after a reboot with \\fBtsc=reliable\\fR), per CPU, with the figures of the\n"
	       "dashboard's compare view: noise in us per second of runtime and its change in percent,\n"
	       "% CPU available, HW and NMI events per second of runtime, and SMIs per second when\n"
	       "both runs counted them, max single's 99th percentile and largest (us), each side's\n"
	       "periods, and a row \\fBall\\fR: the CPUs measured in both, period by period.  Each of\n"
	       "B's figures is marked with its verdict (see STATISTICS): \\fB+\\fR better, \\fB!\\fR\n"
	       "worse, \\fB=\\fR no change, \\fB?\\fR undecided, blank when not comparable (period,\n"
	       "runtime or threshold differ); the noise change has its 95% interval beside it.\n"
	       "\\fB\\-\\-margin\\fR \\fIPCT\\fR sets the equivalence margin (more than 0, less than 100;\n"
	       "default 10).  \\fB\\-\\-json\\fR prints one object instead: \\fBmargin_percent\\fR,\n"
	       "\\fBfalse_discovery_rate_percent\\fR and \\fBcpus\\fR, a list of objects, one a CPU (\\fBcpu\\fR its number as a string) and\n"
	       "the last for all CPUs (\\fBcpu\\fR \\fB\"all\"\\fR), with one member a figure\n"
	       "(\\fBnoise_us_per_s\\fR, \\fBcpu_available_percent\\fR, \\fBhw_per_s\\fR, \\fBnmi_per_s\\fR,\n"
	       "\\fBsmi_per_s\\fR when both counted SMIs, \\fBmax_single_p99_us\\fR), each with exactly\n"
	       "\\fBa\\fR, \\fBb\\fR, \\fBchange_percent\\fR, \\fBci95_percent\\fR ([low, high], null where\n"
	       "open), \\fBverdict\\fR (\\fB\"better\"\\fR, \\fB\"worse\"\\fR, \\fB\"no change\"\\fR,\n"
	       "\\fB\"undecided\"\\fR, \\fB\"not comparable\"\\fR), \\fBp\\fR (the p\\-value of no change, null\n"
	       "without a test), \\fBdrift\\fR (true when a side drifted), for max single\n"
	       "\\fBlevel_us\\fR, \\fBshare_a\\fR and \\fBshare_b\\fR, and, undecided, \\fBwhy\\fR\n"
	       "(\\fB\"wide\"\\fR, \\fB\"few_periods\"\\fR, \\fB\"few_blocks\"\\fR, \\fB\"no_events\"\\fR,\n"
	       "\\fB\"drift\"\\fR, \\fB\"many_comparisons\"\\fR, \\fB\"unaligned\"\\fR) and\n"
	       "\\fBperiods_needed\\fR (null when unknown); see STATISTICS.  No root, no tracer; a bad file or option: one line, exit status 1.  Two\n"
	       "recordings of different modes (hwnoise, osnoise; a recording's mode is the one it\n"
	       "ended in, as \\fBi\\fR restarts the statistics) are refused the same way: osnoise\n"
	       "counts IRQ, softirq and thread noise, hwnoise does not.  A recording of\n"
	       "\\fBhwnoisetop hwlat\\fR has no osnoise periods: it is refused too (its figures:\n"
	       "\\fB\\-\\-replay\\fR \\fIfile\\fR \\fB\\-q\\fR).\n"
	       ".PP\n"
	       "Above the table, each run's settings (mode, CPUs, period, runtime, threshold, whether\n"
	       "SMIs were counted), and one line for each that differs (\"period differs: 1000000 us\n"
	       "vs 100000 us; figures are per second of runtime\"); the compare view shows the same\n"
	       "lines.  Rates have three significant digits (\"2.63\", \"0.00167\": one NMI in ten\n"
	       "minutes), under 0.001 and from a million on with an exponent (\"2.78e\\-5\"); a change\n"
	       "of noise shows with one decimal under 10 %.\n"
	       ".PP\n"
	       "\\fBhwnoisetop compare\\fR \\fIA.jsonl\\fR \\fB\\-\\-live\\fR [\\fIOPTIONS\\fR] measures live, with\n"
	       "\\fIOPTIONS\\fR as for \\fBhwnoisetop\\fR, and opens the dashboard in its compare view with\n"
	       "A's whole-run figures as \\fIbefore\\fR and the live run since its latest marker as\n"
	       "\\fIafter\\fR: after a reboot, the new boot against the recording of the old one, as it\n"
	       "goes.  \\fBd\\fR toggles the grid.  It needs a terminal (no \\fB\\-q\\fR) and root, as any\n"
	       "live run.  A must be a hwnoise recording, as the live run starts in hwnoise mode (no\n"
	       "option starts it in osnoise mode): another mode is refused with one line, exit status\n"
	       "1, before the terminal, root or tracefs are looked at.\n");
}

/* --record's format, for those who read the files with their own tools. */
static void recordings_section(void)
{
	section("RECORDINGS");
	printf("%s",
	       "\\fB\\-\\-record\\fR \\fIfile\\fR (with \\fBhwnoisetop\\fR and \\fBhwnoisetop hwlat\\fR, beside the\n"
	       "dashboard or \\fB\\-q\\fR) writes JSON Lines: one JSON object a line, each with its type in\n"
	       "\\fB\"t\"\\fR.  Lines are written once a second, so a run that is killed loses at\n"
	       "most its last second (its last line may be cut in the middle).  A write that fails (a\n"
	       "full disk) is said at once in one line naming the file, on the dashboard's status\n"
	       "line or on stderr; the recording stops there, the run goes on, and its end says it\n"
	       "again (exit status 1).  Numbers are integers, as the kernel gave them (times in us,\n"
	       "timestamps in ns).\n"
	       ".TP\n.B header\nthe first line: \\fB\"v\"\\fR, the format version (now 1), the program and\n"
	       "its version, the kernel release, the machine, \\fB\"argv\"\\fR, the mode, the\n"
	       "configuration (CPUs, period, runtime, threshold, hwlat settings, duration, warm-up),\n"
	       "\\fB\"ncpus\"\\fR, the online CPUs and \\fB\"topology\"\\fR ([CPU, package, core] each), the\n"
	       "clocksource, the isolated and nohz_full CPUs and the kernel command line, and the\n"
	       "machine's identity: \\fBhost cpu_model microcode bios_vendor bios_version bios_date\n"
	       "boot_id\\fR (\\fB\"\"\\fR where the machine does not say: no DMI under some emulators); in\n"
	       "\\fBhwnoisetop hwlat\\fR's recordings also \\fBjson watch hardlimit_us report\\fR, its\n"
	       "options that shape what it prints at its end (\\fB\\-q\\fR is \\fB\"quiet\"\\fR in both).\n"
	       ".TP\n.B audit\nafter the header of a live run: \\fB\"text\"\\fR, \\fBhwnoisetop audit\\fR's\n"
	       "report of the measured CPUs as the run started (\\fBhwnoisetop report\\fR shows it).\n"
	       ".TP\n.B ev\nwith \\fB\\-\\-why\\fR, once a tick for each measured CPU, the evidence of WHY:\n"
	       "\\fBcpu sib_pm steal_us throttle tscwd cs_changed\\fR (null where not measured;\n"
	       "\\fBtscwd\\fR, the clocksource watchdog's visits since the tick before, and\n"
	       "\\fBcs_changed\\fR, 1 where the clocksource is not the run's first, are absent in\n"
	       "older recordings).\n"
	       ".TP\n.B s\nan osnoise period summary: \\fBts cpu runtime noise max_sample hw nmi irq softirq\n"
	       "thread\\fR, with \\fB\\-\\-why\\fR where the NMIs were timed \\fBnmi_ns\\fR (the period's NMI\n"
	       "time, ns; absent: not measured); \\fB\"c\":0\\fR when the statistics did not count it\n"
	       "(warm-up, pause).\n"
	       ".TP\n.B h\na hwlat sample: \\fBcpu seq sec nsec inner outer count nmi_total nmi_count\\fR.\n"
	       ".TP\n.B lost\nevents the kernel dropped on \\fBcpu\\fR: \\fB\"n\"\\fR, null when it did not say how many.\n"
	       ".TP\n.B read\nother events read meanwhile (the missed-events ratio's denominator).\n"
	       ".TP\n.B smi\nSMIs counted on \\fBcpu\\fR since the last read.\n"
	       ".TP\n.B mark\na marker: \\fBnum t_ms run_ns cpus osnoise hwlat origin text\\fR.\n"
	       ".TP\n.B reset\nthe view's statistics were reset.\n"
	       ".TP\n.B set\nthe settings in force (\\fBtracer\\fR, \\fBstate\\fR, the CPUs, period, runtime,\n"
	       "threshold, \\fBirq_disable\\fR, the hwlat settings), as soon as any of them changes (a key or\n"
	       "prompt of the dashboard, a pause): after the summaries read before the change, before\n"
	       "its marker and everything that came under the new settings (the other tracer's first\n"
	       "line after \\fBw\\fR, the first summary of the new mode after \\fBi\\fR).  A replay's\n"
	       "dashboard shows the view of the \\fBtracer\\fR and the mode named there.\n"
	       ".TP\n.B tick\nonce a second: \\fBelapsed_s hwlat_elapsed_s run_ns\\fR (each view's measured\n"
	       "seconds, the markers' clock).\n"
	       ".TP\n.B footer\nthe last line: what the end-of-run report needs (the final CPUs and mode,\n"
	       "the SMI column, the stop, the notes), \\fB\"exit\"\\fR (the exit status), in\n"
	       "\\fBhwnoisetop hwlat\\fR's recordings \\fB\"report_saved\"\\fR (the \\fB\\-\\-report\\fR file was\n"
	       "written), and \\fB\"lines\"\\fR.\n");
	replay_paragraphs();
}

/* How compare tells a real change from chance (src/core/verdict.h): tools/mkstats.c. */
static void statistics_section(void)
{
	fflush(stdout);
	mkstats_print_man(stdout);
	printf(".PP\n"
	       "Percentiles (p50, p90, p99, p99.9, max of the per-period noise per second of runtime\n"
	       "and of the per-period max single: \\fB\\-\\-percentiles\\fR, \\fB\\-\\-json\\fR, the\n"
	       "per-segment tables, the dashboard's \\fBD\\fR) come from a histogram of %d buckets a\n"
	       "CPU: exact to 15 us, then 8 an octave, so the rank is exact and a percentile, its\n"
	       "bucket's low end, is exact under 16 us and at most 12.5%% under the true value above\n"
	       "(above 2 s, the last bucket); max is exact.  They are kept in full for the whole run,\n"
	       "the open segment and the newest closed one; older segments keep their percentiles\n"
	       "with their rows (at most 1 MiB of rows, the oldest let go first).\n"
	       ".PP\n"
	       "The causes (WHY) are judged by the same engine, periods with a cause against\n"
	       "periods without it, each run's credits held to a false discovery rate over all its\n"
	       "CPUs; WHY gives their method and their measured rates, and those of a cause that\n"
	       "\\fBcompare\\fR or the experiment says moved.\n",
	       VERDICT_HIST);
}

/* "hwnoisetop hwlat": the hardware latency detector, from its own table. */
static void hwlat_section(void)
{
	section("HWLAT MODE");
	printf("%s",
	       ".B hwnoisetop hwlat\n[\\fIOPTIONS\\fR]\n"
	       ".PP\n"
	       "runs the kernel's \\fBhwlat\\fR tracer, the hardware latency detector, with the command\n"
	       "line and output of \\fBhwlatdetect\\fR(8).  In each window the detector spins on one CPU\n"
	       "with interrupts off for the width, reading the clock; a gap between two reads (inner) or\n"
	       "between two loop iterations (outer) can only be taken by the firmware (SMIs), the hardware\n"
	       "or a hypervisor, or by an NMI, which it counts.  A window whose largest gap exceeds the\n"
	       "threshold is one sample.\n"
	       ".PP\n"
	       "Unlike \\fBhwlatdetect\\fR, it puts \\fBtracing_thresh\\fR and the \\fBhwlat_detector\\fR\n"
	       "width, window and mode back on every way out, and it leaves the top level's\n"
	       "\\fBcurrent_tracer\\fR and \\fBtracing_cpumask\\fR alone: it traces in a private instance\n"
	       "(\\fBhwnoisetop\\-\\fIPID\\fB\\-hwlat\\fR) with its own CPU mask.  The kernel runs one hwlat\n"
	       "tracer at a time; while another runs (hwlatdetect, rtla, a second hwnoisetop) it refuses.\n"
	       "It holds \\fB/dev/cpu_dma_latency\\fR at 0 while measuring, as hwlatdetect does.\n"
	       ".SS Options\n");
	opt_print_man(stdout, cli_options_of(OPT_HWLAT));
	printf("%s",
	       ".SS Output\n"
	       "The parameters, then, when the test ends:\n"
	       ".TP\n.B Max Latency\nthe largest inner or outer gap of all samples in microseconds, or\n"
	       "\\fBBelow threshold\\fR when there was no sample.\n"
	       ".TP\n.B Samples recorded\nthe number of samples (windows over the threshold).\n"
	       ".TP\n.B Samples exceeding threshold\nthe sum of their counts: loop iterations with a gap\n"
	       "over the threshold.\n"
	       ".TP\n.B Average interval between spikes\nwith two samples or more: the time from the\n"
	       "earliest sample to the latest over the samples less one, in microseconds (the old hwlat\n"
	       "detector's \\fBavg_smi_interval_us\\fR).\n"
	       ".PP\n"
	       "Then one line per sample (printed as it arrives with \\fB\\-\\-watch\\fR), the same lines\n"
	       "the \\fB\\-\\-report\\fR file holds:\n"
	       ".PP\n.nf\n.RS\n"
	       "ts: 1796034206.214375561, inner:9340, outer:5358, cpu:0, count:52, nmi\\-total:0, nmi\\-count:0\n"
	       ".RE\n.fi\n"
	       ".PP\n"
	       "\\fBts\\fR is the wall-clock time of the window, \\fBinner\\fR and \\fBouter\\fR the largest gaps\n"
	       "in microseconds, \\fBcpu\\fR where it ran, \\fBcount\\fR the iterations over the\n"
	       "threshold, \\fBnmi\\-total\\fR the time spent in NMIs in microseconds and\n"
	       "\\fBnmi\\-count\\fR their number.\n"
	       ".SS Exit status\n"
	       "0 when the max latency is at most the hard limit; 1 when it exceeds it (as\n"
	       "\\fBhwlatdetect\\fR); 3 when the test did not run or failed: a usage error, not root, no\n"
	       "hwlat tracer, another hwlat tracer running, a report that could not be written.\n"
	       "(\\fBhwlatdetect\\fR says 1 then too; here 1 means only the hardware.)\n"
	       ".SS Example\n"
	       "Test CPUs 2\\-3 for ten minutes, failing above 50 us, saving the samples:\n"
	       ".PP\n.nf\n.RS\n"
	       "# hwnoisetop hwlat \\-c 2\\-3 \\-\\-duration 10m \\-\\-threshold 10 \\-\\-hardlimit 50 \\-\\-report smi.txt\n"
	       ".RE\n.fi\n");
}

/* ".B hwnoisetop compare" and its words: [\\fIOPTIONS\\fR], \\fIA.jsonl\\fR, \\fB\\-\\-live\\fR. */
static void synopsis_line(const char *name, const char *args)
{
	const char *w = args;

	printf(".br\n.B hwnoisetop %s\n", name);
	while (*w) {
		size_t n = strcspn(w, " ");
		bool opt = w[0] == '[' && w[n - 1] == ']';

		if (w[0] == '-')
			printf("\\fB\\-\\-%.*s\\fR", (int)n - 2, w + 2);
		else if (opt && w[1] == '-')
			printf("[\\fB\\-\\-%.*s\\fR]", (int)n - 4, w + 3);
		else
			printf("%s\\fI%.*s\\fR%s", opt ? "[" : "", (int)(opt ? n - 2 : n), w + opt,
			       opt ? "]" : "");
		w += n;
		w += *w == ' ';
		putchar(*w ? ' ' : '\n');
	}
}

/* hwnoisetop.service (contrib/systemd/): what it runs, and what it costs. */
static void service_section(void)
{
	section("SERVICE");
	printf("%s",
	       "\\fBhwnoisetop.service\\fR runs \\fBhwnoisetop \\-q \\-\\-prometheus\\fR \\fIFILE\\fR until it is\n"
	       "stopped, for node_exporter's textfile collector, and \\fBhwnoisetop \\-\\-cleanup\\fR after it\n"
	       "ends, however it ended; it restarts on failure. Its settings (the CPUs, period,\n"
	       "runtime, threshold, the \\fB.prom\\fR file, further options) are in\n"
	       "\\fI/etc/default/hwnoisetop\\fR (Debian) or \\fI/etc/sysconfig/hwnoisetop\\fR (Fedora, RHEL).\n"
	       "The packages install it disabled: \\fBsystemctl enable \\-\\-now hwnoisetop\\fR starts it.\n"
	       ".PP\nWhat it costs: for \\fIruntime\\fR of every \\fIperiod\\fR each measured CPU spins in the\n"
	       "osnoise thread with interrupts disabled, for as long as the service runs. That time is\n"
	       "taken from the CPU's work, and its interrupts wait up to \\fIruntime\\fR. The shipped\n"
	       "settings (100 ms of every second, every online CPU) take 10% of each CPU; measure the\n"
	       "CPUs the work can spare, or shorten the runtime.\n");
}

/* What it does, and what it promises about the kernel's settings. */
static void description_section(void)
{
	section("DESCRIPTION");
	printf("%s",
	       "\\fBhwnoisetop\\fR runs the kernel's osnoise tracer with interrupts disabled\n"
	       "(the \\fBOSNOISE_IRQ_DISABLE\\fR option) on the measured CPUs, as \\fBrtla hwnoise\\fR does.\n"
	       "With interrupts and hence scheduling off, the only things that can still take time\n"
	       "from the measuring thread are non-maskable interrupts and the hardware itself:\n"
	       "SMIs, SMT siblings competing for the core, and, in a virtual machine, the hypervisor.\n"
	       "The tracer sums that noise once a period per CPU; hwnoisetop reads those summaries\n"
	       "from the per-CPU ring buffers as they arrive and accumulates them.\n"
	       ".PP\n"
	       "Every tracer setting hwnoisetop writes is read and saved first and restored on every\n"
	       "way out: the end of the duration, \\fBq\\fR, Ctrl-C, SIGTERM, SIGHUP, an error or a crash.\n"
	       "It measures in a private tracefs instance named \\fBhwnoisetop-\\fIPID\\fR, which it removes.\n"
	       "When tracefs is not mounted it mounts it on \\fB/sys/kernel/tracing\\fR, as libtracefs\n"
	       "and rtla do, and unmounts it again at the end (the unmount is recorded first, so that\n"
	       "\\fB\\-\\-cleanup\\fR does it after a SIGKILL).  A kernel without the osnoise tracer is\n"
	       "refused in one line saying what to install where \\fB/etc/os-release\\fR names a known\n"
	       "distribution, and naming the example recording installed with hwnoisetop (made in an\n"
	       "emulator) to replay meanwhile.\n"
	       "It runs on the CPUs it does not measure and sleeps in \\fBpoll\\fR(2) between summaries;\n"
	       "without \\fB\\-c\\fR every CPU is measured, as with rtla, and it runs on measured CPUs\n"
	       "(see \\fB\\-c\\fR for what that costs).\n");
}

/* The dashboard, then the key table (keys.c). */
static void keys_section(void)
{
	section("KEYS");
	printf("%s",
	       "Without \\fB\\-q\\fR, when standard output is a terminal, hwnoisetop shows a live\n"
	       "dashboard: a header with the settings in force and the state of the run, one row per\n"
	       "CPU with the summary's columns, the latest period's noise (\\fBLast\\fR) and a\n"
	       "sparkline of the recent periods (\\fBHistory\\fR: every CPU on one scale, the\n"
	       "largest period in sight over all CPUs, its microseconds in the title, steady while\n"
	       "paused or scrolling), and a status line. A terminal that cannot move its cursor\n"
	       "(\\fBTERM=dumb\\fR) gets the table only. The rows are sorted by the column whose\n"
	       "title is marked \\fBv\\fR or \\fB^\\fR (triangles in UTF-8). Rows are\n"
	       "redrawn as each period arrives, at most twice a second (a faster period is shown\n"
	       "with every summary that came in the half second). Colours carry meaning (green\n"
	       "good, yellow a warning, red bad) with a mark beside the value (\\fB~\\fR a warning,\n"
	       "\\fB!\\fR bad) for monochrome terminals; \\fBNO_COLOR\\fR turns the colours off, the\n"
	       "marks stay. \\fB% CPU Aval\\fR and \\fBNoise\\fR are judged by the CPU available: a\n"
	       "warning under 99.9 %, bad under 99 %. \\fBMax Single\\fR and \\fBLast Single\\fR (the\n"
	       "latest period's longest single noise) are judged against a single noise's budget,\n"
	       "\\fBMax Noise\\fR and \\fBLast\\fR (sums of one period's noise) against one period's:\n"
	       "bad over the budget, a warning over half of it. The budgets are\n"
	       "\\fB\\-\\-single\\-budget\\fR and \\fB\\-\\-period\\-budget\\fR; without them \\fB\\-s\\fR and\n"
	       "\\fB\\-S\\fR, else " FORMAT_TEXT(FORMAT_SINGLE_BUDGET_US) " us and " FORMAT_TEXT(FORMAT_PERIOD_BUDGET_US)
	       " us. The help screen (F1) says the budgets in force.\n"
	       "A CPU that is not\n"
	       "measured is dimmed and marked \\fB\\-\\fR, an offline one \\fBx\\fR. Every change\n"
	       "made with a key is a live change of the kernel's settings, restored at exit. When a\n"
	       "stop condition fires, the dashboard stays, marked \\fBSTOPPED\\fR with the reason, so\n"
	       "that \\fBt\\fR can still save the trace. On quit the summary table is printed as with\n"
	       "\\fB\\-q\\fR.\n"
	       ".PP\n"
	       "\\fBw\\fR switches to the hwlat view: the osnoise tracer and its instances stop and\n"
	       "go, then the hwlat tracer starts (the kernel can not run both at once, and the screen\n"
	       "says so); \\fBw\\fR again switches back, with the recording for \\fBt\\fR restarted\n"
	       "empty. Its rows give, per CPU, the hwlat samples (windows with a gap above the\n"
	       "threshold), the largest inner and outer gaps, the iterations over the threshold\n"
	       "(\\fBOver\\fR), the NMIs of those windows and their time, and the time of the last\n"
	       "sample. It starts as \\fBhwnoisetop hwlat\\fR does (threshold 10 us, window 1 s,\n"
	       "width 500 ms, round-robin) on the measured CPUs; its settings are restored at exit too,\n"
	       "and its summary (as \\fBhwnoisetop hwlat\\fR prints it) follows the table.\n"
	       ".PP\n"
	       "Where the SMI counter (MSR 0x34) can be read, with or without \\fB\\-\\-smi\\fR, the rows\n"
	       "also show \\fBSMI\\fR, the SMIs each CPU took during the run, and \\fBLastSMI\\fR, the\n"
	       "count of its latest period read (the hwlat view: \\fBSMI\\fR over the run, read between\n"
	       "the detector's sampling widths); otherwise the status line says why at the start. In\n"
	       "osnoise mode \\fBTSCwd\\fR counts the clocksource (TSC) watchdog's visits to each CPU\n"
	       "during the run: the expiries of its \\fBclocksource_watchdog\\fR timer, recorded by\n"
	       "\\fBtimer:timer_expire_entry\\fR filtered in the kernel in an instance of its own\n"
	       "(\\fBhwnoisetop\\-\\fIPID\\fB\\-tscwd\\fR). 0 means the watchdog did not run there\n"
	       "(\\fBtsc=reliable\\fR, or no watchdog); the column is absent when the kernel's filter\n"
	       "takes no function name and \\fB/proc/kallsyms\\fR hides the address (\\fBkptr_restrict\\fR).\n"
	       ".PP\n"
	       "The keys that ask for a value (\\fBc\\fR, \\fBT\\fR, \\fBp\\fR, \\fBr\\fR, \\fBN\\fR, \\fBW\\fR) and\n"
	       "\\fBb\\fR's note take it on the status line: Enter applies, Esc cancels, Backspace\n"
	       "takes back one character, Ctrl\\-U clears. A note takes any printable character of\n"
	       "the locale (in a UTF\\-8 locale accents and CJK characters, which take two columns),\n"
	       "up to 111 bytes, and is recorded and exported as UTF\\-8; a value takes ASCII.\n");
	printf(".PP\nA terminal too narrow for every column keeps them in this order, each that still\n"
	       "fits, decided by what they tell: ");
	grid_print_order(stdout);
	printf(" (those the run has: \\fBSMI\\fR and \\fBLastSMI\\fR where SMIs are counted, \\fBTSCwd\\fR,\n"
	       "\\fBIRQ\\fR, \\fBSoftirq\\fR and \\fBThread\\fR in osnoise mode); \\fBHistory\\fR takes the\n"
	       "width left over. At 80 columns that is CPU to SMI (and \\fBWhy\\fR with \\fB\\-\\-why\\fR)\n"
	       "and History, with Last when there is neither an SMI nor a Why column. \\fB<\\fR, \\fB>\\fR and F6 sort only by the columns on screen. The\n"
	       "compare view (\\fBd\\fR) gives up HW first, then the noise's change, so that 80\n"
	       "columns keep NMI and SMI.\n");
	keys_print_man(stdout);
}

/* rtla's table, column by column, and the tables between markers. */
static void output_section(void)
{
	section("OUTPUT");
	printf("%s",
	       "At the end of the session hwnoisetop prints the summary table of \\fBrtla hwnoise\\fR:\n"
	       ".TP\n.B Period\nthe number of period summaries received from the CPU.\n"
	       ".TP\n.B Runtime\nthe sum of the time the tracer ran on the CPU, in microseconds.\n"
	       ".TP\n.B Noise\nthe sum of the noise: every gap at or above the threshold, in microseconds.\n"
	       ".TP\n.B % CPU Aval\n(Runtime \\- Noise) / Runtime, truncated to five decimals.\n"
	       ".TP\n.B Max Noise\nthe largest noise of a single period.\n"
	       ".TP\n.B Max Single\nthe largest single gap.\n"
	       ".TP\n.B HW\nthe number of gaps with no interrupt to explain them: hardware noise.\n"
	       ".TP\n.B NMI\nthe number of non-maskable interrupts.\n"
	       ".TP\n.B SMI\nwith \\fB\\-\\-smi\\fR only: the system management interrupts the CPU took\n"
	       "during the run, from its SMI counter (MSR 0x34); see \\fB\\-\\-smi\\fR for what reading it\n"
	       "costs and where it is unavailable.\n"
	       ".PP\nCPUs with no runtime are not listed; a CPU taken out of the list during the run keeps\n"
	       "its row. Events the ring buffer dropped are counted on a\n"
	       "last line. Escape codes are written only when standard output is a terminal and \\fB\\-q\\fR\n"
	       "is not given.\n"
	       ".PP\nAfter the dashboard, on a terminal narrower than the table (99 columns, 112 with\n"
	       "SMI, 138 and 151 in osnoise mode), the same figures come in a compact form that fits:\n"
	       "each column as wide as its widest figure, without the \\fB#\\fR before Period, and\n"
	       "where even that is too wide the columns kept in the order CPU, % CPU Aval, Max\n"
	       "Single, Noise, HW, NMI, SMI, Max Noise, IRQ, Softirq, Thread, Period, Runtime.  A line\n"
	       "above it says so (\\fBhwnoisetop: the table fitted to 80 columns\\fR, and which columns\n"
	       "it left out).  \\fB\\-q\\fR, \\fB\\-\\-json\\fR and output that is not a terminal get\n"
	       "rtla's table exactly, whatever the width.\n");
	printf(".PP\nWhen markers divided the run (\\fBb\\fR, a change of setting, a CPU going off or\n"
	       "online), a table per segment follows, headed by the marker that opened it.  A closed\n"
	       "segment keeps only the figures of its table and its percentiles (128 bytes a CPU), and\n"
	       "the closed segments keep at most %u MiB of them: 8 segments of 1024 CPUs, all 999 of\n"
	       "up to 8 CPUs (the newest closed osnoise segment and the open one also keep their\n"
	       "distributions for the verdicts: see STATISTICS).  Past\n"
	       "that the oldest segments' rows are let go first, so that memory stays flat however many\n"
	       "markers come: their tables say \\fBrows not kept\\fR (in JSON \\fBcpus\\fR is null), their\n"
	       "markers stay in the list, the whole run's table still counts them, and the sparklines\n"
	       "show no marker older than them.  The newest closed segment always keeps its rows, so\n"
	       "\\fBd\\fR always compares.\n", SEGMENTS_ROWS_MAX >> 20);
}

/* EXIT STATUS, ENVIRONMENT, EXAMPLES, FILES, SEE ALSO. */
static void closing_sections(void)
{
	section("EXIT STATUS");
	printf("%s",
	       "Every command's statuses, for scripts:\n"
	       ".TP\n.B hwnoisetop\n"
	       "as \\fBrtla hwnoise\\fR 6.18: 0 done; 1 failed to run or a usage error (not root,\n"
	       "tracefs that could not be mounted, no osnoise tracer, no OSNOISE_IRQ_DISABLE, the\n"
	       "tracer busy, a bad option);\n"
	       "2 stopped by \\fB\\-s\\fR or \\fB\\-S\\fR (the stop condition fired; with\n"
	       "\\fB\\-\\-on\\-threshold continue\\fR the run goes on and ends as if it had not fired).\n"
	       ".TP\n.B hwnoisetop experiment\n"
	       "0 every experiment ran all its blocks; 1 a usage error; 2 stopped by \\fB\\-s\\fR or\n"
	       "\\fB\\-S\\fR (as \\fBhwnoisetop\\fR); 3 did not run (not root, no tracer, a knob this\n"
	       "machine lacks or cannot change: nothing changed), as \\fBhwnoisetop hwlat\\fR's 3;\n"
	       "4 cut short (q, Ctrl-C, a signal, the knob changed from outside): the report covers\n"
	       "the completed blocks.\n"
	       ".TP\n.B hwnoisetop \\-\\-replay\\fR, \\fB\\-\\-cleanup\n"
	       "0 done (a replay: the recorded run's status, as the table of its command says it);\n"
	       "1 failed or a usage error.\n"
	       ".TP\n.B hwnoisetop compare\n"
	       "0 done; 1 failed or a usage error (a bad file, two recordings that do not compare);\n"
	       "with \\fB\\-\\-live\\fR as \\fBhwnoisetop\\fR.\n"
	       ".TP\n.B hwnoisetop hist\n"
	       "0 done; 1 failed to run or a usage error (as \\fBhwnoisetop\\fR, and a kernel without\n"
	       "hist triggers); it takes no stop condition.\n"
	       ".TP\n.B hwnoisetop hwlat\n"
	       "as \\fBhwlatdetect\\fR: 0 every sample at most the hard limit; 1 above it; 3 failed to\n"
	       "run or a usage error (1 is taken by the result), also from \\fBhwnoisetop \\-\\-replay\\fR of\n"
	       "its recording when a line of it cannot be read.\n"
	       ".PP\n"
	       "Recordings made before this table (their footer has no \\fB\"exit_table\"\\fR) replay\n"
	       "with their status read into it: a 2 in a recording was a stop (a usage error makes no\n"
	       "recording), and a \\fBhwnoisetop hwlat\\fR run's 1 is 1 above the hard limit, 3 otherwise.\n");
	mkuse_print_environment();
	mkuse_print_examples();
	section("FILES");
	printf("%s",
	       ".TP\n.I /run/hwnoisetop/hwnoisetop\\-PID.state\n"
	       "the saved settings of a running session, removed when it ends; after a SIGKILL,\n"
	       "\\fBhwnoisetop \\-\\-cleanup\\fR writes them back and removes the file.\n"
	       ".TP\n.I osnoise_trace.txt\n"
	       "the trace saved by \\fB\\-t\\fR (or \\fB\\-a\\fR) when a stop condition fires, and by a\n"
	       "\\fBtrace\\fR action of \\fB\\-\\-on\\-threshold\\fR or \\fB\\-\\-on\\-end\\fR without \\fBfile=\\fR.\n"
	       ".TP\n.I hwnoisetop\\-actions.log\n"
	       "in the dashboard, the output of the shell actions, appended, each headed by its command\n"
	       "and followed by how it ended.\n"
	       ".TP\n.I SYSTEM_EVENT_hist.txt\n"
	       "the output of a \\fBhist:\\fR trigger given with \\fB\\-\\-trigger\\fR, saved at the end.\n");
	section("SEE ALSO");
	printf(".BR rtla-hwnoise (1),\n.BR rtla-osnoise-top (1),\n.BR rtla-osnoise-hist (1),\n"
	       ".BR hwlatdetect (8)\n");
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--bash-completion") == 0) {
		mkcomp_print(stdout);
		return 0;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: mkman [--bash-completion]\n");
		return 2;
	}
	printf(".\\\" Generated by tools/mkman from the option tables: edit those, then run 'make man'.\n");
	printf(".TH HWNOISETOP 1 \"\" \"hwnoisetop %s\" \"User Commands\"\n", PACKAGE_VERSION);
	section("NAME");
	printf("hwnoisetop \\- live per-CPU hardware noise (SMIs, NMIs, SMT, hypervisor) with the osnoise tracer\n");
	section("SYNOPSIS");
	printf(".B hwnoisetop\n[\\fIOPTIONS\\fR]\n");
	for (const struct cmd_entry *c = commands_table + 1; c->exec; c++)
		for (int i = 0; i < CMD_USAGE_MAX && c->usage[i].args; i++)
			synopsis_line(c->name, c->usage[i].args);
	description_section();
	section("OPTIONS");
	opt_print_man(stdout, cli_options_of(OPT_MAIN));
	keys_section();
	output_section();
	mkexport_print_man(stdout);
	mkexport_print_prom_man(stdout);
	hwlat_section();
	mkhist_print_man();
	recordings_section();
	compare_section();
	mkreport_print_man();
	statistics_section();
	mkwhy_print_man();
	mkexp_print_man(stdout);
	mkaudit_print_man(stdout);
	service_section();
	mkrtla_print_man(stdout);
	closing_sections();
	return 0;
}
