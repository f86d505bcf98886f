#!/bin/bash
# Markers and before/after, driven through tmux in the lab VM (4 CPUs as
# 2 cores x 2 threads, NMIs on demand): every key that changes what is
# measured sets a numbered marker, b sets one with a note, M lists them,
# the History sparkline shows where they fell, d compares the segment
# before the latest marker with the current one (NMIs injected into CPU 0
# show as worse, with a mark under NO_COLOR), another osnoise instance
# beside the run becomes a marker and a header line, and after q the
# scrollback holds the whole-run table and one table per segment, headed by
# the marker lines, whose sums make the whole-run table.  -q is unchanged.
# A note in German and Japanese: typed, a character taken back at a time,
# shown in columns (the cursor too), recorded as UTF-8 JSON, played back.
. "$(dirname "$0")/lib.sh"

lab_require
plan 42

guest=$(cat <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
snap() { cd $T; for f in tracing_thresh osnoise/period_us osnoise/runtime_us osnoise/cpus osnoise/options current_tracer; do echo "$f=$(cat $f)"; done; echo "instances=$(ls instances)"; cd /lab; }
row() { cap | grep -E "^ +$1[ x-] " | head -1; }
# Another user's instance goes as a tool would take it away: nop, then
# rmdir, tried again while the kernel says EBUSY (an open of its files, as
# hwnoisetop's look at the other osnoise users once a second, holds it).
unshare_inst() {
	local n=0
	echo nop > $T/instances/$1/current_tracer
	until rmdir $T/instances/$1 2>/dev/null || [ $n -ge 50 ]; do sleep 0.1; n=$((n + 1)); done
	echo "rmdir_$1=$n"
}
# What differs from the settings before the run: "was X;now Y;", or nothing.
changed() {
	snap > /tmp/snap.now
	grep -vxFf /tmp/snap.now /tmp/snap.before | sed 's/^/was /; s/$/;/' | tr -d '\n'
	grep -vxFf /tmp/snap.before /tmp/snap.now | sed 's/^/now /; s/$/;/' | tr -d '\n'
}
before=$(snap)
printf '%s\n' "$before" > /tmp/snap.before

stamp start
tmux -f /dev/null new-session -d -s d -x 200 -y 45 -c /lab \
	"NO_COLOR=1 hwnoisetop -p 200000 -r 40000; echo EXIT=\$?; sleep 600"
echo "rows=$(yn waitfor '^ +3  +[0-9.]+[~!]? +[0-9.]+[~!]? ')"
echo "d_none=$(key d; yn waitfor 'no marker yet: b sets one')"

# The resets first (i restarts the statistics too): the segments after
# the last one add up to the whole-run table at the end.
key i; echo "m_i=$(yn waitfor 'statistics restarted  \[marker 1\]')"
key i; waitfor '\[marker 2\]' >/dev/null
key R; echo "m_R=$(yn waitfor 'statistics reset  \[marker 3\]')"
waitfor '^ +0  +[0-9]' >/dev/null; sleep 1
key +; echo "m_plus=$(yn waitfor 'threshold 2 us  \[marker 4\]')"
# Until a period after it has come from CPUs 0 and 3 (10 s at most).
i=0; while [ $i -lt 50 ] && [ "$(row 0 | grep -c '|')$(row 3 | grep -c '|')" != 11 ]; do sleep 0.2; i=$((i + 1)); done
echo "spark=$(row 0 | grep -c '|')$(row 3 | grep -c '|')"
screen sparkline

stamp keys
# CPU 0 alone, sampled the whole period, so that no NMI is missed.
key c; typed 0; waitfile $T/osnoise/cpus 0; echo "m_c=$(yn waitfor 'measuring CPUs 0  \[marker 5\]')"
key p; typed 500000; waitfile $T/osnoise/period_us 500000; echo "m_p=$(yn waitfor '\[marker 6\]')"
key r; typed 500000; waitfile $T/osnoise/runtime_us 500000; echo "m_r=$(yn waitfor '\[marker 7\]')"
sleep 2.5
stamp nmi
key b; typed "nmi storm"; echo "m_b=$(yn waitfor 'marker 8: nmi storm')"
lab_host nmi 4
i=0; while [ $i -lt 25 ] && [ "$(row 0 | awk '{print $9}')" -lt 3 ] 2>/dev/null; do sleep 0.2; i=$((i + 1)); done
echo "nmi=$(row 0 | awk '{print $9}')"
sleep 1

stamp compare
key d
echo "cmp_before=$(yn waitfor '^ before: 7  [0-9]+:[0-9]{2}:[0-9]{2}  runtime 40000 -> 500000 us \(key\)')"
echo "cmp_after=$(yn waitfor '^ after:  8  [0-9]+:[0-9]{2}:[0-9]{2}  nmi storm \(user\)')"
echo "cmp_rows=$(cap | grep -cE '^ +[0-3] +[0-9.]+ +[0-9.]+[ +!=?] ')"
# CPU, noise A, B, change, interval, % available A, B, HW A, B, NMI A, B, ...
echo "cmp_nmi0=$(cap | grep -E '^ +0 +[0-9]' | awk '{print $10 " " $11}')"
echo "cmp_legend=$(yn waitfor "'\\+' better, '!' worse")"
screen compare
key d; echo "cmp_off=$(yn waitfor ' History')"

stamp list
key M
echo "M=$(yn waitfor '^ 1  [0-9]+:[0-9]{2}:[0-9]{2}  mode hwnoise -> osnoise \(key\)')$(yn waitfor '^ 3  [0-9]+:[0-9]{2}:[0-9]{2}  reset \(key\)')$(yn waitfor '^ 4  [0-9]+:[0-9]{2}:[0-9]{2}  threshold 1 -> 2 us \(key\)')$(yn waitfor '^ 8  [0-9]+:[0-9]{2}:[0-9]{2}  nmi storm \(user\)')"
screen markers
key x; echo "M_closed=$(yn waitfor ' History')"

stamp view
key w; echo "m_w=$(yn waitfor '\[marker 9\]')"
sleep 1
key w; echo "m_w2=$(yn waitfor '\[marker 10\]')"
waitfor '^ +0  +[0-9]' >/dev/null; sleep 1.5

stamp neighbour
# Another osnoise tracer beside this run: the kernel lets it start.
mkdir $T/instances/other && echo osnoise > $T/instances/other/current_tracer
echo "nb_started=$(cat $T/instances/other/current_tracer)"
echo "nb_header=$(yn waitfor 'another osnoise user runs beside this one: instance other' 15)"
screen neighbour
unshare_inst other
i=0; while cap | grep -q 'another osnoise user runs' && [ $i -lt 25 ]; do sleep 0.2; i=$((i + 1)); done
echo "nb_gone=$(cap | grep -c 'another osnoise user runs')"
sleep 1.5
key M; waitfor '^ 12  ' >/dev/null
echo "M_late=$(cap | grep -cE '^ (5  .*CPUs 0-3 -> 0|6  .*period 200000 -> 500000 us, runtime 40000 -> 40000 us|7  .*runtime 40000 -> 500000 us|9  .*view hwnoise -> hwlat|10  .*view hwlat -> hwnoise|11  .*another osnoise user: instance other \(shares the settings\)|12  .*the other osnoise user \(instance other\) is gone) \((kernel|key)\)$')"
screen markers-late
key x

stamp quit
key q
echo "q_exit=$(yn waitfor '^EXIT=0')"
echo "@@screen exit"; tmux capture-pane -p -S -400 -t d | sed '/^$/N;/^\n$/D'; echo "@@end"
echo "q_changed=$(changed)"
tmux_end

stamp quiet
# -q: the same output as ever on stdout; another user is said on stderr.
# The other user starts once hwnoisetop traces (before, hwnoisetop would
# rightly refuse a busy tracer); SIGINT ends the run 3 s later.
hwnoisetop -q -d 1h -p 200000 -r 40000 >/tmp/q.out 2>/tmp/q.err & pid=$!
i=0; while [ "$(cat $T/instances/hwnoisetop-*/tracing_on 2>/dev/null)" != 1 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5; mkdir $T/instances/other2 && echo osnoise > $T/instances/other2/current_tracer
sleep 3; kill -INT $pid; wait $pid
echo "q_rc=$?"
unshare_inst other2
echo "quiet_table=$(grep -c 'Hardware-related Noise' /tmp/q.out)$(grep -c 'segments\|==\|another' /tmp/q.out)"
echo "quiet_err=$(grep -cE 'another osnoise user ran beside this run from [0-9:]+: instance other2' /tmp/q.err)"
echo "quiet_changed=$(changed)"

stamp note
# A note in German and Japanese (C.UTF-8), recorded, at 60 columns: the
# prompt is " marker note (Enter: none): " (28 columns), a CJK character two.
curx() { tmux display -p -t d '#{cursor_x}'; }
prompt=' marker note \(Enter: none\): '
tmux -f /dev/null new-session -d -s d -x 60 -y 20 -c /tmp \
	"NO_COLOR=1 hwnoisetop -c 0 -p 200000 -r 40000 --record note.jsonl; echo EXIT=\$?; sleep 600"
waitfor '^ +0  +[0-9.]+[~!]? +[0-9.]+[~!]? ' >/dev/null
key b; key -l 'Lüfter aus ファン停止ü'
echo "nt_typed=$(yn waitfor "$prompt"'Lüfter aus ファン停止ü$') $(curx)"
key BSpace
echo "nt_bs=$(yn waitfor "$prompt"'Lüfter aus ファン停止$') $(curx)"
key Tab; key F5; sleep 0.5
echo "nt_tab=$(yn waitfor "$prompt"'Lüfter aus ファン停止$') $(curx)"
screen note-prompt
key Enter
echo "nt_status=$(yn waitfor '^ marker 1: Lüfter aus ファン停止$')"
key M
echo "nt_list=$(yn waitfor '^ 1  [0-9]+:[0-9]{2}:[0-9]{2}  Lüfter aus ファン停止 \(user\)$')"
screen note-list
key x
# Longer than the field (31 columns): its end after a '<', whole characters.
key b; key -l 'aファン停止ファン停止ファン停止ファ'
echo "nt_scroll=$(yn waitfor "$prompt"'<ン停止ファン停止ファン停止ファ$') $(curx)"
screen note-scroll
key Escape
key q
echo "nt_exit=$(yn waitfor '^EXIT=0')"
echo "nt_table=$(tmux capture-pane -p -S -400 -t d | grep -cE '^== 1  [0-9]+:[0-9]{2}:[0-9]{2}  Lüfter aus ファン停止 \(user\)$')"
tmux_end
echo "nt_raw=$(grep -c '^{"t":"mark",.*"text":"Lüfter aus ファン停止"}$' /tmp/note.jsonl)"
echo "@@file note.jsonl"; grep '"t":"mark"' /tmp/note.jsonl; echo "@@end"
# The recording played back as fast as it goes (4) to its END: the markers list as live.
tmux -f /dev/null new-session -d -s d -x 60 -y 20 -c /tmp \
	"NO_COLOR=1 hwnoisetop --replay note.jsonl; echo EXIT=\$?; sleep 600"
waitfor 'playing' >/dev/null; key 4; waitfor ' END' >/dev/null
key M
echo "nt_replay=$(yn waitfor '^ 1  [0-9]+:[0-9]{2}:[0-9]{2}  Lüfter aus ファン停止 \(user\)$')"
screen note-replay
tmux kill-server
stamp end
EOF_GUEST
)
lab_run --smt --monitor --timeout 600 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$guest"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
scr_text() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@screen $1\$/,/^@@end/p" | sed '1d;$d'; }
scr() { diag "$(scr_text "$1")"; }
is "$LAB_RC" 0 "the guest script ran"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
is "$(get rows)" yes "the grid shows every CPU"
is "$(get d_none)" yes "d before any marker says how to set one"
is "$(get m_i)" yes "i sets marker 1"
is "$(get m_R)" yes "R sets a marker (3, after i's two)"
is "$(get m_plus)" yes "+ (threshold) sets marker 4"
is "$(get spark)" 11 "the History sparkline shows where it fell as | (CPUs 0 and 3)"
scr sparkline
is "$(get m_c)$(get m_p)$(get m_r)" yesyesyes "c, p and r set markers 5, 6 and 7"
is "$(get m_b)" yes "b with a typed note sets marker 8"
diag "NMI column of CPU 0 after 4 NMIs: $(get nmi)"
is "$(get cmp_before)$(get cmp_after)" yesyes "d: the compare view names both segments by their marker lines"
is "$(get cmp_rows)" 1 "d: a row of before/after figures for the one CPU measured"
nmi0=$(get cmp_nmi0)
# A few NMIs in a few seconds against none: worse, or undecided while too
# few periods could be chance (the exact test of two rates); never better
# nor no change.
like "$nmi0" '^0 [0-9.e+-]*[1-9][0-9.e+-]*[!?]$' "CPU 0's NMIs per second: none before, some after, its verdict worse (!) or undecided (?) ($nmi0)"
is "$(get cmp_legend)" yes "the compare view explains its marks"
scr compare
is "$(get cmp_off)" yes "d again returns to the grid"
is "$(get M)" yesyesyesyes "M lists the markers with number, time, text and origin"
scr markers
is "$(get M_closed)" yes "any key closes the list"
is "$(get m_w)$(get m_w2)" yesyes "w to hwlat and back sets markers 9 and 10"
is "$(get nb_started)" osnoise "the kernel lets a second osnoise instance start beside the run"
is "$(get nb_header)" yes "the header says another osnoise user runs beside this one"
scr neighbour
is "$(get nb_gone)" 0 "the header line goes when it stops"
is "$(get M_late)" 7 "markers 5-12 name each change: CPUs, period, runtime, view, the other user's start and end"
scr markers-late
is "$(get q_exit)" yes "q exits with status 0"

exit_text=$(scr_text exit)
diag "$exit_text"
like "$exit_text" '13 segments, one table each, headed by the marker that opened it' \
	"after q: a table per segment (13)"
n=$(printf '%s\n' "$exit_text" | grep -cE '^== ([0-2]  .*\[before a reset: not in the table above\]|([3-9]|1[0-2])  [0-9]+:[0-9]{2}:[0-9]{2}  [^[]+)$')
is "$n" 13 "each headed by its marker's line; those before the last reset say so"
like "$exit_text" $'== 9  [0-9]+:[0-9]{2}:[0-9]{2}  view hwnoise -> hwlat \\(key\\)\nthe hwlat view ran' \
	"the hwlat view's segment says it has no hwnoise periods"
no3=$(printf '%s\n' "$exit_text" | awk '/^== [4-6] /{s=$2; next} /^== /{s=0} s && /^  3 #/{n = n s} END{print n}')
is "$no3" 4 "a segment's table holds only the CPUs measured in it (CPU 3 in 4, not after c 0)"
# The segments after the last reset (3-12) add up to the whole-run table.
sums=$(printf '%s\n' "$exit_text" | awk '
	/^hwlat view \(threshold/ { done = 1 }
	done { next }
	/^== / { seg = $2 + 0; inseg = 1; next }
	/^CPU Period/ { table = 1; next }
	table && /^ *[0-9]+ #[0-9]+ / {
		c = $1; p = substr($2, 2)
		if (!inseg) { W[c] = p " " $3 " " $4 " " $6 " " $7 " " $8 " " $9; next }
		if (seg < 3) next
		P[c] += p; R[c] += $3; N[c] += $4; H[c] += $8; I[c] += $9
		if ($6 > MN[c]) MN[c] = $6
		if ($7 > MS[c]) MS[c] = $7
		next }
	{ table = 0 }
	END {
		for (c in W) {
			s = P[c] + 0 " " R[c] + 0 " " N[c] + 0 " " MN[c] + 0 " " MS[c] + 0 " " H[c] + 0 " " I[c] + 0
			printf "cpu%s:%s\n", c, (s == W[c] ? "same" : "whole " W[c] " segments " s)
		}
	}' | sort | tr '\n' ' ')
is "$sums" "cpu0:same cpu1:same cpu2:same cpu3:same " \
	"per CPU (1-3 too, taken out by c 0), the segments' periods, runtime, noise, HW, NMI add up to the whole run's, maxima are the largest"
like "$exit_text" 'another osnoise user ran beside this run from [0-9]+:[0-9]{2}:[0-9]{2}: instance other; it shares the osnoise settings' \
	"the exit report says another osnoise user ran beside it"
diag "the other users' instances removed after $(get rmdir_other) and $(get rmdir_other2) refusals (EBUSY)"
is "$(get q_changed)" "" "q restores every setting (what differs shown: was, now)"
is "$(get quiet_changed)" "" "-q beside another osnoise user restores every setting too"
is "$(get q_rc)$(get quiet_table)$(get quiet_err)" 0101 \
	"-q: the usual table alone on stdout; the other osnoise user on stderr"

# The note: 28 columns of label, then ü one column, a CJK character two.
is "$(get nt_typed)" "yes 50" "b: a note with umlauts and CJK characters typed, the cursor after it by columns (50)"
is "$(get nt_bs)" "yes 49" "Backspace takes one character, its two bytes (ü), the cursor one column back"
is "$(get nt_tab)" "yes 49" "Tab and F5 at the prompt are refused: the note unchanged"
scr note-prompt
is "$(get nt_status)" yes "Enter: the status line names marker 1 with its note"
is "$(get nt_list)" yes "M lists the note whole, its origin after it"
scr note-list
is "$(get nt_scroll)" "yes 59" "a note longer than the field shows its end after '<', cut between characters"
scr note-scroll
is "$(get nt_exit)" yes "q exits with status 0"
is "$(get nt_table)" 1 "after q the segment's table is headed by the note"
is "$(get nt_raw)" 1 "the recording holds the note as UTF-8, not escaped"
note_json=$(printf '%s\n' "$LAB_OUT" | sed -n '/^@@file note.jsonl$/,/^@@end$/p' | sed '1d;$d')
is "$(printf '%s\n' "$note_json" | python3 -c 'import json, sys
print("|".join(json.loads(l)["text"] for l in sys.stdin))' 2>&1)" "Lüfter aus ファン停止" \
	"the recorded marker line is JSON whose text is the note"
is "$(get nt_replay)" yes "--replay: M lists the recorded note whole"
scr note-replay
