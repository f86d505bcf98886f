/*
 * session_actions: running the actions of --on-threshold and --on-end
 * (actions.h) in the order given; the first that fails stops the rest, and
 * the kernel's stop condition that triggers --on-threshold.
 *
 * They run with the tracer stopped and every setting of the run still in
 * force.  A shell command is a child of its own: /bin/sh -c CMD with no
 * descriptor of ours but 0, 1 and 2, an empty signal mask, the default
 * dispositions, our CPU affinity (the housekeeping CPUs), and
 * HWNOISETOP_CPU, HWNOISETOP_NOISE_US and HWNOISETOP_TRACE in its
 * environment.  Its output is ours, or appended to conf.actions_log (the
 * dashboard's screen is no place for it).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "actions.h"
#include "env.h"
#include "session_int.h"
#include "textbuf.h"
#include "trace_capture.h"
#include "tracedat.h"

extern char **environ;

/* What the run knows when the actions run, for the shell's environment. */
struct action_env {
	char cpu[32], noise[48], trace[1100];
};

static void env_fill(const struct session *s, struct action_env *e)
{
	e->cpu[0] = e->noise[0] = '\0';
	if (s->stop_cpu >= 0) {
		snprintf(e->cpu, sizeof(e->cpu), "HWNOISETOP_CPU=%d", s->stop_cpu);
		snprintf(e->noise, sizeof(e->noise), "HWNOISETOP_NOISE_US=%llu",
			 (unsigned long long)s->stop_noise_us);
	}
	e->trace[0] = '\0';
}

/* Our environment without HWNOISETOP_*, then the action's; NULL: no memory. */
static char **child_env(const struct action_env *e)
{
	size_t n = 0, k = 0;
	char **v;

	while (environ && environ[n])
		n++;
	v = calloc(n + 4, sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "HWNOISETOP_", 11) != 0)
			v[k++] = environ[i];
	if (e->cpu[0])
		v[k++] = (char *)e->cpu;
	if (e->noise[0])
		v[k++] = (char *)e->noise;
	if (e->trace[0])
		v[k++] = (char *)e->trace;
	return v;
}

