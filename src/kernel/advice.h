/*
 * advice: what to do when this kernel cannot measure: which kernel to
 * install where the distribution is known (from /etc/os-release), how to
 * check one that should have the tracer, and how to try hwnoisetop anyway
 * (the example recording installed with it).
 */
#ifndef HWN_ADVICE_H
#define HWN_ADVICE_H

#include <stdbool.h>
#include <stddef.h>

/* The example recording's installed path (made in the lab's emulator). */
#ifndef HWN_EXAMPLE_RECORDING
#define HWN_EXAMPLE_RECORDING "/usr/local/share/hwnoisetop/example-emulator-smt.jsonl"
#endif

/*
 * The advice after "this kernel has no osnoise tracer (...): " (no_option
 * false) or "... no OSNOISE_IRQ_DISABLE option, which hwnoise mode needs"
 * (true), in one line, for the distribution os_release (a path, normally
 * /etc/os-release) names.  Returns buf.
 */
const char *advice_osnoise(const char *os_release, bool no_option, char *buf, size_t len);

#endif
