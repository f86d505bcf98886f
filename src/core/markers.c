/*
 * markers: a growing array of numbered notes.  See markers.h.
 */
#include "markers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

void markers_init(struct markers *ms)
{
	memset(ms, 0, sizeof(*ms));
}

void markers_free(struct markers *ms)
{
	free(ms->m);
	markers_init(ms);
}

/*
 * Copy, cut to fit on a character's boundary, with control characters (a
 * stray newline) as spaces and bytes that are not UTF-8 (the end of a
 * character cut off before it came here) as '?': the text is UTF-8.
 */
static void copy_clean(char *dst, size_t len, const char *src)
{
	size_t i = 0, o = 0;

	while (src && src[i]) {
		uint32_t cp = '?';
		size_t k = utf8_get(src + i, &cp), n;
		char c[UTF8_MAX];

		if (!k)
			k = 1;
		else if (cp < ' ' || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))
			cp = ' ';
		n = utf8_put(c, cp);
		if (o + n + 1 > len)
			break;
		memcpy(dst + o, c, n);
		o += n;
		i += k;
	}
	dst[o] = '\0';
}

int markers_add(struct markers *ms, uint64_t t_ms, const char *origin, const char *text)
{
	struct marker *m;

	if (ms->n >= MARKERS_MAX + 1)
		return -1;
	if (ms->n == ms->cap) {
		unsigned cap = ms->cap ? ms->cap * 2 : 16;

		m = realloc(ms->m, sizeof(*m) * cap);
		if (!m)
			return -1;
		ms->m = m;
		ms->cap = cap;
	}
	m = &ms->m[ms->n];
	m->num = ms->n;
	m->t_ms = t_ms;
	copy_clean(m->origin, sizeof(m->origin), origin);
	copy_clean(m->text, sizeof(m->text), text);
	return (int)ms->n++;
}

char *markers_clock(uint64_t t_ms, char *buf, size_t len)
{
	uint64_t s = t_ms / 1000;

	snprintf(buf, len, "%02llu:%02llu:%02llu", (unsigned long long)(s / 3600),
		 (unsigned long long)(s / 60 % 60), (unsigned long long)(s % 60));
	return buf;
}

char *markers_line(const struct marker *m, char *buf, size_t len)
{
	char at[32];

	snprintf(buf, len, "%u  %s  %s%s%s%s", m->num, markers_clock(m->t_ms, at, sizeof(at)),
		 m->text, m->origin[0] ? " (" : "", m->origin, m->origin[0] ? ")" : "");
	return buf;
}
