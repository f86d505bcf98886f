/*
 * jsonread: reading the recordings' JSON Lines (rec_reader.h); json.h writes.
 *
 * One line holding one JSON object, checked against the whole grammar
 * (RFC 8259), whose top-level members can then be looked up by name;
 * nested arrays and objects are checked and kept as text.  Integers are
 * read exactly (64 bits), never through a double.  Pure logic: no I/O.
 */
#ifndef HWN_JSONREAD_H
#define HWN_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum jsonr_type { JR_NULL, JR_BOOL, JR_NUM, JR_STR, JR_ARR, JR_OBJ };

#define JR_KEY 24
#define JR_FIELDS 64

struct jsonr_field {
	char key[JR_KEY];
	enum jsonr_type type;
	const char *raw;	/* the value's text in the line */
	size_t rawlen;
};

struct jsonr_obj {
	struct jsonr_field f[JR_FIELDS];
	int n;
	char err[96];		/* why the line is not one JSON object */
};

/*
 * Parse line (len bytes, no newline) as one JSON object.  0, or -1 with
 * o->err.  The fields point into line.
 */
int jsonread_parse(const char *line, size_t len, struct jsonr_obj *o);
const struct jsonr_field *jsonread_get(const struct jsonr_obj *o, const char *key);
/* A member's value: 0, or -1 when it is absent or of another type or range. */
int jsonread_u64(const struct jsonr_obj *o, const char *key, uint64_t *v);
int jsonread_int(const struct jsonr_obj *o, const char *key, int64_t *v);
int jsonread_bool(const struct jsonr_obj *o, const char *key, bool *v);
/* A string member decoded into buf (cut to fit, NUL-terminated). */
int jsonread_str(const struct jsonr_obj *o, const char *key, char *buf, size_t len);
/* A string member decoded whole into malloc'd text; NULL when absent, not a string or no memory. */
char *jsonread_strdup(const struct jsonr_obj *o, const char *key);

#endif
