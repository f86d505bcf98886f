/*
 * reader: per-CPU trace_pipe_raw readers and event decoding.  See reader.h.
 */
#include "reader.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <event-parse.h>
#include <kbuffer.h>
#include <tracefs.h>

/* The ring buffer page's commit field: its size, and the missed-events flags. */
#define COMMIT_SIZE_MASK ((1ULL << 27) - 1)
#define COMMIT_MISSED (1ULL << 31)
#define COMMIT_MISSED_STORED (1ULL << 30)
#define PAGE_SLACK 8

struct cpu_fd {
	int cpu;
	int fd;
};

struct osnoise_fields {
	struct tep_format_field *noise, *runtime, *max_sample, *hw, *nmi, *irq, *softirq, *thread;
};

struct hwlat_fields {
	struct tep_format_field *inner, *outer, *nmi_total, *sec, *nsec, *nmi_count, *seqnum, *count;
};

struct reader {
	struct tep_handle *tep;
	struct kbuffer *kbuf;
	void *page;			/* inside map, PAGE_SLACK bytes before a guard page */
	int page_size;
	void *map;
	size_t map_size;
	int osnoise_id, hwlat_id, print_id, bprint_id, threshold_id;
	struct tep_format_field *threshold_duration;
	struct tep_event *print_ev;
	struct tep_format_field *print_buf;
	/* The shortest record each decoded event may be: its last field's end. */
	int common_min, osnoise_min, hwlat_min, threshold_min, print_min;
	struct osnoise_fields f;
	struct hwlat_fields h;
	struct cpu_fd *fds;
	int nfds;
};

/*
 * Parse only the formats the readers decode.  Loading whole event systems
 * with libtracefs also parses kallsyms and every format of the system:
 * seconds on a small or emulated machine, for records we never see.
 */
static const struct {
	const char *system, *path;
} formats[] = {
	{ "ftrace", "events/ftrace/osnoise/format" },
	{ "ftrace", "events/ftrace/print/format" },
	{ "ftrace", "events/ftrace/bprint/format" },
	{ "ftrace", "events/ftrace/hwlat/format" },
	/* With -s, the sample that fires it names the CPU (see osnoise.c). */
	{ "osnoise", "events/osnoise/sample_threshold/format" },
	{ NULL, NULL },
};

static char *read_tracefs(void *ctx, const char *name, int *size)
{
	(void)ctx;
	return tracefs_instance_file_read(NULL, name, size);
}

static struct tep_handle *load_formats(reader_read_fn read, void *ctx, char *err, size_t errlen)
{
	struct tep_handle *tep = tep_alloc();
	char *text;
	int size;

	if (!tep) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	tep_set_long_size(tep, sizeof(long));
	tep_set_page_size(tep, getpagesize());
	text = read(ctx, "events/header_page", &size);
	if (!text || tep_parse_header_page(tep, text, size, sizeof(long)) < 0) {
		snprintf(err, errlen, "cannot read the ring buffer's header_page from tracefs");
		free(text);
		tep_free(tep);
		return NULL;
	}
	free(text);
	for (int i = 0; formats[i].path; i++) {
		/* A format the kernel lacks (no hwlat tracer) is simply absent. */
		text = read(ctx, formats[i].path, &size);
		if (text)
			tep_parse_event(tep, text, size, formats[i].system);
		free(text);
	}
	return tep;
}

/* The end of the furthest of fields (NULL ones skipped) in a record. */
static int fields_end(struct tep_format_field *const *fields, int n)
{
	int end = 0;

	for (int i = 0; i < n; i++)
		if (fields[i] && fields[i]->offset + fields[i]->size > end)
			end = fields[i]->offset + fields[i]->size;
	return end;
}

/* The end of an event's common fields (common_type and the others). */
static int common_end(struct tep_event *ev)
{
	struct tep_format_field **common = tep_event_common_fields(ev);
	int end = 0;

	for (int i = 0; common && common[i]; i++)
		if (common[i]->offset + common[i]->size > end)
			end = common[i]->offset + common[i]->size;
	free(common);
	return end;
}

/*
 * The buffer a page is read into.  kbuffer reads an event's header before it
 * knows the event's length: up to 8 bytes past the last event of a full
 * page, kept zero.  After those, an inaccessible page: a read past what the
 * checks allow faults at once instead of going on through the heap.
 */
