#!/bin/sh
# --record's file is checked when the options are read, before root,
# tracefs and the tracer (none of which this test needs), by both
# hwnoisetop and hwnoisetop hwlat: one line naming the option, the usage
# status (1; hwlat's 3), and the check creates nothing.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
tmp=$(mktemp -d) || exit 1
trap 'chmod 755 "$tmp/ro" 2>/dev/null; rm -rf "$tmp"' EXIT
n=0
say() {	# say OK WHAT
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; sed 's/^/# /' "$tmp/err"; fi
}
# refused PATTERN WHAT ARGS...: the usage status (1, hwlat's 3), one line on
# stderr matching PATTERN
refused() {
	pat=$1 what=$2
	shift 2
	"$h" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	want=1
	[ "$1" = hwlat ] && want=3
	[ $rc -eq $want ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qE "$pat" "$tmp/err" && [ ! -s "$tmp/out" ]
	say $? "$what (status $rc)"
}
echo 1..11
mkdir "$tmp/d" "$tmp/ro"
echo keep > "$tmp/d/old.jsonl"
for cmd in "" hwlat; do
	refused "^hwnoisetop: --record '/nonexistent/x.jsonl' cannot be created: /nonexistent: No such file or directory" \
		"${cmd:-hwnoisetop}: a file in a directory that does not exist" $cmd --record /nonexistent/x.jsonl
	refused "^hwnoisetop: --record '$tmp/d/old.jsonl' exists; --force overwrites it" \
		"${cmd:-hwnoisetop}: an existing file without --force" $cmd --record "$tmp/d/old.jsonl"
	refused "^hwnoisetop: --record '$tmp/d' is a directory" "${cmd:-hwnoisetop}: a directory" \
		$cmd --record "$tmp/d" --force
done
[ "$(cat "$tmp/d/old.jsonl")" = keep ]
say $? "the existing file is left as it was"
refused "^hwnoisetop: --record '$tmp/d/old.jsonl/x' cannot be created: Not a directory" \
	"a file under a file" -q --record "$tmp/d/old.jsonl/x"
# A good name passes the check (the next check refuses --record with --replay)
# and nothing is created in its directory, not even for a moment (its mtime).
before=$(stat -c %y "$tmp/d")
sleep 0.02
refused "^hwnoisetop: --replay reads a recording: not with --record" \
	"a new file's name passes the check, the run refused after it" \
	--replay "$src/tests/unit/replay-4cpu.jsonl" --record "$tmp/d/new.jsonl"
[ ! -e "$tmp/d/new.jsonl" ] && [ "$(stat -c %y "$tmp/d")" = "$before" ]
say $? "and the check created nothing in the directory (mtime $before)"
chmod 555 "$tmp/ro"
if [ "$(id -u)" = 0 ]; then
	n=$((n + 1)); echo "ok $n - # SKIP root writes in a mode 555 directory"
else
	refused "cannot be created: $tmp/ro: Permission denied" "a directory that cannot be written" \
		-q --record "$tmp/ro/x.jsonl"
fi
