#!/bin/sh
# The dashboard plays a recording back (hwnoisetop --replay FILE, no -q) in a
# detached tmux terminal on this machine: no root, no tracer.  The fixture
# tests/unit/replay-4cpu.jsonl is 4 CPUs x 20 s at 1 s periods (written by
# tests/scale/gen-recording --seed 3 4 20) with a marker after 8 s that
# raises the threshold to 2 us; its --replay -q report is the reference.
win=replay
. "${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/screen-lib.sh"
# The Period of a CPU's row in the grid ("" when the row is not there).
period() { screen | awk -v c="$1" 'h && $1 == c { print $2; exit } /^ *CPU +Period/ { h = 1 }'; }
# ms_for N: the milliseconds CPU 0's Period takes to go N periods on,
# counted from the moment it changes (within 30 s, else what it took).
ms_for() {
	local p0 t0 i=0
	p0=$(period 0)
	while [ "$(period 0)" = "$p0" ] && [ $i -lt 1500 ]; do sleep 0.02; i=$((i + 1)); done
	p0=$(period 0) t0=$(date +%s%N)
	while [ "$(period 0)" -lt $((${p0:-0} + $1)) ] 2>/dev/null && [ $i -lt 1500 ]; do
		sleep 0.02
		i=$((i + 1))
	done
	echo $((($(date +%s%N) - t0) / 1000000))
}
# Play file $1 in a new window, as fast as it can, up to its END.
play_fast() {
	play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$1"
	# the title's END, then the status line's note, drawn last
	wait_for 'playing' && key 4 && wait_for ' END' && wait_for 'q (prints|quits) '
}

echo 1..33
"$bin" --replay "$rec" -q > "$tmp/ref.out" 2> "$tmp/ref.err" || echo "# --replay -q failed: $(cat "$tmp/ref.err")"
# After q the line naming the run stands above the table (-q: on stderr).
{ sed -n 's/^hwnoisetop: \(replay of \)/\1/p' "$tmp/ref.err"; cat "$tmp/ref.out"; } > "$tmp/ref"
# stdout of the dashboard's terminal, byte for byte, for the report after q
play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
T pipe-pane -t replay -o "cat > '$tmp/tty'"

wait_for '^ +3 +[1-9]' && wait_for 'x1 playing'
check 'screen | head -1 | grep -q "REPLAY $rec | Linux 6.1.0-28-rt-amd64 | hwnoise: IRQs disabled" &&
	screen | head -1 | grep -qE "/ +0 00:00:20 *$"' \
	"the title: REPLAY, the file, the recorded kernel and mode, the recording's length"
check 'screen | grep -qE "^ period 1000000 us  runtime 1000000 us  threshold 1 us  CPUs 0-3"' \
	"the settings line is the recording's"
# The recorded numbers: after the first period CPU 0 shows its first summary
# (noise 0..), and every row has the recorded runtime per period.
check '[ "$(screen | awk "/^ *CPU +Period/ { h = 1; next } h && \$1 ~ /^[0-3]\$/ && \$3 == \$2 * 1000000 { n++ } END { print n }")" = 4 ]' \
	"4 rows, each with Runtime = Period x 1000000 us as recorded"

key z
wait_for 'x1 PAUSED'
p1=$(period 0)
sleep 2
p2=$(period 0)
check '[ -n "$p1" ] && [ "$p1" = "$p2" ] && screen | head -1 | grep -q "x1 PAUSED"' \
	"z pauses: CPU 0's Period stays $p1 for 2 s"
key .
wait_for "^ +0 +$((p2 + 1)) "
p3=$(period 0)
check '[ "$p3" = $((p2 + 1)) ]' ". steps one period while paused ($p2 -> $p3)"

key +
check 'screen | tail -1 | grep -q "replay: the recording cannot be changed (+ changes a live run)"' \
	"+ is refused with its reason"
key c
check 'screen | tail -1 | grep -q "replay: the recording cannot be changed (c changes" &&
	! screen | tail -1 | grep -q "CPUs to measure"' "c is refused, no prompt opens"
key t
check 'screen | tail -1 | grep -q "replay: t works on a live run only"' "t (capture) is refused"
key x
check 'screen | tail -1 | grep -q "replay: the recording cannot be changed (x changes a live run)" &&
	! screen | grep -q "experiment"' "x (the experiment) is refused, no prompt, no progress line"

