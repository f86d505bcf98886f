/*
 * formats: the event formats of Debian's 6.12 PREEMPT_RT kernel (as the lab
 * VM's tracefs showed them: header_page, ftrace:osnoise/print/bprint/hwlat,
 * osnoise:sample_threshold, osnoise:nmi_noise), so that the page decoder
 * can be fuzzed on any machine.  Event IDs are the kernel's: osnoise 16,
 * hwlat 15, print 5, bprint 6, sample_threshold 512; nmi_noise's, 509, is
 * made up (one no other format here takes), its fields those of the
 * kernel's TRACE_EVENT(nmi_noise).
 */
#include "formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fields every event's record starts with. */
#define COMMON \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n" \
	"\n"

static const struct {
	const char *name, *text;
} files[] = {
	{ "events/header_page",
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n" },
	{ "events/ftrace/osnoise/format",
	"name: osnoise\n"
	"ID: 16\n"
	"format:\n"
	COMMON
	"\tfield:u64 noise;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 runtime;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 max_sample;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned int hw_count;\toffset:32;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int nmi_count;\toffset:36;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int irq_count;\toffset:40;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int softirq_count;\toffset:44;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int thread_count;\toffset:48;\tsize:4;\tsigned:0;\n"
	"\n"
	"print fmt: \"noise:%llu\\tmax_sample:%llu\\thw:%u\\tnmi:%u\\tirq:%u\\tsoftirq:%u\\tthread:%u\\n\", REC->noise, REC->max_sample, REC->hw_count, REC->nmi_count, REC->irq_count, REC->softirq_count, REC->thread_count\n" },
	{ "events/ftrace/print/format",
	"name: print\n"
	"ID: 5\n"
	"format:\n"
	COMMON
	"\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:char buf[];\toffset:16;\tsize:0;\tsigned:0;\n"
	"\n"
	"print fmt: \"%ps: %s\", (void *)REC->ip, REC->buf\n" },
	{ "events/ftrace/bprint/format",
	"name: bprint\n"
	"ID: 6\n"
	"format:\n"
	COMMON
	"\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:const char * fmt;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u32 buf[];\toffset:24;\tsize:0;\tsigned:0;\n"
	"\n"
	"print fmt: \"%ps: %s\", (void *)REC->ip, REC->fmt\n" },
	{ "events/ftrace/hwlat/format",
	"name: hwlat\n"
	"ID: 15\n"
	"format:\n"
	COMMON
	"\tfield:u64 duration;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 outer_duration;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 nmi_total_ts;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:s64 tv_sec;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:long tv_nsec;\toffset:40;\tsize:8;\tsigned:1;\n"
	"\tfield:unsigned int nmi_count;\toffset:48;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int seqnum;\toffset:52;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int count;\toffset:56;\tsize:4;\tsigned:0;\n"
	"\n"
	"print fmt: \"cnt:%u\\tts:%010llu.%010lu\\tinner:%llu\\touter:%llu\\tcount:%d\\tnmi-ts:%llu\\tnmi-count:%u\\n\", REC->seqnum, REC->tv_sec, REC->tv_nsec, REC->duration, REC->outer_duration, REC->count, REC->nmi_total_ts, REC->nmi_count\n" },
	{ "events/osnoise/sample_threshold/format",
	"name: sample_threshold\n"
	"ID: 512\n"
	"format:\n"
	COMMON
	"\tfield:u64 start;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 interference;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"start %llu.%09u duration %llu ns interference %llu\", (REC->start) / 1000000000UL, (REC->start) % 1000000000UL, REC->duration, REC->interference\n" },
	{ "events/osnoise/nmi_noise/format",
	"name: nmi_noise\n"
	"ID: 509\n"
	"format:\n"
	COMMON
	"\tfield:u64 start;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"start %llu.%09u duration %llu ns\", (REC->start) / 1000000000UL, (REC->start) % 1000000000UL, REC->duration\n" },
	{ NULL, NULL },
};

static char *read_format(void *ctx, const char *name, int *size)
{
	(void)ctx;
	for (int i = 0; files[i].name; i++) {
		if (strcmp(files[i].name, name) == 0) {
			*size = strlen(files[i].text);
			return strdup(files[i].text);
		}
	}
	return NULL;
}

struct reader *fuzz_reader(void)
{
	static struct reader *r;
	char err[256];

	if (!r)
		r = reader_new_with(read_format, NULL, err, sizeof(err));
	if (!r)
		abort();
	return r;
}

size_t fuzz_corpus_page(const char *name, unsigned char *buf, size_t size)
{
	const char *top = getenv("abs_top_srcdir");
	char path[4096];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/fuzz/corpus/page/%s", top ? top : ".", name);
	f = fopen(path, "rb");
	if (!f)
		return 0;
	n = fread(buf, 1, size, f);
	fclose(f);
	return n;
}
