/*
 * report_cmd: hwnoisetop report.  See report_cmd.h.  The recording is
 * hashed, its header kept, then read back through a session with the
 * report's hook (report_collect.h); an experiment's recording is read a
 * second time by the experiment's replay for its report.  The page is
 * written to FILE.tmp and renamed: a recording that does not read gives
 * one line, status 1, and no file.
 */
#include "report_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "cli.h"
#include "compare_table.h"
#include "env.h"
#include "experiment_int.h"
#include "outfile.h"
#include "rec_reader.h"
#include "report_html.h"
#include "segments.h"
#include "sha256.h"

enum { R_OUTPUT = 'o', R_MARGIN = 0x500, R_HELP = 'h' };

static const struct opt_def table[] = {
	{ .id = R_OUTPUT, .short_name = 'o', .long_name = "output", .arg = OPT_REQUIRED,
	  .arg_name = "file",
	  .help = "write the page to FILE (default: the recording's name with .html for "
		  ".jsonl; - for standard output)",
	  .example = "hwnoisetop report night.jsonl -o night.html" },
	{ .id = R_MARGIN, .long_name = "margin", .arg = OPT_REQUIRED, .arg_name = "PCT",
	  .help = "the before/after verdicts' margin of no change, in percent (as compare's; "
		  "default 10)",
	  .example = "hwnoisetop report night.jsonl --margin 5",
	  .accepts = "a percentage above 0 and below 100" },
	{ .id = R_HELP, .short_name = 'h', .long_name = "help", .arg = OPT_NONE,
	  .help = "print this help and exit" },
	{ 0 }
};

const struct opt_def *report_cmd_options(void)
{
	return table;
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: hwnoisetop report REC.jsonl [-o FILE.html] [--margin PCT]\n"
		"One self-contained HTML page of a recording (--record): the machine and the run's\n"
		"settings, a CPU x time heatmap of the noise with the markers, the percentiles per\n"
		"CPU, every segment against the one before it (a forest plot of the changes and\n"
		"compare's verdicts), an experiment's report, and the recording's SHA-256.  No\n"
		"network, no script or style from elsewhere; it prints on A4 and Letter.\n\n");
	opt_print_help(out, table);
}

struct rep {
	const char *path, *out;
	double margin;
};

/* One page in the making: the recording's hash and header, the message. */
struct page {
	const struct report_req *q;
	char sha[SHA256_HEX];
	uint64_t bytes;
	char *header;		/* the first line */
	struct jsonr_obj hdr;
	char *msg;
	size_t len;
};

