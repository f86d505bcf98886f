/*
 * test-settings: the allow-list, the state directory and state file checks,
 * the state file format, and the restore decisions for knobs, against files
 * in a temporary directory (a fake tracing dir and a knob root prefix; the
 * real kernel's behaviour is tested in tests/lab/state.sh).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "settings.h"
#include "settings_int.h"
#include "tap.h"

static char top[256], trace[300], root[300], run[300];
/* The ledger the tests below share (test_two_ledgers makes two more). */
static struct ledger *led;

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static const char *get(const char *path)
{
	static char buf[4096];

	if (settings_read_text(path, buf, sizeof(buf)) < 0)
		return "(unreadable)";
	return buf;
}

static void mkdirs(const char *path)
{
	char tmp[1024];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(tmp, 0700);
			*p = '/';
		}
	mkdir(tmp, 0700);
}

static char *at(const char *base, const char *rel)
{
	static char bufs[8][1024];
	static int i;
	char *b = bufs[i++ % 8];

	snprintf(b, 1024, "%s%s", base, rel);
	return b;
}

static char *keep_path(const char *s)
{
	return strdup(s);
}

static int allowed(const char *path, bool dir)
{
	char real[4096];

	return settings_allowed(led, path, dir, real, sizeof(real));
}

static void test_patterns(void)
{
	static const char *const good[] = {
		"/sys/devices/system/cpu/smt/control",
		"/sys/devices/system/cpu/cpu1/online",
		"/sys/devices/system/cpu/cpu8191/online",
		"/sys/devices/system/cpu/cpufreq/policy3/scaling_governor",
		"/sys/devices/system/cpu/cpu2/cpuidle/state3/disable",
		"/sys/devices/system/clocksource/clocksource0/current_clocksource",
		"/proc/sys/kernel/nmi_watchdog", "/proc/sys/kernel/sched_rt_runtime_us",
		"/proc/sys/kernel/timer_migration", "/proc/sys/kernel/soft_watchdog",
	};
	static const char *const bad[] = {
		"/etc/shadow", "/sys/devices/system/cpu/cpu/online",
		"/sys/devices/system/cpu/cpu1x/online", "/sys/devices/system/cpu/cpu1/online2",
		"/sys/devices/system/cpu/cpu1/cpuidle/state1/usage",
		"/proc/sys/kernel/core_pattern", "/proc/sys/kernel/modprobe",
		"sys/devices/system/cpu/smt/control", "/sys/devices/system/clocksource/clocksource0/unbind_clocksource",
	};

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		tap_ok(settings_knob_pattern(good[i]), "knob pattern matches %s", good[i]);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		tap_ok(!settings_knob_pattern(bad[i]), "knob pattern refuses %s", bad[i]);
}

