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

# limit N WHAT MAX LIST: TAP line N, "no WHAT over MAX lines", from LIST
# (one "lines name" a line, sorted by lines): its largest, or those past MAX.
limit() {
	over=$(awk -v m="$3" '$1 > m' "$4")
	if [ -z "$over" ]; then
		echo "ok $1 - no $2 over $3 lines (the largest: $(echo $(tail -1 "$4")))"
	else
		echo "not ok $1 - no $2 over $3 lines"
		echo "$over" | sed 's/^/# /'
	fi
}

wc -l $files | grep -v ' total$' | sort -n > "$tmp/files"
limit 2 file $MAX_FILE "$tmp/files"
awk '
	FNR == 1 { name = "" }
	/^[A-Za-z_][A-Za-z0-9_ \*]*\(/ && !/;[[:space:]]*$/ && !/^(typedef|struct [a-z_]+ \{|enum|static const|const)/ {
		name = $0; sub(/\(.*/, "", name); n = split(name, w, /[ *]+/); name = w[n]; start = FNR
	}
	/^\}/ && name != "" { print FNR - start + 1, FILENAME ":" start, name "()"; name = "" }
' $(echo "$files" | grep '\.c$') | sort -n > "$tmp/funcs"
limit 3 function $MAX_FUNC "$tmp/funcs"
