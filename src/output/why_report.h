/*
 * why_report: each CPU's noise put down to its causes (causes.h, with
 * --why), as a text block per CPU after rtla's table (-q --why) and as the
 * "why" object of --json.
 */
#ifndef HWN_WHY_REPORT_H
#define HWN_WHY_REPORT_H

#include <stdio.h>

#include "cpuset.h"

struct causes;
struct json;

/* The text: one block per CPU of rows with periods. */
void why_report_text(FILE *out, const struct causes *c, const struct cpuset *rows);
/* "why": { "CPU": { "periods", "noise_us", "lead", "causes": {...}, "unexplained" } }. */
void why_report_json(struct json *j, const struct causes *c, const struct cpuset *rows);
/* Cause k's state and figures as a line of the text, without its name. */
struct cause_result;
void why_report_cause(char *buf, size_t size, const struct causes *c, int cpu, int k,
		      const struct cause_result *r);
/* The leading cause's short name for a grid cell ("SMI", "SMT", ...); "-" none; "" no --why. */
const char *why_report_lead(const struct causes *c, int cpu);

#endif
