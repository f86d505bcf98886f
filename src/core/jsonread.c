/*
 * jsonread: see jsonread.h.
 */
#include "jsonread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* The reader: p walks the line, end bounds it. */
struct jr {
	const char *start, *p, *end;
	struct jsonr_obj *o;
};

static int jr_fail(struct jr *r, const char *what)
{
	if (!r->o->err[0])
		snprintf(r->o->err, sizeof(r->o->err), "%s at column %zu", what,
			 (size_t)(r->p - r->start) + 1);
	return -1;
}

static void jr_ws(struct jr *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n'))
		r->p++;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int jr_string(struct jr *r)
{
	r->p++;		/* the opening quote */
	while (r->p < r->end && *r->p != '"') {
		unsigned char c = (unsigned char)*r->p;

		if (c < 0x20)
			return jr_fail(r, "control character in a string");
		if (c == '\\') {
			r->p++;
			if (r->p >= r->end)
				break;
			if (*r->p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (r->p + i >= r->end || hexval(r->p[i]) < 0)
						return jr_fail(r, "bad \\u escape");
				r->p += 4;
			} else if (!strchr("\"\\/bfnrt", *r->p)) {
				return jr_fail(r, "bad escape");
			}
		}
		r->p++;
	}
	if (r->p >= r->end)
		return jr_fail(r, "unterminated string");
	r->p++;
	return 0;
}

static int jr_number(struct jr *r)
{
	const char *s = r->p;

	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p >= r->end || *r->p < '0' || *r->p > '9')
		return jr_fail(r, "bad number");
	if (*r->p == '0')
		r->p++;
	else
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	if (r->p < r->end && *r->p == '.') {
		r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return jr_fail(r, "bad number");
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return jr_fail(r, "bad number");
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	return r->p > s ? 0 : jr_fail(r, "bad number");
}

static int jr_value(struct jr *r, int depth, enum jsonr_type *type);

static int jr_word(struct jr *r, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0)
		return jr_fail(r, "unexpected character");
	r->p += n;
	return 0;
}

/* An object or array; top: the line's object, whose members are kept. */
static int jr_compound(struct jr *r, int depth, bool top)
{
	char close = *r->p == '{' ? '}' : ']';
	bool obj = close == '}';

	if (depth > 32)
		return jr_fail(r, "nested too deep");
	r->p++;
	jr_ws(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return 0;
	}
	for (;;) {
		const char *key = NULL;
		size_t keylen = 0;
		enum jsonr_type type;
		const char *vstart;

		jr_ws(r);
		if (obj) {
			if (r->p >= r->end || *r->p != '"')
				return jr_fail(r, "a member name expected");
			key = r->p + 1;
			if (jr_string(r) < 0)
				return -1;
			keylen = (size_t)(r->p - key - 1);
			jr_ws(r);
			if (r->p >= r->end || *r->p != ':')
				return jr_fail(r, "':' expected");
			r->p++;
			jr_ws(r);
		}
		vstart = r->p;
		if (jr_value(r, depth + 1, &type) < 0)
			return -1;
		if (top) {
			struct jsonr_field *f;

			if (r->o->n >= JR_FIELDS)
				return jr_fail(r, "too many members");
			f = &r->o->f[r->o->n++];
			/* cut to fit, as the lookups compare (no snprintf: a line has a dozen) */
			if (keylen > JR_KEY - 1)
				keylen = JR_KEY - 1;
			memcpy(f->key, key, keylen);
			f->key[keylen] = '\0';
			f->type = type;
			f->raw = vstart;
			f->rawlen = (size_t)(r->p - vstart);
		}
		jr_ws(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			return 0;
		}
		return jr_fail(r, obj ? "',' or '}' expected" : "',' or ']' expected");
	}
}

static int jr_value(struct jr *r, int depth, enum jsonr_type *type)
{
	if (r->p >= r->end)
		return jr_fail(r, "a value expected");
	switch (*r->p) {
	case '{':
		*type = JR_OBJ;
		return jr_compound(r, depth, false);
	case '[':
		*type = JR_ARR;
		return jr_compound(r, depth, false);
	case '"':
		*type = JR_STR;
		return jr_string(r);
	case 't':
		*type = JR_BOOL;
		return jr_word(r, "true");
	case 'f':
		*type = JR_BOOL;
		return jr_word(r, "false");
	case 'n':
		*type = JR_NULL;
		return jr_word(r, "null");
	default:
		*type = JR_NUM;
		return jr_number(r);
	}
}

