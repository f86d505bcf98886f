/*
 * report_cpu: the report's sections of each CPU, beside the heatmap: its
 * noise per second and its max single over time, one small chart a CPU
 * opened on demand (<details>), drawn from the heatmap's grid (the same
 * columns, so the maximum of each stretch is kept); its causes where the
 * run was recorded with --why (why_report's text); and hwnoisetop hist's
 * histogram where the recording is a hist run's.
 */
#ifndef HWN_REPORT_CPU_H
#define HWN_REPORT_CPU_H

#include <stdint.h>
#include <stdio.h>

#include "report_collect.h"
#include "session.h"

/* Points at most of a CPU's line: what the chart's width can show. */
#define REPORT_CPU_POINTS 150

/* Each CPU's chart over time; marker lines where they fell. */
void report_cpu_charts(FILE *out, const struct report_data *d);
/* The causes of each CPU's noise, or nothing without --why's evidence. */
void report_cpu_causes(FILE *out, const struct session *s);
/* The histogram of a hist run (elapsed_s: its measured seconds), or nothing. */
void report_cpu_hist(FILE *out, const struct session *s, uint64_t elapsed_s);

#endif
