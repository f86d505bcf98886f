/*
 * report_heat: hwnoisetop report's CPU x time heatmap, inline SVG: one
 * row per CPU, one column per heatgrid column (the maximum of its periods
 * kept, which the caption says when a column holds more than one period),
 * a colour by noise per second of runtime on a fixed scale, a title on
 * every cell with its figures, and each marker as a vertical line with
 * its note.
 */
#ifndef HWN_REPORT_HEAT_H
#define HWN_REPORT_HEAT_H

#include <stdint.h>
#include <stdio.h>

#include "markers.h"
#include "report_collect.h"

void report_heat(FILE *out, const struct report_data *d, const struct markers *ms,
		 uint64_t period_ns);

#endif
