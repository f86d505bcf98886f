/*
 * mkrtla: the man page's section on where hwnoisetop differs from rtla
 * hwnoise (6.18) on purpose, and why: one entry a difference, printed by
 * mkman.  A difference found later goes into the table, nowhere else.
 */
#include "mkrtla.h"

struct rtla_difference {
	const char *what;	/* the behaviour, troff */
	const char *why;	/* the reason, troff */
};

static const struct rtla_difference differences[] = {
	{ "Without \\fB\\-q\\fR, on a terminal, a live dashboard instead of rtla's screen "
	  "cleared and redrawn every second; on a stop condition it stays, marked STOPPED, until "
	  "\\fBq\\fR.",
	  "Rows are redrawn as the summaries arrive, and keys change the run; with \\fB\\-q\\fR, "
	  "or when standard output is not a terminal, the table is rtla's." },
	{ "Every setting written is saved first, in memory and in a state file under "
	  "\\fI/run/hwnoisetop\\fR; after a SIGKILL \\fB\\-\\-cleanup\\fR puts them back and "
	  "removes the instance. A killed rtla leaves its settings and its instance.",
	  "A measurement should leave no trace, however it ended." },
	{ "A \\fBshell,command=\\fR action takes the rest of its argument whole, commas "
	  "included; rtla cuts the command at the first comma.",
	  "A command may hold commas (\\fBawk \\-F,\\fR); nothing may follow the command in "
	  "rtla's syntax, so nothing is lost." },
	{ "A malformed action is refused with one line before anything changes, also where "
	  "rtla takes it and fails only when it runs: a signal number out of range, a part "
	  "named twice, a trace file that cannot be written.",
	  "A spike may come after hours: a mistake in what it should do must show at once." },
	{ "A shell action runs without hwnoisetop's other descriptors, with an empty signal "
	  "mask, and with \\fBHWNOISETOP_CPU\\fR, \\fBHWNOISETOP_NOISE_US\\fR and "
	  "\\fBHWNOISETOP_TRACE\\fR in its environment; in the dashboard its output goes to "
	  "\\fBhwnoisetop\\-actions.log\\fR.",
	  "The command should see what fired it and nothing of ours it could break (the trace "
	  "buffers, the state file's lock); a terminal in curses mode is no place for its output." },
	{ "Each of rtla's lines (\\fBosnoise hit stop tracing\\fR, \\fB  Saving trace to\\fR "
	  "\\fIFILE\\fR, \\fB  Saving event\\fR \\fISYSTEM:EVENT\\fR \\fBhist to\\fR \\fIFILE\\fR) "
	  "is followed by one of hwnoisetop's: the CPU and the noise that hit the condition, the "
	  "number of events saved, where the histogram went.",
	  "rtla's lines stay word for word for the scripts that grep them; the next line says "
	  "what rtla leaves to the trace." },
	{ "\\fB\\-\\-on\\-end\\fR's actions run before the summary table is printed; rtla "
	  "runs them after it.",
	  "They run while the run's settings are still in force, as promised; the table is "
	  "printed once every setting is back." },
	{ "Options rtla has not: \\fB\\-\\-warm-up\\fR, \\fB\\-\\-trace-always\\fR, "
	  "\\fB\\-\\-smi\\fR, \\fB\\-\\-record\\fR, \\fB\\-\\-replay\\fR, \\fB\\-\\-json\\fR, "
	  "\\fB\\-\\-prometheus\\fR, \\fB\\-\\-cleanup\\fR, \\fBhwlat\\fR and \\fBcompare\\fR.",
	  "What rtla's users do around it by hand; none changes what an rtla option does." },
	{ "Usage errors exit 1 with one line naming the option and what it takes; rtla prints "
	  "its whole usage.",
	  "The line says what was wrong; \\fB\\-\\-help\\fR says the rest." },
	{ NULL, NULL },
};

void mkrtla_print_man(FILE *out)
{
	fprintf(out, ".SH DIFFERENCES FROM RTLA\n"
		"hwnoisetop takes \\fBrtla hwnoise\\fR 6.18's options with their meanings, prints its\n"
		"lines and exits with its statuses, so that a script written for rtla runs it in rtla's\n"
		"place (rtla's own hwnoise checks pass with it). Where it differs, it does on purpose:\n");
	for (const struct rtla_difference *d = differences; d->what; d++)
		fprintf(out, ".TP\n.B \\(bu\n%s\n.br\nWhy: %s\n", d->what, d->why);
}
