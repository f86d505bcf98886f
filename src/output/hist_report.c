/*
 * hist_report: hwnoisetop hist's end.  See hist_report.h.
 */
#include "hist_report.h"

#include <stdio.h>

#include "session.h"

void hist_report_print(FILE *out, const struct session *s, const struct histo *h,
		       const struct histo_conf *hc, uint64_t elapsed_s)
{
	uint8_t mask[HWN_MAX_CPUS / 8 + 1] = { 0 };
	int cpu;

	cpuset_for_each(cpu, &session_conf(s)->osn.cpus)
		mask[cpu / 8] |= (uint8_t)(1u << (cpu % 8));
	histo_print(out, h, hc, elapsed_s, mask);
}

void hist_report(const struct session *s, const struct histo_conf *hc, bool json,
		 uint64_t elapsed_s)
{
	const struct histo *h = session_histo(s);
	const struct histo_plan *p;

	if (textbuf_str(session_notes(s))[0])
		fprintf(stderr, "%s", textbuf_str(session_notes(s)));
	if (!h)
		return;
	p = &h->plan;
	if (p->coarsened)
		fprintf(stderr, "hwnoisetop: hist: %d CPUs x %llu buckets of %llu us do not fit in the "
			"kernel's map (%d entries): %llu buckets of %llu us instead\n",
			cpuset_count(&session_conf(s)->osn.cpus), (unsigned long long)hc->entries,
			(unsigned long long)hc->bucket_us, HISTO_MAP_MAX,
			(unsigned long long)p->entries, (unsigned long long)p->bucket_us);
	if (h->dropped && h->events)
		fprintf(stderr, "hwnoisetop: hist: %llu events were lost before they were read (the "
			"ring buffer was full): the counts are incomplete\n",
			(unsigned long long)h->dropped);
	else if (h->dropped)
		fprintf(stderr, "hwnoisetop: hist: the kernel dropped %llu samples its map could not "
			"hold: the counts are incomplete\n", (unsigned long long)h->dropped);
	if (json) {
		printf("{\"duration_s\":%llu,\"hist\":", (unsigned long long)elapsed_s);
		histo_json_write(stdout, h, hc);
		printf("}\n");
		return;
	}
	hist_report_print(stdout, s, h, hc, elapsed_s);
}