static void *page_alloc(int page_size, void **map, size_t *map_size)
{
	size_t ps = page_size;
	char *m = mmap(NULL, 3 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		return NULL;
	if (mprotect(m + 2 * ps, ps, PROT_NONE) < 0) {
		munmap(m, 3 * ps);
		return NULL;
	}
	*map = m;
	*map_size = 3 * ps;
	return m + 2 * ps - PAGE_SLACK - ps;
}

struct reader *reader_new(char *err, size_t errlen)
{
	return reader_new_with(read_tracefs, NULL, err, errlen);
}

struct reader *reader_new_with(reader_read_fn read, void *ctx, char *err, size_t errlen)
{
	struct tep_event *ev;
	struct reader *r;

	r = calloc(1, sizeof(*r));
	if (!r)
		goto nomem;
	r->tep = load_formats(read, ctx, err, errlen);
	if (!r->tep)
		goto fail;
	r->osnoise_id = r->hwlat_id = -1;
	ev = tep_find_event_by_name(r->tep, "ftrace", "osnoise");
	if (ev) {
		r->osnoise_id = ev->id;
		r->f.noise = tep_find_field(ev, "noise");
		r->f.runtime = tep_find_field(ev, "runtime");
		r->f.max_sample = tep_find_field(ev, "max_sample");
		r->f.hw = tep_find_field(ev, "hw_count");
		r->f.nmi = tep_find_field(ev, "nmi_count");
		r->f.irq = tep_find_field(ev, "irq_count");
		r->f.softirq = tep_find_field(ev, "softirq_count");
		r->f.thread = tep_find_field(ev, "thread_count");
		if (!r->f.noise || !r->f.runtime || !r->f.max_sample || !r->f.hw || !r->f.nmi ||
		    !r->f.irq || !r->f.softirq || !r->f.thread) {
			snprintf(err, errlen, "the ftrace:osnoise event lacks an expected field");
			goto fail;
		}
		struct tep_format_field *const of[] = {
			r->f.noise, r->f.runtime, r->f.max_sample, r->f.hw, r->f.nmi, r->f.irq,
			r->f.softirq, r->f.thread,
		};
		r->osnoise_min = fields_end(of, 8);
		r->common_min = common_end(ev);
	}
	ev = tep_find_event_by_name(r->tep, "ftrace", "hwlat");
	if (ev) {
		r->hwlat_id = ev->id;
		r->h.inner = tep_find_field(ev, "duration");
		r->h.outer = tep_find_field(ev, "outer_duration");
		r->h.nmi_total = tep_find_field(ev, "nmi_total_ts");
		r->h.sec = tep_find_field(ev, "tv_sec");
		r->h.nsec = tep_find_field(ev, "tv_nsec");
		r->h.nmi_count = tep_find_field(ev, "nmi_count");
		r->h.seqnum = tep_find_field(ev, "seqnum");
		r->h.count = tep_find_field(ev, "count");	/* Linux >= 5.19 */
		if (!r->h.inner || !r->h.outer || !r->h.sec || !r->h.nsec) {
			snprintf(err, errlen, "the ftrace:hwlat event lacks an expected field");
			goto fail;
		}
		struct tep_format_field *const hf[] = {
			r->h.inner, r->h.outer, r->h.nmi_total, r->h.sec, r->h.nsec, r->h.nmi_count,
			r->h.seqnum, r->h.count,
		};
		r->hwlat_min = fields_end(hf, 8);
		if (common_end(ev) > r->common_min)
			r->common_min = common_end(ev);
	}
	if (r->osnoise_id < 0 && r->hwlat_id < 0) {
		snprintf(err, errlen, "the kernel has neither the ftrace:osnoise nor the ftrace:hwlat event format");
		goto fail;
	}
	ev = tep_find_event_by_name(r->tep, "ftrace", "print");
	r->print_id = ev ? ev->id : -1;
	r->print_ev = ev;
	r->print_buf = ev ? tep_find_field(ev, "buf") : NULL;
	r->print_min = r->print_buf ? r->print_buf->offset : 0;
	ev = tep_find_event_by_name(r->tep, "ftrace", "bprint");
	r->bprint_id = ev ? ev->id : -1;
	ev = tep_find_event_by_name(r->tep, "osnoise", "sample_threshold");
	r->threshold_duration = ev ? tep_find_field(ev, "duration") : NULL;
	r->threshold_id = ev && r->threshold_duration ? ev->id : -1;
	r->threshold_min = fields_end(&r->threshold_duration, 1);
	r->page_size = getpagesize();
	r->page = page_alloc(r->page_size, &r->map, &r->map_size);
	r->kbuf = tep_kbuffer(r->tep);
	if (!r->page || !r->kbuf)
		goto nomem;
	return r;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	reader_free(r);
	return NULL;
}

void reader_close(struct reader *r)
{
	for (int i = 0; i < r->nfds; i++)
		close(r->fds[i].fd);
	free(r->fds);
	r->fds = NULL;
	r->nfds = 0;
}

void reader_free(struct reader *r)
{
	if (!r)
		return;
	reader_close(r);
	if (r->kbuf)
		kbuffer_free(r->kbuf);
	if (r->tep)
		tep_free(r->tep);
	if (r->map)
		munmap(r->map, r->map_size);
	free(r);
}

int reader_add_fd(struct reader *r, int cpu, int fd)
{
	struct cpu_fd *f = realloc(r->fds, (r->nfds + 1) * sizeof(*r->fds));

	if (!f)
		return -ENOMEM;
	r->fds = f;
	r->fds[r->nfds++] = (struct cpu_fd){ .cpu = cpu, .fd = fd };
	return 0;
}

int reader_open(struct reader *r, struct tracefs_instance *inst, const struct cpuset *cpus,
		char *err, size_t errlen)
{
	int cpu;

	reader_close(r);
	cpuset_for_each(cpu, cpus) {
		char name[64];
		char *path;
		int fd;

		snprintf(name, sizeof(name), "per_cpu/cpu%d/trace_pipe_raw", cpu);
		path = tracefs_instance_get_file(inst, name);
		if (!path) {
			snprintf(err, errlen, "out of memory");
			reader_close(r);
			return -ENOMEM;
		}
		fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0) {
			int e = errno;

			snprintf(err, errlen, "cannot open %s: %s", path, strerror(e));
			tracefs_put_tracing_file(path);
			reader_close(r);
			return -e;
		}
		tracefs_put_tracing_file(path);
		if (reader_add_fd(r, cpu, fd) < 0) {
			close(fd);
			snprintf(err, errlen, "out of memory");
			reader_close(r);
			return -ENOMEM;
		}
	}
	return 0;
}

