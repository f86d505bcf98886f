/*
 * mkexp: see mkexp.h.  The defaults come from experiment.h.
 */
#include "mkexp.h"

#include <string.h>

#include "experiment.h"
#include "sysknobs.h"

/* The source's lines: a word that would pass this column begins the next line. */
#define MAN_WIDTH 90

/* One word to out; *col: the columns of the line so far. */
static void word(FILE *out, int *col, const char *w)
{
	int n = (int)strlen(w);

	if (*col && *col + 1 + n > MAN_WIDTH) {
		fputc('\n', out);
		*col = 0;
	} else if (*col) {
		fputc(' ', out);
		(*col)++;
	}
	fputs(w, out);
	*col += n;
}

/* Item i of n of a list, "a, b or c", in bold; end after the last. */
static void item(FILE *out, int *col, const char *w, int i, int n, const char *end)
{
	char buf[96];

	if (i && i == n - 1)
		word(out, col, "or");
	snprintf(buf, sizeof(buf), "\\fB%s\\fR%s", w, i == n - 1 ? end : i < n - 2 ? "," : "");
	word(out, col, buf);
}

/* "NAME is smt, clocksource, ... or rt_throttling;": every knob's, from its descriptor. */
static void names(FILE *out)
{
	int col = 0;

	word(out, &col, "\\fINAME\\fR");
	word(out, &col, "is");
	for (int id = 0; id < KNOB_COUNT; id++)
		item(out, &col, sysknobs_cli_name((enum sysknob_id)id), id, KNOB_COUNT, ";");
	fputc('\n', out);
}

static void design(FILE *out)
{
	fprintf(out, ".SH EXPERIMENT\n"
		"\\fBhwnoisetop experiment \\-\\-knob\\fR \\fINAME\\fR [\\fB\\-\\-values\\fR \\fIA,B\\fR] "
		"[\\fB\\-\\-blocks\\fR \\fIN\\fR] [\\fB\\-\\-block\\fR \\fITIME\\fR] [\\fB\\-\\-settle\\fR "
		"\\fITIME\\fR] [\\fB\\-\\-seed\\fR \\fIS\\fR] [\\fIOPTIONS\\fR] switches a knob of the system\n"
		"panel back and forth while it measures, and says whether the knob changes the noise.\n"
		"Noise drifts over minutes (temperature, periodic timers, the TSC watchdog's rhythm):\n"
		"one measurement before and one after a change differ in time as well as in the knob.\n"
		"Interleaved blocks tell the two apart.\n"
		".PP\n");
	names(out);
	fprintf(out, "naming it is the consent that SMT off asks \\fBy\\fR for in the dashboard.  Several\n"
		"\\fB\\-\\-knob\\fR run one after another, each its own experiment (each in a session of its\n"
		"own), and the report ranks them by the all-CPUs noise change.  \\fB\\-\\-values\\fR\n"
		"\\fIA,B\\fR, after its \\fB\\-\\-knob\\fR, spells the two values as the panel shows them; A\n"
		"defaults to the value now, B to the panel's next value (what Enter would set).\n"
		".PP\n"
		"The run is \\fB\\-\\-blocks\\fR \\fIN\\fR blocks (even, %d to %d; default %d), each\n"
		"\\fB\\-\\-settle\\fR \\fITIME\\fR (default %d s) measured but not counted, for the first\n"
		"periods after a switch are not the steady state (CPUs coming back with SMT on, caches,\n"
		"frequency), then \\fB\\-\\-block\\fR \\fITIME\\fR (default %d s) counted: about 5 minutes at\n"
		"1 s periods.  The settle time should cover a period and the 1 s tick at which the knob\n"
		"is switched.  By default the order is \\fBABBA ABBA ...\\fR: any linear drift over the\n"
		"run then weighs the same on A as on B (the A and B blocks' mean positions are equal\n"
		"when \\fIN\\fR is a multiple of 4), so a trend can not pass for an effect, and the\n"
		"knob switches only every second block.  With \\fB\\-\\-seed\\fR \\fIS\\fR each pair of blocks\n"
		"is AB or BA at random (reproducible from \\fIS\\fR): a drift with the ABBA rhythm can\n"
		"not line up with the design, and linear drift cancels on average.  \\fB\\-\\-warm-up\\fR\n"
		"runs before the first block.\n"
		".PP\n"
		"\\fIOPTIONS\\fR are \\fBhwnoisetop\\fR's measuring and output options (\\fB\\-c\\fR, \\fB\\-p\\fR,\n"
		"\\fB\\-r\\fR, \\fB\\-T\\fR, \\fB\\-H\\fR, \\fB\\-\\-warm-up\\fR, \\fB\\-q\\fR, \\fB\\-\\-json\\fR);\n"
		"\\fB\\-s\\fR and \\fB\\-S\\fR are stop conditions that end the experiment; \\fB\\-d\\fR is\n"
		"refused (the blocks set the length).  Without \\fB\\-q\\fR a line on standard error tells\n"
		"each block as it begins (block, state, value, time left).\n"
		".PP\n"
		"\\fB\\-\\-record\\fR \\fIFILE\\fR keeps every period with the blocks, switches and settles\n"
		"as markers: \\fBhwnoisetop experiment \\-\\-replay\\fR \\fIFILE\\fR prints the same report.\n"
		"With several \\fB\\-\\-knob\\fR it writes one file a knob, the knob's name before the\n"
		"extension (\\fIx.jsonl\\fR: \\fIx.smt.jsonl\\fR), named in one line on standard error\n"
		"before the first block; each is checked before anything changes.\n",
		EXP_MIN_BLOCKS, EXP_MAX_BLOCKS, EXP_DEFAULT_BLOCKS, EXP_DEFAULT_SETTLE_S,
		EXP_DEFAULT_BLOCK_S);
}

