#!/bin/sh
# The dashboard's P, playing tests/unit/replay-4cpu.jsonl in tmux: the HTML
# page of the run so far, hwnoisetop-report-DATE-TIME.html in the directory
# hwnoisetop started in, its file named on the status line.  Paused early,
# the page holds the lines played (its hash is that of the recording's
# first lines); at the end, the whole recording.  With --report the page
# of the whole run is written at q as well.
win=reportkey
. "${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/screen-lib.sh"
# prefix_lines FILE SHA: how many first lines of FILE hash to SHA ("" if none).
prefix_lines() {
	local i=1 all
	all=$(wc -l <"$1")
	while [ $i -le "$all" ]; do
		[ "$(head -n $i "$1" | sha256sum | cut -d' ' -f1)" = "$2" ] && { echo $i; return; }
		i=$((i + 1))
	done
}
sha_of() { sed -n 's/.*id="sha256">\([0-9a-f]*\)<.*/\1/p' "$1"; }
pages() { ls "$tmp"/hwnoisetop-report-*.html 2>/dev/null; }

echo 1..9
cd "$tmp" || exit 1
play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
wait_for 'x1 playing' && key z && wait_for 'x1 PAUSED'
key P
wait_for 'page written: '
check 'screen | tail -1 | grep -qE "^ page written: $tmp/hwnoisetop-report-[0-9]{8}-[0-9]{6}\.html *$"' \
	"P says the page's file on the status line"
first=$(pages | head -1)
check '[ "$(pages | wc -l)" = 1 ] && head -1 "$first" | grep -q "^<!DOCTYPE html>"' \
	"the page is in the directory hwnoisetop started in"
all=$(wc -l <"$rec")
got=$(prefix_lines "$rec" "$(sha_of "$first")")
check '[ -n "$got" ] && [ "$got" -lt "$all" ]' \
	"paused early: the page is of the lines played, the first $got of $all"
check '[ "$(grep -o "class=\"hr\"" "$first" | wc -l)" = 4 ]' "its heatmap has the 4 CPUs"

# As fast as it can, to the end; a second later, so that the name differs.
sleep 1.1
key 4 && key z && wait_for ' END'
key P
wait_for 'page written: '
last=$(pages | tail -1)
check '[ "$(pages | wc -l)" = 2 ] && [ "$(sha_of "$last")" = "$(sha256sum "$rec" | cut -d" " -f1)" ]' \
	"at the end: the whole recording (its SHA-256)"
key q
wait_rc
check '[ "$(cat "$tmp/rc")" = 0 ] && [ "$(pages | wc -l)" = 2 ]' \
	"q: exit 0, no other page without --report"

# --report: the whole run's page at q, whatever P wrote before it.
play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$rec" "--report '$tmp/end.html'"
wait_for 'x1 playing' && key 4 && wait_for ' END'
key q
wait_rc
check '[ "$(cat "$tmp/rc")" = 0 ] && [ "$(sha_of "$tmp/end.html")" = "$(sha256sum "$rec" | cut -d" " -f1)" ]' \
	"--report: the page of the whole recording at q"
check 'grep -qx "hwnoisetop: --report: wrote $tmp/end.html" "$tmp/err"' \
	"one line on stderr names it"
# The help lists P.
play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
wait_for 'x1 playing' && key F1
check 'wait_for "^ *P +write the HTML page of the run so far"' "the help lists P"
