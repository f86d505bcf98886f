/*
 * tracedat: a recording instance's buffer as a trace.dat file, written by
 * Debian's (or any distribution's) trace-cmd: `trace-cmd extract -B
 * INSTANCE -o FILE`.  See tracedat.h.
 */
#define _GNU_SOURCE
#include "tracedat.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tracefs.h>

#include "instance.h"

#define NO_TRACE_CMD 127	/* the child's status when trace-cmd could not be run */

bool tracedat_wanted(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	return n > 4 && strcmp(path + n - 4, ".dat") == 0;
}

#define NOT_INSTALLED "needs trace-cmd, which is not installed (apt install trace-cmd, " \
	"dnf install trace-cmd)"

bool tracedat_available(const char **why)
{
	const char *path = getenv("PATH");
	char file[4096];

	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");

		snprintf(file, sizeof(file), "%.*s/trace-cmd", (int)(n ? n : 1), n ? p : ".");
		if (access(file, X_OK) == 0)
			return true;
		p += n + (p[n] == ':');
	}
	*why = NOT_INSTALLED;
	return false;
}

/* The child: trace-cmd writes target, its words go to msg. */
static void run_extract(const char *name, const char *target, int msg)
{
	if (dup2(msg, STDERR_FILENO) < 0)
		_exit(NO_TRACE_CMD - 1);
	/* Its progress report ("CPU0 data recorded at offset ...") is not ours to show. */
	if (freopen("/dev/null", "w", stdout) == NULL)
		_exit(NO_TRACE_CMD - 1);
	signal(SIGPIPE, SIG_DFL);
	execlp("trace-cmd", "trace-cmd", "extract", "-B", name, "-o", target, (char *)NULL);
	if (errno == ENOENT)
		_exit(NO_TRACE_CMD);
	dprintf(STDERR_FILENO, "cannot run trace-cmd: %s\n", strerror(errno));
	_exit(NO_TRACE_CMD - 1);
}

/* Empty and remove the private directory (trace-cmd's per-CPU files too). */
static void remove_dir(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	char file[PATH_MAX];

	while (d && (de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			snprintf(file, sizeof(file), "%s/%s", dir, de->d_name);
			unlink(file);
		}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* The last non-empty line trace-cmd wrote to its stderr, for the error. */
static void last_line(const char *text, char *out, size_t outlen)
{
	const char *end = text + strlen(text), *start;

	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	start = end;
	while (start > text && start[-1] != '\n')
		start--;
	while (*start == ' ')
		start++;
	snprintf(out, outlen, "%.*s", (int)(end - start), start);
}

int tracedat_extract(struct tracefs_instance *inst, const char *path, uint64_t *events, char *err,
		     size_t errlen)
{
	char said[2048] = "", line[300], dir[PATH_MAX], target[PATH_MAX + 16];
	const char *name = tracefs_instance_get_name(inst), *slash = strrchr(path, '/');
	int pipefd[2], status = 0;
	size_t used = 0;
	ssize_t got;
	pid_t pid;

	/*
	 * trace-cmd writes its file and one temporary file per CPU beside it:
	 * into a directory of our own (0700, next to path), whence the file is
	 * renamed to path.  rename() replaces a symlink at path, never follows it.
	 */
	if (slash)
		snprintf(dir, sizeof(dir), "%.*s/.hwnoisetop-dat.XXXXXX", (int)(slash - path), path);
	else
		snprintf(dir, sizeof(dir), ".hwnoisetop-dat.XXXXXX");
	if (!mkdtemp(dir)) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	snprintf(target, sizeof(target), "%s/trace.dat", dir);
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "cannot write %s: pipe: %s", path, strerror(errno));
		remove_dir(dir);
		return -1;
	}
	if (events) {
		char *idir = tracefs_instance_get_dir(inst);

		/* The events the buffer holds now (the recording is off meanwhile). */
		*events = idir ? instance_stats_sum(idir, "entries: ") : 0;
		free(idir);
	}
	pid = fork();
	if (pid == 0)
		run_extract(name, target, pipefd[1]);
	close(pipefd[1]);
	if (pid < 0) {
		snprintf(err, errlen, "cannot write %s: fork: %s", path, strerror(errno));
		close(pipefd[0]);
		remove_dir(dir);
		return -1;
	}
	/* Its first 2 kB; the rest is read and dropped, so that it never blocks. */
	while ((got = read(pipefd[0], said + used, sizeof(said) - 1 - used)) != 0) {
		if (got < 0 && errno != EINTR)
			break;
		if (got > 0 && (used += (size_t)got) == sizeof(said) - 1) {
			char drop[512];

			while ((got = read(pipefd[0], drop, sizeof(drop))) > 0 ||
			       (got < 0 && errno == EINTR))
				;
			break;
		}
	}
	said[used] = '\0';
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		int rc = rename(target, path);

		if (rc < 0)
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		remove_dir(dir);
		return rc;
	}
	remove_dir(dir);
	last_line(said, line, sizeof(line));
	if (WIFEXITED(status) && WEXITSTATUS(status) == NO_TRACE_CMD)
		snprintf(err, errlen, "%s: a trace.dat file " NOT_INSTALLED, path);
	else if (WIFEXITED(status))
		snprintf(err, errlen, "%s: trace-cmd extract failed (status %d)%s%s", path,
			 WEXITSTATUS(status), line[0] ? ": " : "", line);
	else
		snprintf(err, errlen, "%s: trace-cmd extract was killed by signal %d", path,
			 WTERMSIG(status));
	return -1;
}
