/*
 * cli_options: the one option table of both command lines, hwnoisetop's in
 * rtla-hwnoise(1)'s order with hwnoisetop hwlat's (hwlatdetect's spellings
 * and ours) before the entries they share: each option's names, argument,
 * help, man-page example and what its argument may be.  --help, the man
 * page and the completion of each command come from it (cli_options_of()).
 */
#include "cli.h"

#include <stddef.h>

#include "actions.h"
#include "hwlat_cli.h"

#include "cli_int.h"
#include "format.h"
#include "outopts.h"
#include "rec_writer.h"
#include "tracedat.h"

const struct opt_def cli_options[] = {
	{ .id = O_AUTO, .short_name = 'a', .long_name = "auto", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "automatic trace mode: the same as -s us -T 1 -t",
	  .more = "Stops when a single noise exceeds us microseconds and saves the trace: "
		  "the usual first step to find what causes noise.",
	  .example = "hwnoisetop -a 20 -c 1-3",
	  .accepts = "microseconds from 1 to 10000000" },
	{ .id = O_PERIOD, .short_name = 'p', .long_name = "period", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "osnoise period in microseconds (100 to 10000000; default 1000000)",
	  .example = "hwnoisetop -p 500000 -q -d 1m",
	  .accepts = "microseconds from 100 to 10000000" },
	{ .id = O_RUNTIME, .short_name = 'r', .long_name = "runtime", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "osnoise runtime in microseconds, at least 100 and at most the period "
		  "(default 75% of the period: 750000)",
	  .more = "Interrupts stay disabled on each measured CPU for the whole runtime of every period.",
	  .example = "hwnoisetop -p 1000000 -r 900000",
	  .accepts = "microseconds from 100 to the period, at most 10000000" },
	{ .id = O_STOP, .short_name = 's', .long_name = "stop", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "stop when a single noise exceeds us microseconds (exit status 2; "
		  "the trace is saved with -t)",
	  .more = "The kernel stops tracing and records which CPU hit the limit; hwnoisetop "
		  "names that CPU. The condition is armed once tracing runs (after --warm-up).",
	  .example = "hwnoisetop -s 30 -t",
	  .accepts = "microseconds from 1 to 10000000" },
	{ .id = O_STOP_TOTAL, .short_name = 'S', .long_name = "stop-total", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "stop when the noise of one period exceeds us microseconds (exit status 2; "
		  "the trace is saved with -t)",
	  .example = "hwnoisetop -S 100 -t",
	  .accepts = "microseconds from 1 to 10000000" },
	{ .id = O_SINGLE_BUDGET, .long_name = "single-budget", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "the dashboard marks Max Single and Last Single against this budget of a single "
		  "noise, in microseconds (default: -s, else " FORMAT_TEXT(FORMAT_SINGLE_BUDGET_US) ")",
	  .more = "Over the budget a cell is red and marked !, over half of it yellow and marked ~ "
		  "(the marks also without colours, NO_COLOR). It changes nothing in the kernel: "
		  "-s stops the run, this only judges.",
	  .example = "hwnoisetop --single-budget 10",
	  .accepts = "microseconds from 1 to 10000000" },
	{ .id = O_PERIOD_BUDGET, .long_name = "period-budget", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "the dashboard marks Max Noise and Last, the noise of one period, against this "
		  "budget, in microseconds (default: -S, else " FORMAT_TEXT(FORMAT_PERIOD_BUDGET_US) ")",
	  .more = "Marked as with --single-budget: ! over the budget, ~ over half of it.",
	  .example = "hwnoisetop --period-budget 50",
	  .accepts = "microseconds from 1 to 10000000" },
	{ .id = O_THRESHOLD, .short_name = 'T', .long_name = "threshold", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "smallest gap between two time reads counted as noise, in microseconds "
		  "(1 to 10000000; default 1)",
	  .more = "Written to tracing_thresh; the previous value is restored at exit.",
	  .example = "hwnoisetop -T 5",
	  .accepts = "microseconds from 1 to 10000000" },
	{ .id = O_OSNOISE, .long_name = "osnoise", .arg = OPT_NONE,
	  .help = "start in osnoise mode: interrupts stay enabled while measuring, so IRQ, "
		  "softirq and thread noise count too (i in the dashboard switches back and forth)",
	  .more = "As rtla osnoise top: the table gets the IRQ, Softirq and Thread columns and "
		  "its title says Operating System Noise.  Without it hwnoisetop measures as rtla "
		  "hwnoise, with interrupts disabled.",
	  .example = "hwnoisetop --osnoise -c 1 -d 30s -q" },
	{ .id = O_TRACE, .short_name = 't', .long_name = "trace", .arg = OPT_OPTIONAL,
	  .arg_name = "file",
	  .help = "record the osnoise tracer and the osnoise:* events beside the measurement "
		  "and save the trace to file (default osnoise_trace.txt) when a stop condition fires",
	  .more = "The file is written in the current directory unless a path is given. A name "
		  "ending in .dat gets a trace.dat file (trace-cmd report and KernelShark open it), "
		  "written by trace-cmd extract, which must be installed: it holds the whole "
		  "recording in binary form.",
	  .example = "hwnoisetop -s 30 -t stop.txt",
	  .accepts = "a file name in an existing directory" },
	{ .id = O_TRACE_ALWAYS, .long_name = "trace-always", .arg = OPT_NONE,
	  .help = "save the -t trace at the end of every run, not only on a stop condition "
		  "(implies -t)",
	  .more = "The dashboard's hwlat view (w) stops the recording (the kernel runs osnoise or "
		  "hwlat, not both): the trace is saved when leaving for it, and again at the end "
		  "when hwnoise runs last.",
	  .example = "hwnoisetop -d 30s -q --trace-always -t run.txt" },
	{ .id = O_BUFSIZE, .long_name = "trace-buffer-size", .arg = OPT_REQUIRED,
	  .arg_name = "kB",
	  .help = "per-CPU buffer size of the -t trace in kB (1 to 1048576)",
	  .example = "hwnoisetop -a 20 --trace-buffer-size 8192",
	  .accepts = "kB from 1 to 1048576, with -t or -a" },
	{ .id = O_ON_THRESHOLD, .long_name = "on-threshold", .arg = OPT_REQUIRED,
	  .arg_name = "action",
	  .help = "when -s or -S stops the tracer, run action: trace[,file=FILE] (save the trace, "
		  "default osnoise_trace.txt), signal,num=N,pid=PID|parent, shell,command=CMD "
		  "(through /bin/sh -c) or continue (measure on; the stop condition is armed again); "
		  "repeatable, run in order, the first that fails stops the rest; as rtla 6.18",
	  .more = "-t and -a add a trace action after the ones given. Without -s or -S the actions "
		  "never run. They run with the tracer stopped and every setting of the run still in "
		  "force. A shell command runs on the CPUs hwnoisetop runs on, with none of its other "
		  "descriptors, an empty signal mask, and HWNOISETOP_CPU (the CPU that hit the "
		  "condition), HWNOISETOP_NOISE_US (its noise) and HWNOISETOP_TRACE (the trace a "
		  "trace action saved before it) in its environment. With -q its output is "
		  "hwnoisetop's; in the dashboard it is appended to " ACTIONS_LOG " in the current "
		  "directory, and the status line says which actions ran and how each ended. With "
		  "continue the run goes on, a marker is set, and it ends with status 0 unless "
		  "stopped again without one.",
	  .example = "hwnoisetop -q -s 20 --on-threshold trace --on-threshold "
		     "shell,command='grep -c irq_noise osnoise_trace.txt'",
	  .accepts = ACTIONS_FORMS_THRESHOLD },
	{ .id = O_ON_END, .long_name = "on-end", .arg = OPT_REQUIRED, .arg_name = "action",
	  .help = "at the end of the run (its duration, q, a signal or a stop), run action: "
		  "trace[,file=FILE], signal,num=N,pid=PID|parent or shell,command=CMD; repeatable, "
		  "in order, the first that fails stops the rest; as rtla 6.18",
	  .more = "They run once the tracer stopped and before the settings are put back, as "
		  "--on-threshold's do.",
	  .example = "hwnoisetop -q -d 1m --on-end trace,file=end.txt",
	  .accepts = ACTIONS_FORMS },
	{ .id = O_QUIET, .short_name = 'q', .long_name = "quiet", .arg = OPT_NONE,
	  .help = "print only the summary table at the end of the session (hwnoisetop hwlat -q "
		  "does the same; its --quiet, as hwlatdetect's, prints nothing)",
	  .more = "Without -q, and when standard output is a terminal, hwnoisetop shows the live "
		  "dashboard (see KEYS).",
	  .example = "hwnoisetop -q -d 10m" },
	{ .id = O_PERCENTILES, .long_name = "percentiles", .arg = OPT_NONE,
	  .help = "after the summary table, each CPU's percentiles of the periods",
	  .more = "p50, p90, p99, p99.9 and max of the per-period noise per second of runtime "
		  "and of the per-period max single, one row a CPU (-q prints rtla's table alone "
		  "without it). Exact under 64 us; above, at most 12.5% under (see STATISTICS). "
		  "--json has them always, in each CPU's \"percentiles\".",
	  .example = "hwnoisetop -q -d 10m --percentiles" },
	{ .id = O_WHY, .long_name = "why", .arg = OPT_NONE,
	  .help = "after the summary table, each CPU's noise put down to its causes (SMIs, NMIs, "
		  "a busy SMT sibling, steal, thermal throttling) with the evidence",
	  .more = "Each cause's share of the noise with its 95% interval, credited only where the "
		  "noise per second is higher in the periods with the cause than in those without "
		  "it, and what is left unexplained; the same of its largest single noises (the "
		  "periods whose max single reaches the CPU's level); a cause that cannot be "
		  "measured here says why "
		  "(see WHY). SMIs are counted where MSR 0x34 can be read (add --smi to load the msr "
		  "module). The evidence is read from the housekeeping CPU once a tick and kept in a "
		  "recording (its \"ev\" lines); --json has it as \"why\".",
	  .example = "hwnoisetop -q -d 5m --why -c 1-3" },
	{ .id = O_MARGIN, .long_name = "margin", .arg = OPT_REQUIRED,
	  .arg_name = "PCT",
	  .help = "the equivalence margin of the compare view's verdicts (d, also against a "
		  "recording: hwnoisetop compare A.jsonl, live): '=' no change when the change's 95% "
		  "interval lies within +-PCT% (default 10)",
	  .more = "The same as hwnoisetop compare A B --margin PCT (see STATISTICS); it changes "
		  "no measurement.",
	  .example = "hwnoisetop compare before.jsonl --live --margin 5",
	  .accepts = "a percentage, more than 0 and less than 100" },
	{ .id = OUT_JSON, .long_name = "json", .arg = OPT_NONE,
	  .help = "print the summary at the end as one JSON object instead of the table",
	  .more = "The table's figures per CPU and the configuration, for scripts (see JSON "
		  "OUTPUT); what else the run prints at its end goes to stderr, but for the "
		  "per-segment tables, which are in the object. With the "
		  "dashboard too: the object follows it.",
	  .example = "hwnoisetop -c 1-3 -d 1m -q --json | jq '.cpus[].noise_us'" },
	PROMETHEUS_OPTION("Rewritten atomically (a temporary file beside it, then a rename), mode 0644; "
		  "left with the last figures at the end. Its counters count from the start of "
		  "the run and never go down, whatever resets the view (see PROMETHEUS).",
			  "hwnoisetop -c 1-7 -q --prometheus /var/lib/prometheus/node-exporter/hwnoisetop.prom",
			  OPT_MAIN),
	{ .id = O_ITERATIONS, .short_name = 'n', .long_name = "iterations", .arg = OPT_REQUIRED,
	  .arg_name = "N",
	  .help = "end the session once every measured CPU has reported N periods",
	  .more = "Like htop's -n, for demonstrations and scripts; the summary table follows, "
		  "as after q.  Periods count since the statistics last restarted (R, i).  In the "
		  "dashboard's hwlat view (w) it counts hwlat windows instead: the view's measured "
		  "time divided by the window in force.",
	  .example = "hwnoisetop -n 10",
	  .accepts = "a number of periods from 1 to 4294967295" },
	{ .id = O_CAPTURE_LAST, .long_name = "capture-last", .arg = OPT_REQUIRED,
	  .arg_name = "time[s|m|h|d]",
	  .help = "t in the dashboard saves only the last stretch of this length of the recorded "
		  "trace (default: all the recording holds)",
	  .example = "hwnoisetop --capture-last 10s",
	  .accepts = "a time from 1s with unit s, m, h or d" },
	{ .id = O_CAPTURE_FORMAT, .long_name = "capture-format", .arg = OPT_REQUIRED,
	  .arg_name = "text|dat",
	  .help = "the format of the dashboard's t captures: text (default, hwnoisetop-DATE-TIME.txt) "
		  "or dat (hwnoisetop-DATE-TIME.dat, a trace.dat file for trace-cmd report and "
		  "KernelShark)",
	  .more = "dat needs trace-cmd installed (it writes the file: trace-cmd extract) and saves "
		  "the whole recording, whatever --capture-last says. trace-cmd extract "
		  "removes the recording instance it reads: a new one, with the same events, "
		  "records on from empty, so the next capture starts from there.",
	  .example = "hwnoisetop --capture-format dat",
	  .accepts = "text or dat" },
	{ .id = O_SMI, .long_name = "smi", .arg = OPT_NONE,
	  .help = "count each measured CPU's SMIs (MSR 0x34, through /dev/cpu/N/msr) and add an "
		  "SMI column after NMI to the summary table; loads the msr module when needed",
	  .more = "The SMI column is what the CPU's SMI counter moved during the run (the dashboard "
		  "shows it whenever the counter is readable, and the latest period's count beside "
		  "Last). A module loaded by hwnoisetop is unloaded at the end, and by --cleanup "
		  "after a SIGKILL. Reading another CPU's MSR sends it an interrupt (an IPI): "
		  "hwnoisetop reads a CPU from a thread of its own, right after the CPU's period "
		  "summary, inside its sleep gap (the first half of period - runtime), so the "
		  "read adds no noise to the measurement; a summary that arrives too late for that "
		  "gap is skipped and the next read counts its SMIs. With runtime equal to the "
		  "period there is no gap: the interrupt waits for the period's boundary, where "
		  "interrupts are on for a moment, and is then taken there once a period, a few "
		  "microseconds on real hardware that fall between two periods (in osnoise mode "
		  "they may show in the next period's IRQ count). The counter is 32 bits wide; its "
		  "wrap is taken into account. Where it can not be read the column is absent and one "
		  "line on stderr says why: AMD CPUs have no MSR 0x34 (the read fails with EIO), "
		  "/dev/cpu/N/msr is missing (no msr module), the read is not permitted (not root, "
		  "no CAP_SYS_RAWIO, kernel lockdown); hypervisors may emulate it. The exit status "
		  "does not change. Without --smi the module is never loaded and the table keeps "
		  "rtla's layout.",
	  .example = "hwnoisetop --smi -c 1-3 -d 1m -q" },
	{ .id = O_CPUS, .short_name = 'c', .long_name = "cpus", .arg = OPT_REQUIRED,
	  .arg_name = "cpu-list",
	  .help = "measure these CPUs, e.g. 1-3,5 (default: every online CPU)",
	  .more = "Without -c every online CPU is measured, as with rtla, and hwnoisetop has no "
		  "CPU of its own: it runs on measured CPUs.  In hwnoise mode that costs the figures "
		  "nothing (nothing runs where the tracer measures with interrupts off), but each "
		  "screen update waits for a measuring window to end; in osnoise mode (the "
		  "dashboard's i) its wake-ups count as IRQ and thread noise there.  Leave a CPU "
		  "out (-c 1-7) or name one with -H to keep it apart.",
	  .example = "hwnoisetop -c 1-7",
	  .accepts = "a list of online CPUs such as 1-3,5" },
	{ .id = O_HOUSEKEEPING, .short_name = 'H', .long_name = "house-keeping",
	  .arg = OPT_REQUIRED, .arg_name = "cpu-list",
	  .help = "run hwnoisetop itself only on these CPUs (default: the online CPUs not measured)",
	  .example = "hwnoisetop -c 1-7 -H 0",
	  .accepts = "a list of online CPUs such as 0" },
	{ .id = O_DURATION, .short_name = 'd', .long_name = "duration", .arg = OPT_REQUIRED,
	  .arg_name = "time[s|m|h|d]",
	  .help = "stop after this long (default: until q, Ctrl-C or a signal)",
	  .more = "With --warm-up the duration counts from the end of the warm-up.",
	  .example = "hwnoisetop -d 10m -q",
	  .accepts = "a time from 1s to 10 years with unit s, m, h or d" },
	{ .id = O_DEBUG, .short_name = 'D', .long_name = "debug", .arg = OPT_NONE,
	  .help = "print debug information on stderr",
	  .example = "hwnoisetop -D -d 5s" },
	{ .id = O_EVENT, .short_name = 'e', .long_name = "event", .arg = OPT_REQUIRED,
	  .arg_name = "sys[:event]",
	  .help = "also record this event, or every event of this system, in the -t trace "
		  "(repeatable; only with -t or -a)",
	  .example = "hwnoisetop -t -e sched:sched_switch -e irq",
	  .accepts = "system or system:event of this kernel, with -t or -a" },
	{ .id = O_FILTER, .long_name = "filter", .arg = OPT_REQUIRED, .arg_name = "filter",
	  .help = "filter the events of the preceding -e with this expression",
	  .more = "The kernel checks the expression before anything changes. The syntax is in "
		  "\"Event filtering\" of the kernel's Documentation/trace/events.rst.",
	  .example = "hwnoisetop -t -e osnoise:sample_threshold --filter 'duration > 5000'",
	  .accepts = "an event filter over the event's fields, after -e" },
	{ .id = O_TRIGGER, .long_name = "trigger", .arg = OPT_REQUIRED, .arg_name = "trigger",
	  .help = "attach this trigger to the event of the preceding -e; the output of a hist: "
		  "trigger is saved at the end to <system>_<event>_hist.txt",
	  .more = "The kernel checks the trigger before anything changes. The syntax is in "
		  "\"Event triggers\" of the kernel's Documentation/trace/events.rst. "
		  "The example saves its histogram in osnoise_irq_noise_hist.txt.",
	  .example = "hwnoisetop -t -e osnoise:irq_noise "
		     "--trigger='hist:key=desc,duration/1000:sort=desc,duration/1000:vals=hitcount'",
	  .accepts = "an event trigger such as hist:keys=duration, after -e sys:event" },
	{ .id = O_PRIORITY, .short_name = 'P', .long_name = "priority", .arg = OPT_REQUIRED,
	  .arg_name = "o:prio|r:prio|f:prio|d:runtime:period",
	  .help = "scheduling of the osnoise/N threads: o:nice (SCHED_OTHER), r:prio (SCHED_RR), "
		  "f:prio (SCHED_FIFO), d:runtime:period (SCHED_DEADLINE, times in ns or with "
		  "us, ms or s)",
	  .more = "Applied to every osnoise/N kernel thread once tracing starts, and again to the "
		  "new threads whenever the kernel restarts them. The kernel accepts SCHED_DEADLINE "
		  "for a per-CPU thread only when its CPU is alone in its root domain "
		  "(e.g. an isolated cpuset partition).",
	  .example = "hwnoisetop -P f:95\nhwnoisetop -P d:500us:1ms",
	  .accepts = "o:-20..19, r:1..99, f:1..99 or d:runtime:period with runtime <= period" },
	{ .id = O_CGROUP, .short_name = 'C', .long_name = "cgroup", .arg = OPT_OPTIONAL,
	  .arg_name = "cgroup",
	  .help = "move the osnoise/N threads into this cgroup v2 (a path under the cgroup2 "
		  "mount; without a name: hwnoisetop's own cgroup)",
	  .example = "hwnoisetop -C rt/osnoise",
	  .accepts = "an existing cgroup v2 under the cgroup2 mount" },
	{ .id = O_WARMUP, .long_name = "warm-up", .arg = OPT_REQUIRED, .arg_name = "s",
	  .help = "measure for s seconds first, then discard those statistics and the trace "
		  "buffers and arm the stop conditions",
	  .example = "hwnoisetop --warm-up 5 -d 1m -q",
	  .accepts = "seconds from 1 to 86400, or a time with unit s, m, h or d" },
	{ .id = O_KEEP_TUNING, .long_name = "keep-tuning", .arg = OPT_NONE,
	  .help = "at the end, leave the knobs changed in the system panel (s) as they are "
		  "instead of putting them back",
	  .more = "The choice is kept in the run's state file, so that --cleanup after a crash "
		  "keeps them too. K in the panel makes the same choice during the run. The tracer "
		  "settings are always put back.",
	  .example = "hwnoisetop --keep-tuning" },
	/* hwnoisetop hwlat: hwlatdetect's options, and the main command's spellings. */
	{ .id = O_DURATION, .cmds = OPT_HWLAT, .short_name = 'd', .long_name = "duration",
	  .arg = OPT_REQUIRED, .arg_name = "time[s|m|h|d|w]",
	  .help = "total time to test for hardware latency (default 120 s)",
	  .example = "hwnoisetop hwlat --duration 1h",
	  .accepts = "a time from 1 s, in s (the default unit), m, h, d or w" },
	{ .id = O_THRESHOLD, .cmds = OPT_HWLAT, .short_name = 'T', .long_name = "threshold",
	  .arg = OPT_REQUIRED, .arg_name = "us",
	  .help = "a gap above this is a hardware latency (default 10 us)",
	  .more = "Written to tracing_thresh; the previous value is restored at exit.",
	  .example = "hwnoisetop hwlat --threshold 5",
	  .accepts = "microseconds from 1 to 10000000, or a time in us, ms or s" },
	{ .id = O_HARDLIMIT, .cmds = OPT_HWLAT, .long_name = "hardlimit", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "exit status 1 when the max latency exceeds this (default: the threshold)",
	  .example = "hwnoisetop hwlat --threshold 10 --hardlimit 50",
	  .accepts = "microseconds from 0 to 3600000000, or a time in us, ms or s" },
	{ .id = O_WINDOW, .cmds = OPT_HWLAT, .long_name = "window", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "length of each sampling window (default 1000000 us)",
	  .more = "With --window alone below the default width, the width becomes half the "
		  "window, as with hwlatdetect.",
	  .example = "hwnoisetop hwlat --window 100ms --width 80ms",
	  .accepts = "microseconds from 1 to 3600000000, or a time in us, ms or s" },
	{ .id = O_WIDTH, .cmds = OPT_HWLAT, .long_name = "width", .arg = OPT_REQUIRED,
	  .arg_name = "us",
	  .help = "time measured, interrupts off, in each window (default 500000 us)",
	  .more = "At most the window: a larger width is refused.  With --width alone above the "
		  "default window, the window becomes twice the width, as with hwlatdetect.  The "
		  "CPU measured runs nothing else for that time.",
	  .example = "hwnoisetop hwlat --window 1s --width 950ms",
	  .accepts = "microseconds from 1 to the window, or a time in us, ms or s" },
	{ .id = O_INTERVAL, .cmds = OPT_HWLAT, .long_name = "interval", .arg = OPT_REQUIRED,
	  .arg_name = "ms",
	  .help = "the older hwlatdetect's gap between two samples, in milliseconds: the "
		  "window becomes the width plus this",
	  .more = "hwlatdetect printed it as its Non-sampling gap.  --interval 5 --sample_width 20 "
		  "is --window 25ms --width 20ms; without --sample_width the width keeps its "
		  "default.  Not with --window.",
	  .example = "hwnoisetop hwlat --interval 5 --sample_width 20",
	  .accepts = "milliseconds from 1 to 1800000" },
	{ .id = O_SAMPLE_WIDTH, .cmds = OPT_HWLAT, .long_name = "sample_width",
	  .arg = OPT_REQUIRED, .arg_name = "ms",
	  .help = "the older hwlatdetect's spelling of the width, in milliseconds: the time "
		  "measured in each sample",
	  .more = "--sample_width 20 is --width 20ms, and the window keeps its gap between two "
		  "samples (default 500 ms; --interval sets it).  With --window it must leave a gap "
		  "in the window.  Not with --width.",
	  .example = "hwnoisetop hwlat --interval 5 --sample_width 20",
	  .accepts = "milliseconds from 1 to 1800000" },
	{ .id = O_MODE, .cmds = OPT_HWLAT, .long_name = "mode", .arg = OPT_REQUIRED,
	  .arg_name = "none|round-robin|per-cpu",
	  .help = "where the detector runs (default round-robin)",
	  .more = "round-robin: one CPU at a time, moving to the next listed CPU after each "
		  "window; none: one CPU, without moving; per-cpu: every listed CPU at once.",
	  .example = "hwnoisetop hwlat --mode per-cpu -c 2-3",
	  .accepts = "none, round-robin or per-cpu" },
	{ .id = O_CPUS, .cmds = OPT_HWLAT, .short_name = 'c', .long_name = "cpus",
	  .alias = "cpu-list", .arg = OPT_REQUIRED, .arg_name = "cpu-list",
	  .help = "test these CPUs, e.g. 1-3,5 (default: every online CPU)",
	  .example = "hwnoisetop hwlat -c 1-3,5",
	  .accepts = "a list of online CPUs such as 0-3,5" },
	{ .id = O_REPORT, .cmds = OPT_HWLAT, .long_name = "report", .arg = OPT_REQUIRED,
	  .arg_name = "file",
	  .help = "write the samples to file, one line each, as printed",
	  .example = "hwnoisetop hwlat --duration 10m --report smi.txt",
	  .accepts = "a file name" },
	{ .id = O_SMI, .cmds = OPT_HWLAT, .long_name = "smi", .arg = OPT_NONE,
	  .help = "also count each tested CPU's SMIs during the test (MSR 0x34, through "
		  "/dev/cpu/N/msr; loads the msr module when needed)",
	  .more = "Printed after the summary, one line per CPU: \"SMIs on CPU N: count\". The "
		  "counter is read before the test, every second from a thread of hwnoisetop's "
		  "(the read's interrupt waits for the end of the width, so it never falls inside "
		  "a sample) and after the test. A module loaded by hwnoisetop is unloaded at the "
		  "end. Where the counter can not be read (no MSR 0x34 on AMD, no msr module, not "
		  "permitted) one line on stderr says why and the exit status does not change.",
	  .example = "hwnoisetop hwlat --smi -c 0 --duration 30" },
	{ .id = O_WATCH, .cmds = OPT_HWLAT, .long_name = "watch", .arg = OPT_NONE,
	  .help = "print each sample as it arrives",
	  .example = "hwnoisetop hwlat --watch --threshold 5" },
	RECORDING_OPTIONS(OUT_RECORD, OUT_FORCE, "hwnoisetop hwlat --quiet", OPT_HWLAT),
	{ .id = O_QUIET, .cmds = OPT_HWLAT, .short_name = 'q', .arg = OPT_NONE,
	  .help = "print only the summary at the end, as hwnoisetop -q (--quiet prints nothing)",
	  .example = "hwnoisetop hwlat -q -d 10m" },
	{ .id = O_NOTHING, .cmds = OPT_HWLAT, .long_name = "quiet", .arg = OPT_NONE,
	  .help = "print nothing, as hwlatdetect's --quiet: the exit status tells the result "
		  "(-q prints the summary, as hwnoisetop -q)",
	  .example = "hwnoisetop hwlat --quiet --hardlimit 50 || echo too slow" },
	{ .id = OUT_JSON, .cmds = OPT_HWLAT, .long_name = "json", .arg = OPT_NONE,
	  .help = "print only the result, at the end, as one JSON object",
	  .more = "The parameters, the summary, the per-CPU figures and every sample (see JSON "
		  "OUTPUT); the exit status is the same. Not with --watch or --quiet.",
	  .example = "hwnoisetop hwlat --duration 1m --json | jq .max_latency_us" },
	PROMETHEUS_OPTION("As hwnoisetop --prometheus: the hwlat counters and gauges (see PROMETHEUS).",
			  "hwnoisetop hwlat --duration 1h --prometheus "
			  "/var/lib/prometheus/node-exporter/hwlat.prom", OPT_HWLAT),
	{ .id = O_DEBUG, .cmds = OPT_HWLAT, .short_name = 'D', .long_name = "debug",
	  .arg = OPT_NONE,
	  .help = "print each setting written, on stderr",
	  .example = "hwnoisetop hwlat --debug --duration 10" },
	RECORDING_OPTIONS(OUT_RECORD, OUT_FORCE, "hwnoisetop -q", OPT_MAIN),
	{ .id = O_HTML_REPORT, .long_name = "report", .arg = OPT_REQUIRED, .arg_name = "file",
	  .help = "at the end, write the whole run's HTML page to file, as hwnoisetop report "
		  "writes it of the run's recording",
	  .more = "The run records: to --record's file, else to a hidden file next to this one "
		  "(.hwnoisetop-XXXXXX.jsonl), removed once the page is written. An existing file is "
		  "replaced. With --replay: the page of the recording played. The dashboard's P "
		  "writes the page of the run so far.",
	  .example = "hwnoisetop -q -d 1h --report night.html",
	  .accepts = "a file in an existing, writable directory" },
	{ .id = O_REPLAY, .long_name = "replay", .arg = OPT_REQUIRED, .arg_name = "file",
	  .help = "play a --record file back on the dashboard, or with -q (or --json) print the "
		  "report its run printed at its end; needs neither root nor a tracer",
	  .more = "On a terminal and without -q the dashboard shows the recording at the pace of "
		  "its timestamps (z pauses, . steps, 1 2 3 4 set the speed x1, x10, x100 or as fast "
		  "as it can; keys that would change the kernel are refused); q prints the report "
		  "-q prints, the rest of the file read first. "
		  "The recorded summaries go through the same statistics as a live run. A file "
		  "that is not a recording, has a bad line or another format version is refused "
		  "with its line number (exit status 1). One that a crash, a kill or a full disk "
		  "cut short (no footer, or a last line without its end of line) is replayed up to "
		  "its last whole line, which one line on stderr says.",
	  .example = "hwnoisetop --replay night.jsonl -q",
	  .accepts = "a file written by --record" },
	{ .id = O_CLEANUP, .cmds = OPT_BOTH, .long_name = "cleanup", .arg = OPT_NONE,
	  .help = "restore the tracer settings left changed by a hwnoisetop killed with SIGKILL, "
		  "remove its instances and unmount the tracefs it mounted, say what was done, "
		  "then exit (hwnoisetop hwlat --cleanup is the same, as hwlatdetect's)",
	  .more = "A run that finds such leftovers refuses to start and points here. A run "
		  "is dead when nobody holds its lock, /run/hwnoisetop/NAME.lock, whatever "
		  "process has its PID now. Only a root-owned, mode 0700 /run/hwnoisetop "
		  "(not a symlink) and root-owned state files are trusted, and only files "
		  "inside tracefs and the tuning knobs are written: a state file naming "
		  "anything else is refused in one line, nothing of it written.",
	  .example = "hwnoisetop --cleanup" },
	{ .id = O_ORPHANS, .long_name = "orphans", .arg = OPT_NONE,
	  .help = "with --cleanup: also remove the osnoise and timerlat instances other tools "
		  "left running with nobody using them, then put the osnoise settings back to "
		  "the kernel's defaults, saying each value written",
	  .more = "rtla restores only on SIGINT: a closed terminal leaves its instance (e.g. "
		  "osnoise_top) measuring, its CPUs spinning, with interrupts off for hwnoise. "
		  "An instance is an orphan when no process has any of its files open and none "
		  "of its buffers is read for 2.5 s; instances in use are left alone.  An osnoise, "
		  "timerlat or hwlat tracer at the top level (current_tracer; hwnoisetop never "
		  "sets it) is said in one line with the command that stops it, and left alone.",
	  .example = "hwnoisetop --cleanup --orphans" },
	{ .id = O_HELP, .cmds = OPT_BOTH, .short_name = 'h', .long_name = "help", .arg = OPT_NONE,
	  .help = "print this help and exit",
	  .example = "hwnoisetop -h" },
	{ .id = O_VERSION, .long_name = "version", .arg = OPT_NONE,
	  .help = "print the version and exit",
	  .example = "hwnoisetop --version" },
	{ 0 }
};

