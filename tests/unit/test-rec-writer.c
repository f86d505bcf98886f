/*
 * The recording's writer when the disk is full (/dev/full): the first
 * failed write said at once in one line, once, and the run goes on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recfixture.h"
#include "rec_writer.h"
#include "rec_reader.h"
#include "session_int.h"	/* the hooks called by hand */
#include "tap.h"

static char said[512];
static int nsaid;

static void note(void *ctx, const char *text)
{
	(void)ctx;
	snprintf(said, sizeof(said), "%s", text);
	nsaid++;
}

/* A full disk (/dev/full): the first failed write said at once, once; the run goes on. */
static void write_error_said(void)
{
	struct session_ui ui = { .input_fd = -1, .note = note };
	struct replay *r = calloc(1, sizeof(*r));
	FILE *f = fmemopen((void *)(HDR S(0, 5, 5, 1, 0, "")), strlen(HDR S(0, 5, 5, 1, 0, "")), "r");
	char *argv[] = { "hwnoisetop", NULL }, err[256] = "";
	struct recording *out = rec_writer_open("/dev/full", true, err, sizeof(err));

	tap_ok(out && rec_reader_open(r, f) == 0, "--record /dev/full --force opens: %s", err);
	if (!out)
		return;
	r->s->ui = &ui;
	rec_writer_begin(out, r->s, 1, argv, &(struct recording_cli){ .quiet = true });
	tap_ok(nsaid == 0, "nothing said before the tick");
	session_hooks(r->s, tick);
	tap_ok(nsaid == 1 && strcmp(said, "--record: cannot write /dev/full: No space left on "
				   "device: the recording stops there, the run goes on") == 0,
	       "the first tick says the failed write in one line naming the file: '%s'", said);
	while (rec_reader_next(r) > 0 && rec_reader_take(r) == 0)
		;
	session_hooks(r->s, tick);
	tap_ok(nsaid == 1 && r->s->stats.cpu[0].periods == 1,
	       "said once; the summaries still counted (%d said)", nsaid);
	r->s->ui = NULL;
	tap_ok(rec_writer_close(out, &(struct recording_end){ .elapsed_s = 1 }, err, sizeof(err)) < 0 &&
	       strstr(err, "cannot write /dev/full: No space left on device"),
	       "and at the end: '%s'", err);
	rec_reader_free(r);
	free(r);
	fclose(f);
}

int main(void)
{
	tap_plan(5);
	write_error_said();
	return tap_failed ? 1 : 0;
}