static void test_allowed(void)
{
	tap_ok(allowed("/etc/shadow", false) == -EPERM, "allow-list refuses /etc/shadow");
	tap_ok(allowed("etc/shadow", false) == -EPERM, "refuses a relative path");
	tap_ok(allowed("/sys/devices/system/cpu/cpu1/../../../../etc/x", false) == -EPERM,
	       "refuses a path with ..");
	tap_ok(allowed(at(trace, "/../x"), false) == -EPERM, "refuses ../ out of tracefs");
	tap_ok(allowed(at(trace, "/./tracing_thresh"), false) == -EPERM, "refuses a . component");
	tap_ok(allowed(at(trace, "//tracing_thresh"), false) == -EPERM, "refuses an empty component");
	tap_ok(allowed(at(trace, "/tracing\nthresh"), false) == -EPERM, "refuses a control character");
	tap_ok(allowed(at(trace, "/tracing_thresh"), false) == 0, "allows a file in tracefs");
	tap_ok(allowed(at(trace, "/osnoise/period_us"), false) == 0, "allows a file below tracefs");
	symlink("/etc", at(trace, "/evil"));
	tap_ok(allowed(at(trace, "/evil/passwd"), false) == -EPERM,
	       "refuses a path through a symlink out of tracefs");
	symlink("/etc/passwd", at(trace, "/link"));
	tap_ok(allowed(at(trace, "/link"), false) == -EPERM, "refuses a file that is a symlink");
	mkdirs(at(trace, "/instances/hwnoisetop-12-record"));
	mkdirs(at(trace, "/instances/other"));
	tap_ok(allowed(at(trace, "/instances/hwnoisetop-12-record"), true) == 0,
	       "allows rmdir of our instance");
	tap_ok(allowed(at(trace, "/instances/other"), true) == -EPERM,
	       "refuses rmdir of another instance");
	tap_ok(allowed(at(trace, "/instances"), true) == -EPERM, "refuses rmdir of instances/");
	tap_ok(allowed(top, true) == -EPERM, "refuses rmdir outside tracefs");
	tap_ok(allowed(at(trace, "/instances/hwnoisetop-12-record"), false) == -EPERM,
	       "refuses writing a directory");
	tap_ok(allowed(at(root, "/sys/devices/system/cpu/cpu1/online"), false) == 0,
	       "allows cpu1/online under the knob root");
	tap_ok(allowed(at(root, "/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor"), false) == 0,
	       "allows cpu2/cpufreq/scaling_governor (a link into policy2)");
	{
		char real[4096];

		settings_allowed(led, at(root, "/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor"),
				 false, real, sizeof(real));
		tap_is_str(real, at(root, "/sys/devices/system/cpu/cpufreq/policy2/scaling_governor"),
			   "the governor is saved under its real path");
	}
	symlink(at(root, "/sys/devices/system/cpu/cpu1/online"), at(root, "/sys/devices/system/cpu/cpu3/online"));
	tap_ok(allowed(at(root, "/sys/devices/system/cpu/cpu3/online"), false) == -EPERM,
	       "refuses a knob file that is a symlink");
}

static void test_dir(void)
{
	char msg[400], d[400];

	snprintf(d, sizeof(d), "%s/open", top);
	mkdir(d, 0700);
	chmod(d, 0777);
	tap_ok(settings_check_dir(d, msg, sizeof(msg)) == -EPERM, "a 0777 state directory is refused");
	snprintf(d, sizeof(d), "%s/link", top);
	symlink(run, d);
	tap_ok(settings_check_dir(d, msg, sizeof(msg)) == -EPERM, "a symlinked state directory is refused");
	if (geteuid() == 0) {
		snprintf(d, sizeof(d), "%s/foreign", top);
		mkdir(d, 0700);
		chown(d, 65534, 65534);
		tap_ok(settings_check_dir(d, msg, sizeof(msg)) == -EPERM,
		       "a state directory of another owner is refused");
	} else {
		tap_ok(1, "# SKIP foreign owner needs root");
	}
	tap_ok(settings_check_dir(run, msg, sizeof(msg)) == 0, "our own 0700 directory is accepted");
	settings_set_state_dir(led, at(top, "/link"));
	tap_ok(settings_init(led, trace, "hwnoisetop-1") == -EPERM, "settings_init refuses a symlinked directory");
	settings_set_state_dir(led, run);
}

/* A fresh run named hwnoisetop-N with cpu1 online "1" and clocksource "tsc". */
static void start(int n)
{
	char name[64];

	snprintf(name, sizeof(name), "hwnoisetop-%d", n);
	put(at(root, "/sys/devices/system/cpu/cpu1/online"), "1\n");
	put(at(root, "/sys/devices/system/cpu/smt/control"), "on\n");
	put(at(root, "/sys/devices/system/clocksource/clocksource0/current_clocksource"), "tsc\n");
	put(at(trace, "/tracing_thresh"), "0\n");
	settings_init(led, trace, name);
}

