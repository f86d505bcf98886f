/*
 * mkexp: the man page's EXPERIMENT section (hwnoisetop experiment), for
 * tools/mkman.
 */
#ifndef HWN_MKEXP_H
#define HWN_MKEXP_H

#include <stdio.h>

void mkexp_print_man(FILE *out);

#endif
