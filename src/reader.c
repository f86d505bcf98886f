/*
 * reader: per-CPU trace_pipe_raw readers and event decoding.  See reader.h.
 */
#include "reader.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>
#include <kbuffer.h>
#include <tracefs.h>

struct cpu_fd {
	int cpu;
	int fd;
};

struct osnoise_fields {
	struct tep_format_field *noise, *runtime, *max_sample, *hw, *nmi, *irq, *softirq, *thread;
};

struct reader {
	struct tep_handle *tep;
	struct kbuffer *kbuf;
	void *page;
	int page_size;
	int osnoise_id, print_id, bprint_id, threshold_id;
	struct tep_format_field *threshold_duration;
	struct tep_event *print_ev;
	struct osnoise_fields f;
	struct cpu_fd *fds;
	int nfds;
};

/*
 * Parse only the formats the readers decode.  Loading whole event systems
 * with libtracefs also parses kallsyms and every format of the system:
 * seconds on a small or emulated machine, for records we never see.
 */
static const char *const formats[] = {
	"events/ftrace/osnoise/format", "events/ftrace/print/format",
	"events/ftrace/bprint/format", "events/ftrace/hwlat/format", NULL,
};

static struct tep_handle *load_formats(char *err, size_t errlen)
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
	text = tracefs_instance_file_read(NULL, "events/header_page", &size);
	if (!text || tep_parse_header_page(tep, text, size, sizeof(long)) < 0) {
		snprintf(err, errlen, "cannot read the ring buffer's header_page from tracefs");
		free(text);
		tep_free(tep);
		return NULL;
	}
	free(text);
	for (int i = 0; formats[i]; i++) {
		/* A format the kernel lacks (no hwlat tracer) is simply absent. */
		text = tracefs_instance_file_read(NULL, formats[i], &size);
		if (text)
			tep_parse_event(tep, text, size, "ftrace");
		free(text);
	}
	/* With -s, the sample that fires it names the CPU (see osnoise.c). */
	text = tracefs_instance_file_read(NULL, "events/osnoise/sample_threshold/format", &size);
	if (text)
		tep_parse_event(tep, text, size, "osnoise");
	free(text);
	return tep;
}

struct reader *reader_new(char *err, size_t errlen)
{
	struct tep_event *ev;
	struct reader *r;

	r = calloc(1, sizeof(*r));
	if (!r)
		goto nomem;
	r->tep = load_formats(err, errlen);
	if (!r->tep)
		goto fail;
	ev = tep_find_event_by_name(r->tep, "ftrace", "osnoise");
	if (!ev) {
		snprintf(err, errlen, "the kernel has no ftrace:osnoise event format");
		goto fail;
	}
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
	ev = tep_find_event_by_name(r->tep, "ftrace", "print");
	r->print_id = ev ? ev->id : -1;
	r->print_ev = ev;
	ev = tep_find_event_by_name(r->tep, "ftrace", "bprint");
	r->bprint_id = ev ? ev->id : -1;
	ev = tep_find_event_by_name(r->tep, "osnoise", "sample_threshold");
	r->threshold_duration = ev ? tep_find_field(ev, "duration") : NULL;
	r->threshold_id = ev && r->threshold_duration ? ev->id : -1;
	r->page_size = getpagesize();
	r->page = malloc(r->page_size);
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
	free(r->page);
	free(r);
}

int reader_open(struct reader *r, struct tracefs_instance *inst, const struct cpuset *cpus,
		char *err, size_t errlen)
{
	int cpu, n = 0;

	reader_close(r);
	r->fds = calloc(cpuset_count(cpus) + 1, sizeof(*r->fds));
	if (!r->fds) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	cpuset_for_each(cpu, cpus) {
		char name[64];
		char *path;
		int fd;

		snprintf(name, sizeof(name), "per_cpu/cpu%d/trace_pipe_raw", cpu);
		path = tracefs_instance_get_file(inst, name);
		if (!path) {
			snprintf(err, errlen, "out of memory");
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
		r->fds[n].cpu = cpu;
		r->fds[n].fd = fd;
		r->nfds = ++n;
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

	tep_read_number_field(f, data, &v);
	return v;
}

static void decode(struct reader *r, int cpu, void *data, int size, uint64_t ts,
		   const struct reader_sink *sink)
{
	struct tep_record rec = { .ts = ts, .cpu = cpu, .data = data, .size = size };
	int type = tep_data_type(r->tep, &rec);

	if (type == r->osnoise_id) {
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
	} else if (type == r->threshold_id && sink->threshold) {
		sink->threshold(sink->ctx, cpu, ts, field(r->threshold_duration, data));
	} else if ((type == r->print_id || type == r->bprint_id) && sink->print) {
		const char *text = "";
		int len;

		/* ftrace:print carries its text; bprint needs the printk formats. */
		if (type == r->print_id && r->print_ev)
			text = tep_get_field_raw(NULL, r->print_ev, "buf", &rec, &len, 0);
		sink->print(sink->ctx, cpu, text ? text : "");
	}
}

int reader_drain(struct reader *r, int i, const struct reader_sink *sink)
{
	int cpu = r->fds[i].cpu;
	int records = 0;

	for (;;) {
		ssize_t n = read(r->fds[i].fd, r->page, r->page_size);
		int missed;
		void *data;
		unsigned long long ts;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN)
				return records;
			return -errno;
		}
		if (n == 0)
			return records;
		if (n < r->page_size)
			memset((char *)r->page + n, 0, r->page_size - n);
		if (kbuffer_load_subbuffer(r->kbuf, r->page) < 0)
			return records;
		missed = kbuffer_missed_events(r->kbuf);
		if (missed && sink->missed)
			sink->missed(sink->ctx, cpu, missed < 0 ? 1 : (uint64_t)missed);
		for (data = kbuffer_read_event(r->kbuf, &ts); data;
		     data = kbuffer_next_event(r->kbuf, &ts)) {
			decode(r, cpu, data, kbuffer_event_size(r->kbuf), ts, sink);
			records++;
		}
	}
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