static void test_knobs(void)
{
	const char *online = keep_path(at(root, "/sys/devices/system/cpu/cpu1/online"));
	const char *smt = keep_path(at(root, "/sys/devices/system/cpu/smt/control"));
	const char *cs = keep_path(at(root, "/sys/devices/system/clocksource/clocksource0/current_clocksource"));
	char out[4096], st[400];

	start(2);
	tap_ok(settings_run_alive(led, "hwnoisetop-2"), "a run holding its lock is alive");
	tap_ok(settings_write_knob(led, "/etc/shadow", "x", SETTINGS_KNOB) == -EPERM,
	       "settings_write_knob refuses /etc/shadow");
	tap_ok(settings_write_knob(led, cs, "a\tb", SETTINGS_KNOB) == -EINVAL, "refuses a value with a tab");
	tap_ok(settings_add_action_unload_module(led, "ext4") == -EPERM, "only msr may be unloaded");
	tap_ok(settings_save_knob(led, online, SETTINGS_ONLINE) == 0, "cpu1/online saved");
	tap_ok(settings_write_knob(led, smt, "off", SETTINGS_ONLINE) == 0, "smt/control written");
	put(online, "0\n");	/* what the kernel does on SMT off */
	tap_ok(settings_write_knob(led, cs, "hpet", SETTINGS_KNOB) == 0, "clocksource written");
	tap_is_str(get(cs), "hpet", "the clocksource file holds our write");
	snprintf(st, sizeof(st), "%s/hwnoisetop-2.state", run);
	{
		FILE *f = fopen(st, "r");
		char text[4096] = "";

		if (f) {
			text[fread(text, 1, sizeof(text) - 1, f)] = '\0';
			fclose(f);
		}
		tap_ok(strncmp(text, "hwnoisetop-state 2\n", 19) == 0, "the state file starts with its version");
		tap_ok(strstr(text, "entry\tknob\tchoice\t1\t") && strstr(text, "\ttsc\thpet\n"),
		       "the state file holds the original and our last write");
		tap_ok(strstr(text, "entry\tonline\tchoice\t0\t") != NULL, "a saved-only file is in it");
		tap_ok(strstr(text, "end\t3\n") != NULL, "it ends with the entry count");
	}
	tap_is_u64(settings_restore(led), 0, "restore: nothing failed");
	tap_is_str(get(smt), "on", "smt/control put back");
	tap_is_str(get(online), "1", "cpu1/online put back (saved only, it differed)");
	tap_is_str(get(cs), "tsc", "clocksource put back (it held our write)");
	settings_outcome(led, out, sizeof(out));
	tap_ok(strstr(out, "restored ") && strstr(out, "current_clocksource = tsc"), "outcome says restored");
	tap_ok(access(st, F_OK) < 0, "the state file is gone after a full restore");
	settings_done(led);
	tap_ok(!settings_run_alive(led, "hwnoisetop-2"), "after settings_done the run is not alive");

	start(3);
	settings_write_knob(led, cs, "hpet", SETTINGS_KNOB);
	put(cs, "acpi_pm\n");	/* the user, from outside */
	settings_restore(led);
	tap_is_str(get(cs), "acpi_pm", "a knob changed from outside is left as it is");
	settings_outcome(led, out, sizeof(out));
	tap_ok(strstr(out, "left ") && strstr(out, "changed from outside"), "outcome says left");
	tap_ok(strstr(out, "= acpi_pm (changed from outside after we set hpet") != NULL,
	       "outcome names the user's value and ours");
	settings_done(led);

	start(4);
	settings_write_knob(led, cs, "hpet", SETTINGS_KNOB);
	settings_set_keep(led, true);
	settings_restore(led);
	tap_is_str(get(cs), "hpet", "keep: the knob stays tuned");
	settings_outcome(led, out, sizeof(out));
	tap_ok(strstr(out, "kept ") != NULL, "outcome says kept");
	settings_done(led);
	free((char *)online);
	free((char *)smt);
	free((char *)cs);
}

/* Write text as a state file of a dead run and restore it as --cleanup does. */
static int cleanup_text(const char *name, const char *text, char *msg, size_t len)
{
	char file[400];
	int fd;

	snprintf(file, sizeof(file), "%s/%s.state", run, name);
	unlink(file);
	fd = open(file, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd >= 0) {
		if (write(fd, text, strlen(text)) < 0)
			perror("write");
		close(fd);
	}
	return settings_restore_file(led, file, msg, len);
}