int reader_count(const struct reader *r)
{
	return r->nfds;
}

int reader_fd(const struct reader *r, int i)
{
	return r->fds[i].fd;
}

int reader_cpu(const struct reader *r, int i)
{
	return r->fds[i].cpu;
}

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
static int decode_page(struct reader *r, int cpu, size_t n, const struct reader_sink *sink)
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

int reader_decode_page(struct reader *r, int cpu, const void *buf, size_t n,
		       const struct reader_sink *sink)
{
	if (n > (size_t)r->page_size)
		n = r->page_size;
	memcpy(r->page, buf, n);
	return decode_page(r, cpu, n, sink);
}

int reader_drain(struct reader *r, int i, const struct reader_sink *sink)
{
	int cpu = r->fds[i].cpu;
	int records = 0;

	for (;;) {
		ssize_t n = read(r->fds[i].fd, r->page, r->page_size);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN)
				return records;
			return -errno;
		}
		if (n == 0)
			return records;
		records += decode_page(r, cpu, n, sink);
	}
}

/* Close reader i and tell sink why. */
static void drop(struct reader *r, int i, const char *why, const struct reader_sink *sink)
{
	int cpu = r->fds[i].cpu;

	close(r->fds[i].fd);
	memmove(&r->fds[i], &r->fds[i + 1], (r->nfds - i - 1) * sizeof(*r->fds));
	r->nfds--;
	if (sink->dropped)
		sink->dropped(sink->ctx, cpu, why);
}

int reader_service(struct reader *r, const struct pollfd *pfd, const struct reader_sink *sink)
{
	int records = 0;

	/* From the end: dropping reader i leaves the lower indices as they are. */
	for (int i = r->nfds - 1; i >= 0; i--) {
		short ev = pfd[i].revents;
		int n = 0;

		if (ev & POLLNVAL) {
			drop(r, i, "its trace buffer's file is no longer open (POLLNVAL)", sink);
			continue;
		}
		/* What is left is read before a hung-up or failed buffer is dropped. */
		if (ev & (POLLIN | POLLERR | POLLHUP)) {
			n = reader_drain(r, i, sink);
			if (n > 0)
				records += n;
		}
		if (ev & POLLERR)
			drop(r, i, "its trace buffer reported an error (POLLERR)", sink);
		else if (ev & POLLHUP)
			drop(r, i, "its trace buffer hung up (POLLHUP)", sink);
		else if (n < 0)
			drop(r, i, strerror(-n), sink);
	}
	return records;
}

int reader_drain_all(struct reader *r, const struct reader_sink *sink)
{
	int total = 0;

	for (int i = 0; i < r->nfds; i++) {
		int n = reader_drain(r, i, sink);

		if (n > 0)
			total += n;
	}
	return total;
}
