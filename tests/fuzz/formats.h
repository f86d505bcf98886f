/* formats: a reader of the lab kernel's event formats, for the page fuzzer. */
#ifndef HWN_FUZZ_FORMATS_H
#define HWN_FUZZ_FORMATS_H

#include "reader.h"

/* One reader for the whole run (aborts if the formats do not parse). */
struct reader *fuzz_reader(void);

#endif
