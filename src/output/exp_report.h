/*
 * exp_report: the report of "hwnoisetop experiment": a table per knob
 * (each CPU measured in both states and all of them: A and B, the change
 * with its 95% interval, the verdict, blocks and periods counted), the
 * CPUs left out, one line per knob ranked by the all-CPUs noise change,
 * and how to keep a winning value, with --why the causes that moved
 * between A and B; or the same as one JSON object.
 */
#ifndef HWN_EXP_REPORT_H
#define HWN_EXP_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "experiment.h"

/* The all-CPUs row's noise verdict, for the ranking (the run's CPUs pooled). */
void exp_run_total(const struct exp_run *r, struct exp_cpu *all);

/*
 * why: NULL, or each run's arms put down to their causes (exp_causes.h,
 * NULL: that run had none): then each run's table is followed by the
 * causes that moved from A to B on each CPU (why_report_moved()), and its
 * JSON object has them as "causes_moved"; without, the report is as it was.
 */
struct exp_causes;
void exp_report_text(FILE *out, const struct exp_run *runs, const struct exp_causes *const *why,
		     int n);
void exp_report_json(FILE *out, const struct exp_run *runs, const struct exp_causes *const *why,
		     int n);

#endif
