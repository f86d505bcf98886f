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

#include "reader_int.h"

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
	/* With --why, each NMI's time (see osnoise.c). */
	{ "osnoise", "events/osnoise/nmi_noise/format" },
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

/*
 * The osnoise events read where enabled: sample_threshold (-s, the
 * histogram) and nmi_noise (--why).  Either may be absent: not decoded.
 */
static void osnoise_events(struct reader *r)
{
	struct tep_event *ev = tep_find_event_by_name(r->tep, "osnoise", "sample_threshold");

	r->threshold_duration = ev ? tep_find_field(ev, "duration") : NULL;
	r->threshold_id = ev && r->threshold_duration ? ev->id : -1;
	r->threshold_min = fields_end(&r->threshold_duration, 1);
	ev = tep_find_event_by_name(r->tep, "osnoise", "nmi_noise");
	r->nmi_start = ev ? tep_find_field(ev, "start") : NULL;
	r->nmi_duration = ev ? tep_find_field(ev, "duration") : NULL;
	r->nmi_id = ev && r->nmi_start && r->nmi_duration ? ev->id : -1;
	struct tep_format_field *const nf[] = { r->nmi_start, r->nmi_duration };

	r->nmi_min = fields_end(nf, 2);
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
	r->osnoise_id = r->hwlat_id = r->nmi_id = -1;
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
	osnoise_events(r);
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
		records += reader_page(r, cpu, n, sink);
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
