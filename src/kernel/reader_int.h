/*
 * reader_int: the reader's state, shared by its two halves: reader.c (the
 * formats, the per-CPU descriptors, draining them) and reader_page.c (a
 * ring-buffer page's records checked and decoded into the sink).
 */
#ifndef HWN_READER_INT_H
#define HWN_READER_INT_H

#include <stddef.h>

#include "reader.h"

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
	int nmi_id;			/* osnoise:nmi_noise, -1 where absent */
	struct tep_format_field *nmi_start, *nmi_duration;
	int nmi_min;
	struct tep_event *print_ev;
	struct tep_format_field *print_buf;
	/* The shortest record each decoded event may be: its last field's end. */
	int common_min, osnoise_min, hwlat_min, threshold_min, print_min;
	struct osnoise_fields f;
	struct hwlat_fields h;
	struct cpu_fd *fds;
	int nfds;
};

/* Decode the n bytes of the page read for cpu (in r->page) into sink. */
int reader_page(struct reader *r, int cpu, size_t n, const struct reader_sink *sink);

#endif