# x1 then x10: the time CPU 0's Period takes to go N periods on, from the
# moment one begins (waited for, not a fixed sleep that a loaded machine
# makes too short): 2 take 2 s at x1, 6 take 0.6 s at x10.  At x1 not
# less than 1 s (a late period may be caught up), at x10 less than x1's 2.
key z
t1=$(ms_for 2)
T send-keys -t "$win" 2
wait_for 'x10 playing'
t10=$(ms_for 6)
check '[ "$t1" -ge 1000 ] && [ "$t10" -lt "$t1" ] && screen | head -1 | grep -q "x10 playing"' \
	"speed: 2 periods took $t1 ms at x1, 6 took $t10 ms at x10"
key 4
wait_for ' END +0 00:00:20 / +0 00:00:20' && wait_for 'END of the recording: q prints its report'
check '[ "$(period 0)" = 20 ]' "4 (as fast as it can) plays to the END: 20 periods, END said"

key '>' '>' '>'
check 'screen | tail -1 | grep -q "sorted by Noise" &&
	[ "$(screen | awk "h && /^ *[0-9]/ { print \$1; exit } /^ *CPU +Period/ { h = 1 }")" = 3 ]' \
	"sorting by Noise puts CPU 3 (122 us) first"

key M
check 'screen | grep -q "threshold 1 -> 2 us" && screen | tail -1 | grep -q "^ d compares the segment"' \
	"M lists the recorded marker, and offers d, not b (refused in a replay)"
key Escape
key d
check 'screen | grep -q " before: " && screen | grep -q " after: .*threshold 1 -> 2 us"' \
	"d shows the compare view around the recorded marker"
key d
key q
wait_rc
# The terminal's bytes after curses left its screen and put the keypad back,
# without the tty's \r.
awk 'BEGIN { RS = "\033\\[\\?1049l" } { last = $0 } END { printf "%s", last }' "$tmp/tty" |
	tr -d '\r' | perl -0pe 's/\A(?:\e\[[0-9;?]*[A-Za-z]|\e[=>])*//' > "$tmp/out"
if [ "$(cat "$tmp/rc" 2>/dev/null)" = 0 ] && cmp -s "$tmp/ref" "$tmp/out"; then
	ok "q prints the report of --replay -q byte for byte, exit 0"
else
	not_ok "q: exit $(cat "$tmp/rc" 2>/dev/null), report differs from --replay -q"
	diff "$tmp/ref" "$tmp/out" | head -20 | cat -A | sed 's/^/# /'
fi

# A file cut by a crash (no footer) plays up to the cut; q prints what -q prints.
head -n 60 "$rec" > "$tmp/cut.jsonl"
"$bin" --replay "$tmp/cut.jsonl" -q > "$tmp/cut.ref" 2> "$tmp/cut.err"
grep -v '^hwnoisetop: replay of ' "$tmp/cut.err" > "$tmp/cut.referr"
play_fast "$tmp/cut.jsonl"
wait_for 'the file has no footer'	# the status line may come after the title
check 'screen | head -1 | grep -q "END: cut short" && [ "$(period 0)" = 12 ] && [ "$(period 3)" = 11 ] &&
	screen | tail -1 | grep -q "the file has no footer"' \
	"a file without its footer plays up to its last line (CPU 0 at Period 12, CPU 3 at 11): END: cut short"
key q
wait_rc
check '[ "$(cat "$tmp/rc")" = 0 ] && cmp -s "$tmp/cut.referr" "$tmp/err"' \
	"q: exit 0 and the same note on stderr as --replay -q"
# A garbled line: played up to the line before, the line named, exit 1 as -q.
{ head -n 30 "$rec"; echo '{"t":"s","cpu":'; tail -n +31 "$rec"; } > "$tmp/bad.jsonl"
"$bin" --replay "$tmp/bad.jsonl" -q > /dev/null 2> "$tmp/bad.referr"
play_fast "$tmp/bad.jsonl"
wait_for 'END: line 31: not JSON'
check 'screen | head -1 | grep -q "END: bad line" && screen | tail -1 | grep -q "END: line 31: not JSON"' \
	"a garbled line 31: END, the line named on the status line"
key q
wait_rc
check '[ "$(cat "$tmp/rc")" = 1 ] && cmp -s "$tmp/bad.referr" "$tmp/err"' \
	"q: exit 1 with the line --replay -q prints"

# A recording with SMI counts: the grid has the live dashboard's SMI column.
if command -v python3 >/dev/null 2>&1; then
	python3 "$src/tests/scale/gen-recording" --smi 4 30 "$tmp/smi.jsonl"
	play_fast "$tmp/smi.jsonl"
	check 'screen | grep -qE "^ CPU .* NMI +SMI .*LastSMI History" &&
		[ "$(screen | awk "/^ *CPU +Period/ { h = 1; next } h && \$1 == 0 { print \$10; exit }")" = 1 ]' \
		"a recording with SMI counts shows the SMI column (CPU 0: 1)"
	key q
