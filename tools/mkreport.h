/*
 * mkreport: the man page's REPORT section (hwnoisetop report), for
 * tools/mkman.
 */
#ifndef HWN_MKREPORT_H
#define HWN_MKREPORT_H

void mkreport_print_man(void);

#endif
