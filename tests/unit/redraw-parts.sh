#!/bin/bash
# The dashboard repaints only the parts a key changed (enum dash_redraw,
# ui/dash.h): what it leaves on screen must be what a whole redraw draws.
# It plays tests/unit/replay-4cpu.jsonl back in a detached tmux terminal on
# this machine (no root, no tracer), paused, at 80x24 and 200x60; after
# each key the screen (characters, colours, the cursor when shown) is
# captured, then the window is resized and back (a whole redraw, erased
# first) and captured again: both must be the same.  A shorter message
# over a longer one, a selection moved, a view closed leave nothing stale.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
bin=$top/src/hwnoisetop
rec=$src/tests/unit/replay-4cpu.jsonl
if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux is not installed"
	exit 0
fi
sock=hwn-redraw-$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null' EXIT
# The screen, each line as its cells with their whole attributes ("{bold dim
# underline reverse/fg/bg}" before each run), whatever attributes the line
# before ended with (capture-pane -e writes only the changes, and which
# changes depends on how the terminal got there); blanks that show nothing
# (no background, reverse or underline) dropped at the end.  Then the cursor
# when shown.
cells='
function reset() { b = 0; di = 0; u = 0; r = 0; fg = ""; bg = "" }
function sgr(p,   n, a, i) {
	n = split(p, a, ";")
	if (p == "") { reset(); return }
	for (i = 1; i <= n; i++) {
		if (a[i] == "" || a[i] == 0) reset()
		else if (a[i] == 1) b = 1
		else if (a[i] == 2) di = 1
		else if (a[i] == 4) u = 1
		else if (a[i] == 7) r = 1
		else if (a[i] == 22) { b = 0; di = 0 }
		else if (a[i] == 24) u = 0
		else if (a[i] == 27) r = 0
		else if (a[i] == 39) fg = ""
		else if (a[i] == 49) bg = ""
		else if ((a[i] == 38 || a[i] == 48) && a[i + 1] == 5) {
			if (a[i] == 38) fg = "5:" a[i + 2]; else bg = "5:" a[i + 2]
			i += 2
		} else if (a[i] >= 30 && a[i] <= 37 || a[i] >= 90 && a[i] <= 97) fg = a[i]
		else if (a[i] >= 40 && a[i] <= 47 || a[i] >= 100 && a[i] <= 107) bg = a[i]
		else x = x "?" a[i]
	}
}
function attrs() { return b "" di "" u "" r "/" fg "/" bg x }
BEGIN { reset(); x = ""; esc = sprintf("%c", 27) }
{
	out = ""; cur = "0000//"; keep = 0; s = $0
	while (s != "") {
		if (substr(s, 1, 2) == esc "[" && match(s, /^\033\[[0-9;]*m/)) {
			sgr(substr(s, 3, RLENGTH - 3)); s = substr(s, RLENGTH + 1); continue
		}
		c = substr(s, 1, 1); s = substr(s, 2)
		if (attrs() != cur) { cur = attrs(); out = out "{" cur "}" }
		out = out c
		if (c != " " || bg != "" || r || u) keep = length(out)
	}
	print substr(out, 1, keep)
}
'
snap() {
	T capture-pane -p -e -t r | awk "$cells"
	T display -p -t r '#{?cursor_flag,#{cursor_x}/#{cursor_y},hidden}'
}
wait_for() {
	i=0
	while [ $i -lt 300 ]; do
		T capture-pane -p -t r | grep -qE "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
# Keys, one check each: a message then a shorter one, moves, sort, refusals,
# a step, the compare view, the help and the markers opened and closed.
keys='x 2 Down Down Up End Home > < T s . d d F1 Down x M x 1 ! NPage PPage C-l h x'
n=0
echo 1..2
for size in 80x24 200x60; do
	w=${size%x*} h=${size#*x}
	T kill-session -t r 2>/dev/null
	T new-session -d -s r -x "$w" -y "$h" "LANG=C.UTF-8 '$bin' --replay '$rec'; sleep 600"
	started=no
	wait_for 'x1 playing' && T send-keys -t r z && wait_for 'x1 PAUSED' && started=yes
	[ $started = yes ] || echo "# the replay did not start and pause: $(T capture-pane -p -t r | head -3)"
	diffs=0 checks=0
	for k in $keys; do
		T send-keys -t r "$k"
		sleep 0.3
		a=$(snap)
		T resize-window -t r -x $((w + 1)) -y "$h"
		sleep 0.3
		T resize-window -t r -x "$w" -y "$h"
		sleep 0.3
		b=$(snap)
		checks=$((checks + 1))
		if [ "$a" != "$b" ]; then
			diffs=$((diffs + 1))
			echo "# after $k, drawn in parts (<) and whole (>):"
			diff <(echo "$a") <(echo "$b") | head -8 | sed 's/^/# /'
		fi
	done
	n=$((n + 1))
	# Still paused at the end: the keys were read by the dashboard, not by a shell.
	T capture-pane -p -t r | grep -q 'PAUSED' || started=no
	if [ $started = yes ] && [ $checks -gt 20 ] && [ $diffs = 0 ]; then
		echo "ok $n - $size: after each of $checks keys the screen is what a whole redraw draws"
	else
		echo "not ok $n - $size: $diffs of $checks keys left the screen unlike a whole redraw" \
			"(the paused replay shown: $started)"
	fi
done
