/*
 * Unit tests: the rtla hwnoise options' parsing into a session
 * configuration (-a, -t, -e/--filter/--trigger, -P, --warm-up, ...), and
 * their refusals.  Nothing here touches the kernel.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <unistd.h>

#include "advice.h"
#include "cli.h"
#include "env.h"
#include "events.h"
#include "tap.h"
#include "threads.h"
#include "tracedat.h"

/* Parse a command line given as one string of words; returns cli_parse's value. */
static int parse(struct cli *cli, const char *line)
{
	char *copy = strdup(line), *argv[32], *save = NULL;
	int argc = 0, rc;

	argv[argc++] = "hwnoisetop";
	for (char *w = strtok_r(copy, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	optind = 0;	/* glibc: start a fresh scan */
	rc = cli_parse(cli, argc, argv);
	free(copy);
	return rc;
}

/* The one-line refusals name the option and what it takes. */
static void messages(void)
{
	static const struct {
		const char *line, *want;
	} refusals[] = {
		{ "--replay a.jsonl --replay b.jsonl", "hwnoisetop: --replay: a second --replay: one "
		  "recording at a time (hwnoisetop compare A B puts two side by side)\n" },
		{ "--replay a.jsonl -p 2000", "hwnoisetop: --replay: -p/--period cannot be used with a "
		  "recording (it takes only -q, --json, -D and the budgets)\n" },
		{ "-q --period 2000 --replay a.jsonl", "hwnoisetop: --replay: -p/--period cannot be "
		  "used with a recording (it takes only -q, --json, -D and the budgets)\n" },
		{ "--replay a.jsonl -q --smi", "hwnoisetop: --replay: --smi cannot be used with a "
		  "recording (it takes only -q, --json, -D and the budgets)\n" },
		{ "--warm-up 99999999999", "hwnoisetop: --warm-up '99999999999' is more than a day (it "
		  "takes seconds from 1 to 86400, or a time with unit s, m, h or d)\n" },
		{ "--warm-up 86401", "hwnoisetop: --warm-up '86401' is more than a day (it takes "
		  "seconds from 1 to 86400, or a time with unit s, m, h or d)\n" },
		{ "--warm-up 0", "hwnoisetop: --warm-up '0' must be at least 1 second (it takes "
		  "seconds from 1 to 86400, or a time with unit s, m, h or d)\n" },
		{ "--bogus", "hwnoisetop: unknown option --bogus (see hwnoisetop --help)\n" },
	};
	struct cli cli;
	char msg[512];

	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		char what[160];
		int rc = tap_stderr_of(msg, sizeof(msg), parse(&cli, refusals[i].line));

		snprintf(what, sizeof(what), "%s: refused (%d) in one line", refusals[i].line, rc);
		tap_is_str(rc == HWN_EXIT_USAGE ? msg : "(accepted)", refusals[i].want, what);
		cli_free(&cli);
	}
	tap_ok(parse(&cli, "--replay a.jsonl -q -q -D --json --json") == -1 && cli.replay &&
	       cli.out.quiet && cli.out.json && cli.sc.debug,
	       "--replay takes -q, --json and -D, each any number of times, as a live run");
	cli_free(&cli);
	tap_ok(parse(&cli, "--warm-up 86400") == -1 && cli.sc.warmup_s == 86400 &&
	       parse(&cli, "--warm-up 1d") == -1 && cli.sc.warmup_s == 86400,
	       "--warm-up 86400 and 1d: the longest");
	cli_free(&cli);
}

static void priorities(void)
{
	struct threads_sched s;
	struct why w = { .text = "" };

	tap_ok(threads_parse_priority("f:10", &s, &w) == 0 && s.policy == THREADS_FIFO &&
	       s.prio == 10, "f:10 is SCHED_FIFO 10");
	tap_ok(threads_parse_priority("r:99", &s, &w) == 0 && s.policy == THREADS_RR &&
	       s.prio == 99, "r:99 is SCHED_RR 99");
	tap_ok(threads_parse_priority("o:-5", &s, &w) == 0 && s.policy == THREADS_OTHER &&
	       s.prio == -5, "o:-5 is SCHED_OTHER nice -5");
	tap_ok(threads_parse_priority("d:500us:1ms", &s, &w) == 0 &&
	       s.policy == THREADS_DEADLINE && s.runtime_ns == 500000 && s.period_ns == 1000000,
	       "d:500us:1ms is SCHED_DEADLINE 500000/1000000 ns");
	tap_ok(threads_parse_priority("d:100000:200000", &s, &w) == 0 &&
	       s.runtime_ns == 100000 && s.period_ns == 200000, "d: plain numbers are nanoseconds");
	tap_ok(threads_parse_priority("d:1s:1s", &s, &w) == 0, "d: runtime may equal the period");
	tap_ok(threads_parse_priority("F:1", &s, &w) == 0 && s.policy == THREADS_FIFO &&
	       s.prio == 1, "F:1 is f:1, as rtla takes it");
	tap_ok(threads_parse_priority("R:5", &s, &w) == 0 && s.policy == THREADS_RR &&
	       s.prio == 5 && threads_parse_priority("O:-3", &s, &w) == 0 &&
	       s.policy == THREADS_OTHER && s.prio == -3 &&
	       threads_parse_priority("D:500us:1ms", &s, &w) == 0 &&
	       s.policy == THREADS_DEADLINE && s.runtime_ns == 500000, "R:, O: and D: too");
	static const char *const bad[] = { "", "f", "f:", "f:0", "f:100", "r:x", "o:20", "o:-21",
					   "x:1", "ff:1", "d:1ms", "d:2ms:1ms", "d:1ms:2xs", "d:1000:1ms",
					   "d::1ms", "d:1ms:10s", "f: 10", "f:+10", "f:10 ",
					   "o:--5", "f:0x10", "r:1e1", "o: -5", "X:1", "F:0",
					   "D:1ms", "F:", NULL };
	for (int i = 0; bad[i]; i++) {
		/* The call first: the arguments of tap_ok() are read in no set order. */
		int rc;

		w.text = NULL;
		rc = threads_parse_priority(bad[i], &s, &w);
		tap_ok(rc < 0 && w.text, "'%s' is refused: %s", bad[i], w.text ? w.text : "(no reason)");
	}
}

static void event_list(void)
{
	struct events e = { 0 };
	struct why w = { .text = "" };

	tap_ok(events_set_filter(&e, "a > 1", &w) < 0, "--filter before any -e is refused");
	tap_ok(events_add(&e, "osnoise", &w) == 0 && e.n == 1 && !e.v[0].event,
	       "-e osnoise: a whole system");
	tap_ok(events_set_trigger(&e, "hist:keys=duration", &w) < 0,
	       "--trigger on a whole system is refused");
	tap_ok(events_add(&e, "osnoise:irq_noise", &w) == 0 && e.n == 2 &&
	       strcmp(e.v[1].system, "osnoise") == 0 && strcmp(e.v[1].event, "irq_noise") == 0,
	       "-e osnoise:irq_noise: system and event");
	tap_ok(events_set_filter(&e, "duration > 1000", &w) == 0 && e.v[1].filter &&
	       !e.v[0].filter, "--filter goes to the preceding -e");
	tap_ok(events_set_filter(&e, "duration > 2", &w) < 0, "a second --filter for one -e is refused");
	tap_ok(events_set_trigger(&e, "hist:keys=desc", &w) == 0 && e.v[1].trigger,
	       "--trigger goes to the preceding -e");
	static const char *const bad[] = { "", ":x", "sys:", "a:b:c", "../x", "a b", NULL };
	for (int i = 0; bad[i]; i++)
		tap_ok(events_add(&e, bad[i], &w) < 0, "-e '%s' is refused", bad[i]);
	events_free(&e);
}

static void command_lines(void)
{
	struct cli cli;

	tap_ok(parse(&cli, "-a 20") == -1 && cli.sc.osn.stop_us == 20 &&
	       cli.sc.osn.threshold_us == 1 && cli.sc.record && cli.sc.trace_file &&
	       strcmp(cli.sc.trace_file, "osnoise_trace.txt") == 0,
	       "-a 20 = -s 20 -T 1 -t");
	cli_free(&cli);
	tap_ok(parse(&cli, "-a 20 -T 5") == -1 && cli.sc.osn.threshold_us == 5,
	       "-T after -a wins, as in rtla");
	cli_free(&cli);
	tap_ok(parse(&cli, "-T 5 -a 20") == -1 && cli.sc.osn.threshold_us == 1,
	       "-a after -T sets the threshold to 1, as in rtla");
	cli_free(&cli);
	tap_ok(parse(&cli, "-a 20 -t mine.txt") == -1 && strcmp(cli.sc.trace_file, "mine.txt") == 0,
	       "-t names the file after -a");
	cli_free(&cli);
	tap_ok(parse(&cli, "-t=x.txt") == -1 && strcmp(cli.sc.trace_file, "x.txt") == 0,
	       "-t=file as rtla takes it");
	cli_free(&cli);
	tap_ok(parse(&cli, "-s 30 -S 100") == -1 && cli.sc.osn.stop_us == 30 &&
	       cli.sc.osn.stop_total_us == 100 && !cli.sc.record, "-s and -S without -t record nothing");
	cli_free(&cli);
	tap_ok(parse(&cli, "--trace-always") == -1 && cli.sc.record && cli.sc.trace_always &&
	       strcmp(cli.sc.trace_file, "osnoise_trace.txt") == 0, "--trace-always implies -t");
	cli_free(&cli);
	tap_ok(parse(&cli, "-t --trace-buffer-size 4096") == -1 && cli.sc.rec.buffer_kb == 4096,
	       "--trace-buffer-size sizes the record instance");
	cli_free(&cli);
	tap_ok(parse(&cli, "-t -e osnoise:irq_noise --trigger hist:keys=desc -e sched") == -1 &&
	       cli.sc.events == &cli.events && cli.events.n == 2 && cli.events.v[0].trigger,
	       "-e is repeatable, with --trigger for the one before");
	cli_free(&cli);
	tap_ok(parse(&cli, "--warm-up 1m -d 10s") == -1 && cli.sc.warmup_s == 60 &&
	       cli.sc.duration_s == 10, "--warm-up 1m is 60 s");
	cli_free(&cli);
	tap_ok(parse(&cli, "-P d:1ms:10ms") == -1 && cli.sc.sched.policy == THREADS_DEADLINE,
	       "-P d: reaches the session configuration");
	cli_free(&cli);
	tap_ok(parse(&cli, "--cleanup") == -1 && cli.cleanup, "--cleanup alone");
	cli_free(&cli);
	tap_ok(parse(&cli, "-e osnoise") == HWN_EXIT_USAGE, "-e without -t is a usage error");
	cli_free(&cli);
	tap_ok(parse(&cli, "--trace-buffer-size 64") == HWN_EXIT_USAGE,
	       "--trace-buffer-size without -t is a usage error");
	cli_free(&cli);
	tap_ok(parse(&cli, "--cleanup -q") == HWN_EXIT_USAGE, "--cleanup with another option is a usage error");
	tap_ok(parse(&cli, "--cleanup --orphans") == -1 && cli.cleanup && cli.orphans,
	       "--cleanup --orphans");
	tap_ok(parse(&cli, "--orphans") == HWN_EXIT_USAGE, "--orphans without --cleanup is a usage error");
	tap_ok(parse(&cli, "--cleanup --orphans -q") == HWN_EXIT_USAGE,
	       "--cleanup --orphans with another option is a usage error");
	cli_free(&cli);
	tap_ok(parse(&cli, "--replay r.jsonl -q --json") == -1 && cli.replay && cli.out.quiet,
	       "--replay FILE -q --json");
	cli_free(&cli);
	tap_ok(parse(&cli, "--replay r.jsonl -c 0") == HWN_EXIT_USAGE,
	       "--replay with an option of a live run is a usage error");
	cli_free(&cli);
	tap_ok(parse(&cli, "--replay r.jsonl --record x.jsonl") == HWN_EXIT_USAGE,
	       "--replay with --record is a usage error");
	cli_free(&cli);
	tap_ok(parse(&cli, "--force -q") == HWN_EXIT_USAGE, "--force without --record is a usage error");
	cli_free(&cli);
	tap_ok(parse(&cli, "--record r.jsonl --force -q") == -1 && cli.out.record && cli.out.force,
	       "--record FILE --force");
	cli_free(&cli);
	tap_ok(parse(&cli, "--trace-always=1") == HWN_EXIT_USAGE, "an argument to a flag is a usage error");
	cli_free(&cli);
	tap_ok(parse(&cli, "-q --json") == -1 && cli.out.json && cli.out.quiet, "--json");
	tap_ok(parse(&cli, "-q") == -1 && cli.sc.osn.irq_disable, "hwnoise mode by default");
	tap_ok(parse(&cli, "--osnoise -q") == -1 && !cli.sc.osn.irq_disable,
	       "--osnoise: osnoise mode (interrupts enabled) from the start");
	tap_ok(parse(&cli, "--replay r.jsonl --osnoise") == HWN_EXIT_USAGE,
	       "--replay with --osnoise is a usage error");
	tap_ok(parse(&cli, "--cpu-list 0 -q") == HWN_EXIT_USAGE,
	       "--cpu-list is hwnoisetop hwlat's spelling only");
	cli_free(&cli);
}

/* -t is checked when parsed, never after the measurement. */
static void trace_files(void)
{
	char dir[] = "/tmp/hwn-test-cli.XXXXXX", line[300], file[64];
	struct cli cli;
	FILE *f;

	if (!mkdtemp(dir)) {
		tap_ok(0, "mkdtemp: %s", strerror(errno));
		return;
	}
	snprintf(line, sizeof(line), "-t %s", dir);
	tap_ok(parse(&cli, line) == HWN_EXIT_USAGE, "-t DIR (a directory) is refused");
	cli_free(&cli);
	tap_ok(parse(&cli, "-t /proc/hwnoisetop-test") == HWN_EXIT_USAGE,
	       "-t where no file can be created (/proc) is refused");
	cli_free(&cli);
	tap_ok(parse(&cli, "-t /no/such/dir/x") == HWN_EXIT_USAGE, "-t in a missing directory is refused");
	cli_free(&cli);
	snprintf(file, sizeof(file), "%s/new.txt", dir);
	snprintf(line, sizeof(line), "-t %s", file);
	tap_ok(parse(&cli, line) == -1 && access(file, F_OK) < 0,
	       "-t NEW is accepted and not left behind by the check");
	cli_free(&cli);
	f = fopen(file, "w");
	fputs("keep", f);
	fclose(f);
	tap_ok(parse(&cli, line) == -1, "-t EXISTING is accepted");
	cli_free(&cli);
	f = fopen(file, "r");
	tap_ok(f && fgets(line, sizeof(line), f) && strcmp(line, "keep") == 0,
	       "the existing file is not truncated by the check");
	if (f)
		fclose(f);
	snprintf(line, sizeof(line), "%s/link.txt", dir);
	if (symlink(file, line) == 0) {
		char opt[600];

		snprintf(opt, sizeof(opt), "-t %s", line);
		tap_ok(parse(&cli, opt) == HWN_EXIT_USAGE, "-t naming a symlink is refused");
		cli_free(&cli);
		unlink(line);
	} else {
		tap_ok(0, "symlink: %s", strerror(errno));
	}
	snprintf(line, sizeof(line), "--prometheus %s/m.txt", dir);
	tap_ok(parse(&cli, line) == HWN_EXIT_USAGE, "--prometheus FILE not ending in .prom is refused");
	cli_free(&cli);
	snprintf(line, sizeof(line), "--prometheus %s/m.prom", dir);
	tap_ok(parse(&cli, line) == -1 && strstr(cli.out.prometheus, "/m.prom"),
	       "--prometheus NAME.prom is accepted");
	cli_free(&cli);
	unlink(file);
	rmdir(dir);
}

/* --capture-format: the t key's files; -t's .dat suffix. */
static void capture_formats(void)
{
	struct cli cli;

	const char *why;

	if (tracedat_available(&why))
		tap_ok(parse(&cli, "--capture-format dat") == -1 && cli.sc.capture_dat,
		       "--capture-format dat: t writes trace.dat");
	else
		tap_ok(parse(&cli, "--capture-format dat") == HWN_EXIT_USAGE,
		       "--capture-format dat without trace-cmd is refused: %s", why);
	cli_free(&cli);
	tap_ok(parse(&cli, "--capture-format text") == -1 && !cli.sc.capture_dat,
	       "--capture-format text: t writes text");
	cli_free(&cli);
	tap_ok(parse(&cli, "") == -1 && !cli.sc.capture_dat, "text is the default");
	cli_free(&cli);
	tap_ok(parse(&cli, "--capture-format pcap") == HWN_EXIT_USAGE, "--capture-format pcap is refused");
	cli_free(&cli);
	tap_ok(tracedat_wanted("stop.dat") && tracedat_wanted("/tmp/x.dat") &&
	       !tracedat_wanted("stop.txt") && !tracedat_wanted(".dat") &&
	       !tracedat_wanted("x.dat.txt") && !tracedat_wanted(NULL),
	       "a -t name ending in .dat asks for trace.dat, no other");
}

/* --on-threshold and --on-end: rtla 6.18's forms, in order, -t's trace last. */
static void action_lists(void)
{
	static const char *const bad[] = {
		"--on-threshold bogus", "--on-threshold trace,file=", "--on-threshold trace,name=x",
		"--on-threshold trace,file=a,file=b", "--on-threshold signal,num=10",
		"--on-threshold signal,pid=1", "--on-threshold signal,num=0,pid=1",
		"--on-threshold signal,num=99,pid=1", "--on-threshold signal,num=x,pid=1",
		"--on-threshold signal,num=10,pid=me", "--on-threshold signal,num=10,pid=0",
		"--on-threshold signal,num=10,pid=-5", "--on-threshold signal,num=1,num=2,pid=1",
		"--on-threshold signal,num=10,pid=1,x=y", "--on-threshold shell",
		"--on-threshold shell,command=", "--on-threshold shell,cmd=true",
		"--on-threshold continue,x", "--on-end continue", "--on-end Trace",
		"--on-threshold trace,file=/no/such/dir/t.txt", "--on-threshold=", NULL,
	};
	struct cli cli;
	char msg[512];
	const struct action *v;

	tap_ok(parse(&cli, "-s 5 --on-threshold trace --on-threshold signal,num=10,pid=parent "
		   "--on-threshold shell,command=echo,a,b --on-threshold continue") == -1 &&
	       cli.sc.on_threshold && cli.sc.on_threshold->n == 4 && !cli.sc.on_end &&
	       cli.sc.record, "four --on-threshold actions, in order; a trace records");
	v = cli.on_threshold.v;
	tap_ok(v[0].kind == ACTION_TRACE && strcmp(v[0].text, "osnoise_trace.txt") == 0 &&
	       v[1].kind == ACTION_SIGNAL && v[1].signo == 10 && v[1].pid == ACTION_PID_PARENT &&
	       v[2].kind == ACTION_SHELL && strcmp(v[2].text, "echo,a,b") == 0 &&
	       v[3].kind == ACTION_CONTINUE,
	       "trace's default file, signal's parent, shell's command with its commas, continue");
	cli_free(&cli);
	tap_ok(parse(&cli, "-a 5 --on-threshold shell,command=true") == -1 &&
	       cli.on_threshold.n == 2 && cli.on_threshold.v[1].kind == ACTION_TRACE &&
	       strcmp(cli.on_threshold.v[1].text, "osnoise_trace.txt") == 0,
	       "-a's trace comes after the --on-threshold actions given");
	cli_free(&cli);
	tap_ok(parse(&cli, "-s 5 -t --trace-always") == -1 && !cli.sc.on_threshold,
	       "--trace-always: -t saves at the end, not as an action");
	cli_free(&cli);
	tap_ok(parse(&cli, "--on-end trace,file=end.txt --on-end signal,pid=42,num=12") == -1 &&
	       cli.sc.on_end && cli.on_end.n == 2 && strcmp(cli.on_end.v[0].text, "end.txt") == 0 &&
	       cli.on_end.v[1].pid == 42 && cli.on_end.v[1].signo == 12 && cli.sc.record &&
	       !cli.sc.on_threshold, "--on-end: its own list; num= and pid= in either order");
	cli_free(&cli);
	for (int i = 0; bad[i]; i++) {
		int rc = tap_stderr_of(msg, sizeof(msg), parse(&cli, bad[i]));
		bool end = strstr(bad[i], "--on-end") != NULL;

		tap_ok(rc == HWN_EXIT_USAGE && strchr(msg, '\n') == msg + strlen(msg) - 1 &&
		       strstr(msg, end ? "--on-end" : "--on-threshold") &&
		       strstr(msg, end ? "(it takes " ACTIONS_FORMS ")\n" :
				 "(it takes " ACTIONS_FORMS_THRESHOLD ")\n"),
		       "%s: refused in one line naming the forms: %.*s", bad[i],
		       (int)strcspn(msg, "\n"), msg);
		cli_free(&cli);
	}
}

/* advice_osnoise() for an os-release text (NULL: no such file). */
static const char *advice_for(const char *os_release, bool no_option)
{
	static char buf[700];
	char path[] = "/tmp/hwn-os-release.XXXXXX";
	int fd = mkstemp(path);

	if (fd < 0)
		return "";
	if (os_release && write(fd, os_release, strlen(os_release)) < 0)
		buf[0] = '\0';
	close(fd);
	if (!os_release)
		unlink(path);
	advice_osnoise(path, no_option, buf, sizeof(buf));
	unlink(path);
	return buf;
}

/* What the no-osnoise errors advise, by distribution. */
static void advice(void)
{
	const char *a;
	static const char replay[] = "to try hwnoisetop meanwhile, replay a recording made in an "
				     "emulator: hwnoisetop --replay " HWN_EXAMPLE_RECORDING;

	a = advice_for("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\n"
		       "VERSION_ID=\"12\"\nID=debian\n", false);
	tap_ok(strstr(a, "on Debian 12, install linux-image-6.12-rt-amd64 and boot it "
		      "(linux-image-rt-amd64 there is 6.1, without OSNOISE_IRQ_DISABLE); ") == a &&
	       strstr(a, replay) && !strchr(a, '\n'), "Debian 12: the package, the 6.1 one, the replay: %s", a);
	a = advice_for("ID=debian\nVERSION_ID=\"12\"\n", true);
	tap_ok(strstr(a, "OSNOISE_IRQ_DISABLE), or measure with interrupts on: hwnoisetop --osnoise; ") != NULL,
	       "Debian 12 without the option: --osnoise too");
	a = advice_for("NAME=\"Fedora Linux\"\nVERSION_ID=41\nID=fedora\n", false);
	tap_ok(strstr(a, "RHEL and Fedora kernels have the tracer: check that the booted one does "
		      "with 'grep OSNOISE_TRACER /boot/config-$(uname -r)'") == a && strstr(a, replay),
	       "Fedora: how to check");
	a = advice_for("ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\nVERSION_ID=\"9.4\"\n", false);
	tap_ok(strncmp(a, "RHEL and Fedora kernels", 23) == 0, "Rocky (like rhel): the same");
	a = advice_for("ID=debian\nVERSION_ID=\"11\"\n", false);
	tap_ok(strstr(a, "boot a kernel built with CONFIG_OSNOISE_TRACER=y, Linux >= 6.2 for its "
		      "OSNOISE_IRQ_DISABLE option; ") == a && strstr(a, replay),
	       "Debian 11: no package named, the kernel option and the replay");
	a = advice_for(NULL, false);
	tap_ok(strncmp(a, "boot a kernel built with CONFIG_OSNOISE_TRACER=y", 48) == 0,
	       "no os-release: the kernel option");
	tap_ok(strstr(HWN_EXAMPLE_RECORDING, "/hwnoisetop/example-emulator-smt.jsonl") != NULL,
	       "the example's path is under the package's data directory: %s", HWN_EXAMPLE_RECORDING);
}

int main(void)
{
	tap_plan(22 + 7 + 13 + 17 + 6 + 4 + 2 + 5 + 5 + 10 + 6 + 5 + 22 + 4 + 7);
	advice();
	priorities();
	event_list();
	command_lines();
	trace_files();
	capture_formats();
	messages();
	action_lists();
	return tap_done();
}
