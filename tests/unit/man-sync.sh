#!/bin/sh
# The committed man page is what tools/mkman writes from the option tables.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
echo 1..2
if "$top/tools/mkman" > man-sync.tmp && cmp -s man-sync.tmp "$src/man/hwnoisetop.1"; then
	echo "ok 1 - man/hwnoisetop.1 is up to date with the option tables"
else
	echo "not ok 1 - man/hwnoisetop.1 is stale: run 'make man'"
	diff "$src/man/hwnoisetop.1" man-sync.tmp | head -20 | sed 's/^/# /'
fi
if command -v man >/dev/null 2>&1; then
	w=$(MANWIDTH=80 man -l "$src/man/hwnoisetop.1" 2>&1 >/dev/null | grep -v '^$' | head -5)
	[ -z "$w" ] && echo "ok 2 - man renders without warnings" || { echo "not ok 2 - man warns"; echo "$w" | sed 's/^/# /'; }
else
	echo "ok 2 - # SKIP man is not installed"
fi
rm -f man-sync.tmp