int jsonread_parse(const char *line, size_t len, struct jsonr_obj *o)
{
	struct jr r = { line, line, line + len, o };

	o->n = 0;
	o->err[0] = 0;
	jr_ws(&r);
	if (r.p >= r.end || *r.p != '{')
		return jr_fail(&r, "not a JSON object");
	if (jr_compound(&r, 0, true) < 0)
		return -1;
	jr_ws(&r);
	if (r.p != r.end)
		return jr_fail(&r, "text after the object");
	return 0;
}

const struct jsonr_field *jsonread_get(const struct jsonr_obj *o, const char *key)
{
	for (int i = 0; i < o->n; i++)
		if (o->f[i].key[0] == key[0] && strcmp(o->f[i].key, key) == 0)
			return &o->f[i];
	return NULL;
}

int jsonread_u64(const struct jsonr_obj *o, const char *key, uint64_t *v)
{
	const struct jsonr_field *f = jsonread_get(o, key);
	char num[24];
	char *end;

	if (!f || f->type != JR_NUM || f->rawlen >= sizeof(num) || f->raw[0] == '-')
		return -1;
	memcpy(num, f->raw, f->rawlen);
	num[f->rawlen] = 0;
	errno = 0;
	*v = strtoull(num, &end, 10);
	return errno || *end ? -1 : 0;
}

int jsonread_int(const struct jsonr_obj *o, const char *key, int64_t *v)
{
	const struct jsonr_field *f = jsonread_get(o, key);
	char num[24];
	char *end;

	if (!f || f->type != JR_NUM || f->rawlen >= sizeof(num))
		return -1;
	memcpy(num, f->raw, f->rawlen);
	num[f->rawlen] = 0;
	errno = 0;
	*v = strtoll(num, &end, 10);
	return errno || *end ? -1 : 0;
}

int jsonread_bool(const struct jsonr_obj *o, const char *key, bool *v)
{
	const struct jsonr_field *f = jsonread_get(o, key);

	if (!f || f->type != JR_BOOL)
		return -1;
	*v = f->raw[0] == 't';
	return 0;
}

static unsigned hex4(const char *p)
{
	return (unsigned)(hexval(p[0]) << 12 | hexval(p[1]) << 8 | hexval(p[2]) << 4 | hexval(p[3]));
}

int jsonread_str(const struct jsonr_obj *o, const char *key, char *buf, size_t len)
{
	const struct jsonr_field *f = jsonread_get(o, key);
	const char *p, *end;
	size_t n = 0;

	if (!f || f->type != JR_STR || !len)
		return -1;
	p = f->raw + 1;
	end = f->raw + f->rawlen - 1;
	while (p < end && n + 5 < len) {
		char c = *p++;

		if (c != '\\') {
			buf[n++] = c;
			continue;
		}
		c = *p++;
		switch (c) {
		case 'n': buf[n++] = '\n'; break;
		case 't': buf[n++] = '\t'; break;
		case 'r': buf[n++] = '\r'; break;
		case 'b': buf[n++] = '\b'; break;
		case 'f': buf[n++] = '\f'; break;
		case 'u': {
			unsigned cp = hex4(p);

			p += 4;
			if (cp >= 0xd800 && cp < 0xdc00 && end - p >= 6 && p[0] == '\\' &&
			    p[1] == 'u') {
				unsigned lo = hex4(p + 2);

				if (lo >= 0xdc00 && lo < 0xe000) {
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
					p += 6;
				}
			}
			n += utf8_put(buf + n, cp);
			break;
		}
		default: buf[n++] = c; break;
		}
	}
	buf[n] = 0;
	return 0;
}

char *jsonread_strdup(const struct jsonr_obj *o, const char *key)
{
	const struct jsonr_field *f = jsonread_get(o, key);
	char *text = f ? malloc(f->rawlen + 1) : NULL;

	if (text && jsonread_str(o, key, text, f->rawlen + 1) < 0) {
		free(text);
		return NULL;
	}
	return text;
}