else
	tap_skip 19 "python3 is not installed (tests/scale/gen-recording)"
	n=19
fi

# Play file $1 from its start in a new window, its terminal's bytes in $tmp/tty.
play_new() {
	rm -f "$tmp/tty"
	play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$1"
	T pipe-pane -t replay -o "cat > '$tmp/tty'"
}
# The report q printed: the terminal's bytes after curses left its screen.
report() {
	awk 'BEGIN { RS = "\033\\[\\?1049l" } { last = $0 } END { printf "%s", last }' "$tmp/tty" |
		tr -d '\r' | perl -0pe 's/\A(?:\e\[[0-9;?]*[A-Za-z]|\e[=>])*//'
}
if command -v python3 >/dev/null 2>&1; then
	# Periods of 100 ms: . steps one period of summaries per CPU, not a second's ten.
	python3 "$src/tests/scale/gen-recording" --period-ms 100 4 5 "$tmp/p100.jsonl"
	play_new "$tmp/p100.jsonl"
	wait_for '^ +3 +[1-9]' && wait_for 'x1 playing' && key z && wait_for 'x1 PAUSED'
	before=$(for c in 0 1 2 3; do period $c; done | tr '\n' ' ')
	key .
	after=$(for c in 0 1 2 3; do period $c; done | tr '\n' ' ')
	want=$(for p in $before; do echo $((p + 1)); done | tr '\n' ' ')
	check '[ -n "$before" ] && [ "$after" = "$want" ] &&
		screen | tail -1 | grep -q "stepped one period of the recording (100000 us)"' \
		"100 ms periods: . steps one period, each CPU one summary ($before-> $after)"
	key q

	# A dashboard run that switched to the hwlat view (w) after 6 s and back
	# after 12 s: the playback switches there too, and back.
	python3 "$src/tests/scale/gen-recording" --seed 5 --hwlat 6:12 4 20 "$tmp/hw.jsonl"
	"$bin" --replay "$tmp/hw.jsonl" -q 2>&1 | sed '1s/^hwnoisetop: replay of /replay of /' > "$tmp/hw.ref"
	play_new "$tmp/hw.jsonl"
	wait_for '^ +3 +[1-9]' && wait_for 'x1 playing' && key z && wait_for 'x1 PAUSED'
	p=$(period 0)
	while [ "${p:-9}" -lt 5 ]; do key .; p=$(period 0); done
	check '[ "$p" = 5 ] && screen | head -1 | grep -q "| hwnoise: IRQs disabled "' \
		"stepped to 5 s: the hwnoise view, Period 5"
	key .
	wait_for 'the recorded run switched to the hwlat view here'
	check 'screen | head -1 | grep -qE "\| hwlat: hardware latency detector .* PAUSED +0 00:00:00 *$" &&
		screen | sed -n 2p | grep -q "^ window 1000000 us  width 500000 us  mode none  threshold 10 us  CPUs 0-3" &&
		screen | sed -n 3p | grep -q "hwlat view here (w): hwnoise was stopped meanwhile" &&
		screen | grep -qE "^ CPU +Samples +Max Inner +Max Outer"' \
		"the next period, where the run switched: the hwlat view's title (its own time, no total), settings line and grid"
	key w
	check 'screen | tail -1 | grep -q "replay: the view follows the recording (w switches a live run.s tracer)"' \
		"w is refused: the view follows the recording"
	for i in 1 2 3 4 5; do key .; done
	samples=$(screen | awk '/^ *CPU +Samples/ { h = 1; next } h && $1 ~ /^[0-3]$/ && $2 ~ /^[0-9]+$/ { n += $2 } END { print n + 0 }')
	check '[ "$samples" = 5 ] && screen | head -1 | grep -q "| hwlat: "' \
		"five steps in the hwlat view: one window with a sample each (5 samples)"
	key .
	wait_for 'the recorded run switched back to the hwnoise view here'
	check 'screen | head -1 | grep -q "| hwnoise: IRQs disabled " && [ "$(period 0)" = 6 ] &&
		screen | grep -qE "^ period 1000000 us  runtime 1000000 us"' \
		"the sixth window, where the run switched back: the hwnoise view again, at Period 6"
	key .
	check '[ "$(period 0)" = 7 ]' "and its next period (7)"
	key 4
	wait_for ' END '
	key q
	wait_rc
	if [ "$(cat "$tmp/rc" 2>/dev/null)" = 0 ] && report | cmp -s "$tmp/hw.ref" -; then
		ok "q prints the report of --replay -q byte for byte (with the hwlat view's figures)"
	else
		not_ok "q: exit $(cat "$tmp/rc" 2>/dev/null), report differs from --replay -q"
		report | diff "$tmp/hw.ref" - | head -20 | cat -A | sed 's/^/# /'
	fi
