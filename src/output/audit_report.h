/*
 * audit_report: "hwnoisetop audit"'s table and its --json (the audit
 * itself: src/machine/audit.h).
 */
#ifndef HWN_AUDIT_REPORT_H
#define HWN_AUDIT_REPORT_H

#include <stdio.h>

#include "audit.h"

/* One item a block: name, verdict, what was read; why it matters; the fix. */
void audit_report_print(FILE *out, const struct audit *a);
/* {"cpus":"0-3","status":2,"items":[{"key":..,"name":..,"verdict":..,"now":..,"why":..,"fix":..}]} */
void audit_report_json(FILE *out, const struct audit *a);

#endif
