/*
 * mkuse: the man page's ENVIRONMENT and EXAMPLES sections, for tools/mkman.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "mkuse.h"
#include "settings.h"

/* What the environment changes. */
void mkuse_print_environment(void)
{
	printf(".SH ENVIRONMENT\n");
	printf(".TP\n.B NO_COLOR\n"
	       "set to anything: the dashboard draws without colours (the marks \\fB~\\fR and \\fB!\\fR,\n"
	       "the bold and reverse titles stay) and the table at the end has no escape codes.\n"
	       ".TP\n.BR LANG \", \" LC_ALL \", \" LC_CTYPE\n"
	       "the character set: in UTF\\-8 the dashboard draws the sparkline with block characters\n"
	       "and marks the sorting column with a triangle, otherwise with ASCII (\\fB._\\-=+*#%%@\\fR,\n"
	       "\\fBv\\fR and \\fB^\\fR); a marker's note takes the locale's characters.  Numbers are\n"
	       "the same in every locale.\n"
	       ".TP\n.B TERM\n"
	       "the terminal's type for ncurses.  A terminal that cannot move its cursor\n"
	       "(\\fBdumb\\fR) or one the terminfo database does not know gets the table at the end\n"
	       "only, and one line on stderr saying why.  The table fits the terminal's width\n"
	       "(OUTPUT: a compact form after the dashboard on a terminal narrower than rtla's table).\n"
	       ".TP\n.B PATH\n"
	       "where \\fBtrace\\-cmd\\fR is looked for (\\fB\\-t\\fR \\fIfile\\fB.dat\\fR,\n"
	       "\\fB\\-\\-capture\\-format dat\\fR).\n"
	       ".TP\n.B HWNOISETOP_NO_HIST_TRIGGER\n"
	       "set to \\fB1\\fR: a debugging aid.  \\fBhwnoisetop hist\\fR and the dashboard's\n"
	       "\\fBD\\fR view (once \\fBk\\fR asks) count the single noises as on a kernel without hist triggers: every\n"
	       "\\fBosnoise:sample_threshold\\fR event is recorded and counted as it is read, which\n"
	       "one line says (see HIST MODE).  It tests that path on a kernel that has them.\n"
	       ".PP\nThe state directory, \\fB%s\\fR (see FILES and \\fB\\-\\-cleanup\\fR), is fixed:\n"
	       "no variable moves it, so that \\fB\\-\\-cleanup\\fR finds what any run left.  No\n"
	       "other \\fBHWNOISETOP_\\fR variable changes what hwnoisetop does.\n", SETTINGS_STATE_DIR);
}

/* The option table's examples (cli_options.c): --help shows the first ones too. */
void mkuse_print_examples(void)
{
	printf(".SH EXAMPLES\n");
	for (const struct cli_example *e = cli_options_examples; e->cmd; e++) {
		printf("%s%s:\n.PP\n.nf\n.RS\n", e == cli_options_examples ? "" : ".PP\n", e->what);
		for (const char *c = e->cmd; *c; c++) {
			if (c == e->cmd || c[-1] == '\n')
				fputs(!strncmp(c, "    ", 4) ? "" : e->user ||
				      !strncmp(c, "hwnoisetop --replay", 19) ? "$ " : "# ", stdout);
			if (*c == '-')
				fputs("\\-", stdout);
			else if (*c == '\\')
				fputs("\\e", stdout);
			else
				putchar(*c);
		}
		printf("\n.RE\n.fi\n");
	}
}