static void verdicts(FILE *out)
{
	fprintf(out, ".PP\n"
		"Each block of each CPU is one observation: its sums of noise, runtime and events\n"
		"are one batch of the verdicts of STATISTICS, A's blocks on one side and B's on the\n"
		"other, so the drift between blocks, which the design cancels, enters the interval\n"
		"instead of passing for an effect.  Each figure (noise, %% CPU available, HW, NMI and\n"
		"SMI per second, the 99th percentile of max single) gets its change B against A with\n"
		"a 95%% interval and a verdict: better, worse, no change (the interval within\n"
		"\\(+-%.0f%%), undecided.  Fewer than %d blocks a side are never better or worse.  Only\n"
		"CPUs measured in both states are compared (SMT off takes the second threads\n"
		"offline); the report names the ones left out.  The row \\fBall\\fR pools the compared\n"
		"CPUs block by block.\n"
		".PP\n"
		"The knob goes back to its value at the start at the end and on every way out (q,\n"
		"Ctrl-C, SIGTERM, SIGHUP, a crash; after SIGKILL, \\fBhwnoisetop \\-\\-cleanup\\fR), through\n"
		"the same saved settings as the panel.  A cut experiment still prints the report of\n"
		"its completed blocks.  A change of the same knob from outside stops it with one line;\n"
		"the knob is then the user's and is left as it is.\n"
		".PP\n"
		"The blocks follow the loop's 1 s tick, and the design catches up rather than skip:\n"
		"a block's settle begins once its switch is done, however long the switch took (taking\n"
		"CPUs offline can take seconds), and a tick moves the design on by one phase at most.\n"
		"A tick late by more than a block therefore never drops one: the block it finds is\n"
		"counted longer, and the report says so (\\fBblock 2 (B): counted in full, 6.0 s for\n"
		"2.0 s\\fR) when it ran more than %.1f s over; every later block comes later by as much.\n"
		"A run cut in a block counts it, shortened (by how much is said), when half of it or\n"
		"more was counted, else the block is lost; a block in which no period came is lost\n"
		"too.  The verdicts count only the blocks counted, and an undecided verdict names its\n"
		"reason: the blocks lost, too few blocks a side (\\fBtoo few blocks: 4 of A, 5 of B\\fR),\n"
		"a condition that changed, or an interval wider than the margin.\n"
		".PP\n"
		"Every other condition the system panel knows is watched during the experiment: the\n"
		"other knobs (the clocksource among them: the kernel's TSC watchdog may switch\n"
		"\\fBtsc\\fR to \\fBhpet\\fR by itself), the CPUs online, and another user of the\n"
		"osnoise tracer.  A change the experiment did not make is a marker, and it stops the\n"
		"experiment with one line (\\fBconditions changed in block 6: clocksource tsc \\-> hpet\n"
		"(outside)\\fR); the report counts the blocks before it, says the change, and the\n"
		"block it came in is not counted.  A knob this machine lacks or\n"
		"cannot change (no cpufreq, no cpuidle driver, no NMI watchdog under emulation): one\n"
		"line, status 3, nothing changed.\n",
		EXP_MARGIN * 100, VERDICT_MIN_BATCHES, (double)EXP_LATE_NS / 1e9);
}

