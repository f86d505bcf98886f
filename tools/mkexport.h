/*
 * mkexport: the man page's sections on the exports (--json, and
 * --prometheus), for tools/mkman.
 */
#ifndef HWN_MKEXPORT_H
#define HWN_MKEXPORT_H

#include <stdio.h>

void mkexport_print_man(FILE *out);
void mkexport_print_prom_man(FILE *out);

#endif
