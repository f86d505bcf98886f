/*
 * json: a small streaming JSON writer for the exports (--json).  Values
 * are written as they come, with the commas and the key quoting done
 * here; strings are escaped (quotes, backslashes, control characters as
 * \uXXXX) and bytes that are not UTF-8 become U+FFFD, so whatever a
 * string holds the output parses.  Compact: one line, no spaces.
 */
#ifndef HWN_JSON_H
#define HWN_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Deeper nesting is not supported (the exports use four levels). */
#define JSON_DEPTH 16

struct json {
	FILE *out;
	int depth;			/* open objects and arrays */
	bool more[JSON_DEPTH];		/* a value already written at that depth */
	char close[JSON_DEPTH];		/* '}' or ']' for each open one */
};

void json_init(struct json *j, FILE *out);
/*
 * Each takes the member's key inside an object; NULL for an element of an
 * array or the top-level value.
 */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
void json_end(struct json *j);		/* closes the innermost object or array */
void json_u64(struct json *j, const char *key, uint64_t v);
void json_int(struct json *j, const char *key, int64_t v);
void json_bool(struct json *j, const char *key, bool v);
void json_null(struct json *j, const char *key);
/* A string value; NULL writes null. */
void json_string(struct json *j, const char *key, const char *v);
/*
 * A number already written as text (a decimal such as "99.99997", the
 * table's own digits): written as it is when it is a JSON number, else as
 * null.
 */
void json_number(struct json *j, const char *key, const char *text);
/* A string literal, quotes included, escaped as above. */
void json_write_string(FILE *out, const char *s);
/* A value written as it is: text must be valid JSON (another writer's object). */
void json_raw(struct json *j, const char *key, const char *text);

#endif