static void report(FILE *out)
{
	fprintf(out, ".PP\n"
		"The report: per knob a table (a row per compared CPU and \\fBall\\fR: noise in us per\n"
		"second of runtime for A and B, its change with the 95%% interval and the verdict, the\n"
		"same for HW events per second, the blocks of each side, the periods counted on each\n"
		"side and those of the settle times), the six figures of \\fBall\\fR, the CPUs left\n"
		"out; then one line per knob, the largest noise cut first, e.g.\n"
		".PP\n.nf\n.RS\nSMT off: noise \\-43%% [\\-51%%, \\-35%%] on all CPUs: better\n"
		"Timer migration 0: no change within +\\-10%%\n.RE\n.fi\n"
		".PP\n"
		"With \\fB\\-\\-why\\fR (WHY) the periods of A's counted blocks and those of B's are each\n"
		"put down to their causes, each arm apart (settle periods, CPUs a block does not take\n"
		"and a block not counted are in neither), each period with the evidence seen beside\n"
		"it; the recording\n"
		"keeps the evidence, and \\fB\\-\\-replay\\fR of it attributes again, the same.  After\n"
		"each knob's table the report then names, per CPU, each cause whose share of the noise,\n"
		"or of the largest single noises (\\fBlargest\\fR), moved from A to B: its 95%% intervals\n"
		"in the two arms do not meet and an arm credits it (as \\fBcompare\\fR says of two\n"
		"recordings, WHY), e.g.\n"
		".PP\n.nf\n.RS\nCauses, A (SMT on) \\-> B (SMT off) (each cause's share of the noise, ...):\n"
		"  CPU 0    SMT sibling  52.9%% [45.0%%, 58.8%%] credited \\-> 0 (none seen busy)\n"
		"  CPU 0    SMT sibling  largest 61.0%% [30.2%%, 80.1%%] credited \\-> 0 (none seen busy)\n"
		".RE\n.fi\n"
		".PP\n"
		"or \\fBno cause moved\\fR; without \\fB\\-\\-why\\fR the report is as above.\n"
		".PP\n"
		"\\fB\\-\\-json\\fR prints one object instead: \\fBexperiments\\fR, a list with one object a\n"
		"knob (\\fBknob\\fR, \\fBa\\fR, \\fBb\\fR, \\fBorder\\fR such as \\fB\"ABBAABBAABBA\"\\fR,\n"
		"\\fBrandomized\\fR, \\fBseed\\fR when randomized, \\fBblocks\\fR, \\fBblocks_done\\fR,\n"
		"\\fBblock_s\\fR, \\fBsettle_s\\fR, \\fBswitches\\fR, \\fBcut\\fR (why it ended early, or\n"
		"null), \\fBcpus\\fR (one object a compared CPU: \\fBcpu\\fR and the members below),\n"
		"\\fBleft_out\\fR (a CPU list, \\fB\"\"\\fR none), \\fBall\\fR, \\fBsummary\\fR (the line\n"
		"above, with the reason of a verdict undecided or not comparable), \\fBundecided_why\\fR\n"
		"(that reason, or null), \\fBblocks_not_as_designed\\fR (one object a block counted\n"
		"longer, shortened or lost: \\fBblock\\fR, \\fBside\\fR, \\fBfate\\fR \\fB\"longer\"\\fR,\n"
		"\\fB\"shortened\"\\fR or \\fB\"lost\"\\fR, \\fBcounted_s\\fR or null, \\fBtext\\fR, the report's line),\n"
		"\\fBconditions_changed\\fR (\\fBblock\\fR and \\fBwhat\\fR, or null), \\fBkeep\\fR (how to\n"
		"keep B, or null), with \\fB\\-\\-why\\fR \\fBcauses_moved\\fR (one object a cause that\n"
		"moved: \\fBcpu\\fR, \\fBcause\\fR, \\fBa\\fR and \\fBb\\fR its state in each arm,\n"
		"\\fBa_share\\fR and \\fBb_share\\fR; as \\fBcompare\\fR's)) and \\fBranking\\fR (the knobs by their\n"
		"noise change, largest cut first).  A CPU and \\fBall\\fR have \\fBblocks_a\\fR,\n"
		"\\fBblocks_b\\fR, \\fBperiods_a\\fR, \\fBperiods_b\\fR, \\fBsettle_periods\\fR and\n"
		"\\fBfigures\\fR: \\fBnoise_us_per_s\\fR, \\fBcpu_available_percent\\fR, \\fBhw_per_s\\fR,\n"
		"\\fBnmi_per_s\\fR, \\fBsmi_per_s\\fR, \\fBmax_single_p99_us\\fR, each with \\fBa\\fR, \\fBb\\fR,\n"
		"\\fBchange_percent\\fR, \\fBlow_percent\\fR, \\fBhigh_percent\\fR (null when open or\n"
		"not computed) and \\fBverdict\\fR.\n");
}

