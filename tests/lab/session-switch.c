/*
 * session-switch: drives one session the way the dashboard does, for the
 * lab test hwlat.sh: hwnoise for 2 s, then a switch to hwlat (with live
 * width/window and mode changes), then back to hwnoise, then the end.
 * Prints "key=value" lines for the test to check.
 */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "env.h"
#include "ledger_guard.h"
#include "osnoise.h"
#include "session.h"
#include "settings.h"

struct drive {
	struct session *s;
	int tick;
	int failed;
};

/* The tracers of our instances, e.g. "osnoise" or "hwlat" ("" when none). */
static void instances(const char *phase)
{
	char path[512], tracer[64], list[256] = "";
	struct dirent *de;
	DIR *d = opendir("/sys/kernel/tracing/instances");

	while (d && (de = readdir(d))) {
		if (strncmp(de->d_name, "hwnoisetop-", 11) != 0)
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/tracing/instances/%s/current_tracer",
			 de->d_name);
		if (settings_read_text(path, tracer, sizeof(tracer)) == 0)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
				 list[0] ? "," : "", tracer);
	}
	if (d)
		closedir(d);
	printf("%s_instances=%s\n", phase, list);
}

static void check(struct drive *dr, int rc, const char *what)
{
	if (rc < 0) {
		printf("error=%s: %s\n", what, session_err(dr->s));
		dr->failed = 1;
		session_request_quit(dr->s);
	}
}

/* Every 500 ms: 2 s per phase. */
static void on_tick(void *ctx)
{
	struct drive *dr = ctx;
	struct session *s = dr->s;
	char buf[64];

	switch (++dr->tick) {
	case 4:
		printf("phase1_osnoise_periods=%llu\n", (unsigned long long)session_stats(s)->samples);
		instances("phase1");
		check(dr, session_switch_tracer(s, SESSION_HWLAT, NULL, NULL), "switch to hwlat");
		break;
	case 6:
		check(dr, session_set_hwlat_timing(s, 200000, 150000), "hwlat timing");
		check(dr, session_set_hwlat_mode(s, HWLAT_MODE_PER_CPU), "hwlat mode");
		settings_read_text("/sys/kernel/tracing/hwlat_detector/width", buf, sizeof(buf));
		printf("phase2_width=%s\n", buf);
		settings_read_text("/sys/kernel/tracing/hwlat_detector/mode", buf, sizeof(buf));
		printf("phase2_mode=%s\n", buf);
		printf("phase2_timing_refused=%d\n", session_set_timing(s, 1000000, 500000) < 0);
		break;
	case 8:
		printf("phase2_hwlat_samples=%llu\n", (unsigned long long)session_hwl_stats(s)->samples);
		printf("phase2_osnoise_periods=%llu\n", (unsigned long long)session_stats(s)->samples);
		instances("phase2");
		check(dr, session_switch_tracer(s, SESSION_OSNOISE, NULL, NULL), "switch to osnoise");
		break;
	case 12:
		printf("phase3_osnoise_periods=%llu\n", (unsigned long long)session_stats(s)->samples);
		printf("phase3_hwlat_samples=%llu\n", (unsigned long long)session_hwl_stats(s)->samples);
		instances("phase3");
		session_request_quit(s);
		break;
	}
	fflush(stdout);
}

int main(void)
{
	struct ledger *l = settings_ledger_new();
	struct session_conf conf = { .tracer = SESSION_OSNOISE, .ledger = l };
	struct session *s = session_new(NULL);
	struct drive dr = { .s = s };
	struct session_ui ui = { .ctx = &dr, .input_fd = -1, .update = on_tick, .tick_ms = 500 };
	char err[512];
	int rc;

	session_block_signals();
	env_online_cpus(&conf.osn.cpus);
	conf.osn.period_us = 250000;
	conf.osn.runtime_us = 200000;
	conf.osn.threshold_us = 1;
	conf.osn.irq_disable = true;
	conf.osn.buffer_kb = 256;
	conf.hwl.cpus = conf.osn.cpus;
	conf.hwl.threshold_us = 1;
	conf.hwl.window_us = 100000;
	conf.hwl.width_us = 80000;
	conf.hwl.mode = HWLAT_MODE_ROUND_ROBIN;
	conf.hwl.buffer_kb = 256;
	if (!l || osnoise_check(l, true, err, sizeof(err)) < 0) {
		printf("error=%s\n", l ? err : "out of memory");
		ledger_guard_release(l);
		return 1;
	}
	if (!s || session_start(s, &conf) < 0) {
		printf("error=%s\n", s ? session_err(s) : "out of memory");
		if (s)
			session_finish(s);
		session_free(s);
		ledger_guard_release(l);
		return 1;
	}
	session_run(s, &ui);
	session_finish(s);
	instances("end");
	printf("exit_status=%d\n", session_exit_status(s));
	rc = dr.failed || session_exit_status(s);
	session_free(s);
	ledger_guard_release(l);
	return rc;
}
