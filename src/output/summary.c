/*
 * summary: see summary.h.
 */
#include "summary.h"
#include "hist_report.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "export_json.h"
#include "hwlat_report.h"
#include "rec_reader.h"
#include "report.h"
#include "exits.h"
#include "session.h"
#include "causes.h"
#include "why_report.h"

void summary_print(const struct session *s, const struct summary_opts *o)
{
	struct report_opts ro = {
		.osnoise = !session_conf(s)->osn.irq_disable,
		.pretty = o->pretty && !o->json,
		.smi = o->smi,
		.elapsed = o->elapsed_s,
		.width = o->json ? 0 : o->width,
		.note = true,
	};
	/*
	 * With --json stdout carries the object alone: the rest goes to
	 * stderr, but not the per-segment tables, which are in the object.
	 */
	FILE *text = o->json ? stderr : stdout;

	if (!o->json) {
		struct cpuset rows;

		report_rows(session_stats(s), &rows);
		report_table(stdout, session_stats(s), &rows, &ro);
		if (o->percentiles)
			report_pcts(stdout, session_segments(s), SEGMENTS_RUN, &rows, ro.width);
		why_report_text(stdout, session_causes(s), &rows);
		fflush(stdout);
	}
	if (o->segments && !o->json)	/* a written before/after record of the markers */
		report_segments(stdout, session_segments(s), o->run_ns, o->pretty, o->smi, ro.width);
	fputs(session_neighbour_log(s), o->quiet ? stderr : text);
	if (o->hwlat_view && !o->json) {
		/* The dashboard's hwlat view ran: its figures as hwnoisetop hwlat gives them. */
		printf("\nhwlat view (threshold %llu us at the end):\n",
		       (unsigned long long)session_conf(s)->hwl.threshold_us);
		hwlat_report_summary(stdout, session_hwl_stats(s));
	}
	if (session_stop_hit(s))	/* rtla's line first: scripts and rtla's tests grep it */
		fprintf(text, "osnoise hit stop tracing\nhwnoisetop hit stop tracing: %s\n",
			session_stop_reason(s));
	fputs(textbuf_str(session_notes(s)), text);
	if (session_notes(s)->dropped)
		fprintf(text, "hwnoisetop: %lu notes lost (out of memory)\n", session_notes(s)->dropped);
	if (o->json) {
		struct export_run run = {
			.conf = &session_conf(s)->osn,
			.duration_s = session_conf(s)->duration_s,
			.warmup_s = session_conf(s)->warmup_s,
			.stop_reason = session_stop_reason(s),
			.stop_hit = session_stop_hit(s),
			.exit_status = session_exit_status(s),
			.hwlat = o->hwlat_view ? session_hwl_stats(s) : NULL,
			.hwlat_conf = &session_conf(s)->hwl,
			.seg = o->segments ? session_segments(s) : NULL,
			.dist = session_segments(s),
			.run_ns = o->run_ns,
			.origin = o->origin,
			.causes = session_causes(s),
		};

		export_json_summary(stdout, session_stats(s), &ro, &run);
		fflush(stdout);
	}
}

void summary_hwlat(const struct session *s, const struct hwlat_end *e)
{
	if (!e->quiet && !e->json) {
		if (session_stop_reason(s)[0])
			printf("test interrupted (%s)\n", session_stop_reason(s));
		else
			printf("test finished\n");
		hwlat_report_summary(stdout, session_hwl_stats(s));
		if (e->smi)
			hwlat_report_smis(stdout, session_hwl_stats(s), &e->conf->cpus);
	}
	if (e->report && !e->quiet) {
		fflush(stdout);
		fprintf(e->json ? stderr : stdout, "report saved to %s (%zu samples)\n", e->report,
			session_hwl_stats(s)->nsamples);
	}
	if (e->json) {
		struct export_hwlat_run run = {
			.conf = e->conf,
			.hardlimit_us = e->hardlimit_us,
			.duration_s = e->duration_s,
			.stop_reason = session_stop_reason(s),
			.smi = e->smi,
			.exit_status = e->status,
			.origin = e->origin,
		};

		export_json_hwlat(stdout, session_hwl_stats(s), &run);
	} else if (!e->quiet && !e->watch && !e->brief) {
		hwlat_report_samples(stdout, session_hwl_stats(s), 0);
	}
	fflush(stdout);
}

