/*
 * mkaudit: the man page's AUDIT section (hwnoisetop audit), from the
 * audit's option table and its items' table, for tools/mkman.c.
 */
#ifndef HWN_MKAUDIT_H
#define HWN_MKAUDIT_H

#include <stdio.h>

void mkaudit_print_man(FILE *out);

#endif
