/*
 * audit_report: see audit_report.h.
 */
#include "audit_report.h"

#include "json.h"

void audit_report_print(FILE *out, const struct audit *a)
{
	char list[64];
	int n[4] = { 0 };

	cpuset_format(&a->cpus, list, sizeof(list));
	fprintf(out, "hardware noise audit of CPUs %s\n", list);
	for (int i = 0; i < AU_COUNT; i++) {
		const struct audit_item *it = &a->item[i];

		n[it->v]++;
		fprintf(out, "%-16s %-7s %s\n", it->name, audit_rules_verdict_name(it->v), it->now);
		if (it->v != AV_PASS)
			fprintf(out, "%24s%s\n", "", it->why);
		if (*it->fix)
			fprintf(out, "%24sfix: %s\n", "", it->fix);
	}
	fprintf(out, "%d pass, %d warn, %d fail, %d unknown\n", n[AV_PASS], n[AV_WARN], n[AV_FAIL],
		n[AV_UNKNOWN]);
}

void audit_report_json(FILE *out, const struct audit *a)
{
	struct json j;
	char list[64];

	cpuset_format(&a->cpus, list, sizeof(list));
	json_init(&j, out);
	json_object(&j, NULL);
	json_string(&j, "cpus", list);
	json_int(&j, "status", audit_rules_status(a->item, AU_COUNT));
	json_array(&j, "items");
	for (int i = 0; i < AU_COUNT; i++) {
		const struct audit_item *it = &a->item[i];

		json_object(&j, NULL);
		json_string(&j, "key", it->key);
		json_string(&j, "name", it->name);
		json_string(&j, "verdict", audit_rules_verdict_name(it->v));
		json_string(&j, "now", it->now);
		json_string(&j, "why", it->why);
		json_string(&j, "fix", it->fix);
		json_end(&j);
	}
	json_end(&j);
	json_end(&j);
	fputc('\n', out);
}
