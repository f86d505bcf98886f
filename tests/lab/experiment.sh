#!/bin/bash
# hwnoisetop experiment in the lab VM (2 cores x 2 threads), one boot: an
# SMT experiment with short blocks runs to its report with -q --json; at
# the end SMT is on, CPUs 0-3 online, the tracer's settings as before, no
# instance or state file left; SIGKILL in a B block and --cleanup put SMT
# back; a write to smt/control from outside stops it with one line and is
# left alone; a knob that cannot change here (the NMI watchdog under TCG)
# is one line, status 3, nothing changed.  No block goes missing without a
# word: every block's counted phase is in the recording and none is lost;
# SIGTERM in a block reports that block shortened or lost; a clocksource
# switched from outside mid-run (what the TSC watchdog does by itself) stops
# it with one line, and the report names the change, its block and why the
# verdict is undecided.
. "$(dirname "$0")/lib.sh"

lab_require
plan 42

guest=$(cat <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
F=/sys/devices/system/cpu
T=/sys/kernel/tracing
state() { echo "$(cat $F/smt/control) $(cat $F/online)"; }
tracer() { echo "$(cat $T/current_tracer) $(cat $T/tracing_thresh) $(cat $T/osnoise/period_us) $(cat $T/osnoise/runtime_us) $(ls $T/instances | wc -l)"; }
left() { ls /run/hwnoisetop 2>/dev/null | grep -c state; }
gone() { i=0; while kill -0 $1 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done; kill -0 $1 2>/dev/null && echo no || echo yes; }
# Blocks of 1 s (the shortest) where only the run's course is checked; the
# runs cut at a time after a switch (SIGTERM, the clocksource) keep 2 s
# blocks, so that the cut lands inside the block the check names.
X="hwnoisetop experiment --knob smt --blocks 10 --block 1 --settle 1 -p 200000 -r 20000"
X2="hwnoisetop experiment --knob smt --blocks 10 --block 2 --settle 1 -p 200000 -r 20000"
# The text report's run checks only its report: no settling.
X0="hwnoisetop experiment --knob smt --blocks 10 --block 1 --settle 0 -p 200000 -r 20000"
echo "before=$(state)"
echo "tracer_before=$(tracer)"

stamp json
$X -q --json --record /lab/x.jsonl > /lab/x.json 2> /lab/x.err
echo "json_rc=$?"
echo "json=$(cat /lab/x.json)"
echo "json_err=$(grep -vc 'restored' /lab/x.err)"
sed 's/^/stderr: /' /lab/x.err
grep -n '"t":"mark"' /lab/x.jsonl | sed 's/"run_ns.*"text"//; s/^/mark: /'
echo "cpu1_lines=$(grep -n '"cpu":1,' /lab/x.jsonl | cut -d: -f1 | tr '\n' ' ')"
echo "counted_blocks=$(sed -n 's/.*"text":"experiment: block \([0-9]*\) of 10, [AB] ([a-z]*), counted.*/\1/p' /lab/x.jsonl | tr '\n' ' ')"
hwnoisetop experiment --replay /lab/x.jsonl --json > /lab/r.json 2>&1
echo "replay=$? $(cmp -s /lab/x.json /lab/r.json && echo same || echo differs)"
cmp -s /lab/x.json /lab/r.json || echo "replay_json=$(cat /lab/r.json)"
hwnoisetop experiment --replay /lab/x.jsonl > /lab/r.txt 2>&1
echo "replay_text=$? $(tail -1 /lab/r.txt)"
echo "after=$(state)"
echo "tracer_after=$(tracer)"
echo "left=$(left)"

stamp text
$X0 > /lab/x.txt 2> /lab/x2.err
echo "text_rc=$?"
sed 's/^/text: /' /lab/x.txt
sed 's/^/text_err: /' /lab/x2.err | tail -4

stamp kill
$X -q > /dev/null 2>&1 &
pid=$!
i=0; while [ "$(cat $F/smt/control)" != off ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
echo "kill_b=$(cat $F/smt/control)"
sleep 1
kill -KILL $pid
# Reaped, or kill -0 finds the zombie until gone() gives up (30 s).
wait $pid 2>/dev/null
echo "kill_gone=$(gone $pid)"
echo "kill_state=$(cat $F/smt/control)"
stamp cleanup
hwnoisetop --cleanup > /lab/cleanup.txt 2>&1
sed 's/^/cleanup: /' /lab/cleanup.txt
echo "cleanup=$(state) $(left) $(ls $T/instances | wc -l)"

stamp outside
$X > /lab/o.txt 2> /lab/o.err &
pid=$!
i=0; while [ "$(cat $F/smt/control)" != off ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
echo on > $F/smt/control
wait $pid
echo "outside_rc=$?"
echo "outside_err=$(grep -c 'changed from outside' /lab/o.err)"
echo "outside_state=$(cat $F/smt/control) $(left)"
grep -i 'outside\|cut' /lab/o.err /lab/o.txt | head -3
for c in 1 3; do echo 1 > $F/cpu$c/online 2>/dev/null; done

stamp term
$X2 > /lab/t.txt 2> /lab/t.err &
pid=$!
i=0; while [ "$(cat $F/smt/control)" != off ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
sleep 1.5
kill -TERM $pid
wait $pid
echo "term_rc=$? $(state) $(left)"
echo "term_report=$(grep -c '^SMT off: .*(cut)$' /lab/t.txt) $(grep -c '; cut: ' /lab/t.txt)"
echo "term_block=$(grep -cE '^block [0-9]+ \((A|B)\): (shortened by [0-9.]+ s: [0-9.]+ s of 2.0 s counted, the run was cut|lost: the run was cut (after [0-9.]+ s of its 2.0 s|before it counted))$' /lab/t.txt)"
echo "term_why=$(grep -cE '^SMT off: .*: (undecided|not comparable): (.*; )?(too few blocks: [0-9] of A, [0-9] of B, 5 a side decide|no CPU counted in both states \(blocks: [0-9] of A, [0-9] of B\)) \(cut\)$' /lab/t.txt)"
sed 's/^/term: /' /lab/t.txt | grep -v '^term: [0-9] '

stamp clocksource
# The clocksource switched from outside in block 6 (B), as the TSC watchdog
# does by itself: the experiment on SMT stops with one line and says it.
CS=/sys/devices/system/clocksource/clocksource0
cs0=$(cat $CS/current_clocksource)
cs1=; for c in hpet acpi_pm tsc; do [ "$c" != "$cs0" ] && grep -qw $c $CS/available_clocksource && { cs1=$c; break; }; done
echo "cs_from_to=$cs0 $cs1"
$X2 -q --json --record /lab/cs.jsonl > /lab/cs.json 2> /lab/cs.err &
pid=$!
for v in off on off; do
	i=0; while [ "$(cat $F/smt/control)" != $v ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
done
sleep 1.5
echo $cs1 > $CS/current_clocksource
wait $pid
echo "cs_rc=$? $(state) $(left)"
# Back at once: under hpet or acpi_pm every clock read traps to the
# emulator, and the rest of the script would run many times slower.
echo $cs0 > $CS/current_clocksource
echo "cs_back=$(cat $CS/current_clocksource)"
echo "cs_err=$(grep -c "conditions changed in block [0-9]*: clocksource $cs0 -> $cs1 (outside)" /lab/cs.err)"
sed 's/^/cs_err: /' /lab/cs.err
echo "cs=$(cat /lab/cs.json)"
hwnoisetop experiment --replay /lab/cs.jsonl --json > /lab/csr.json 2>&1
echo "cs_replay=$? $(cmp -s /lab/cs.json /lab/csr.json && echo same || echo differs)"
hwnoisetop experiment --replay /lab/cs.jsonl > /lab/csr.txt 2>&1
sed 's/^/cs_text: /' /lab/csr.txt | grep -v '^cs_text: [0-9] '
echo "cs_text=$(grep -c "^conditions changed in block [0-9]*: clocksource $cs0 -> $cs1 (outside): the experiment stopped" /lab/csr.txt)"

stamp two
tm0=$(cat /proc/sys/kernel/timer_migration)
# (No settling: what is checked is the two runs, their files and reports.)
hwnoisetop experiment --knob timer_migration --knob smt --blocks 10 --block 1 --settle 0 \
	-p 200000 -r 20000 -q --json --record /lab/two.jsonl > /lab/two.json 2> /lab/two.err
echo "two_rc=$? $(state) $(cat /proc/sys/kernel/timer_migration)$tm0"
echo "two=$(cat /lab/two.json)"
# --record with two knobs: one file a knob, said in one line, each replaying to its report.
echo "two_files=$(grep -c '^hwnoisetop: experiment: one recording a knob: /lab/two.timer_migration.jsonl /lab/two.smt.jsonl$' /lab/two.err) $(ls /lab/two.jsonl 2>/dev/null | wc -l)"
for k in timer_migration smt; do
	echo "two_replay_$k=$(hwnoisetop experiment --replay /lab/two.$k.jsonl --json 2>&1)"
done

stamp stop
hwnoisetop experiment --knob smt --blocks 10 --block 2 --settle 1 -p 200000 -r 20000 -s 1 \
	> /lab/s.txt 2> /lab/s.err
echo "stop_rc=$? $(state) $(left)"

stamp dash
# The dashboard: x on the panel's SMT, 10 blocks of 1 s, no settling (what
# is checked is the run's course on screen, its markers and its report), to
# its report.
dstart() {
	tmux -f /dev/null new-session -d -s d -x 160 -y 45 -c /lab \
		"hwnoisetop -p 200000 -r 20000; echo EXIT=\$?; sleep 600"
	waitfor '^ +2  +[0-9.]+[~!]? +[0-9.]+[~!]? ' >/dev/null
}
xrun() { key s; waitfor 'System panel' >/dev/null; key Home; key x; waitfor 'Enter is the y' >/dev/null; typed "$1"; }
said() { tmux capture-pane -p -S -400 -t d | grep -Eq -- "$1" && echo yes || echo no; }
dbefore=$(state); tbefore=$(tracer)
dstart
key s; waitfor 'System panel' >/dev/null; key Home; key x
echo "x_prompt=$(yn waitfor 'SMT experiment: blocks, block s, settle s \(Enter: 12 20 5\); Enter is the y for SMT off')"
typed "10 1 0"
echo "x_progress=$(yn waitfor 'experiment SMT: block [0-9]+ of 10, [AB] \((on|off)\), (settling|counted), [0-9]+ s left')"
screen x_running
echo "x_off=$(yn waitfile $F/smt/control off)"
echo "x_report=$(yn waitfor 'Experiment report' 200)$(yn waitfor '^SMT off: ')"
screen x_report
# Every block counted: 5 of each side in the row of all CPUs, no block lost
# (a tick late by more than a block after a hotplug makes that block
# longer, never skips the next one).
echo "x_blocks=$(said '^all .* 5/5 ')$(said '^block [0-9]+ \([AB]\): (lost|shortened)')"
echo "x_back=$(yn waitfile $F/smt/control on) $(state)"
key Escape
# Its markers: each switch, each block's counted phase (no settling here;
# the runs below settle).
key M
echo "x_marks=$(yn waitfor 'SMT on -> off \(experiment\)')$(yn waitfor 'experiment: block 2 of 10, B \(off\), counted')"
screen x_markslist
key Escape
# A second one, cut by x in a B block: the knob goes back, the report says cut.
xrun "10 5 1"
waitfile $F/smt/control off; waitfile $F/smt/control off
echo "cut_b=$(cat $F/smt/control)"
key x
echo "cut_back=$(yn waitfile $F/smt/control on)$(yn waitfor 'Experiment report')$(yn waitfor 'cut: x pressed')"
screen x_cut
key Escape
# A third, cut by a key that changes the measurement (+: the threshold).
xrun "10 5 1"
waitfor 'experiment SMT: block 1 of 10' >/dev/null
key +
echo "key_cut=$(yn waitfor 'the key \+ changed the measurement')"
key Escape
# A fourth, stopped by a write from outside: one line, SMT as written.
xrun "10 5 1"
waitfile $F/smt/control off; waitfile $F/smt/control off
sleep 0.5
echo on > $F/smt/control
echo "x_outside=$(yn waitfor 'changed from outside' 30) $(cat $F/smt/control)"
for c in 1 3; do echo 1 > $F/cpu$c/online 2>/dev/null; done
key Escape
key q
waitfor 'EXIT=' 100 >/dev/null
echo "x_q=$(said 'EXIT=0')$(said '^SMT on: .*\(cut\)$|^SMT off: .*\(cut\)$')"
echo "x_after=$(state) $(tracer) $(left)"
echo "x_before=$dbefore $tbefore 0"
tmux_end

stamp cannot
hwnoisetop experiment --knob nmi_watchdog -q > /lab/n.txt 2> /lab/n.err
echo "nmi_rc=$? $(wc -l < /lab/n.err) $(wc -c < /lab/n.txt) $(cat /proc/sys/kernel/nmi_watchdog)"
cat /lab/n.err
echo "final=$(state) $(tracer)"
stamp end
EOF_GUEST
)
lab_run --smt --timeout 900 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$guest"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
is "$LAB_RC" 0 "the guest script ran"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
is "$(get before)" "on 0-3" "the start: SMT on, CPUs 0-3 online"
is "$(get json_rc)" 0 "an SMT experiment of 10 short blocks runs to its end: status 0"
json=$(get json)
summary=$(printf '%s' "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
e = d["experiments"][0]
print(e["knob"], e["a"], e["b"], e["order"], e["blocks_done"], e["switches"], e["left_out"],
      ",".join(str(c["cpu"]) for c in e["cpus"]), e["all"]["blocks_a"], e["all"]["blocks_b"],
      e["all"]["periods_a"] > 0, e["all"]["periods_b"] > 0, e["all"]["settle_periods"] > 0,
      e["all"]["figures"]["noise_us_per_s"]["verdict"] != "", d["ranking"])
' 2>&1)
is "$summary" "smt on off ABBAABBAAB 10 5 1,3 0,2 5 5 True True True True ['smt']" \
	"--json: SMT on/off, ABBA, 10 blocks with 5 switches, CPUs 1,3 left out, 0 and 2 compared, settle periods measured"
[[ $summary == smt* ]] || diag "$json"
[[ $summary == *" 1,3 0,2 "* ]] || diag "$(printf '%s\n' "$LAB_OUT" | grep -E '^mark: |^cpu1_lines=')"
is "$(get counted_blocks)" "1 2 3 4 5 6 7 8 9 10 " "every block's counted phase is in the recording, none skipped"
lost=$(printf '%s' "$json" | python3 -c '
import json, sys
e = json.load(sys.stdin)["experiments"][0]
print([b["text"] for b in e["blocks_not_as_designed"] if b["fate"] != "longer"], e["conditions_changed"])
' 2>&1)
is "$lost" "[] None" "no block shortened or lost, no condition changed"
diag "$(printf '%s' "$json" | python3 -c '
import json, sys
for b in json.load(sys.stdin)["experiments"][0]["blocks_not_as_designed"]: print(b["text"])' 2>&1)"
is "$(get json_err)" 0 "-q --json: on stderr only what the restore did"
diag "$(printf '%s\n' "$LAB_OUT" | grep '^stderr: ')"
is "$(get replay)" "0 same" "the recording replays (--replay --json) to the same report"
if [[ $(get replay) != "0 same" ]]; then
	diag "$(python3 -c '
import json, sys
def flat(o, p=""):
    if isinstance(o, dict):
        for k, v in o.items(): yield from flat(v, p + "/" + k)
    elif isinstance(o, list):
        for i, v in enumerate(o): yield from flat(v, p + "/" + str(i))
    else: yield p, o
a = dict(flat(json.loads(sys.argv[1]))); b = dict(flat(json.loads(sys.argv[2])))
for k in sorted(set(a) | set(b)):
    if a.get(k) != b.get(k): print(k, a.get(k), b.get(k))
' "$(get json)" "$(get replay_json)" 2>&1 | head -20)"
fi
like "$(get replay_text)" '^0 SMT off: ' "and to its text report"
is "$(get after)" "on 0-3" "at the end: SMT on, CPUs 0-3 online"
is "$(get tracer_after)" "$(get tracer_before)" "the tracer's settings as before, no instance left"
is "$(get left)" 0 "no state file left"
is "$(get text_rc)" 0 "the text report: status 0"
like "$LAB_OUT" 'text: SMT off: noise [-+][0-9]+% .* on all CPUs: |text: SMT off: no change' \
	"the text report ends with the line of the knob"
like "$LAB_OUT" 'text: left out: CPUs 1,3' "the text report says which CPUs were left out"
is "$(get kill_b)" off "SIGKILL run: in a B block SMT is off"
is "$(get kill_state)" off "SIGKILL leaves SMT off"
is "$(get cleanup)" "on 0-3 0 0" "--cleanup: SMT on, CPUs 0-3 online, no state file, no instance"
diag "$(printf '%s\n' "$LAB_OUT" | grep -E '^cleanup: ')"
is "$(get outside_rc) $(get outside_err) $(get outside_state)" "4 1 on 0" \
	"an outside write stops it: status 4, one line, SMT left as written"
is "$(get term_rc)" "4 on 0-3 0" "SIGTERM in a B block: status 4, SMT on, CPUs 0-3 online, no state file"
is "$(get term_report)" "1 1" "and the report of the blocks done says it was cut"
is "$(get term_block) $(get term_why)" "1 1" \
	"SIGTERM in a block: the report says it shortened or lost, and why the verdict is undecided"
diag "$(printf '%s\n' "$LAB_OUT" | grep -E '^term: ')"
like "$(get cs_from_to)" '^[a-z_]+ [a-z_]+$' "the guest has a second clocksource"
is "$(get cs_rc) $(get cs_err)" "4 on 0-3 0 1" \
	"the clocksource switched from outside mid-run: status 4, one line, SMT back on"
cs=$(printf '%s' "$(get cs)" | python3 -c '
import json, re, sys
e = json.load(sys.stdin)["experiments"][0]
c = e["conditions_changed"]
print(c["block"], c["what"], e["cut"].startswith("conditions changed in block %d: " % c["block"]),
      e["undecided_why"].startswith("conditions changed in block %d (" % c["block"]),
      all(b["block"] < c["block"] or b["fate"] == "lost" for b in e["blocks_not_as_designed"]),
      e["blocks_done"] < c["block"])
' 2>&1)
is "$cs" "6 clocksource $(get cs_from_to | sed 's/ / -> /') (outside) True True True True" \
	"--json: the change in block 6, the cut, the undecided verdict's reason; block 6 not counted"
diag "$(printf '%s\n' "$LAB_OUT" | grep -E '^cs_(err|text): ')"
is "$(get cs_replay) $(get cs_text)" "4 same 1" "the recording replays to the same report, the change in its text"
is "$(get cs_back)" "$(get cs_from_to | cut -d' ' -f1)" "the clocksource put back"
is "$(get two_rc)" "0 on 0-3 11" "two knobs one after another: status 0, both put back"
two=$(printf '%s' "$(get two)" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(len(d["experiments"]), sorted(d["ranking"]), [e["knob"] for e in d["experiments"]])' 2>&1)
is "$two" "2 ['smt', 'timer_migration'] ['timer_migration', 'smt']" \
	"--json: an experiment a knob, in the order given, and both ranked"
is "$(get two_files)" "1 0" "--record with two knobs: one file a knob (x.KNOB.jsonl), named in one line"
same=$( { get two; echo; get two_replay_timer_migration; echo; get two_replay_smt; } | python3 -c '
import json, sys
live, *replays = [json.loads(l) for l in sys.stdin.read().splitlines() if l.strip()]
print([r["experiments"][0] == e for r, e in zip(replays, live["experiments"])])' 2>&1)
is "$same" "[True, True]" "each knob's recording replays to that knob's report of the live run"
like "$(get stop_rc)" "^2 on 0-3 0$" "-s ends it: status 2, SMT on, no state file"
like "$(get nmi_rc)" '^3 1 0 ' "a knob that cannot change here: status 3, one line, no report"
is "$(get x_prompt)" yes "dashboard: x on the panel's SMT asks blocks, block and settle, defaults shown, Enter the y"
is "$(get x_progress)" yes "the progress line: block i of N, the state now, settling or counted, time left"
is "$(get x_off)$(get x_marks)" yesyesyes "the B blocks turn SMT off, each switch and phase a marker (M)"
is "$(get x_blocks)" "yesno" "the dashboard's experiment counts 5 blocks a side, none lost or shortened"
is "$(get x_report)" yesyes "at its end the report comes over the grid, the knob's line in it"
is "$(get x_back)" "yes on 0-3" "and SMT is back on, CPUs 0-3 online"
is "$(get cut_b) $(get cut_back)" "off yesyesyes" "x in a B block cuts it: SMT back on, the report says cut"
is "$(get key_cut)" yes "a key that changes the measurement cuts it"
is "$(get x_outside) $(get x_q) $(get x_after)" "yes on yesyes $(get x_before)" \
	"an outside write stops it with one line; q prints the report with the table; every setting as before"
printf '%s\n' "$LAB_OUT" | sed -n '/^@@screen x_/,/^@@end/p' | head -200 | while IFS= read -r l; do diag "$l"; done
