/*
 * report_html: see report_html.h.  Sections in the order a reader asks:
 * what ran where, where the noise was (each CPU's over time on demand),
 * what changed at each marker, how it was distributed, why (--why), the
 * experiment, how to get the same again.
 */
#include "report_html.h"

#include <string.h>

#include "html.h"
#include "report_cpu.h"
#include "report_forest.h"
#include "report_heat.h"
#include "segments.h"

static const char style[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1em auto;max-width:1100px;padding:0 1em;"
	"color:#222;background:#fff}\n"
	"h1{font-size:1.5em}h2{border-bottom:1px solid #ccc;margin-top:1.6em}\n"
	"table{border-collapse:collapse;font-variant-numeric:tabular-nums}\n"
	"td,th{border:1px solid #ddd;padding:2px 6px;text-align:right;vertical-align:top}\n"
	"table.kv td{text-align:left;word-break:break-all}table.kv td:first-child{white-space:nowrap}\n"
	".wide{overflow-x:auto}svg{width:100%;height:auto;font:11px system-ui,sans-serif}\n"
	"rect.none{fill:#eee}.c0{fill:#f7fbff}.c1{fill:#deebf7}.c2{fill:#c6dbef}.c3{fill:#9ecae1}"
	".c4{fill:#fdd49e}.c5{fill:#fdae6b}.c6{fill:#f16913}.c7{fill:#d94801}.c8{fill:#7f2704}\n"
	".mark line{stroke:#000;stroke-width:1.5;stroke-dasharray:4 2}.mark text{font-weight:bold}\n"
	"#heatmap{min-width:720px}#heatmap rect{shape-rendering:crispEdges}svg.forest{max-width:760px;min-width:560px}.forest line{stroke:#333;stroke-width:2}.forest .zero{stroke:#888;stroke-width:1}"
	".forest .band{fill:#e8f5e9}.fr.better circle{fill:#2e7d32}.fr.worse circle{fill:#c62828}"
	".fr.same circle{fill:#555}.fr.undecided circle{fill:#fff;stroke:#555}"
	".fr .mk{font-weight:bold}\n"
	"pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}\n"
	"svg.ts{max-width:760px}.ts path{fill:none;stroke-width:1.5;stroke-linecap:round}.ts .n{stroke:#08519c}"
	".ts .s{stroke:#d94801}.ts .ax{stroke:#999}.ts .mk{stroke:#000;stroke-dasharray:3 2}"
	"details.cpu{margin:.2em 0}\n"
	"@page{margin:12mm}\n"
	"@media print{body{max-width:none;margin:0;font-size:10pt}#heatmap,svg.forest{min-width:0}h2{break-after:avoid}"
	"section.pair,svg{break-inside:avoid-page}details{display:block}"
	"details>summary{display:none}.wide{overflow:visible}}\n";

/* The header's fields that describe the machine; the rest are the run's settings. */
static const char *const machine_keys[] = {
	"host", "kernel", "machine", "cpu_model", "microcode", "bios_vendor", "bios_version",
	"bios_date", "boot_id", "online", "topology", "clocksource", "isolated", "nohz_full",
	"rcu_nocbs", "cmdline", NULL
};

static bool is_machine(const char *key)
{
	for (const char *const *k = machine_keys; *k; k++)
		if (strcmp(*k, key) == 0)
			return true;
	return false;
}

static void value(FILE *out, const struct jsonr_obj *o, const struct jsonr_field *f)
{
	char buf[4096];

	if (f->type == JR_STR && jsonread_str(o, f->key, buf, sizeof(buf)) == 0)
		html_put(out, buf);
	else
		html_putn(out, f->raw, f->rawlen);
}

/* The header's fields of the machine (machine true) or the settings, as a table. */
static void fields(FILE *out, const struct jsonr_obj *o, bool machine)
{
	fprintf(out, "<table class=\"kv\">\n");
	for (int i = 0; o && i < o->n; i++) {
		const struct jsonr_field *f = &o->f[i];

		if (is_machine(f->key) != machine || strcmp(f->key, "t") == 0)
			continue;
		fprintf(out, "<tr><td>");
		html_put(out, f->key);
		fprintf(out, "</td><td>");
		value(out, o, f);
		fprintf(out, "</td></tr>\n");
	}
	fprintf(out, "</table>\n");
}

/* "host, kernel K, CPUs C, periods of P us, 20 s": the header's facts at a glance. */
static void lead(FILE *out, const struct jsonr_obj *o)
{
	static const char *const keys[][2] = {
		{ "host", "" }, { "cpu_model", "" }, { "kernel", "kernel " }, { "cpus", "CPUs " },
		{ "mode", "mode " }, { "period_us", "period (us) " }, { "runtime_us", "runtime (us) " },
		{ "threshold_us", "threshold (us) " }, { "duration_s", "duration (s) " },
	};
	const char *sep = "";

	fprintf(out, "<p class=\"lead\">");
	for (size_t i = 0; o && i < sizeof(keys) / sizeof(keys[0]); i++) {
		const struct jsonr_field *f = jsonread_get(o, keys[i][0]);

		if (!f || (f->type == JR_STR && f->rawlen <= 2))
			continue;
		fprintf(out, "%s%s", sep, keys[i][1]);
		value(out, o, f);
		sep = " &middot; ";
	}
	fprintf(out, "</p>\n");
}

static void pcts(FILE *out, const struct replay *r)
{
	const struct segments *sg = session_segments(r->s);
	const struct stats *st = session_stats(r->s);
	struct verdict_pcts q;

	fprintf(out, "<div class=\"wide\"><table id=\"pcts\">\n<tr><th rowspan=\"2\">CPU</th>"
		"<th rowspan=\"2\">periods</th><th colspan=\"%d\">noise per period, us per s of "
		"runtime</th><th colspan=\"%d\">max single per period, us</th></tr>\n<tr>",
		VERDICT_NPCT, VERDICT_NPCT);
	for (int k = 0; k < 2 * VERDICT_NPCT; k++)
		fprintf(out, "<th>%s</th>", verdict_pct_name[k % VERDICT_NPCT]);
	fprintf(out, "</tr>\n");
	for (int c = 0; c < st->ncpus; c++) {
		if (!segments_pcts(sg, SEGMENTS_RUN, c, &q))
			continue;
		fprintf(out, "<tr class=\"pc\"><th>%d</th><td>%llu</td>", c,
			(unsigned long long)st->cpu[c].periods);
		for (int k = 0; k < VERDICT_NPCT; k++)
			fprintf(out, "<td>%u</td>", q.noise[k]);
		for (int k = 0; k < VERDICT_NPCT; k++)
			fprintf(out, "<td>%u</td>", q.single[k]);
		fprintf(out, "</tr>\n");
	}
	fprintf(out, "</table></div>\n<p>Percentiles are those of compare's distributions: exact "
		"under 16 us, above it the low end of a bucket at most 12.5%% under the value.</p>\n");
}

static void markers_list(FILE *out, const struct markers *ms)
{
	char clock[32];

	if (ms->n <= 1)
		return;
	fprintf(out, "<ol id=\"markers\">\n");
	for (unsigned i = 1; i < ms->n; i++) {
		fprintf(out, "<li value=\"%u\">%s, ", ms->m[i].num,
			markers_clock(ms->m[i].t_ms, clock, sizeof(clock)));
		html_put(out, ms->m[i].origin);
		fprintf(out, ": ");
		html_put(out, ms->m[i].text);
		fprintf(out, "</li>\n");
	}
	fprintf(out, "</ol>\n");
}

static void pairs(FILE *out, const struct report_data *d)
{
	fprintf(out, "<h2 id=\"segments\">Before and after each marker</h2>\n");
	if (!d->pairs) {
		fprintf(out, "<p>No marker with periods on both sides: nothing to set side by "
			"side.</p>\n");
		return;
	}
	fprintf(out, "<p>Each segment (between markers) against the one before it, per CPU and "
		"figure: the change with its 95%% interval, the green band the margin of +-%.0f%%, "
		"marked as <code>hwnoisetop compare</code> marks it ('+' better, '!' worse, '=' no "
		"change, '?' undecided; the false discovery rate held over each pair).</p>\n",
		d->margin * 100);
	fwrite(d->forest_buf, 1, d->forest_len, out);
	if (d->pairs_left_out)
		fprintf(out, "<p>%u more pairs are left out (at most %d are drawn).</p>\n",
			d->pairs_left_out, REPORT_PAIRS_MAX);
}

static void reproduce(FILE *out, const struct report_doc *doc)
{
	const struct jsonr_field *argv = doc->header ? jsonread_get(doc->header, "argv") : NULL;
	const struct jsonr_field *ver = doc->header ? jsonread_get(doc->header, "version") : NULL;

	fprintf(out, "<h2 id=\"reproduce\">How to reproduce</h2>\n<table class=\"kv\">\n"
		"<tr><td>recorded with</td><td><code>");
	if (argv)
		html_putn(out, argv->raw, argv->rawlen);
	fprintf(out, "</code> (hwnoisetop ");
	if (ver)
		html_putn(out, ver->raw, ver->rawlen);
	fprintf(out, ")</td></tr>\n<tr><td>recording</td><td>");
	html_put(out, doc->name);
	fprintf(out, ", %llu bytes</td></tr>\n<tr><td>SHA-256</td><td><code id=\"sha256\">%s"
		"</code></td></tr>\n<tr><td>this report</td><td><code>", (unsigned long long)doc->bytes,
		doc->sha256);
	html_put(out, doc->command);
	fprintf(out, "</code> (hwnoisetop ");
	html_put(out, doc->version);
	fprintf(out, ")</td></tr>\n</table>\n");
}

void report_html(FILE *out, const struct report_doc *doc, const struct replay *r,
		 const struct report_data *d)
{
	const struct markers *ms = &session_segments(r->s)->marks;

	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		"<title>hwnoisetop report: ");
	html_put(out, doc->name);
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>Hardware noise: ", style);
	html_put(out, doc->name);
	fprintf(out, "</h1>\n");
	lead(out, doc->header);
	fprintf(out, "<h2 id=\"heat\">Noise per CPU and time</h2>\n");
	report_heat(out, d, ms, (uint64_t)session_osnoise_conf(r->s)->period_us * 1000);
	markers_list(out, ms);
	report_cpu_charts(out, d);
	pairs(out, d);
	fprintf(out, "<h2 id=\"percentiles\">Percentiles per CPU, the whole run</h2>\n");
	pcts(out, r);
	report_cpu_hist(out, r->s, r->end.elapsed_s);
	report_cpu_causes(out, r->s);
	if (doc->experiment) {
		fprintf(out, "<h2 id=\"experiment\">The experiment</h2>\n<pre>");
		html_put(out, doc->experiment);
		fprintf(out, "</pre>\n");
	}
	fprintf(out, "<h2 id=\"machine\">The machine</h2>\n");
	fields(out, doc->header, true);
	fprintf(out, "<h2 id=\"audit\">The machine's tuning as the run started "
		"(hwnoisetop audit)</h2>\n");
	if (r->audit) {
		fprintf(out, "<pre>");
		html_put(out, r->audit);
		fprintf(out, "</pre>\n");
	} else {
		fprintf(out, "<p>The recording holds no audit (a recording of an older "
			"hwnoisetop).</p>\n");
	}
	fprintf(out, "<h2 id=\"settings\">The run's settings</h2>\n");
	fields(out, doc->header, false);
	reproduce(out, doc);
	fprintf(out, "</body>\n</html>\n");
}
