/*
 * why: the reason a parse or a check refuses its input, in the caller's
 * storage: text is a constant or points into buf, where a reason with
 * figures in it ("must be between 1 and 1000 us") is written.  No static
 * buffer: two reasons may be held at once, and a thread may have its own.
 */
#ifndef HWN_WHY_H
#define HWN_WHY_H

struct why {
	const char *text;
	char buf[320];
};

#endif
