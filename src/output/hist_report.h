/*
 * hist_report: what hwnoisetop hist prints at its end, live or replayed:
 * the histogram in rtla osnoise hist's layout (histo.h), or --json's
 * object, with one line on stderr where the buckets were made wider or
 * the kernel dropped counts.
 */
#ifndef HWN_HIST_REPORT_H
#define HWN_HIST_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "histo.h"

struct session;

/* The histogram's text, rtla's layout, of the run's CPUs into out (h: the session's). */
void hist_report_print(FILE *out, const struct session *s, const struct histo *h,
		       const struct histo_conf *hc, uint64_t elapsed_s);
/* The run's histogram (nothing but the notes when none was read). */
void hist_report(const struct session *s, const struct histo_conf *hc, bool json,
		 uint64_t elapsed_s);

#endif
