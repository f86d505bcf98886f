/*
 * Unit tests: the page decoder on ring-buffer pages of the lab kernel's
 * formats (tests/fuzz/formats.c): good pages give the exact fields, and
 * corrupt ones (tests/fuzz/corpus/page, the two that crashed it among them)
 * are dropped and counted as missed instead of read past the page.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include "../fuzz/formats.h"
#include "tap.h"

struct seen {
	int samples, hwlat, prints, dropped_cpu;
	char dropped[128];
	uint64_t missed;	/* counted events */
	int unknown;		/* reports of an unknown number (a page dropped) */
	struct osn_sample last;
	struct hwl_sample last_hwlat;
	char text[256];
	int nmis;
	uint64_t nmi_ns, nmi_start;	/* the durations' sum, the last start */
	bool nmi_first;			/* an NMI came before any sample */
};

static void on_nmi(void *ctx, int cpu, uint64_t start, uint64_t ns)
{
	struct seen *v = ctx;

	(void)cpu;
	v->nmi_first |= v->samples == 0;
	v->nmis++;
	v->nmi_ns += ns;
	v->nmi_start = start;
}

static void on_sample(void *ctx, const struct osn_sample *s)
{
	struct seen *v = ctx;

	v->samples++;
	v->last = *s;
}

static void on_hwlat(void *ctx, const struct hwl_sample *s)
{
	struct seen *v = ctx;

	v->hwlat++;
	v->last_hwlat = *s;
}

static void on_print(void *ctx, int cpu, const char *text)
{
	struct seen *v = ctx;

	(void)cpu;
	v->prints++;
	snprintf(v->text, sizeof(v->text), "%s", text);
}

static void on_missed(void *ctx, int cpu, uint64_t n)
{
	struct seen *v = ctx;

	(void)cpu;
	if (n == LOST_UNKNOWN)
		v->unknown++;
	else
		v->missed += n;
}

static void on_dropped(void *ctx, int cpu, const char *why)
{
	struct seen *v = ctx;

	v->dropped_cpu = cpu;
	snprintf(v->dropped, sizeof(v->dropped), "%s", why);
}

static struct reader_sink sink_of(struct seen *v)
{
	return (struct reader_sink){ .ctx = v, .sample = on_sample, .hwlat = on_hwlat,
				     .print = on_print, .missed = on_missed, .dropped = on_dropped,
				     .nmi = on_nmi };
}

/* Decode tests/fuzz/corpus/page/NAME; -2 when the file is missing. */
static int decode(const char *name, struct seen *v)
{
	static unsigned char buf[65536];
	struct reader_sink sink = sink_of(v);
	size_t n = fuzz_corpus_page(name, buf, sizeof(buf));

	memset(v, 0, sizeof(*v));
	if (!n)
		return -2;
	return reader_page_decode(fuzz_reader(), 1, buf, n, &sink);
}

/* A buffer that hangs up or fails is dropped, not polled again and again. */
static void hangups(void)
{
	struct reader *r = fuzz_reader();
	static unsigned char page[65536];
	size_t n = fuzz_corpus_page("osnoise.bin", page, sizeof(page));
	struct reader_sink sink;
	struct pollfd pfd[3];
	int hup[2], quiet[2], err[2];
	struct seen v;

	memset(&v, 0, sizeof(v));
	sink = sink_of(&v);
	if (pipe2(hup, O_NONBLOCK) || pipe2(quiet, O_NONBLOCK) || pipe2(err, O_NONBLOCK) ||
	    write(hup[1], page, n) != (ssize_t)n) {
		tap_ok(0, "pipes");
		return;
	}
	close(hup[1]);	/* the writer is gone: POLLIN | POLLHUP */
	reader_add_fd(r, 5, quiet[0]);
	reader_add_fd(r, 6, hup[0]);
	reader_add_fd(r, 7, err[0]);
	for (int i = 0; i < 3; i++)
		pfd[i] = (struct pollfd){ .fd = reader_fd(r, i), .events = POLLIN };
	tap_ok(poll(pfd, 3, 1000) == 1 && (pfd[1].revents & POLLHUP), "the hung-up pipe polls POLLHUP");
	tap_ok(reader_service(r, pfd, &sink) == 2 && v.samples == 2,
	       "what it held is read first (2 samples)");
	tap_ok(v.dropped_cpu == 6 && strstr(v.dropped, "POLLHUP") && reader_count(r) == 2 &&
	       reader_cpu(r, 0) == 5 && reader_cpu(r, 1) == 7,
	       "then CPU 6's reader is dropped, with the reason (%s)", v.dropped);
	for (int i = 0; i < 2; i++)
		pfd[i] = (struct pollfd){ .fd = reader_fd(r, i), .events = POLLIN };
	tap_ok(poll(pfd, 2, 0) == 0, "the next poll does not wake up again (no spinning)");
	/* POLLERR cannot be made with a pipe: the kernel's revents, as poll hands them. */
	pfd[0].revents = 0;
	pfd[1].revents = POLLERR;
	reader_service(r, pfd, &sink);
	tap_ok(v.dropped_cpu == 7 && strstr(v.dropped, "POLLERR") && reader_count(r) == 1 &&
	       reader_cpu(r, 0) == 5, "POLLERR drops CPU 7's reader (%s)", v.dropped);
	reader_close(r);
	close(quiet[1]);
	close(err[1]);
}