static void test_state_files(void)
{
	const char *cs = keep_path(at(root, "/sys/devices/system/clocksource/clocksource0/current_clocksource"));
	const char *thr = keep_path(at(trace, "/tracing_thresh"));
	char text[4096], msg[800], file[400];
	int rc;

	put(cs, "hpet\n");
	put(thr, "5\n");
	snprintf(text, sizeof(text),
		 "hwnoisetop-state 2\ntracing\t%s\nkeep\t0\nentry\ttracer\tvalue\t0\t%s\t9\t\n"
		 "entry\tknob\tchoice\t1\t%s\ttsc\thpet\nend\t2\n", trace, thr, cs);
	rc = cleanup_text("hwnoisetop-50", text, msg, sizeof(msg));
	tap_is_u64(rc, 0, "a good state file restores with no failure");
	tap_is_str(get(thr), "9", "the tracer setting is back");
	tap_is_str(get(cs), "tsc", "the knob holding our last write is back");
	tap_is_str(msg, "2 settings restored, 0 kept, 0 left as changed from outside, 0 failed",
		   "the summary counts them");

	put(cs, "hpet\n");
	put(thr, "5\n");
	text[strlen(text) - 8] = '\0';	/* cut inside the last entry */
	rc = cleanup_text("hwnoisetop-51", text, msg, sizeof(msg));
	tap_ok(rc == -1 && strstr(msg, "cut short"), "a cut state file is refused");
	tap_is_str(get(thr), "5", "and nothing of it is written");

	snprintf(text, sizeof(text),
		 "hwnoisetop-state 2\nentry\ttracer\tvalue\t0\t%s\t9\t\nentry\tknob\tvalue\t0\t/etc/shadow\tx\t\nend\t2\n",
		 thr);
	rc = cleanup_text("hwnoisetop-52", text, msg, sizeof(msg));
	tap_ok(rc == -1 && strstr(msg, "/etc/shadow"), "a state file naming /etc/shadow is refused");
	tap_is_str(get(thr), "5", "and nothing of it is written (not even its tracer line)");

	snprintf(text, sizeof(text), "hwnoisetop-state 2\ninstance\t%s/instances/../../x\nend\t0\n", trace);
	tap_ok(cleanup_text("hwnoisetop-53", text, msg, sizeof(msg)) == -1, "an instance path with .. is refused");
	snprintf(text, sizeof(text), "hwnoisetop-state 2\ninstance\t%s\nend\t0\n", top);
	tap_ok(cleanup_text("hwnoisetop-54", text, msg, sizeof(msg)) == -1, "rmdir of any other directory is refused");
	tap_ok(cleanup_text("hwnoisetop-55", "hwnoisetop-state 3\nend\t0\n", msg, sizeof(msg)) == -1 &&
	       strstr(msg, "version"), "an unknown version is refused");
	snprintf(text, sizeof(text), "hwnoisetop-state 2\nentry\ttracer\tvalue\t0\tetc/x\t9\t\nend\t1\n");
	tap_ok(cleanup_text("hwnoisetop-56", text, msg, sizeof(msg)) == -1, "a relative path is refused");

	/* Version 1, as written before: still restored. */
	snprintf(text, sizeof(text), "tracing\t%s\nvalue\t%s\t11\n", trace, thr);
	tap_is_u64(cleanup_text("hwnoisetop-57", text, msg, sizeof(msg)), 0, "a version 1 file is read");
	tap_is_str(get(thr), "11", "and restored");

	/* A symlinked state file, and one of another owner. */
	snprintf(file, sizeof(file), "%s/hwnoisetop-58.state", run);
	snprintf(text, sizeof(text), "%s/outside", top);
	put(text, "hwnoisetop-state 2\nend\t0\n");
	symlink(text, file);
	tap_ok(settings_restore_file(led, file, msg, sizeof(msg)) == -1, "a state file that is a symlink is refused");
	unlink(file);
	if (geteuid() == 0) {
		snprintf(text, sizeof(text), "hwnoisetop-state 2\nentry\ttracer\tvalue\t0\t%s\t1\t\nend\t1\n", thr);
		put(file, text);
		chown(file, 65534, 65534);
		tap_ok(settings_restore_file(led, file, msg, sizeof(msg)) == -1, "a state file of another owner is refused");
		unlink(file);
	} else {
		tap_ok(1, "# SKIP foreign owner needs root");
	}

	/* An instance that can not be removed counts apart from the settings (item 5). */
	mkdirs(at(trace, "/instances/hwnoisetop-60"));
	put(at(trace, "/instances/hwnoisetop-60/busy"), "x");
	snprintf(text, sizeof(text),
		 "hwnoisetop-state 2\ninstance\t%s/instances/hwnoisetop-60\nentry\ttracer\tvalue\t0\t%s\t3\t\nend\t1\n",
		 trace, thr);
	rc = cleanup_text("hwnoisetop-60", text, msg, sizeof(msg));
	tap_is_u64(rc, 1, "the instance left is one failure");
	tap_is_str(msg, "1 settings restored, 0 kept, 0 left as changed from outside, 0 failed, "
			"an instance could not be removed", "no negative count: settings and instances apart");

	/* keep and the hwlat threshold from the file. */
	put(cs, "hpet\n");
	snprintf(text, sizeof(text),
		 "hwnoisetop-state 2\nkeep\t1\nhwlat_thresh\t42\naction\tunload_module\tmsr\n"
		 "entry\tknob\tchoice\t1\t%s\ttsc\thpet\nend\t1\n", cs);
	settings_load_file(led, file, msg, sizeof(msg));
	rc = cleanup_text("hwnoisetop-61", text, msg, sizeof(msg));
	tap_is_str(get(cs), "hpet", "--cleanup keeps what the run was told to keep");
	tap_is_str(get(thr), "42", "--cleanup puts the remembered hwlat threshold in tracing_thresh");
	tap_ok(strstr(msg, "1 kept") != NULL, "and counts it kept");
	free((char *)cs);
	free((char *)thr);
}

