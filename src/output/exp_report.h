/*
 * exp_report: the report of "hwnoisetop experiment": a table per knob
 * (each CPU measured in both states and all of them: A and B, the change
 * with its 95% interval, the verdict, blocks and periods counted), the
 * CPUs left out, one line per knob ranked by the all-CPUs noise change,
 * and how to keep a winning value; or the same as one JSON object.
 */
#ifndef HWN_EXP_REPORT_H
#define HWN_EXP_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "experiment.h"

/* The all-CPUs row's noise verdict, for the ranking (the run's CPUs pooled). */
void exp_run_total(const struct exp_run *r, struct exp_cpu *all);

void exp_report_text(FILE *out, const struct exp_run *runs, int n);
void exp_report_json(FILE *out, const struct exp_run *runs, int n);

#endif