/* In the child, before exec: only async-signal-safe calls. */
static void child(const char *cmd, char **envp, int log_fd, int null_fd)
{
	static const int reset[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD,
				     SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU };
	sigset_t none;

	for (size_t i = 0; i < sizeof(reset) / sizeof(reset[0]); i++)
		signal(reset[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (log_fd >= 0 && (dup2(null_fd, 0) < 0 || dup2(log_fd, 1) < 0 || dup2(log_fd, 2) < 0))
		_exit(126);
	session_close_fds(-1, 65536);
	execve("/bin/sh", (char *[]){ "sh", "-c", (char *)cmd, NULL }, envp);
	_exit(127);
}

/* Run cmd; 0 when it exited 0, else -1 with how it ended in how. */
static int run_shell(struct session *s, const char *cmd, const struct action_env *e,
		     char *how, size_t len)
{
	int log_fd = -1, null_fd = -1, st = 0, rc = -1;
	char **envp = child_env(e);
	pid_t pid;

	if (!envp)
		return snprintf(how, len, "out of memory"), -1;
	if (s->conf.actions_log) {
		log_fd = open(s->conf.actions_log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
		if (log_fd < 0 || null_fd < 0) {
			snprintf(how, len, "%s: %s", s->conf.actions_log, strerror(errno));
			goto out;
		}
		dprintf(log_fd, "hwnoisetop: shell,command=%s\n", cmd);
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0)
		child(cmd, envp, log_fd, null_fd);
	if (pid < 0) {
		snprintf(how, len, "fork: %s", strerror(errno));
		goto out;
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(st))
		snprintf(how, len, "exit %d", WEXITSTATUS(st));
	else
		snprintf(how, len, "killed by signal %d", WTERMSIG(st));
	rc = WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
	if (log_fd >= 0)
		dprintf(log_fd, "hwnoisetop: shell ended: %s\n", how);
out:
	if (log_fd >= 0)
		close(log_fd);
	if (null_fd >= 0)
		close(null_fd);
	free(envp);
	return rc;
}

int session_trace_save(struct session *s, const char *file, char *err, size_t len)
{
	uint64_t events = 0;
	FILE *f;

	if (!s->rec)
		return snprintf(err, len, "no trace is recorded"), -1;
	trace_capture_set_on(s->rec, 0);
	if (trace_capture_save(s->rec, file, 0, &events, err, len) < 0)
		return -1;
	/* Without trace_printk buffers the kernel's own "stop tracing hit" line is missing. */
	if (s->stop_hit && !tracedat_wanted(file) && (f = fopen(file, "ae"))) {
		fprintf(f, "# hwnoisetop: %s\n", s->stop_reason);
		fclose(f);
	}
	/* rtla's line, then how much was saved. */
	textbuf_printf(&s->notes, "  Saving trace to %s\ntrace saved to %s (%llu events)\n",
		       file, file, (unsigned long long)events);
	return 0;
}

/* trace: the recording instance's buffer to file (the tracer is off now). */
static int run_trace(struct session *s, const char *file, struct action_env *e, char *how,
		     size_t len)
{
	if (session_trace_save(s, file, how, len) < 0)
		return -1;
	snprintf(e->trace, sizeof(e->trace), "HWNOISETOP_TRACE=%s", file);
	snprintf(how, len, "saved");
	return 0;
}

static int run_signal(const struct action *a, char *how, size_t len)
{
	pid_t pid = a->pid == ACTION_PID_PARENT ? getppid() : a->pid;

	if (kill(pid, a->signo) < 0)
		return snprintf(how, len, "kill %d: %s", (int)pid, strerror(errno)), -1;
	snprintf(how, len, "sent to %d", (int)pid);
	return 0;
}

int session_actions_run(struct session *s, const struct actions *list, const char *when,
			bool *cont)
{
	struct action_env e;
	char how[256], said[512];
	size_t used;
	int rc = 0;

	*cont = false;
	if (!list || !list->n)
		return 0;
	env_fill(s, &e);
	used = (size_t)snprintf(said, sizeof(said), "%s:", when);
	for (int i = 0; i < list->n && rc == 0 && !*cont; i++) {
		const struct action *a = &list->v[i];

		how[0] = '\0';
		switch (a->kind) {
		case ACTION_TRACE:
			rc = run_trace(s, a->text, &e, how, sizeof(how));
			break;
		case ACTION_SIGNAL:
			rc = run_signal(a, how, sizeof(how));
			break;
		case ACTION_SHELL:
			rc = run_shell(s, a->text, &e, how, sizeof(how));
			break;
		case ACTION_CONTINUE:
			*cont = true;
			snprintf(how, sizeof(how), "measuring goes on");
			break;
		}
		if (used < sizeof(said))
			used += (size_t)snprintf(said + used, sizeof(said) - used, "%s %s %s",
						 i ? "," : "", actions_name(a->kind), how);
	}
	if (rc && used < sizeof(said))
		snprintf(said + used, sizeof(said) - used, "; the rest not run");
	if (s->conf.actions_log && used < sizeof(said))
		snprintf(said + strlen(said), sizeof(said) - strlen(said), " (output in %s)",
			 s->conf.actions_log);
	snprintf(s->actions_said, sizeof(s->actions_said), "%s", said);
	/* In the dashboard always; without it only a failure, between the actions' own lines. */
	if (s->ui && s->ui->note)
		session_note(s, said);
	else if (rc)
		fprintf(stderr, "hwnoisetop: %s\n", said);
	return rc;
}

/*
 * --on-threshold: the actions run with the tracer stopped.  After a
 * continue, tracing (and the recording) go on and the stop condition is
 * armed again: the run did not stop, a marker says what happened.
 */
static void on_threshold(struct session *s)
{
	bool cont = false;

	if (!s->conf.on_threshold || !s->conf.on_threshold->n)
		return;
	s->threshold_runs++;
	session_actions_run(s, s->conf.on_threshold, "on-threshold", &cont);
	if (!cont)
		return;
	s->quit = false;
	s->exit_status = HWN_EXIT_OK;
	s->stop_hit = false;
	if (s->rec)
		trace_capture_set_on(s->rec, 1);
	if (s->source->start(s) < 0) {
		s->quit = true;
		s->exit_status = HWN_EXIT_ENV;
		return;
	}
	session_mark(s, "kernel", "on-threshold %u: %s", s->threshold_runs, s->stop_reason);
	s->stop_reason[0] = '\0';
}

void session_check_kernel_stop(struct session *s)
{
	struct reader_sink sink = session_sink(s);

	/* A pause turns tracing off too: that is not the kernel's stop. */
	if (s->quit || !s->source->stopped_by_kernel || s->state != SESSION_RUNNING ||
	    !s->source->stopped_by_kernel(s))
		return;
	/* The sample that fired it may still be in a buffer. */
	reader_drain_all(s->reader, &sink);
	s->quit = true;
	s->exit_status = HWN_EXIT_STOPPED;
	s->stop_hit = true;
	if (s->stop_cpu >= 0 && s->stop_detail[0])
		snprintf(s->stop_reason, sizeof(s->stop_reason), "stop tracing hit on cpu %d: %s",
			 s->stop_cpu, s->stop_detail);
	else if (s->stop_cpu >= 0)
		snprintf(s->stop_reason, sizeof(s->stop_reason), "stop tracing hit on cpu %d",
			 s->stop_cpu);
	else
		snprintf(s->stop_reason, sizeof(s->stop_reason), "stop tracing hit");
	on_threshold(s);
}
