/*
 * actions: the parser of --on-threshold and --on-end.  See actions.h.
 *
 * An action is a name and then "key=value" parts after commas.  shell's
 * command takes the rest of the text whole (a command may hold commas);
 * the other actions' parts are split at every comma.
 */
#include "actions.h"

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

static const char *const names[] = {
	[ACTION_TRACE] = "trace", [ACTION_SIGNAL] = "signal",
	[ACTION_SHELL] = "shell", [ACTION_CONTINUE] = "continue",
};

const char *actions_name(enum action_kind kind)
{
	return names[kind];
}

static struct action *add(struct actions *a, enum action_kind kind, const char *text, size_t len)
{
	struct action *v = realloc(a->v, sizeof(*v) * (a->n + 1));
	char *copy = NULL;

	if (!v)
		return NULL;
	a->v = v;
	if (text && !(copy = strndup(text, len)))
		return NULL;
	v[a->n] = (struct action){ .kind = kind, .text = copy };
	return &v[a->n++];
}

int actions_add_trace(struct actions *a, const char *file)
{
	return add(a, ACTION_TRACE, file, strlen(file)) ? 0 : -1;
}

/* Does the part [p, end) start with key (e.g. "num=")?  Then *value follows it. */
static bool part_is(const char *p, const char *end, const char *key, const char **value)
{
	size_t k = strlen(key);

	if ((size_t)(end - p) < k || strncmp(p, key, k) != 0)
		return false;
	*value = p + k;
	return true;
}

static int parse_trace(struct actions *a, const char *rest, const char *default_trace,
		       const char **why)
{
	const char *file;

	if (!*rest)
		file = default_trace;
	else if (!part_is(rest, rest + strlen(rest), ",file=", &file))
		return *why = "has a part trace does not take (trace takes only file=FILE)", -1;
	else if (!*file)
		return *why = "has an empty file=", -1;
	else if (strchr(file, ','))
		return *why = "has a part after file= (trace takes only file=FILE)", -1;
	if (!add(a, ACTION_TRACE, file, strlen(file)))
		return *why = "needs memory there is not", -1;
	return 0;
}

/* A number from min to max in [p, end). */
static int number(const char *p, const char *end, int64_t min, int64_t max, int *out)
{
	char buf[24];
	struct why why;
	int64_t v;

	if (end - p <= 0 || (size_t)(end - p) >= sizeof(buf))
		return -1;
	memcpy(buf, p, end - p);
	buf[end - p] = '\0';
	if (parse_s64(buf, min, max, &v, &why))
		return -1;
	*out = (int)v;
	return 0;
}

static int signal_part(const char *p, const char *end, int *signo, int *pid, const char **why)
{
	const char *v;

	if (part_is(p, end, "num=", &v)) {
		if (*signo)
			return *why = "names num= twice", -1;
		if (number(v, end, 1, SIGRTMAX, signo))
			return *why = "has a num= that is no signal number (1 to the last real-time signal)", -1;
	} else if (part_is(p, end, "pid=", &v)) {
		if (*pid)
			return *why = "names pid= twice", -1;
		if ((size_t)(end - v) == 6 && strncmp(v, "parent", 6) == 0)
			*pid = ACTION_PID_PARENT;
		else if (number(v, end, 1, INT32_MAX, pid))
			return *why = "has a pid= that is neither a process number nor parent", -1;
	} else {
		return *why = "has a part signal does not take (signal takes num=N and pid=PID|parent)", -1;
	}
	return 0;
}

static int parse_signal(struct actions *a, const char *rest, const char **why)
{
	int signo = 0, pid = 0;
	struct action *act;

	while (*rest == ',') {
		const char *p = rest + 1, *end = strchr(p, ',');

		if (!end)
			end = p + strlen(p);
		if (signal_part(p, end, &signo, &pid, why))
			return -1;
		rest = end;
	}
	if (*rest || !signo || !pid)
		return *why = "lacks num=N or pid=PID|parent", -1;
	if (!(act = add(a, ACTION_SIGNAL, NULL, 0)))
		return *why = "needs memory there is not", -1;
	act->signo = signo;
	act->pid = pid;
	return 0;
}

int actions_parse(struct actions *a, const char *text, bool allow_continue,
		  const char *default_trace, const char **why)
{
	size_t len = strcspn(text, ",");
	const char *rest = text + len, *cmd;

	if (len == 5 && strncmp(text, "trace", 5) == 0)
		return parse_trace(a, rest, default_trace, why);
	if (len == 6 && strncmp(text, "signal", 6) == 0)
		return parse_signal(a, rest, why);
	if (len == 5 && strncmp(text, "shell", 5) == 0) {
		if (!part_is(rest, rest + strlen(rest), ",command=", &cmd) || !*cmd)
			return *why = "lacks command=CMD", -1;
		if (!add(a, ACTION_SHELL, cmd, strlen(cmd)))
			return *why = "needs memory there is not", -1;
		return 0;
	}
	if (len == 8 && strncmp(text, "continue", 8) == 0) {
		if (!allow_continue)
			return *why = "is an action of --on-threshold only", -1;
		if (*rest)
			return *why = "has a part continue does not take", -1;
		if (!add(a, ACTION_CONTINUE, NULL, 0))
			return *why = "needs memory there is not", -1;
		return 0;
	}
	*why = "is no action";
	return -1;
}

bool actions_have(const struct actions *a, enum action_kind kind)
{
	for (int i = 0; a && i < a->n; i++)
		if (a->v[i].kind == kind)
			return true;
	return false;
}

void actions_free(struct actions *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i].text);
	free(a->v);
	a->v = NULL;
	a->n = 0;
}