/*
 * Which run a replay shows, in one line: on stdout above the table, or on
 * stderr when stdout is for scripts (-q, --json, hwnoisetop hwlat --quiet).
 */
static void say_origin(const struct replay *r, const char *path, bool to_stderr)
{
	char when[40] = "at an unknown time";
	time_t t = (time_t)r->time;
	struct tm tm;

	if (r->time > 0 && gmtime_r(&t, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm);
	fprintf(to_stderr ? stderr : stdout, "%sreplay of %s: recorded by hwnoisetop %s on %s "
		"(kernel %s), started %s\n", to_stderr ? "hwnoisetop: " : "", path,
		*r->version ? r->version : "?", *r->mid.host ? r->mid.host : "an unnamed host",
		*r->kernel ? r->kernel : "?", when);
}

int summary_replay_report(struct replay *r, const char *path, bool quiet, bool json, bool pcts)
{
	int status = HWN_EXIT_OK;
	struct run_origin origin = {
		.file = path, .version = r->version, .kernel = r->kernel, .host = r->mid.host,
		.time = r->time,
	};
	char note[PATH_MAX + 128];

	if (*rec_reader_end_note(r, path, "replayed", note, sizeof(note)))
		fprintf(stderr, "hwnoisetop: --replay: %s\n", note);
	/* hwnoisetop hist's recording: stdout is the histogram alone, as its run printed it. */
	say_origin(r, path, quiet || json || (r->hwlat_mode && r->hwlat_end.quiet) ||
		   session_conf(r->s)->hist.on);
	r->end.origin = &origin;
	r->hwlat_end.origin = &origin;
	if (r->hwlat_mode) {
		/* What the live run printed at its end with its options; --json: its object. */
		struct hwlat_end e = r->hwlat_end;

		if (json)
			e.json = true, e.quiet = false;
		e.smi = r->end.smi;
		e.status = session_exit_status(r->s);
		summary_hwlat(r->s, &e);
		if (r->footer)
			status = session_exit_status(r->s);
	} else {
		r->end.quiet = quiet;
		r->end.json = json;
		r->end.percentiles = pcts;
		r->end.segments = !r->live_quiet;
		r->end.pretty = !quiet && isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
		r->end.width = report_width(stdout, quiet || json);
		/* hwnoisetop hist's recording: its histogram, or with -q the table. */
		if (session_conf(r->s)->hist.on && session_histo(r->s) && !quiet)
			hist_report(r->s, &session_conf(r->s)->hist, json, r->end.elapsed_s);
		else
			summary_print(r->s, &r->end);
	}
	fflush(stdout);
	rec_reader_free(r);
	free(r);
	return status;
}

int summary_replay_main(const char *path, bool quiet, bool json, bool pcts)
{
	struct replay *r = calloc(1, sizeof(*r));
	FILE *f;
	int rc;

	if (!r) {
		fprintf(stderr, "hwnoisetop: --replay: out of memory\n");
		return HWN_EXIT_ENV;
	}
	f = fopen(path, "re");
	if (!f) {
		fprintf(stderr, "hwnoisetop: --replay: cannot open %s: %s\n", path, strerror(errno));
		free(r);
		return HWN_EXIT_USAGE;
	}
	rc = rec_reader_read(r, f);
	fclose(f);
	if (rc < 0) {
		/* A hwlat run's recording (its header read): hwlat's table, where 1 is "above". */
		int status = r->hwlat_mode ? HWN_HWLAT_FAILED : HWN_EXIT_USAGE;

		fprintf(stderr, "hwnoisetop: --replay: %s %s\n", path, r->err);
		rec_reader_free(r);
		free(r);
		return status;
	}
	return summary_replay_report(r, path, quiet, json, pcts);
}
