/*
 * json: the streaming JSON writer.  See json.h.
 */
#include "json.h"

#include <inttypes.h>
#include <string.h>

#include "utf8.h"

void json_init(struct json *j, FILE *out)
{
	j->out = out;
	j->depth = 0;
	j->more[0] = false;
}

/* The comma and the key before a value. */
static void value_start(struct json *j, const char *key)
{
	if (j->more[j->depth])
		fputc(',', j->out);
	j->more[j->depth] = true;
	if (key) {
		json_write_string(j->out, key);
		fputc(':', j->out);
	}
}

static void open_value(struct json *j, const char *key, char open, char close)
{
	value_start(j, key);
	fputc(open, j->out);
	if (j->depth + 1 >= JSON_DEPTH)
		return;
	j->depth++;
	j->more[j->depth] = false;
	j->close[j->depth] = close;
}

void json_object(struct json *j, const char *key)
{
	open_value(j, key, '{', '}');
}

void json_array(struct json *j, const char *key)
{
	open_value(j, key, '[', ']');
}

void json_end(struct json *j)
{
	if (j->depth == 0)
		return;
	fputc(j->close[j->depth], j->out);
	j->depth--;
}

void json_u64(struct json *j, const char *key, uint64_t v)
{
	value_start(j, key);
	fprintf(j->out, "%" PRIu64, v);
}

void json_int(struct json *j, const char *key, int64_t v)
{
	value_start(j, key);
	fprintf(j->out, "%" PRId64, v);
}

void json_bool(struct json *j, const char *key, bool v)
{
	value_start(j, key);
	fputs(v ? "true" : "false", j->out);
}

void json_null(struct json *j, const char *key)
{
	value_start(j, key);
	fputs("null", j->out);
}

void json_string(struct json *j, const char *key, const char *v)
{
	value_start(j, key);
	if (v)
		json_write_string(j->out, v);
	else
		fputs("null", j->out);
}

static size_t digits(const char *s)
{
	size_t n = 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	return n;
}

/* RFC 8259's number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static bool is_number(const char *s)
{
	size_t n;

	if (*s == '-')
		s++;
	n = digits(s);
	if (n == 0 || (n > 1 && *s == '0'))
		return false;
	s += n;
	if (*s == '.') {
		n = digits(++s);
		if (!n)
			return false;
		s += n;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		n = digits(s);
		if (!n)
			return false;
		s += n;
	}
	return *s == '\0';
}

void json_number(struct json *j, const char *key, const char *text)
{
	value_start(j, key);
	fputs(text && is_number(text) ? text : "null", j->out);
}

void json_raw(struct json *j, const char *key, const char *text)
{
	value_start(j, key);
	fputs(text, j->out);
}

void json_write_string(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', out);
	while (*s) {
		size_t n = utf8_len((const char *)s);

		if (n == 0) {
			fputs("\\ufffd", out);
			s++;
			continue;
		}
		switch (*s) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		default:
			if (*s < 0x20)
				fprintf(out, "\\u%04x", *s);
			else
				fwrite(s, 1, n, out);
		}
		s += n;
	}
	fputc('"', out);
}
