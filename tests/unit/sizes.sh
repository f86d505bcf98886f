#!/bin/sh
# Sizes one reader can hold: no source file of the program (src/, ui/,
# tools/) over MAX_FILE lines, no function over MAX_FUNC lines.  Prints
# the largest of each, and every one past its limit.  A function is from
# a line that starts a definition in column 0 to the next "}" in column 0.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
MAX_FILE=600
MAX_FUNC=100
echo 1..3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 1
files=$(find src ui tools -name '*.[ch]' | sort)
[ -n "$files" ] || { echo "not ok 1 - no sources found under $src"; exit 0; }
echo "ok 1 - $(echo "$files" | wc -l) source files read"

wc -l $files | grep -v ' total$' | sort -n > "$tmp/files"
big=$(tail -1 "$tmp/files")
over=$(awk -v m=$MAX_FILE '$1 > m' "$tmp/files")
if [ -z "$over" ]; then
	echo "ok 2 - no file over $MAX_FILE lines (the largest: $(echo $big))"
else
	echo "not ok 2 - no file over $MAX_FILE lines"
	echo "$over" | sed 's/^/# /'
fi

awk '
	FNR == 1 { name = "" }
	/^[A-Za-z_][A-Za-z0-9_ \*]*\(/ && !/;[[:space:]]*$/ && !/^(typedef|struct [a-z_]+ \{|enum|static const|const)/ {
		name = $0; sub(/\(.*/, "", name); n = split(name, w, /[ *]+/); name = w[n]; start = FNR
	}
	/^\}/ && name != "" { print FNR - start + 1, FILENAME ":" start, name "()"; name = "" }
' $(echo "$files" | grep '\.c$') | sort -n > "$tmp/funcs"
big=$(tail -1 "$tmp/funcs")
over=$(awk -v m=$MAX_FUNC '$1 > m' "$tmp/funcs")
if [ -z "$over" ]; then
	echo "ok 3 - no function over $MAX_FUNC lines (the largest: $big)"
else
	echo "not ok 3 - no function over $MAX_FUNC lines"
	echo "$over" | sed 's/^/# /'
fi
