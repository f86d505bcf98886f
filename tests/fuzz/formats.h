/* formats: a reader of the lab kernel's event formats, for the page fuzzer, and its seed pages. */
#ifndef HWN_FUZZ_FORMATS_H
#define HWN_FUZZ_FORMATS_H

#include "reader.h"

/* One reader for the whole run (aborts if the formats do not parse). */
struct reader *fuzz_reader(void);
/* tests/fuzz/corpus/page/NAME (under $abs_top_srcdir) into buf; its size, 0 when missing. */
size_t fuzz_corpus_page(const char *name, unsigned char *buf, size_t size);

#endif