const struct cli_example cli_options_examples[] = {
	{ .what = "Watch every CPU on the live dashboard; q puts every setting back and prints "
		  "the table",
	  .cmd = "hwnoisetop", .brief = "the live dashboard, every CPU" },
	{ .what = "Record an hour with the table at the end, then play it back anywhere, without "
		  "root or tracer (the second line)",
	  .cmd = "hwnoisetop -q -d 1h --record a.jsonl\nhwnoisetop --replay a.jsonl",
	  .brief = "recorded; --replay a.jsonl plays it" },
	{ .what = "Put two recordings side by side (before and after a change), each figure with "
		  "its verdict",
	  .cmd = "hwnoisetop compare a.jsonl b.jsonl", .brief = "two recordings side by side",
	  .user = true },
	{ .what = "Measure the new boot live against the recording of the old one, in the "
		  "dashboard's compare view",
	  .cmd = "hwnoisetop compare a.jsonl --live" },
	{ .what = "Stop as soon as a single noise exceeds 20 us and keep the trace that explains "
		  "it, with the interrupt noise histogram",
	  .cmd = "hwnoisetop -a 20 -e osnoise:irq_noise \\\n"
		 "    --trigger='hist:key=desc,duration/1000:sort=desc,duration/1000:vals=hitcount'" },
	{ .what = "Run the measuring threads as SCHED_FIFO 95 in cgroup rt, after a 5 s warm-up",
	  .cmd = "hwnoisetop -P f:95 -C rt --warm-up 5 -d 10m -q" },
	{ .cmd = NULL }
};

const struct opt_def *cli_options_of(enum opt_cmd cmd)
{
	static struct opt_def views[2][sizeof(cli_options) / sizeof(cli_options[0])];
	struct opt_def *v = views[cmd == OPT_HWLAT];

	if (!v[0].id)
		opt_select(cli_options, cmd, v, sizeof(views[0]) / sizeof(views[0][0]));
	return v;
}