/* The knobs kept by a sysctl.d line: one entry for them all. */
static void keep_sysctls(FILE *out)
{
	static const char *const tail[] = { "=", "\\fIvalue\\fR", "in", EXP_KEEP_SYSCTL_FILE,
					    "(Documentation/admin-guide/sysctl/kernel.rst,", "each",
					    "under", "its", "name)." };
	int n = 0, i = 0, col = 0;

	fprintf(out, ".TP\n.B ");
	for (int id = 0; id < KNOB_COUNT; id++)
		if (sysknobs_keep((enum sysknob_id)id)->way == EXP_KEEP_SYSCTL)
			fprintf(out, "%s%s", n++ ? ", " : "", sysknobs_cli_name((enum sysknob_id)id));
	fputc('\n', out);
	word(out, &col, "a");
	word(out, &col, "sysctl.d");
	word(out, &col, "line,");
	for (int id = 0; id < KNOB_COUNT; id++)
		if (sysknobs_keep((enum sysknob_id)id)->way == EXP_KEEP_SYSCTL)
			item(out, &col, sysknobs_keep((enum sysknob_id)id)->sysctl, i++, n, "");
	for (size_t t = 0; t < sizeof(tail) / sizeof(tail[0]); t++)
		word(out, &col, tail[t]);
	fputc('\n', out);
}

/* Each knob's way to keep its winner, by the way (command line, sysctl, tuned, none). */
static void keep(FILE *out)
{
	fprintf(out, ".PP\n"
		"When B made the noise better on all CPUs, the report says how to make it last after\n"
		"a reboot, each from the parameter's own documentation; hwnoisetop never applies it:\n");
	for (int way = EXP_KEEP_CMDLINE; way <= EXP_KEEP_NONE; way++) {
		if (way == EXP_KEEP_SYSCTL) {
			keep_sysctls(out);
			continue;
		}
		for (int id = 0; id < KNOB_COUNT; id++) {
			const struct exp_keep *k = sysknobs_keep((enum sysknob_id)id);

			if ((int)k->way == way)
				fprintf(out, ".TP\n.B %s%s%s\n%s", sysknobs_cli_name((enum sysknob_id)id),
					k->man_value[0] ? " " : "", k->man_value, k->man);
		}
	}
	fprintf(out, ".PP\n"
		"A value that is the kernel's default (SMT on, timer migration 1, ...) needs nothing\n"
		"kept.\n");
}

void mkexp_print_man(FILE *out)
{
	design(out);
	verdicts(out);
	report(out);
	keep(out);
}
