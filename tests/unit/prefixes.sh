#!/bin/sh
# A file's name is its prefix: every symbol an object of LAYER_LIBS
# (Makefile.am) exports starts with the object's base name and '_', or is
# that name (window-tree.c holds window_tree_*, compare_table.c
# compare_table_*), so that a symbol says where it lives.  The few
# exceptions are in tests/unit/prefixes.exceptions, each with its reason.
# nm -g --defined-only of each library gives "object: symbol".  The check
# is run once on the real objects and exceptions, where it must find
# nothing, then where it must find something (a check that cannot fail
# proves nothing): without the exceptions, and with each object's symbols
# given to another object's name.  Last, each exception must still be used.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
libs=${LAYER_LIBS:?LAYER_LIBS (from Makefile.am) is not set}
echo 1..4

# defs: "OBJECT SYMBOL" for every global symbol an object defines (an
# object of a target with its own flags is named TARGET-NAME.o: NAME).  The
# compiler's own symbols (AddressSanitizer's __odr_asan.NAME beside NAME)
# are not the code's names.
for l in $libs; do
	nm -A -g --defined-only "$top/$l" | awk 'NF == 3 && $3 !~ /^__odr_asan\./ {
		n = split($1, p, ":"); o = p[n - 1]; sub(/\.o$/, "", o); sub(/^.*-/, "", o)
		print o, $3 }'
done | sort -u > "$tmp/defs"
grep -v '^[[:space:]]*#' "$src/tests/unit/prefixes.exceptions" | awk 'NF >= 2' > "$tmp/exc"

# misnamed DEFS EXCEPTIONS: "object: symbol" for each symbol not its object's;
# with USED set, "pattern prefix" of each exception that allowed one.
misnamed() {
	awk -v used="${USED:-}" '
		FILENAME == ARGV[1] { pat[++n] = $1; pre[n] = $2; next }
		function glob(p) { gsub(/\*/, ".*", p); gsub(/\?/, ".", p); return "^" p "$" }
		{ o = $1; s = $2
		  if (s == o || index(s, o "_") == 1) next
		  for (i = 1; i <= n; i++) {
			if (o !~ glob(pat[i])) continue
			if (pre[i] ~ /_$/ ? index(s, pre[i]) == 1 : s == pre[i]) {
				if (used != "") print pat[i], pre[i]
				next
			}
		  }
		  if (used == "") print o ": " s }
	' "$2" "$1"
}

misnamed "$tmp/defs" "$tmp/exc" > "$tmp/bad"
objs=$(cut -d' ' -f1 "$tmp/defs" | sort -u | wc -l)
if [ -s "$tmp/bad" ]; then
	echo "not ok 1 - every exported symbol starts with its file's name ($(wc -l < "$tmp/bad") do not)"
	sed 's/^/# /' "$tmp/bad"
	echo "# rename the symbol (or the file); an exception needs its line and reason in tests/unit/prefixes.exceptions"
else
	echo "ok 1 - every exported symbol starts with its file's name ($(wc -l < "$tmp/defs") symbols, $objs objects)"
fi

: > "$tmp/none"
n=$(misnamed "$tmp/defs" "$tmp/none" | wc -l)
if [ "$n" -gt 0 ]; then
	echo "ok 2 - without the exceptions it finds the symbols they allow ($n)"
else
	echo "not ok 2 - without the exceptions it finds the symbols they allow"
fi

# Each object's symbols given to the next object's name (the last's to the first's).
cut -d' ' -f1 "$tmp/defs" | sort -u > "$tmp/objs"
awk 'FILENAME == ARGV[1] { name[NR] = $1; k = NR; next }
     FNR == 1 { for (i = 1; i <= k; i++) next_of[name[i]] = name[i % k + 1] }
     { print next_of[$1], $2 }' "$tmp/objs" "$tmp/defs" > "$tmp/moved"
n=$(misnamed "$tmp/moved" "$tmp/exc" | wc -l)
if [ "$n" -gt 0 ]; then
	echo "ok 3 - objects renamed, it finds their symbols misnamed ($n)"
else
	echo "not ok 3 - objects renamed, it finds their symbols misnamed"
fi

USED=1 misnamed "$tmp/defs" "$tmp/exc" | sort -u > "$tmp/used"
awk '{ print $1, $2 }' "$tmp/exc" | sort -u | comm -23 - "$tmp/used" > "$tmp/stale"
if [ -s "$tmp/stale" ]; then
	echo "not ok 4 - every exception allows a symbol (the others are stale)"
	sed 's/^/# /' "$tmp/stale"
else
	echo "ok 4 - every exception allows a symbol ($(wc -l < "$tmp/exc") exceptions)"
fi
