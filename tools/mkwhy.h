/*
 * mkwhy: the man page's WHY section (--why: the method of the attribution
 * and its limits), for tools/mkman.
 */
#ifndef HWN_MKWHY_H
#define HWN_MKWHY_H

void mkwhy_print_man(void);

#endif