static void test_full_disk(void)
{
	const char *cs = keep_path(at(root, "/sys/devices/system/clocksource/clocksource0/current_clocksource"));
	const char *online = keep_path(at(root, "/sys/devices/system/cpu/cpu1/online"));
	struct rlimit small = { 300, RLIM_INFINITY }, old;
	char st[400], before[4096], after[4096];
	FILE *f;

	start(70);
	settings_write_knob(led, cs, "hpet", SETTINGS_KNOB);
	snprintf(st, sizeof(st), "%s/hwnoisetop-70.state", run);
	f = fopen(st, "r");
	before[f ? fread(before, 1, sizeof(before) - 1, f) : 0] = '\0';
	if (f)
		fclose(f);
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	small.rlim_max = old.rlim_max;
	setrlimit(RLIMIT_FSIZE, &small);
	for (int i = 0; i < 20; i++) {	/* grow the state file past the limit */
		char dir[400];

		snprintf(dir, sizeof(dir), "%s/sys/devices/system/cpu/cpu1/cpuidle/state%d", root, i);
		mkdirs(dir);
		strcat(dir, "/disable");
		put(dir, "0\n");
		settings_save_knob(led, dir, SETTINGS_KNOB);
	}
	tap_ok(settings_write_knob(led, online, "0", SETTINGS_ONLINE) == -EFBIG,
	       "a state file that can not be written whole refuses the write");
	setrlimit(RLIMIT_FSIZE, &old);
	tap_is_str(get(online), "1", "and the file is not written");
	f = fopen(st, "r");
	after[f ? fread(after, 1, sizeof(after) - 1, f) : 0] = '\0';
	if (f)
		fclose(f);
	tap_is_str(after, before, "the previous state file is left whole");
	tap_ok(access(at(st, ".tmp"), F_OK) < 0, "no temporary file is left");
	settings_restore(led);
	settings_done(led);
	free((char *)cs);
	free((char *)online);
}

