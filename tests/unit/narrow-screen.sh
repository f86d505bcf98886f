#!/bin/sh
# The dashboard on a plain terminal: 80x24 and 200x60, TERM=dumb, NO_COLOR
# and LANG=C, played back from tests/unit/replay-4cpu.jsonl in a detached
# tmux terminal on this machine (no root, no tracer).
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
bin=$top/src/hwnoisetop
rec=$src/tests/unit/replay-4cpu.jsonl
if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux is not installed"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
sock=hwn-narrow-$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; [ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; screen | sed 's/^/# /'; }
check() { if eval "$1"; then ok "$2"; else not_ok "$2"; fi; }
screen() { T capture-pane -p -t narrow; }
wait_for() {
	i=0
	while [ $i -lt 300 ]; do
		screen | grep -qE "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
key() { T send-keys -t narrow "$@"; sleep 0.3; }
wait_rc() {
	i=0
	while [ ! -s "$tmp/rc" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
}
# Play the recording in a new W x H window with the environment $3.
play() {
	rm -f "$tmp/rc"
	T kill-session -t narrow 2>/dev/null
	T new-session -d -s narrow -x "$1" -y "$2" \
		"env $3 '$bin' --replay '$rec' 2> '$tmp/err'; echo \$? > '$tmp/rc'; sleep 600"
}

echo 1..15
# A session that outlives the others: a killed last session would take the
# server down while the next one starts.
T new-session -d -s keep "sleep 600"

# TERM=dumb cannot place its cursor: the report only, and one line saying why.
play 80 24 "TERM=dumb NO_COLOR=1 LANG=C"
wait_rc
check 'grep -qx 0 "$tmp/rc" &&
	grep -q "cannot move its cursor (TERM=dumb): showing only the report" "$tmp/err" &&
	[ "$(wc -l < "$tmp/err")" = 1 ] && screen | grep -q "B against A, 95% interval"' \
	'TERM=dumb: the report, and one line on stderr saying why'

# 80x24: the key bar keeps q quit beside F1 help (replay and live bars).
play 80 24 "NO_COLOR=1 LANG=C"
wait_for 'x1 playing'
check 'screen | tail -1 | grep -q "^ F1 help  q quit  z pause"' '80x24: q quit beside F1 help in the key bar'
[ "$(grep -c '" F1 help  q quit  s system' "$src/ui/frame.c")" = 2 ] && ok 'the live key bars start F1 help  q quit' ||
	not_ok 'the live key bars start F1 help  q quit'

# The help at 80x24: wrapped at words, the replay's bindings each once, PgDn scrolls.
key F1
wait_for 'hwnoisetop keys'
check 'screen | grep -q "as fast as it can\$" && screen | grep -qE "^ {12}\(replay\)\$"' \
	'80x24 help: a long binding wraps at a word, its rest indented under the text'
check '[ "$(screen | grep -c "^ z ")" = 1 ] && ! screen | grep -q "^ T "' \
	'80x24 help of a replay: z once, and no key the replay refuses'
key NPage NPage
check 'screen | grep -q "hwnoisetop keys" && screen | grep -q "^ At a prompt" && ! screen | grep -q "^ z "' \
	'80x24 help: PgDn scrolls to the end and leaves it open'
key PPage PPage
check 'screen | grep -q "^ z " && ! screen | awk "length(\$0) > 80" | grep -q .' \
	'80x24 help: PgUp scrolls back to the top; no line is longer than the terminal'

# Sorting at 80x24: < and > step through the columns on screen, the title
# carries the order's mark (ASCII in LANG=C), I inverts it.
key q
play 80 24 "NO_COLOR=1 LANG=C"
wait_for 'x1 playing' && key 4 && wait_for ' END'
: > "$tmp/sorted"
for i in 1 2 3 4 5 6 7 8 9 10; do key '>'; screen | tail -1 >> "$tmp/sorted"; done
check '! grep -qE "sorted by (Period|Runtime)" "$tmp/sorted" && grep -q "sorted by Noise, largest first" "$tmp/sorted"' \
	'80x24: > sorts by the columns on screen only (no Period, no Runtime)'
for i in 1 2 3 4 5 6 7 8; do screen | tail -1 | grep -q "sorted by Noise," && break; key ">"; done
first() { screen | awk 'h && /^ *[0-9]/ { print $1; exit } /CPU +v? *Noise/ { h = 1 }'; }
check 'screen | grep -qE "^ CPU +v Noise " && [ "$(first)" = 3 ]' \
	'LANG=C: the Noise title marked v, CPU 3 (122 us) first'
key I
check 'screen | grep -qE "^ CPU +\^ Noise " && screen | tail -1 | grep -q "sorted by Noise, smallest first" && [ "$(first)" != 3 ]' \
	'I inverts the order: ^ on the title, CPU 3 no longer first'
key q
play 200 60 "NO_COLOR=1 LANG=C.UTF-8"
wait_for 'x1 playing' && key '>'
check 'screen | grep -qE "^ CPU +▼Period "' '200x60, UTF-8: the Period title marked with a triangle'

# The History scale: the largest period over every CPU (CPU 3's 102 us),
# said in the title, the same whether CPU 3's row is on screen or not.
bars0() { screen | awk '$1 == "0" { print $NF; exit }'; }
key q
play 80 24 "NO_COLOR=1 LANG=C.UTF-8"
wait_for 'x1 playing' && key 4 && wait_for ' END'
full=$(bars0)
check 'screen | grep -qE " History 102\$" && screen | grep -qE "^ +3 "' '80x24: History 102 (CPU 3 on screen)'
key q
play 80 7 "NO_COLOR=1 LANG=C.UTF-8"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'screen | grep -qE " History 102\$" && ! screen | grep -qE "^ +3 "' '80x7: History 102 with CPU 3 scrolled away'
check '[ -n "$full" ] && [ "$(bars0)" = "$full" ]' "80x7: CPU 0's bars as at 80x24 ($full)"
key q
play 200 60 "NO_COLOR=1 LANG=C"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'screen | grep -q " History (max 102 us)"' '200x60: History (max 102 us)'

T kill-server 2>/dev/null
