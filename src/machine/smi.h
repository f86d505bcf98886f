/*
 * smi: per-CPU SMI counts from MSR 0x34 (MSR_SMI_COUNT) read through
 * /dev/cpu/N/msr (the msr module).
 *
 * The counter is probed by reading it, not guessed from the vendor: AMD
 * has no MSR 0x34 (the read fails with EIO), a hypervisor may emulate it.
 * It is 32 bits wide; the count between two reads is taken modulo 2^32.
 *
 * Reading another CPU's MSR sends an IPI to that CPU, which waits while the
 * CPU runs with interrupts off (hwnoise's runtime, hwlat's width): the
 * reads are made by one thread of ours, never by the poll() loop, which
 * only asks for them (smi_request()) and picks up the counts the thread
 * finished (smi_collect()).  When to ask is the caller's decision: right
 * after a CPU's period summary, inside the CPU's sleep gap
 * (smi_gap_ok()).  The first read of every CPU (the baseline, in
 * smi_open()) and the last (smi_read_now()) are made while no tracer runs.
 */
#ifndef HWN_SMI_H
#define HWN_SMI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpuset.h"

#define SMI_MSR 0x34

struct smi;

/* A count of SMIs taken by cpu since its previous read. */
typedef void (*smi_sink)(void *ctx, int cpu, uint64_t count);

/*
 * Open the MSR device of every CPU in cpus and read each once.  With
 * load, a missing /dev/cpu/N/msr makes it run "modprobe msr" (and
 * register the module's unload with settings, before loading it).
 * NULL only without memory; otherwise smi_ok() says whether the counter
 * can be read and smi_why() why not (one line, e.g. "cannot read MSR 0x34
 * on CPU 2: Input/output error").  A msr module loaded here (load) has its
 * unload recorded in l.
 */
struct ledger;
struct smi *smi_open(struct ledger *l, const struct cpuset *cpus, bool load, bool debug);
bool smi_ok(const struct smi *smi);
const char *smi_why(const struct smi *smi);
/* Did smi_open() load the msr module? */
bool smi_loaded_module(const struct smi *smi);
/* Stop the thread and close the devices; smi_ok() and smi_why() stay. */
void smi_stop(struct smi *smi);
/* smi_stop() and free (NULL is fine). */
void smi_close(struct smi *smi);

/* Ask for a read of cpu (a request already pending for it absorbs this one). */
void smi_request(struct smi *smi, int cpu);
/* Hand every finished read's count to sink, in the caller's thread. */
void smi_collect(struct smi *smi, smi_sink sink, void *ctx);
/*
 * Read every CPU now in the calling thread, after the pending reads (call
 * only while no tracer keeps interrupts off), and hand the counts to sink.
 */
void smi_read_now(struct smi *smi, smi_sink sink, void *ctx);

/* SMIs between two reads of the 32-bit counter (wraps once at most). */
uint32_t smi_delta(uint32_t prev, uint32_t now);

/*
 * May a CPU whose period summary has timestamp ts_ns (CLOCK_MONOTONIC)
 * be read at now_ns?  Yes inside the first half of its sleep gap
 * (period - runtime after the summary) and at least 50 us before its
 * end; with runtime == period (no gap) always: the IPI then waits for the
 * period's boundary, where interrupts are on for a moment.
 */
bool smi_gap_ok(uint64_t ts_ns, uint64_t now_ns, uint64_t period_us, uint64_t runtime_us);

#endif
