/*
 * reader: per-CPU ring-buffer readers of one tracefs instance, decoded with
 * libtraceevent into osn_sample structs.
 *
 * Each measured CPU's trace_pipe_raw is opened non-blocking; its fd goes
 * into the session's poll() set (the instance's buffer_percent is 0, so
 * poll wakes as soon as a record lands).  Only the "ftrace" and "osnoise"
 * event systems are loaded.
 */
#ifndef HWN_READER_H
#define HWN_READER_H

#include <stdint.h>

#include "cpuset.h"
#include "stats.h"

struct tracefs_instance;
struct reader;

struct reader_sink {
	void *ctx;
	void (*sample)(void *ctx, const struct osn_sample *s);
	/* The kernel's "stop tracing hit" (or any trace print) on cpu. */
	void (*print)(void *ctx, int cpu, const char *text);
	void (*missed)(void *ctx, int cpu, uint64_t count);
	/* An osnoise:sample_threshold event (enabled with -s to find the CPU). */
	void (*threshold)(void *ctx, int cpu, uint64_t ts, uint64_t duration_ns);
};

struct reader *reader_new(char *err, size_t errlen);
void reader_free(struct reader *r);

/* Open the readers for cpus in inst (closing any open before). */
int reader_open(struct reader *r, struct tracefs_instance *inst, const struct cpuset *cpus,
		char *err, size_t errlen);
void reader_close(struct reader *r);

/* The open fds and their CPUs, for poll(). */
int reader_count(const struct reader *r);
int reader_fd(const struct reader *r, int i);
int reader_cpu(const struct reader *r, int i);

/* Read and decode everything buffered for reader i.  Returns records or -errno. */
int reader_drain(struct reader *r, int i, const struct reader_sink *sink);
/* Drain every reader. */
int reader_drain_all(struct reader *r, const struct reader_sink *sink);

#endif
