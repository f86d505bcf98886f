/*
 * mkrtla: the man page's DIFFERENCES FROM RTLA section, from its table.
 */
#ifndef HWN_MKRTLA_H
#define HWN_MKRTLA_H

#include <stdio.h>

void mkrtla_print_man(FILE *out);

#endif
