/*
 * reader: per-CPU ring-buffer readers of one tracefs instance, decoded with
 * libtraceevent into osn_sample (ftrace:osnoise) and hwl_sample
 * (ftrace:hwlat) structs, and the osnoise:sample_threshold and
 * osnoise:nmi_noise events where enabled.
 *
 * Each measured CPU's trace_pipe_raw is opened non-blocking; its fd goes
 * into the session's poll() set (the instance's buffer_percent is 0, so
 * poll wakes as soon as a record lands).  Only the "ftrace" and "osnoise"
 * event systems are loaded.
 */
#ifndef HWN_READER_H
#define HWN_READER_H

#include <stddef.h>
#include <stdint.h>

#include "cpuset.h"
#include "hwlat_stats.h"
#include "stats.h"

struct tracefs_instance;
struct reader;

struct reader_sink {
	void *ctx;
	void (*sample)(void *ctx, const struct osn_sample *s);
	/* The kernel's "stop tracing hit" (or any trace print) on cpu. */
	void (*print)(void *ctx, int cpu, const char *text);
	/* Events the kernel dropped before a page; LOST_UNKNOWN: some, count unknown. */
	void (*missed)(void *ctx, int cpu, uint64_t count);
	/* An osnoise:sample_threshold event (enabled with -s to find the CPU). */
	void (*threshold)(void *ctx, int cpu, uint64_t ts, uint64_t duration_ns);
	/*
	 * An osnoise:nmi_noise event (enabled with --why): an NMI on cpu while
	 * the tracer sampled, from start (the kernel's trace clock, ns) for
	 * duration_ns.  A period's come before its summary.
	 */
	void (*nmi)(void *ctx, int cpu, uint64_t start_ns, uint64_t duration_ns);
	void (*hwlat)(void *ctx, const struct hwl_sample *s);
	/* cpu's reader was closed: its buffer failed or hung up (why). */
	void (*dropped)(void *ctx, int cpu, const char *why);
};

/* Fails only when the kernel has neither the osnoise nor the hwlat event. */
struct reader *reader_new(char *err, size_t errlen);
/*
 * The same with the format files ("events/header_page",
 * "events/ftrace/osnoise/format", ...) read by read(ctx, name, &size) into
 * malloc'd text, NULL when absent, instead of from tracefs (for tests).
 */
typedef char *(*reader_read_fn)(void *ctx, const char *name, int *size);
struct reader *reader_new_with(reader_read_fn read, void *ctx, char *err, size_t errlen);
void reader_free(struct reader *r);

/* Open the readers for cpus in inst (closing any open before). */
int reader_open(struct reader *r, struct tracefs_instance *inst, const struct cpuset *cpus,
		char *err, size_t errlen);
void reader_close(struct reader *r);
/* Read fd as cpu's buffer from now on (reader_open's step; tests). */
int reader_add_fd(struct reader *r, int cpu, int fd);

/* The open fds and their CPUs, for poll(). */
int reader_count(const struct reader *r);
int reader_fd(const struct reader *r, int i);
int reader_cpu(const struct reader *r, int i);

/* Read and decode everything buffered for reader i.  Returns records or -errno. */
int reader_drain(struct reader *r, int i, const struct reader_sink *sink);
/*
 * Decode one ring-buffer page of n bytes (as read from trace_pipe_raw) from
 * cpu.  A page or record that does not hold together is dropped and counted
 * as missed.  Returns the records decoded.
 */
int reader_page_decode(struct reader *r, int cpu, const void *buf, size_t n,
		       const struct reader_sink *sink);
/*
 * After poll() on the readers' fds (pfd[i] for reader i, in order): drain
 * each that has input; drop each whose fd reports POLLERR, POLLHUP or
 * POLLNVAL or fails to read (after reading what is left), closing it and
 * calling sink->dropped, so that a failed buffer cannot make poll() spin.
 * Returns the records read.
 */
struct pollfd;
int reader_service(struct reader *r, const struct pollfd *pfd, const struct reader_sink *sink);
/* Drain every reader. */
int reader_drain_all(struct reader *r, const struct reader_sink *sink);

#endif