else
	for i in 20 21 22 23 24 25 26 27; do tap_skip $i "python3 is not installed"; done
	n=27
fi

# Clocks that jump back: hwlat samples count from 1970, summaries from boot.
# After the samples, x10 still paces the summaries (20 s of them in 2 s),
# not all at once.
{ head -n 26 "$rec"
  for i in 1 2 3; do
	echo '{"t":"h","cpu":0,"seq":'$i',"sec":'$((1764576000 + i))',"nsec":0,"inner":5,"outer":3,"count":1,"nmi_total":0,"nmi_count":0}'
  done
  tail -n +27 "$rec"; } > "$tmp/mixed.jsonl"
play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$tmp/mixed.jsonl"
wait_for 'x1 playing' && key 2 && wait_for 'x10 playing'
# The first Period shown at x10: all at once would show the 20th.
wait_for '^ +0 +[1-9]'
p=$(period 0)
check '! screen | head -1 | grep -q END && [ "${p:-20}" -lt 20 ]' \
	"after hwlat samples (a clock from 1970), x10 still paces the summaries (Period $p of 20 when first shown)"
key q

# The compare view (d) of a recording with SMI counts and markers: an SMI
# pair of columns at 200 columns; at 80 HW goes first, then the noise's
# change, so that NMI and SMI stay; no row runs past the edge, and the
# status line is whole.
if command -v python3 >/dev/null 2>&1; then
	python3 "$src/tests/scale/gen-recording" --seed 2 --markers 3 --smi 4 60 "$tmp/smimk.jsonl"
	play_fast "$tmp/smimk.jsonl"
	key d
	check 'screen | grep -qE "NMI per s +max single p99 +SMI per s *$" &&
		[ "$(screen | awk "/^ CPU +A/ { h = 1; next } h && \$1 == 0 { print NF; exit }")" = 15 ] &&
		screen | grep -qE "^ all .*[0-9][?=!+] *$" &&
		screen | grep -qE "^ before: 2 .*\(15 periods, 00:00:15 measured\)"' \
		"a recording with SMI counts: the compare view has SMI A and B, marked with verdicts, all first, periods and time (CPU 0: 15 words)"
	T resize-window -t replay -x 80 -y 30
	sleep 0.5
	key d
	key d
	check '! screen | grep -E "^ CPU" | grep -q "interval" &&
		[ "$(screen | awk "/^ CPU +A/ { h = 1; next } h && \$1 == 0 { print NF; exit }")" = 9 ] &&
		[ "$(screen | awk "/^ CPU +A/ { h = 1; next } h && \$1 == 0 { for (i = 3; i <= NF; i++) if (\$i ~ /[?=!+]\$/) m++; print m; exit }")" = 6 ] &&
		! screen | grep -qE "^.{81}" &&
		screen | tail -1 | grep -q "^ compare view (d returns): before the latest marker against after it *$"' \
		"at 80 columns: the interval and the A columns dropped, every mark kept (CPU 0: 9 words, 6 marked), the status whole"
	key d
	key D
	check 'screen | grep -q "^ CPU 0: the distribution of its periods" &&
		screen | grep -qE "^ whole run \(60 periods\)" &&
		screen | grep -qE "^ current segment, since 3 .*\(15 periods\)" &&
		screen | grep -qE "^ segment before the latest marker, 2 " &&
		[ "$(screen | grep -cE "^   (noise us per s|max single us) +p50 [0-9]+ +p90 [0-9]+ +p99 [0-9]+ +p99.9 [0-9]+ +max [0-9]+")" = 6 ]' \
		"D: the selected CPU's percentiles, whole run, current segment and the one before"
	key q

	# After the hwlat view, d compares the last osnoise segment (the start)
	# with the current one, not the hwlat stretch (all '-').
	python3 "$src/tests/scale/gen-recording" --hwlat 10:20 --period-ms 100 6 30 "$tmp/hwd.jsonl"
	play_fast "$tmp/hwd.jsonl"
	key d
	check 'screen | grep -q "^ before: 0 .*start" && screen | grep -q "^ after:  2 .*hwlat -> hwnoise" &&
		[ "$(screen | awk "/^ CPU +A/ { h = 1; next } h && \$1 ~ /^[0-5]\$/ && \$2 != \"-\" && \$3 != \"-\" { n++ } END { print n + 0 }")" = 6 ]' \
		"after the hwlat view: d compares the start with the current segment, 6 rows of figures"
	key q
else
	for i in 29 30 31 32; do tap_skip $i "python3 is not installed"; done
	n=32
fi
