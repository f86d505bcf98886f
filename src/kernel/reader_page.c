/*
 * reader_page: a ring-buffer page of trace_pipe_raw checked record by
 * record against the event formats and decoded into the reader's sink.  See
 * reader.h (reader_page_decode) and reader_int.h.
 */
#include "reader_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include <kbuffer.h>

static uint64_t field(struct tep_format_field *f, void *data)
{
	unsigned long long v = 0;

	if (f)
		tep_read_number_field(f, data, &v);
	return v;
}

/* A record shorter than its event's fields: -1 (counted as missed). */
static int decode(struct reader *r, int cpu, void *data, int size, uint64_t ts,
		  const struct reader_sink *sink)
{
	struct tep_record rec = { .ts = ts, .cpu = cpu, .data = data, .size = size };
	int type;

	if (size < r->common_min)
		return -1;
	type = tep_data_type(r->tep, &rec);
	if (type == r->osnoise_id) {
		if (size < r->osnoise_min)
			return -1;
		struct osn_sample s = {
			.cpu = cpu,
			.ts = ts,
			.runtime = field(r->f.runtime, data),
			.noise = field(r->f.noise, data),
			.max_sample = field(r->f.max_sample, data),
			.hw_count = field(r->f.hw, data),
			.nmi_count = field(r->f.nmi, data),
			.irq_count = field(r->f.irq, data),
			.softirq_count = field(r->f.softirq, data),
			.thread_count = field(r->f.thread, data),
		};
		if (sink->sample)
			sink->sample(sink->ctx, &s);
	} else if (type == r->hwlat_id) {
		if (size < r->hwlat_min)
			return -1;
		struct hwl_sample s = {
			.cpu = cpu,
			.seqnum = (uint32_t)field(r->h.seqnum, data),
			.ts_sec = (int64_t)field(r->h.sec, data),
			.ts_nsec = (long)field(r->h.nsec, data),
			.inner = field(r->h.inner, data),
			.outer = field(r->h.outer, data),
			.count = field(r->h.count, data),
			.nmi_total = field(r->h.nmi_total, data),
			.nmi_count = field(r->h.nmi_count, data),
		};
		if (sink->hwlat)
			sink->hwlat(sink->ctx, &s);
	} else if (type == r->threshold_id && sink->threshold) {
		if (size < r->threshold_min)
			return -1;
		sink->threshold(sink->ctx, cpu, ts, field(r->threshold_duration, data));
	} else if (type == r->nmi_id && sink->nmi) {
		if (size < r->nmi_min)
			return -1;
		sink->nmi(sink->ctx, cpu, field(r->nmi_start, data), field(r->nmi_duration, data));
	} else if ((type == r->print_id || type == r->bprint_id) && sink->print) {
		char text[256] = "";

		/*
		 * ftrace:print carries its text to the record's end, not always
		 * NUL-terminated; bprint needs the printk formats.
		 */
		if (type == r->print_id && r->print_buf) {
			int len = size - r->print_min;

			if (len < 0)
				return -1;
			if (len > (int)sizeof(text) - 1)
				len = sizeof(text) - 1;
			memcpy(text, (char *)data + r->print_min, len);
			text[len] = 0;
		}
		sink->print(sink->ctx, cpu, text);
	}
	return 0;
}

/* Event types of the ring buffer's 5-bit type_len (1 to 28: data of 4 * type_len bytes). */
#define RB_TYPE_LONG 0		/* data length in the next word */
#define RB_TYPE_PADDING 29
#define RB_TYPE_TIME_EXTEND 30
#define RB_TYPE_TIME_STAMP 31

/*
 * How many bytes of the events at data (size bytes) hold together: each
 * event found where the previous one ends, inside size, and one step
 * forward at least.  Walked as kbuffer walks them (same lengths), so that
 * kbuffer, given no more than this, never goes backwards (a padding with a
 * negative length made it loop forever) nor past the page.
 */
