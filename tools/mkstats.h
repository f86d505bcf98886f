/*
 * mkstats: the man page's STATISTICS section (how a before/after is
 * judged: src/core/verdict.h), for tools/mkman.c.
 */
#ifndef HWN_MKSTATS_H
#define HWN_MKSTATS_H

#include <stdio.h>

void mkstats_print_man(FILE *out);

#endif
