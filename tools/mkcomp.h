/*
 * mkcomp: the bash completion script for "hwnoisetop" and "hwnoisetop
 * hwlat", from their option tables (cli_options, hwlat_options).  Written by
 * "tools/mkman --bash-completion" ("make man") into completion/hwnoisetop;
 * tests/unit/completion.sh fails when the committed script is stale.
 */
#ifndef HWN_MKCOMP_H
#define HWN_MKCOMP_H

#include <stdio.h>

void mkcomp_print(FILE *out);

#endif
