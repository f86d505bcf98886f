#!/bin/sh
# --report FILE.html on a run, tried on a replay (a replay is a run; a live
# run needs the tracer, tests/lab/record.sh): the page is hwnoisetop
# report's of the recording, stdout and the exit status are the run's; a
# recording read up to a line without its footer (what the dashboard's P
# reads of a live run, flushed so far) makes a page; a --report that cannot
# be written is refused in one line naming it, before anything, no file.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
rec=$src/tests/unit/replay-4cpu.jsonl
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
check() {	# check STATUS DESC
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
count() {	# count PATTERN FILE: the occurrences of a fixed string
	grep -o -F -- "$1" "$2" | wc -l
}
# The page without its "this report" command line, which names the command that made it.
body() { sed 's|this report</td><td><code>[^<]*|this report|' "$1"; }
echo 1..17

"$h" --replay "$rec" -q >"$tmp/q.out" 2>"$tmp/q.err"
"$h" --replay "$rec" -q --report "$tmp/r.html" >"$tmp/r.out" 2>"$tmp/r.err"
check $? "--replay -q --report: exit 0"
grep -qx "hwnoisetop: --report: wrote $tmp/r.html" "$tmp/r.err"
check $? "one line on stderr says where it wrote the page"
cmp -s "$tmp/q.out" "$tmp/r.out"
check $? "standard output is the replay's, byte for byte"
"$h" report "$rec" -o "$tmp/ref.html" 2>/dev/null
body "$tmp/r.html" >"$tmp/r.body"; body "$tmp/ref.html" >"$tmp/ref.body"
cmp -s "$tmp/r.body" "$tmp/ref.body"
check $? "the page is hwnoisetop report's of the recording"
grep -qF "this report</td><td><code>hwnoisetop --replay $rec -q --report $tmp/r.html</code>" "$tmp/r.html"
check $? "it names the run's command line as the one that made it"
sum=$(sha256sum "$rec" | cut -d' ' -f1)
grep -q "id=\"sha256\">$sum<" "$tmp/r.html"
check $? "the recording's SHA-256"
"$h" --replay "$rec" --json >"$tmp/j.ref" 2>/dev/null
"$h" --replay "$rec" --json --report "$tmp/j.html" >"$tmp/j.out" 2>/dev/null &&
	cmp -s "$tmp/j.ref" "$tmp/j.out" && [ -s "$tmp/j.html" ]
check $? "--json --report: the same JSON, and the page"
echo '<old page>' >"$tmp/old.html"
"$h" --replay "$rec" -q --report "$tmp/old.html" >/dev/null 2>&1 &&
	head -1 "$tmp/old.html" | grep -q '^<!DOCTYPE html>'
check $? "an existing page is replaced"

# The run so far: the header and the first 30 lines, no footer.
head -n 31 "$rec" >"$tmp/part.jsonl"
"$h" report "$tmp/part.jsonl" -o "$tmp/part.html" 2>/dev/null &&
	[ "$(count 'class="hr"' "$tmp/part.html")" = 4 ] &&
	grep -q "id=\"sha256\">$(sha256sum "$tmp/part.jsonl" | cut -d' ' -f1)<" "$tmp/part.html"
check $? "a recording without its footer (a run so far): a page of its 4 CPUs and its lines' hash"

bad() {	# bad DESC FILE [OPTIONS]: one line naming --report, exit 1, no file made
	desc=$1 file=$2; shift 2
	before=$(ls -A "$tmp")
	out=$("$h" "$@" --report "$file" 2>&1 >/dev/null); rc=$?
	[ $rc = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "$out" | grep -q -- '--report' &&
		[ "$(ls -A "$tmp")" = "$before" ]
	check $? "$desc: exit 1, one line naming --report, nothing made ($out)"
}
bad "a directory that is not there" "$tmp/none/p.html" --replay "$rec" -q
bad "a directory" "$tmp" --replay "$rec" -q
bad "standard output" - --replay "$rec" -q
bad "the recording itself" "$rec" --replay "$rec" -q
bad "a file under a file" "$tmp/q.out/p.html" --replay "$rec" -q
# A live run: refused with the options, before root, tracefs and the tracer.
bad "a live run's page in a directory that is not there" "$tmp/none/p.html" -q -d 1
bad "a live run's page that is its own --record" "$tmp/same.html" -q -d 1 --record "$tmp/same.html"
out=$("$h" experiment --knob smt --report "$tmp/x.html" 2>&1); rc=$?
[ $rc = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "$out" | grep -q -- '--report'
check $? "experiment refuses --report in one line ($out)"
exit $failed
