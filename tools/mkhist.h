/*
 * mkhist: the man page's HIST MODE section (hwnoisetop hist), for
 * tools/mkman.
 */
#ifndef HWN_MKHIST_H
#define HWN_MKHIST_H

void mkhist_print_man(void);

#endif
