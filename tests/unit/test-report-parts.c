/*
 * Unit tests: the pieces of hwnoisetop report in core: SHA-256 against
 * the known vectors of FIPS 180-4 (and one fed in odd pieces), HTML
 * escaping of what a recording may hold, and the heat grid's downsampling
 * (columns merge keeping each figure's maximum, never its mean).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heatgrid.h"
#include "html.h"
#include "sha256.h"
#include "tap.h"

static void digest(const char *s, size_t len, size_t piece, char hex[SHA256_HEX])
{
	struct sha256 c;

	sha256_init(&c);
	for (size_t i = 0; i < len; i += piece)
		sha256_update(&c, s + i, len - i < piece ? len - i : piece);
	sha256_hex(&c, hex);
}

static void test_sha256(void)
{
	char hex[SHA256_HEX];
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	char *million = malloc(1000000);

	digest("", 0, 1, hex);
	tap_is_str(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "empty");
	digest("abc", 3, 3, hex);
	tap_is_str(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "abc");
	digest(two, strlen(two), 64, hex);
	tap_is_str(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		   "two blocks (448 bits)");
	digest(two, strlen(two), 7, hex);
	tap_is_str(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		   "the same fed 7 bytes at a time");
	if (million) {
		memset(million, 'a', 1000000);
		digest(million, 1000000, 4099, hex);
		tap_is_str(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
			   "a million 'a'");
	}
	free(million);
	digest("0123456789012345678901234567890123456789012345678901234", 55, 55, hex);
	tap_ok(strlen(hex) == 64, "55 bytes: the padding fits one block");
}

static char *escaped(const char *s)
{
	static char buf[512];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	html_put(f, s);
	fclose(f);
	return buf;
}

static void test_html(void)
{
	tap_is_str(escaped("<script>alert('x')</script>"),
		   "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;", "a script is text");
	tap_is_str(escaped("a \"quoted\" & <b>"), "a &quot;quoted&quot; &amp; &lt;b&gt;",
		   "quotes and ampersands, for attributes too");
	tap_is_str(escaped("bell\a esc\x1b del\x7f"), "bell&#xfffd; esc&#xfffd; del&#xfffd;",
		   "control characters as U+FFFD");
	tap_is_str(escaped("Lüfter\taus\n"), "Lüfter\taus\n", "UTF-8, tab and newline kept");
	tap_is_str(escaped("]]><!--"), "]]&gt;&lt;!--", "no comment or CDATA opens");
}

static void test_heatgrid(void)
{
	struct heatgrid g;
	const uint64_t s = 1000000000ULL;

	tap_ok(heatgrid_init(&g, 2, 4, s) == 0, "a grid of 2 CPUs, 4 columns of 1 s");
	for (unsigned t = 0; t < 4; t++)
		heatgrid_add(&g, 0, t * s, 1000000, t == 1 ? 500 : 10, t == 2 ? 40 : 1, t, 0);
	tap_is_u64(g.ncols, 4, "4 periods: 4 columns");
	tap_is_u64(heatgrid_cell(&g, 0, 1)->noise, 500, "noise per s of runtime");
	heatgrid_add(&g, 1, 4 * s, 500000, 100, 7, 1, 1);
	tap_is_u64(g.col_ns, 2 * s, "a fifth period: the columns are 2 s wide");
	tap_is_u64(g.ncols, 3, "and 3 of them");
	tap_is_u64(heatgrid_cell(&g, 0, 0)->noise, 500, "the largest noise kept, not the mean");
	tap_is_u64(heatgrid_cell(&g, 0, 1)->single, 40, "the largest max single kept");
	tap_is_u64(heatgrid_cell(&g, 0, 1)->hw, 3, "the largest HW count kept");
	tap_is_u64(heatgrid_cell(&g, 0, 0)->periods, 2, "a cell counts its periods");
	tap_is_u64(heatgrid_cell(&g, 1, 2)->noise, 200, "a half-second runtime: per s of runtime");
	tap_is_u64(heatgrid_cell(&g, 1, 0)->periods, 0, "a CPU without periods there: empty");
	heatgrid_add(&g, 2, 0, 1000000, 1, 1, 1, 1);
	heatgrid_add(&g, -1, 0, 1000000, 1, 1, 1, 1);
	tap_is_u64(g.ncols, 3, "CPUs out of range are ignored");
	heatgrid_add(&g, 0, 40 * s, 1000000, 9, 9, 9, 9);
	tap_ok(g.ncols <= 4 && g.col_ns == 16 * s, "a period far ahead: folded until it fits");
	tap_is_u64(heatgrid_cell(&g, 0, 0)->noise, 500, "the old maxima survive each fold");
	tap_is_u64(heatgrid_col(&g, 41 * s), 2, "the column of a time");
	heatgrid_free(&g);
	tap_ok(heatgrid_init(&g, 0, 4, s) < 0, "no CPUs: refused");
}

int main(void)
{
	test_sha256();
	test_html();
	test_heatgrid();
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}