int main(void)
{
	struct seen v;
	int n;

	tap_plan(18 + 5);
	n = decode("osnoise.bin", &v);
	tap_ok(n == 2 && v.samples == 2 && v.missed == 0, "a page of two osnoise records: 2 samples");
	tap_ok(v.last.cpu == 1 && v.last.noise == 500 && v.last.runtime == 1000000 &&
	       v.last.max_sample == 20 && v.last.hw_count == 3 && v.last.nmi_count == 1 &&
	       v.last.irq_count == 2, "every field as written");
	n = decode("nmi-noise.bin", &v);
	tap_ok(n == 3 && v.nmis == 2 && v.nmi_ns == 4000 && v.nmi_start == 1000005000 &&
	       v.nmi_first && v.samples == 1 && v.last.noise == 500,
	       "osnoise:nmi_noise: each NMI's start and duration (2, 4000 ns), before its period's summary");
	tap_ok(v.missed == 1 && v.unknown == 0,
	       "an nmi_noise record shorter than its fields: counted as one missed");
	n = decode("hwlat.bin", &v);
	tap_ok(n == 1 && v.hwlat == 1 && v.last_hwlat.inner == 12 && v.last_hwlat.outer == 15 &&
	       v.last_hwlat.ts_sec == 1700000000 && v.last_hwlat.ts_nsec == 5000 &&
	       v.last_hwlat.seqnum == 7 && v.last_hwlat.count == 2, "an hwlat record, every field");
	n = decode("print.bin", &v);
	tap_ok(n == 1 && strcmp(v.text, "stop tracing hit on cpu 1\n") == 0, "an ftrace:print text");
	n = decode("time-extend.bin", &v);
	tap_ok(n == 1 && v.samples == 1 && v.missed == 0, "a time extend before a record");
	n = decode("length-word.bin", &v);
	tap_ok(n == 1 && v.last.noise == 1 && v.last.thread_count == 8,
	       "a record with its length in a word of its own");
	n = decode("missed-stored.bin", &v);
	tap_ok(n == 1 && v.missed == 42, "the kernel's stored missed count (42)");

	/* The two pages that crashed the decoder, and the same with decoded types. */
	n = decode("reader-commit-overflow.bin", &v);
	tap_ok(n == 0 && v.samples == 0 && v.unknown == 1 && v.missed == 0,
	       "a size field past the bytes read: page dropped, an unknown number missed");
	n = decode("reader-event-past-page.bin", &v);
	tap_ok(n == 0 && v.unknown == 1, "an event past the page's end (type 21): an unknown number missed");
	n = decode("event-past-page-osnoise.bin", &v);
	tap_ok(n == 0 && v.samples == 0 && v.unknown == 1,
	       "the same with the osnoise type: not decoded, an unknown number missed");
	n = decode("event-past-page-hwlat.bin", &v);
	tap_ok(n == 0 && v.hwlat == 0 && v.unknown == 1, "the same with the hwlat type");
	n = decode("event-past-page-print.bin", &v);
	tap_ok(n == 0 && v.prints == 0 && v.unknown == 1, "the same with the print type");
	n = decode("short-record.bin", &v);
	tap_ok(n == 0 && v.samples == 0 && v.missed == 1 && v.unknown == 0,
	       "an osnoise record shorter than its fields: counted as one missed");
	alarm(20);	/* before the fix, the next page made kbuffer loop forever */
	n = decode("libfuzzer-padding-backwards.bin", &v);
	tap_ok(n == 1 && v.prints == 1 && v.unknown == 1,
	       "a padding going backwards (found by libFuzzer): the event before it, the rest missed");
	alarm(0);
	n = decode("short.bin", &v);
	tap_ok(n == 0 && v.unknown == 1, "8 bytes, shorter than a page header: an unknown number missed");
	tap_ok(decode("osnoise.bin", &v) == 2 && v.missed == 0 && v.unknown == 0, "a good page after the bad ones");
	hangups();
	return tap_done();
}
