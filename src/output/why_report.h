/*
 * why_report: each CPU's noise put down to its causes (causes.h, with
 * --why), as a text block per CPU after rtla's table (-q --why) and as the
 * "why" object of --json.
 */
#ifndef HWN_WHY_REPORT_H
#define HWN_WHY_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "cpuset.h"

struct causes;
struct json;

/* The text: one block per CPU of rows with periods. */
void why_report_text(FILE *out, const struct causes *c, const struct cpuset *rows);
/*
 * "why": { "CPU": { "periods", "noise_us", "nmi_time_us", "nmi_time_share",
 * "nmi_time_periods" ("nmi_time_why" where not measured: the two null),
 * "lead", "causes": {...}, "unexplained", "overlap", and the largest single
 * noises: "max_single_level_us", "max_single_periods" (those reaching it),
 * "max_single_unexplained", "max_single_overlap" } }; each cause's object
 * "max_single_state" and, where compared, "max_single_periods_with",
 * "max_single_explained", "max_single_ratio" (_lo, _hi).
 */
void why_report_json(struct json *j, const struct causes *c, const struct cpuset *rows);
/* Cause k's state and figures as a line of the text, without its name. */
struct cause_result;
void why_report_cause(char *buf, size_t size, const struct causes *c, int cpu, int k,
		      const struct cause_result *r);
/*
 * Cause k of a on the largest single noises, as a line of the text under
 * the cause's, without a name: "largest  88.0% [78.0%, 91.0%]  max single
 * >= 256 us x28.48 [8.73, 147.00] in 26 of 29 periods"; false (buf "")
 * unless it is credited on them.
 */
struct cause_answer;
bool why_report_largest(char *buf, size_t size, const struct cause_answer *a, int k);
/*
 * The NMI time measured (osnoise:nmi_noise) as the text says it, without
 * its name: "412 us measured, 3.1% of the noise (20 periods)", or "not
 * measured (osnoise:nmi_noise not available)" where NMIs were counted;
 * false (buf "") where there is nothing to say: none measured, none counted.
 */
/*
 * The causes of a worse on this CPU's own verdict that the run's false
 * discovery rate leaves uncredited (cause_adjust()): "not credited:
 * within the false discovery rate (5%) over N judgements: SMI, NMI
 * (largest)"; false (nothing to say) where none is.
 */
bool why_report_fdr(char *buf, size_t size, const struct cause_answer *a);
bool why_report_nmi_time(char *buf, size_t size, const struct causes *c,
			 const struct cause_result *nmi);
/* The leading cause's short name for a grid cell ("SMI", "SMT", ...); "-" none; "" no --why. */
const char *why_report_lead(const struct causes *c, int cpu);

/*
 * compare, the experiment: the causes that moved from a to b (two
 * recordings, or an experiment's arms A and B), on the noise or on the
 * largest single noises (cause_moved()).
 */
#include "cause.h"
struct why_moved {
	int cpu;
	int cause;			/* enum cause_kind */
	bool largest;			/* on the largest single noises, not the noise */
	struct cause_result a, b;
};
#define WHY_MOVED_SHOWN 16
/* How many moved; the first max into m. */
int why_report_moved(const struct causes *a, const struct causes *b, int ncpus,
		     struct why_moved *m, int max);
/*
 * The text block after a table, the sides named la and lb (compare's "A"
 * and "B", the experiment's arms "A (SMT on)"...): nothing when neither
 * side has causes.
 */
void why_report_moved_text(FILE *out, const struct causes *a, const struct causes *b, int ncpus,
			   const char *la, const char *lb);
/* The causes that moved as a JSON array, key's value ([] none): the experiment's report. */
void why_report_moved_array(struct json *j, const char *key, const struct causes *a,
			    const struct causes *b, int ncpus);
/* compare --json's ,"causes_moved":[...] (null when a side has no causes). */
void why_report_moved_json(FILE *out, const struct causes *a, const struct causes *b, int ncpus);

#endif
