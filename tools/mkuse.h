/*
 * mkuse: the man page's ENVIRONMENT (what the environment changes) and
 * EXAMPLES (the option table's examples) sections, for tools/mkman.
 */
#ifndef HWN_MKUSE_H
#define HWN_MKUSE_H

void mkuse_print_environment(void);
void mkuse_print_examples(void);

#endif
