/*
 * summary: see summary.h.
 */
#include "summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "export_json.h"
#include "hwlat_cli.h"
#include "report.h"
#include "session.h"

void summary_print(const struct session *s, const struct summary_opts *o)
{
	struct report_opts ro = {
		.osnoise = !s->conf.osn.irq_disable,
		.pretty = o->pretty && !o->json,
		.smi = o->smi,
		.elapsed = o->elapsed_s,
	};
	/*
	 * With --json stdout carries the object alone: the rest goes to
	 * stderr, but not the per-segment tables, which are in the object.
	 */
	FILE *text = o->json ? stderr : stdout;

	if (!o->json) {
		struct cpuset rows;

		report_rows(&s->stats, &rows);
		report_table(stdout, &s->stats, &rows, &ro);
		fflush(stdout);
	}
	if (o->segments && !o->json)	/* a written before/after record of the markers */
		report_segments(stdout, &s->seg, o->run_ns, o->pretty, o->smi);
	fputs(s->neighbour_log, o->quiet ? stderr : text);
	if (o->hwlat_view && !o->json) {
		/* The dashboard's hwlat view ran: its figures as hwnoisetop hwlat gives them. */
		printf("\nhwlat view (threshold %llu us at the end):\n",
		       (unsigned long long)s->conf.hwl.threshold_us);
		hwlat_print_summary(stdout, &s->hwl_stats);
	}
	if (s->stop_hit)	/* rtla's line first: scripts and rtla's tests grep it */
		fprintf(text, "osnoise hit stop tracing\nhwnoisetop hit stop tracing: %s\n",
			s->stop_reason);
	fputs(s->notes, text);
	if (o->json) {
		struct export_run run = {
			.conf = &s->conf.osn,
			.duration_s = s->conf.duration_s,
			.warmup_s = s->conf.warmup_s,
			.stop_reason = s->stop_reason,
			.stop_hit = s->stop_hit,
			.exit_status = s->exit_status,
			.hwlat = o->hwlat_view ? &s->hwl_stats : NULL,
			.hwlat_conf = &s->conf.hwl,
			.seg = o->segments ? &s->seg : NULL,
			.run_ns = o->run_ns,
		};

		export_json_summary(stdout, &s->stats, &ro, &run);
		fflush(stdout);
	}
}

void summary_hwlat(const struct session *s, const struct hwlat_end *e)
{
	if (!e->quiet && !e->json) {
		if (s->stop_reason[0])
			printf("test interrupted (%s)\n", s->stop_reason);
		else
			printf("test finished\n");
		hwlat_print_summary(stdout, &s->hwl_stats);
		if (e->smi)
			hwlat_print_smis(stdout, &s->hwl_stats, &e->conf->cpus);
	}
	if (e->report && !e->quiet) {
		fflush(stdout);
		fprintf(e->json ? stderr : stdout, "report saved to %s (%zu samples)\n", e->report,
			s->hwl_stats.nsamples);
	}
	if (e->json) {
		struct export_hwlat_run run = {
			.conf = e->conf,
			.hardlimit_us = e->hardlimit_us,
			.duration_s = e->duration_s,
			.stop_reason = s->stop_reason,
			.smi = e->smi,
			.exit_status = e->status,
		};

		export_json_hwlat(stdout, &s->hwl_stats, &run);
	} else if (!e->quiet && !e->watch) {
		hwlat_print_samples(stdout, &s->hwl_stats, 0);
	}
	fflush(stdout);
}
