/*
 * audit_rules: see audit_rules.h.
 */
#include "audit_rules.h"

#include <string.h>

const char *audit_rules_verdict_name(enum audit_verdict v)
{
	static const char *const name[] = { "pass", "warn", "fail", "unknown" };

	return v <= AV_UNKNOWN ? name[v] : "";
}

bool audit_rules_cmdline_param(const char *cmdline, const char *name, char *val, size_t size)
{
	size_t n = strlen(name);
	bool found = false;

	for (const char *p = cmdline; p && *p;) {
		const char *end;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		end = p;
		if (*p == '"') {	/* a quoted word: "name=a b" */
			end = strchr(p + 1, '"');
			end = end ? end + 1 : p + strlen(p);
		}
		while (*end && *end != ' ' && *end != '\t' && *end != '\n')
			end++;
		if (*p == '"')
			p++;
		if ((size_t)(end - p) >= n && strncmp(p, name, n) == 0 &&
		    (p + n == end || p[n] == '=' || (p[n] == '"' && p + n + 1 == end))) {
			size_t len = p + n < end && p[n] == '=' ? (size_t)(end - p - n - 1) : 0;

			if (len && p[n + len] == '"')
				len--;
			if (len >= size)
				len = size ? size - 1 : 0;
			if (size) {
				memcpy(val, p + n + 1, len);
				val[len] = '\0';
			}
			found = true;
		}
		p = end;
	}
	return found;
}

bool audit_rules_bracketed(const char *text, char *out, size_t size)
{
	const char *a = text ? strchr(text, '[') : NULL, *b = a ? strchr(a, ']') : NULL;
	size_t len;

	if (!b || !size)
		return false;
	len = (size_t)(b - a - 1);
	if (len >= size)
		len = size - 1;
	memcpy(out, a + 1, len);
	out[len] = '\0';
	return true;
}

bool audit_rules_has_word(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = text; p && (p = strstr(p, word)); p += n)
		if ((p == text || p[-1] == ' ' || p[-1] == '\t' || p[-1] == ':') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == '\t' || p[n] == '\n'))
			return true;
	return false;
}

int audit_rules_status(const struct audit_item *items, int n)
{
	int rc = 0;

	for (int i = 0; i < n; i++) {
		if (items[i].v == AV_FAIL)
			return AUDIT_EXIT_FAIL;
		if (items[i].v != AV_PASS)
			rc = AUDIT_EXIT_WARN;
	}
	return rc;
}
