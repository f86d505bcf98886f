/*
 * sha256: the SHA-256 digest (FIPS 180-4), streamed, for the report's
 * hash of the recording it was made from.  Pure logic: no files.
 */
#ifndef HWN_SHA256_H
#define HWN_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t len;		/* bytes hashed */
	uint8_t buf[64];
	size_t n;		/* bytes in buf */
};

#define SHA256_HEX 65		/* 64 hex digits and the NUL */

void sha256_init(struct sha256 *c);
void sha256_update(struct sha256 *c, const void *data, size_t len);
/* The digest as 64 lower-case hex digits in hex (SHA256_HEX bytes). */
void sha256_hex(struct sha256 *c, char hex[SHA256_HEX]);

#endif
