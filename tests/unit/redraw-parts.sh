#!/bin/bash
# The dashboard repaints only the parts a key changed (enum dash_redraw,
# ui/dash.h): what it leaves on screen must be what a whole redraw draws.
# It plays tests/unit/replay-4cpu.jsonl back in a detached tmux terminal on
# this machine (no root, no tracer), paused, at 80x24 and 200x60, and a
# recording of 64 CPUs (tests/scale/gen-recording) at 80x24, where the rows
# scroll; after each key the screen is captured, then the window is
# resized and back (a whole redraw, erased first) and captured again: both
# must show the same cells, characters with their whole attributes, and
# the cursor when shown (tests/lab/screen-cells.sh, shared with the lab
# test).  A shorter message over a longer one, a selection moved (two rows
# redrawn, or the grid when the rows scroll), a view closed leave nothing
# stale.  The three checks run side by side, each in a window of its own
# (the replays are paused: they draw only what a key or a resize asks).
win=r
. "${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/screen-lib.sh"
. "$src/tests/lab/screen-cells.sh"
snap() { screen_capture "$win" T; }
# check N SIZE RECORDING KEYS: the replay at SIZE, paused, then after each
# step of KEYS the screen against a whole redraw's.  A step is a key, or
# keys joined by commas, sent one at a time: moves drawn in parts one over
# the other before the check.
check() {
	local n=$1 size=$2 rec=$3 keys=$4 w=${2%x*} h=${2#*x} started=no diffs=0 checks=0 k a b
	play "$w" "$h" "LANG=C.UTF-8" "$rec"
	wait_for 'x1 playing' && T send-keys -t "$win" z && wait_for 'x1 PAUSED' && started=yes
	[ $started = yes ] || echo "# the replay did not start and pause: $(T capture-pane -p -t "$win" | head -3)"
	for k in $keys; do
		for key in ${k//,/ }; do
			T send-keys -t "$win" "$key"
			sleep 0.1
		done
		sleep 0.2
		a=$(snap)
		T resize-window -t "$win" -x $((w + 1)) -y "$h"
		sleep 0.3
		T resize-window -t "$win" -x "$w" -y "$h"
		sleep 0.3
		b=$(snap)
		checks=$((checks + 1))
		if ! same_screen "$a" "$b"; then
			diffs=$((diffs + 1))
			echo "# after $k, drawn in parts (-) and whole (+):"
			screen_diff "$a" "$b" | sed 's/^/# /'
		fi
	done
	# Still paused at the end: the keys were read by the dashboard, not by a shell.
	T capture-pane -p -t "$win" | grep -q 'PAUSED' || started=no
	if [ $started = yes ] && [ $checks -ge $(echo $keys | wc -w) ] && [ $diffs = 0 ]; then
		echo "ok $n - $size, $(basename "$rec"): after each of $checks steps the screen is what a whole redraw draws"
	else
		echo "not ok $n - $size, $(basename "$rec"): $diffs of $checks steps left the screen unlike a whole redraw" \
			"(the paused replay shown: $started)"
	fi
}
# Keys, one check each: a message then a shorter one, moves, sort, refusals,
# a step, the compare view, the help and the markers opened and closed.
keys='x 2 Down Down Up Down,Down,Up End Home > < T s . d d F1 Down x M x 1 ! NPage PPage C-l h x'
# side N ARGS...: check N ARGS... in the background, in window rN with a
# scratch directory of its own; its lines in $tmp/out.N (printed in order).
side() {
	( win=r$1; tmp=$tmp/c$1; mkdir -p "$tmp" && check "$@"; stop ) >"$tmp/out.$1" 2>&1 &
}
echo 1..3
side 1 80x24 "$rec" "$keys"
side 2 200x60 "$rec" "$keys"
# More CPUs than rows (20 at 80x24): moves inside the rows shown (two rows
# redrawn), to the last one shown and past it, pages, Home and End (the
# rows scroll), after a sort and after a step (new data: the whole grid).
if ! command -v python3 >/dev/null 2>&1; then
	wait
	cat "$tmp/out.1" "$tmp/out.2"
	tap_skip 3 "python3 is not installed (tests/scale/gen-recording)"
	exit 0
fi
python3 "$src/tests/scale/gen-recording" --seed 3 64 30 "$tmp/rec64.jsonl" || { wait; exit 1; }
side 3 80x24 "$tmp/rec64.jsonl" 'Down Down,Down,Up NPage Down Up,Up,Up PPage NPage,NPage
	PPage Down,PPage End Up,Up Home,Down NPage,Down,Down > Down,Down,NPage End
	> > Up Home . Down,Down x PPage,End,Home Down,NPage,Up'
wait
cat "$tmp/out.1" "$tmp/out.2" "$tmp/out.3"