static void test_stale_lock(void)
{
	char lock[400];

	/* A SIGKILLed run's lock file stays, unlocked: dead whatever PID exists. */
	snprintf(lock, sizeof(lock), "%s/hwnoisetop-%d.lock", run, (int)getpid());
	put(lock, "");
	lock[strlen(lock) - 5] = '\0';
	tap_ok(!settings_run_alive(led, lock + strlen(run) + 1),
	       "an unlocked lock file is a dead run, even with its PID alive");
	strcat(lock, ".lock");
	tap_ok(settings_remove_stale_lock(led, strrchr(lock, '/') + 1) == 1 && access(lock, F_OK) < 0,
	       "a dead run's lock file with no state file beside it is removed");
	tap_ok(settings_remove_stale_lock(led, strrchr(lock, '/') + 1) == 0,
	       "a lock file that is not there: nothing to do");
	{
		char state[400];
		int fd;

		/* A live run: its lock is held. */
		put(lock, "");
		fd = open(lock, O_RDONLY);
		tap_ok(fd >= 0 && flock(fd, LOCK_EX) == 0 &&
		       settings_remove_stale_lock(led, strrchr(lock, '/') + 1) == 0 && access(lock, F_OK) == 0,
		       "a held lock is a live run's: left alone");
		if (fd >= 0)
			close(fd);
		/* A dead run with a state file: restoring it removes the lock (not this). */
		snprintf(state, sizeof(state), "%.*s.state", (int)(strlen(lock) - 5), lock);
		put(state, "");
		tap_ok(settings_remove_stale_lock(led, strrchr(lock, '/') + 1) == 0 && access(lock, F_OK) == 0,
		       "a dead run's lock beside its state file is left to the restore");
		unlink(state);
		unlink(lock);
		tap_ok(settings_remove_stale_lock(led, "hwnoisetop-1.state") == 0,
		       "only NAME.lock files are looked at");
	}
}

/* The state file's text of the run named hwnoisetop-N. */
static void state_text(int n, char *text, size_t len)
{
	char st[400];
	FILE *f;

	snprintf(st, sizeof(st), "%s/hwnoisetop-%d.state", run, n);
	f = fopen(st, "r");
	text[f ? fread(text, 1, len - 1, f) : 0] = '\0';
	if (f)
		fclose(f);
}

/*
 * The tracefs this run mounted: recorded before the mount, kept by a second
 * settings_init(led) of the same run, read back by --cleanup.  Never restored
 * here: that would unmount this machine's own tracefs.
 */
static void test_umount(void)
{
	char text[4096], msg[400], desc[1024];
	const char bad[] = "hwnoisetop-state 2\naction\tumount\t/etc\nend\t0\n";
	const char good[] = "hwnoisetop-state 2\naction\tumount\t/sys/kernel/tracing\nend\t0\n";

	start(80);
	tap_ok(settings_add_action_umount(led) == 0, "the unmount recorded");
	state_text(80, text, sizeof(text));
	tap_ok(strstr(text, "\naction\tumount\t/sys/kernel/tracing\n") != NULL,
	       "in the state file, before any mount");
	tap_ok(settings_init(led, trace, "hwnoisetop-80") == 0 && led->plan.umount,
	       "a second settings_init of the same run keeps it");
	settings_describe(led, desc, sizeof(desc));
	tap_ok(strstr(desc, "  unmount tracefs from /sys/kernel/tracing\n") != NULL, "described: %s", desc);
	settings_drop_action_umount(led);
	state_text(80, text, sizeof(text));
	tap_ok(!strstr(text, "umount"), "taken back when the mount failed");
	snprintf(text, sizeof(text), "%s", bad);
	tap_ok(settings_parse(led, text, strlen(text), msg, sizeof(msg)) < 0, "--cleanup refuses to unmount /etc");
	snprintf(text, sizeof(text), "%s", good);
	tap_ok(settings_parse(led, text, strlen(text), msg, sizeof(msg)) == 0 && led->plan.umount,
	       "--cleanup reads the unmount of /sys/kernel/tracing");
	settings_clear(led);
	led->plan.umount = false;
	settings_done(led);
}

/* One side of test_two_ledgers: its own tracing and state directories under top/NAME. */
static struct ledger *side(const char *name, char *tr, char *st, size_t len)
{
	struct ledger *l = settings_ledger_new();

	snprintf(tr, len, "%s/%s/trace", top, name);
	snprintf(st, len, "%s/%s/run", top, name);
	mkdirs(at(tr, "/osnoise"));
	mkdirs(st);
	put(at(tr, "/tracing_thresh"), "0\n");
	put(at(tr, "/osnoise/period_us"), "1000000\n");
	if (l) {
		settings_set_state_dir(l, st);
		settings_init(l, tr, "hwnoisetop-90");
	}
	return l;
}

/*
 * Two ledgers in one process, under the same run name on two state
 * directories: each saves, records and restores only its own writes.
 */
