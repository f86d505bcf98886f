/*
 * hwlat_report: the figures "hwnoisetop hwlat" prints at its end and with
 * --watch, as hwlatdetect words them: the live run and its replay print
 * through here (summary.h).
 */
#ifndef HWN_HWLAT_REPORT_H
#define HWN_HWLAT_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "cpuset.h"
#include "hwlat_stats.h"

/* "Max Latency: ...", "Samples recorded: ...", "Samples exceeding threshold: ...". */
void hwlat_report_summary(FILE *out, const struct hwl_stats *st);
/* "SMIs on CPU N: count", one line per CPU of cpus (--smi). */
void hwlat_report_smis(FILE *out, const struct hwl_stats *st, const struct cpuset *cpus);
/* Every stored sample, one line each.  Returns -1 on a write error. */
int hwlat_report_samples(FILE *out, const struct hwl_stats *st, size_t from);

#endif
