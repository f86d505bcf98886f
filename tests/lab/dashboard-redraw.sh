#!/bin/bash
# The live dashboard repaints only the parts a key changed (enum
# dash_redraw, ui/dash.h); what it leaves on screen must be what a whole
# redraw draws.  In tmux inside the lab VM, at 80x24 and 200x60, paused (the
# screen then holds still), for each key of a sequence that types into the
# prompts (characters, Backspace, Ctrl-U, Esc, Enter with a bad value and a
# good one), moves the selection, sorts, sets a marker and opens and closes
# the compare view and the help: the screen is captured, then the window
# is resized and back (a whole redraw, erased first) and captured again;
# both must show the same cells, characters with their whole attributes,
# and the cursor when shown (tests/lab/screen-cells.sh, shared with the
# unit test).  tests/unit/redraw-parts.sh does the same with a replay on the
# build machine, which has no prompt.  Also a figure, not a test: the CPU
# time per redraw (-D) while 100 characters are typed into a prompt.
. "$(dirname "$0")/lib.sh"

lab_require
plan 5

guest=$(cat <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
. /etc/lab/screen-cells.sh
snap() { screen_capture d; }
# A short runtime (5 % of each CPU with its interrupts off): the tracer
# measures on while the dashboard is paused, and the shell and tmux that
# check the screen wait on a CPU that runs with interrupts off.
start() {	# WIDTH HEIGHT: the dashboard, its first rows, then paused
	tmux kill-session -t d 2>/dev/null
	tmux -f /dev/null new-session -d -s d -x "$1" -y "$2" -c /lab \
		"hwnoisetop -D -p 200000 -r 10000 2> /tmp/err; echo EXIT=\$?; sleep 600"
	waitfor '^ +0  +[0-9.]+[~!]? ' 150 && key z && waitfor 'PAUSED' 150 && sleep 0.5
}
# W: the bytes the dashboard has written to its terminal so far (builtins
# only: a fork is slow in this guest).
wchar() { W=; while read -r f v; do [ "$f" = wchar: ] && W=$v; done < /proc/$pid/io; }
# idle: the dashboard waits in its loop's poll() (system call 7 in
# /proc/PID/syscall: it is between two keys, its drawing done).
idle() { read -r sc _ < /proc/$pid/syscall; [ "$sc" = 7 ]; }
# drawn TENTHS [snap]: after a key or a resize (W read before it), until the
# dashboard has written more (or TENTHS tenths of a second went by: a key
# may draw nothing), then until it waits in poll() having written nothing
# more for 0.05 s (paused, it writes nothing else); with snap, then until
# two captures in a row are the same (tmux has read it all), in $shot.  At
# most 5 s each.
drawn() {
	w0=$W j=0
	while wchar; [ "$W" = "$w0" ] && [ $j -lt $(($1 * 2)) ]; do sleep 0.05; j=$((j + 1)); done
	prev=$W j=0
	while sleep 0.05; wchar; { [ "$W" != "$prev" ] || ! idle; } && [ $j -lt 100 ]; do prev=$W j=$((j + 1)); done
	[ -n "${2:-}" ] || return 0
	prev=$(snap) j=0
	while shot=$(snap); [ "$shot" != "$prev" ] && [ $j -lt 25 ]; do prev=$shot j=$((j + 1)); sleep 0.1; done
}
quit() { key q; waitfor 'EXIT=' >/dev/null; }
keys='T 1 2 BSpace 3 C-u 4 Escape T 9 9 9 9 9 9 9 9 9 9 Enter c x Enter T 1 Enter
	Down Down Up End Home > < b n Enter d d F1 x'
for size in 80x24 200x60; do
	w=${size%x*} h=${size#*x}
	echo "started_$size=$(yn start "$w" "$h")"
	pid=$(pidof hwnoisetop)
	n=0 diffs=0 raw=0 t0=$(cut -d' ' -f1 /proc/uptime)
	for k in $keys; do
		wchar; key "$k"; drawn 10 snap
		a=$shot
		wchar; tmux resize-window -t d -x $((w + 1)) -y "$h"; drawn 30
		wchar; tmux resize-window -t d -x "$w" -y "$h"; drawn 30 snap
		b=$shot
		n=$((n + 1))
		[ "$a" = "$b" ] && raw=$((raw + 1))
		if ! same_screen "$a" "$b"; then
			diffs=$((diffs + 1))
			echo "@@diff $size after $k, drawn in parts (-) and whole (+):"
			screen_diff "$a" "$b"
			echo "@@end"
		fi
	done
	echo "keys_$size=$n"
	echo "diffs_$size=$diffs"
	# A figure: the time a key takes, and how often the cells were not needed.
	echo "time_$size=$(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" -v n=$n -v r=$raw \
		'BEGIN { printf "%.2f s a key; %d of %d pairs equal as captured", (b - a) / n, r, n }')"
	quit
done
# The figure: 100 characters typed into the threshold prompt, one at a time.
start 200 60 >/dev/null
key T
for i in $(seq 100); do tmux send-keys -t d -l "$((i % 10))"; sleep 0.05; done
sleep 0.5
key Escape
sleep 0.5
quit
echo "typing=$(sed -n 's/.*debug: \([0-9.]*\) ms of CPU per redraw.*/\1 ms of CPU per redraw/p' /tmp/err), $(sed -n 's/.*debug: \([0-9]*\) redraws: .* \([0-9]*\) inputs.*/\1 redraws, \2 inputs/p' /tmp/err)"
EOF_GUEST
)
lab_run --timeout 900 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" \
	--file "$lab_dir/screen-cells.sh:/etc/lab/screen-cells.sh" -- <<<"$guest"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
is "$LAB_RC" 0 "the guest script ran"
for size in 80x24 200x60; do
	is "$(get "started_$size")" yes "$size: the dashboard shows its rows and pauses"
	diag "$(printf '%s\n' "$LAB_OUT" | sed -n "/^@@diff $size/,/^@@end/p")"
	ok "$([[ $(get "keys_$size") -ge 40 && $(get "diffs_$size") = 0 ]]; echo $?)" \
		"$size: after each of $(get "keys_$size") keys the screen is what a whole redraw draws ($(get "diffs_$size") differ)"
	diag "$size: $(get "time_$size")"
done
diag "typing into a prompt, 200x60: $(get typing)"