/* Hash the file (q->lines: its first lines) and keep its first line.  0; or -1 with msg. */
static int hash(struct page *p)
{
	const char *path = p->q->path;
	FILE *f = fopen(path, "re");
	struct sha256 c;
	static char buf[1 << 16];
	char *more = NULL;
	size_t n, cap = 0, mcap = 0;
	ssize_t len, m;

	if (!f) {
		snprintf(p->msg, p->len, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	len = getline(&p->header, &cap, f);
	sha256_init(&c);
	if (len > 0)
		sha256_update(&c, p->header, (size_t)len);
	if (p->q->lines)
		for (unsigned long i = 1; i < p->q->lines && (m = getline(&more, &mcap, f)) > 0; i++)
			sha256_update(&c, more, (size_t)m);
	else
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			sha256_update(&c, buf, n);
	free(more);
	p->bytes = c.len;
	sha256_hex(&c, p->sha);
	fclose(f);
	if (len > 0 && p->header[len - 1] == '\n')
		p->header[--len] = 0;
	if (len <= 0 || jsonread_parse(p->header, (size_t)len, &p->hdr) < 0) {
		snprintf(p->msg, p->len, "%s: line 1 is not a recording's header", path);
		return -1;
	}
	return 0;
}

/* Options from argv[1] on (a recording stops them); -1 to go on, else the status. */
static int words(int argc, char **argv, struct rep *p, int *first)
{
	struct opt_parser *op = opt_parser_new(table, "hwnoisetop report");
	const struct opt_def *d;
	const char *arg;
	int c, rc = -1;

	*first = argc;
	if (!op)
		return HWN_EXIT_ENV;
	while (rc < 0 && (c = opt_next(op, argc, argv, &d, &arg, first)) != -1) {
		if (c == '?')
			rc = HWN_EXIT_USAGE;
		else if (c == R_HELP)
			usage(stdout), rc = HWN_EXIT_OK;
		else if (c == R_OUTPUT)
			p->out = arg;
		else if (c == R_MARGIN && cli_margin(arg, &p->margin))
			rc = HWN_EXIT_USAGE;
	}
	opt_parser_free(op);
	return rc;
}

/*
 * Its words: one recording, -o FILE, --margin PCT, the options before or
 * after the recording.  -1 to go on, else the status.
 */
static int args(int argc, char **argv, struct rep *p)
{
	int start = 0, first, rc;

	while ((rc = words(argc - start, argv + start, p, &first)) < 0 && start + first < argc) {
		if (p->path) {
			fprintf(stderr, "hwnoisetop: report takes one recording: hwnoisetop report "
				"REC.jsonl [-o FILE.html]\n");
			return HWN_EXIT_USAGE;
		}
		start += first;
		p->path = argv[start];
	}
	if (rc < 0 && !p->path) {
		fprintf(stderr, "hwnoisetop: report needs a recording: hwnoisetop report REC.jsonl "
			"[-o FILE.html]\n");
		rc = HWN_EXIT_USAGE;
	}
	return rc;
}

/* Read the recording through the report's hook.  0; or -1 with msg. */
static int collect(struct page *p, struct replay *r, struct report_data *d)
{
	const char *path = p->q->path;
	FILE *f = fopen(path, "re");
	struct session_hook h;
	uint64_t dur = 0;
	int rc;

	if (!f) {
		snprintf(p->msg, p->len, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	rc = rec_reader_open(r, f);
	jsonread_u64(&p->hdr, "duration_s", &dur);
	if (rc == 0 && r->hwlat_mode) {
		snprintf(r->err, sizeof(r->err), "is a hwnoisetop hwlat recording: it has no osnoise "
			 "periods");
		rc = -1;
	}
	if (rc == 0)
		rc = report_collect_init(d, session_ncpus(r->s),
				      session_osnoise_conf(r->s)->period_us * 1000, dur,
				      p->q->margin);
	h = report_collect_hook(d);
	if (rc == 0)
		rc = session_add_hook(r->s, &h);
	/* q->lines: up to that line (rec_reader_next() counts the header as line 1). */
	while (rc == 0 && (rc = rec_reader_next(r)) > 0 && (!p->q->lines || r->lines <= p->q->lines))
		if ((rc = rec_reader_take(r)) == 0)
			report_collect_sync(d, r->s);
	if (rc > 0)
		rc = 0;
	rec_reader_close(r);
	fclose(f);
	if (rc < 0) {
		snprintf(p->msg, p->len, "%s %s", path, r->err[0] ? r->err : "out of memory");
		return -1;
	}
	report_collect_finish(d, r->s);
	return 0;
}

/*
 * An experiment's report, when a marker says the recording has one (free
 * it).  The experiment replay reads the whole file: not for a part of it.
 */
static char *experiment(const struct replay *r, const struct report_req *q)
{
	const struct markers *ms = &session_segments(r->s)->marks;
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	for (unsigned i = 0; i < ms->n && !q->lines; i++)
		if (strcmp(ms->m[i].origin, "experiment") == 0) {
			if (!(m = open_memstream(&buf, &len)))
				return NULL;
			exp_replay(q->path, false, m);
			fclose(m);
			return buf;
		}
	return NULL;
}

/* The default page's name: the recording's, .jsonl turned .html. */
static char *default_out(const char *path)
{
	size_t n = strlen(path);
	char *o = malloc(n + 6);

	if (!o)
		return NULL;
	if (n > 6 && strcmp(path + n - 6, ".jsonl") == 0)
		n -= 6;
	memcpy(o, path, n);
	strcpy(o + n, ".html");
	return o;
}

static int write_page(struct page *p, const struct replay *r, const struct report_data *d)
{
	const struct report_req *q = p->q;
	char *exp = experiment(r, q), *out = q->out ? NULL : default_out(q->path);
	const char *name = q->out ? q->out : out;
	struct report_doc doc = { q->name ? q->name : q->path, p->sha, p->bytes, PACKAGE_VERSION,
				  q->command, &p->hdr, exp };
	char *tmp = name ? malloc(strlen(name) + 5) : NULL;
	FILE *f = NULL;
	int rc = HWN_EXIT_ENV;

	p->msg[0] = 0;
	if (name && strcmp(name, "-") == 0) {
		report_html(stdout, &doc, r, d);
		rc = fflush(stdout) ? HWN_EXIT_ENV : HWN_EXIT_OK;
	} else if (tmp && (sprintf(tmp, "%s.tmp", name), f = outfile_open(tmp))) {
		report_html(f, &doc, r, d);
		if (fclose(f) == 0 && rename(tmp, name) == 0)
			rc = HWN_EXIT_OK;
		else
			unlink(tmp);
	}
	if (rc != HWN_EXIT_OK)
		snprintf(p->msg, p->len, "cannot write %s: %s", name ? name : "the page",
			 strerror(errno));
	else if (f)
		snprintf(p->msg, p->len, "wrote %s", name);
	free(tmp);
	free(out);
	free(exp);
	return rc;
}

int report_cmd_page(const struct report_req *q, char *msg, size_t len)
{
	struct page p = { .q = q, .msg = msg, .len = len };
	struct replay *r = calloc(1, sizeof(*r));
	struct report_data d = { 0 };
	int rc = HWN_EXIT_ENV;

	if (!r)
		snprintf(msg, len, "out of memory");
	else if (hash(&p) < 0 || collect(&p, r, &d) < 0)
		rc = HWN_EXIT_USAGE;
	else
		rc = write_page(&p, r, &d);
	report_collect_free(&d);
	if (r)
		rec_reader_free(r);
	free(r);
	free(p.header);
	return rc;
}

void report_cmd_command_line(char *buf, size_t len, const char *first, int argc, char **argv)
{
	int n = 0;

	buf[0] = 0;
	for (int i = 0; i < argc && n < (int)len - 2; i++)
		n += snprintf(buf + n, len - (size_t)n, "%s%s", i ? " " : first, argv[i]);
}

int report_cmd_main(int argc, char **argv, const char *prog)
{
	struct rep p = { .margin = CMPTABLE_MARGIN };
	char cmd[1024], msg[1024];
	int rc = args(argc, argv, &p);

	(void)prog;
	report_cmd_command_line(cmd, sizeof(cmd), "hwnoisetop ", argc, argv);
	if (rc >= 0)
		return rc;
	rc = report_cmd_page(&(struct report_req){ .path = p.path, .out = p.out, .margin = p.margin,
					       .command = cmd }, msg, sizeof(msg));
	if (msg[0])
		fprintf(stderr, "hwnoisetop: report: %s\n", msg);
	return rc;
}
