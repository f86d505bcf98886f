/*
 * actions: what --on-threshold and --on-end ask for, as rtla 6.18 spells
 * it: "trace[,file=FILE]", "signal,num=N,pid=PID|parent",
 * "shell,command=CMD" and, on a threshold only, "continue".  A list keeps
 * them in the order given; the session runs them (session_actions.c).
 * Parsing only here: no process, file or kernel is touched.
 */
#ifndef HWN_ACTIONS_H
#define HWN_ACTIONS_H

#include <stdbool.h>

enum action_kind { ACTION_TRACE, ACTION_SIGNAL, ACTION_SHELL, ACTION_CONTINUE };

/* signal's pid=parent */
#define ACTION_PID_PARENT (-1)

struct action {
	enum action_kind kind;
	int signo;	/* ACTION_SIGNAL */
	int pid;	/* ACTION_SIGNAL: a process, or ACTION_PID_PARENT */
	char *text;	/* ACTION_TRACE: the file; ACTION_SHELL: the command */
};

struct actions {
	struct action *v;
	int n;
};

/* The accepted forms, for --help and the one-line refusals. */
#define ACTIONS_FORMS \
	"trace[,file=FILE], signal,num=N,pid=PID|parent, shell,command=CMD"
#define ACTIONS_FORMS_THRESHOLD ACTIONS_FORMS " or continue"

/*
 * Add the action text describes to a.  continue only when allow_continue;
 * a trace without file= saves to default_trace.  0, or -1 with why (what
 * is wrong, for "--on-end 'x' WHY").  shell's command is the rest of the
 * text after "command=", commas included.
 */
int actions_parse(struct actions *a, const char *text, bool allow_continue,
		  const char *default_trace, const char **why);
/* Append a trace action saving to file (-t and -a add theirs last).  -1: no memory. */
int actions_add_trace(struct actions *a, const char *file);
/* Does a hold an action of this kind? */
bool actions_have(const struct actions *a, enum action_kind kind);
/* "trace", "signal", "shell", "continue" */
const char *actions_name(enum action_kind kind);
void actions_free(struct actions *a);

#endif