static void test_two_ledgers(void)
{
	char tra[400], sta[400], trb[400], stb[400], text[4096];
	struct ledger *a = side("a", tra, sta, sizeof(tra)), *b = side("b", trb, stb, sizeof(trb));
	FILE *f;

	tap_ok(a && b && settings_run_alive(a, "hwnoisetop-90") && settings_run_alive(b, "hwnoisetop-90"),
	       "two ledgers hold their runs at once");
	tap_ok(settings_write(a, "tracing_thresh", "5") == 0 && settings_write(b, "tracing_thresh", "7") == 0 &&
	       settings_write(a, "osnoise/period_us", "2000") == 0, "each writes relative to its own tracing dir");
	tap_is_str(get(at(tra, "/tracing_thresh")), "5", "a's file holds a's write");
	tap_is_str(get(at(trb, "/tracing_thresh")), "7", "b's file holds b's write");
	f = fopen(at(stb, "/hwnoisetop-90.state"), "r");
	text[f ? fread(text, 1, sizeof(text) - 1, f) : 0] = '\0';
	if (f)
		fclose(f);
	tap_ok(strstr(text, "end\t1\n") && strstr(text, trb) && !strstr(text, tra),
	       "b's state file holds b's one entry only");
	tap_is_u64(settings_restore(a), 0, "a restores with no failure");
	tap_is_str(get(at(tra, "/tracing_thresh")), "0", "a's tracing_thresh is back");
	tap_is_str(get(at(tra, "/osnoise/period_us")), "1000000", "a's period is back");
	tap_is_str(get(at(trb, "/tracing_thresh")), "7", "b's write is left to b");
	tap_ok(access(at(sta, "/hwnoisetop-90.state"), F_OK) < 0 &&
	       access(at(stb, "/hwnoisetop-90.state"), F_OK) == 0, "only a's state file is gone");
	settings_ledger_free(a);
	tap_ok(settings_run_alive(b, "hwnoisetop-90"), "freeing a leaves b's run alive");
	tap_is_u64(settings_restore(b), 0, "b restores with no failure");
	tap_is_str(get(at(trb, "/tracing_thresh")), "0", "b's tracing_thresh is back");
	settings_ledger_free(b);
}

int main(void)
{
	/* patterns, allowed, dir, knobs, state files, full disk, stale lock, unmount, two ledgers */
	tap_plan(19 + 20 + 5 + 24 + 21 + 4 + 6 + 7 + 13);
	snprintf(top, sizeof(top), "/tmp/test-settings-XXXXXX");
	if (!mkdtemp(top))
		return 1;
	snprintf(trace, sizeof(trace), "%s/trace", top);
	snprintf(root, sizeof(root), "%s/root", top);
	snprintf(run, sizeof(run), "%s/run", top);
	mkdirs(at(trace, "/osnoise"));
	put(at(trace, "/osnoise/period_us"), "1000000\n");
	mkdirs(at(root, "/sys/devices/system/cpu/cpu1"));
	mkdirs(at(root, "/sys/devices/system/cpu/cpu3"));
	mkdirs(at(root, "/sys/devices/system/cpu/smt"));
	mkdirs(at(root, "/sys/devices/system/cpu/cpufreq/policy2"));
	mkdirs(at(root, "/sys/devices/system/cpu/cpu2"));
	symlink("../cpufreq/policy2", at(root, "/sys/devices/system/cpu/cpu2/cpufreq"));
	put(at(root, "/sys/devices/system/cpu/cpufreq/policy2/scaling_governor"), "performance\n");
	mkdirs(at(root, "/sys/devices/system/clocksource/clocksource0"));
	mkdirs(run);
	chmod(run, 0700);
	led = settings_ledger_new();
	if (!led)
		return 1;
	put(at(root, "/sys/devices/system/cpu/cpu1/online"), "1\n");
	settings_set_tracing_dir(led, trace);
	settings_set_state_dir(led, run);

	test_patterns();
	settings_set_knob_root(led, root);
	test_allowed();
	test_dir();
	test_knobs();
	test_state_files();
	test_full_disk();
	test_stale_lock();
	test_umount();
	test_two_ledgers();
	settings_ledger_free(led);
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
		if (system(cmd) != 0)
			return 1;
	}
	return tap_done();
}