static size_t events_valid(const char *data, size_t size)
{
	size_t pos = 0;

	while (pos + 4 <= size) {
		uint32_t w, len = 0;
		uint64_t next;

		memcpy(&w, data + pos, 4);
		if ((w & 31) != RB_TYPE_LONG && (w & 31) < RB_TYPE_PADDING) {
			next = pos + 4 + (uint64_t)(w & 31) * 4;
		} else {
			if (pos + 8 > size)
				break;
			memcpy(&len, data + pos + 4, 4);
			if ((w & 31) == RB_TYPE_PADDING)
				next = pos + 4 + (uint64_t)len;
			else if ((w & 31) == RB_TYPE_LONG)
				next = len < 4 ? 0 : pos + 8 + (((uint64_t)len - 4 + 3) & ~3ULL);
			else
				next = pos + 8;
		}
		if (next <= pos || next > size)
			break;
		pos = next;
	}
	return pos;
}

static void missed(const struct reader_sink *sink, int cpu, long long count)
{
	/* -1: an unknown number (the kernel did not store it, a page dropped). */
	if (count && sink->missed)
		sink->missed(sink->ctx, cpu, count < 0 ? LOST_UNKNOWN : (uint64_t)count);
}

/*
 * Decode the n bytes read into r->page.  The page is kernel data, checked
 * before libtraceevent walks it: its size field against the bytes read,
 * each event's end against the page, each record against its fields.  A
 * page that fails is dropped (the rest of it when its start was good) and
 * counted as missed events.
 */
int reader_page(struct reader *r, int cpu, size_t n, const struct reader_sink *sink)
{
	char *page = r->page;
	size_t hdr = 8 + (size_t)tep_get_long_size(r->tep), end, stored, valid;
	unsigned long long commit, ts;
	int records = 0;
	void *data;

	if (n > (size_t)r->page_size)
		n = r->page_size;
	memset(page + n, 0, r->page_size + PAGE_SLACK - n);
	if (n < hdr) {
		missed(sink, cpu, -1);
		return 0;
	}
	if (hdr == 16) {
		uint64_t c;

		memcpy(&c, page + 8, sizeof(c));
		commit = c;
	} else {
		uint32_t c;

		memcpy(&c, page + 8, sizeof(c));
		commit = c;
	}
	end = hdr + (commit & COMMIT_SIZE_MASK);
	/* The kernel stores the missed count (a long) right after the data. */
	stored = (commit & COMMIT_MISSED) && (commit & COMMIT_MISSED_STORED) ? hdr - 8 : 0;
	if (end + stored > n) {
		missed(sink, cpu, -1);
		return 0;
	}
	valid = events_valid(page + hdr, end - hdr);
	if (valid < end - hdr) {
		/*
		 * Only what holds together is decoded (the commit field cut to
		 * it, its missed-events flags cleared); the rest counts as missed.
		 */
		missed(sink, cpu, -1);
		commit = valid;
		if (hdr == 16)
			memcpy(page + 8, &commit, 8);
		else
			memcpy(page + 8, &(uint32_t){ (uint32_t)commit }, 4);
		end = hdr + valid;
	}
	if (kbuffer_load_subbuffer(r->kbuf, page) < 0) {
		missed(sink, cpu, -1);
		return 0;
	}
	missed(sink, cpu, kbuffer_missed_events(r->kbuf));
	for (data = kbuffer_read_event(r->kbuf, &ts); data; data = kbuffer_next_event(r->kbuf, &ts)) {
		int size = kbuffer_event_size(r->kbuf);

		if ((char *)data < page + hdr || size < 0 || (size_t)((char *)data - page) + size > end) {
			missed(sink, cpu, -1);
			break;
		}
		if (decode(r, cpu, data, size, ts, sink) < 0)
			missed(sink, cpu, 1);
		else
			records++;
	}
	return records;
}

int reader_page_decode(struct reader *r, int cpu, const void *buf, size_t n,
		       const struct reader_sink *sink)
{
	if (n > (size_t)r->page_size)
		n = r->page_size;
	memcpy(r->page, buf, n);
	return reader_page(r, cpu, n, sink);
}
