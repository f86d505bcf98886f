#!/bin/bash
# --record and --replay, in the lab VM (one boot, 2 CPUs) and on the host.
#
# In the guest: a live -q --record run on CPU 0 with NMIs injected; --record
# onto an existing file (refused, the file untouched) and with --force; the
# dashboard recording with a marker and w to the hwlat view and back;
# hwnoisetop hwlat --record; a run killed with SIGKILL (no footer); --report
# without --record, and the dashboard's P.  The
# files come back through the output.
# On the host (no root, no tracer): --replay -q prints the live table byte
# for byte; CPU 0's recorded summaries add up to its row; every line is JSON
# with the header first and the footer last; the dashboard's marker gives a
# segment table, its change of threshold and switches of tracer are "set"
# lines at once; the killed run replays up to its last line; the live
# recording holds the audit as the run started, and report shows it.
. "$(dirname "$0")/lib.sh"

lab_require
plan 52
lab_run --cpus 2 --monitor --timeout 400 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
show() { echo "@@file $1"; cat "$1"; echo "@@end"; }
# Live -q --record, CPU 0 sampled the whole period, NMIs injected one at a
# time until the tracer saw 5 (an NMI between two periods is not counted:
# hwnoise.sh).  The tracer's osnoise:nmi_noise events bracket the column,
# from those seen while it surely measured to all seen while it ran (a slow
# host's kernel may send NMIs of its own).
lab_nmiwatch on || echo "nmiwatch failed"
na=$(lab_nmiseen)
hwnoisetop -D -q -c 0 -H 1 -p 1000000 -r 1000000 -d 1h --record live.jsonl > live.txt 2> live.err & pid=$!
t=0; while [ $t -lt 60 ] && ! grep -q 'debug: tracing on' live.err; do sleep 1; t=$((t + 1)); done
sleep 1
nb=$(lab_nmiseen)
echo "nmi_injected=$(lab_nmi_seen 5 || echo failed)"
nmis() { grep 'summary at' live.err | awk '{ n += $17 } END { print n + 0 }'; }
t=0; while [ $t -lt 40 ] && [ "$(nmis)" -lt "$(($(lab_nmiseen) - na))" ]; do sleep 1; t=$((t + 1)); done
sleep 1.5
echo "lines_during=$(wc -l < live.jsonl)"
nc=$(lab_nmiseen)
kill -INT $pid; wait $pid; echo "rc_live=$?"
echo "nmi_lo=$((nc - nb))"
echo "nmi_hi=$(($(lab_nmiseen) - na))"
lab_nmiwatch off
show live.txt; show live.jsonl
# An existing file: refused, untouched; --force overwrites it.
echo keep > exists.jsonl
hwnoisetop -q -c 1 -d 2 --record exists.jsonl > ex.out 2> ex.err; echo "rc_exists=$?"
echo "exists_msg=$(cat ex.err)"; echo "exists_lines=$(wc -l < ex.err)"; echo "exists_kept=$(cat exists.jsonl)"
echo "instances_after_refusal=$(ls /sys/kernel/tracing/instances | wc -l)"
hwnoisetop -q -c 1 -d 2 --record exists.jsonl --force > /dev/null 2>&1; echo "rc_force=$?"
# --report without --record: the page at the end, its hidden recording gone.
hwnoisetop -q -c 1 -d 2 --report live.html > rep.out 2> rep.err; echo "rc_report=$?"
echo "report_page=$(head -c 15 live.html)"; echo "report_msg=$(cat rep.err)"
echo "report_hidden=$(ls -A | grep -c '^\.hwnoisetop-')"
echo "force_first=$(head -c 20 exists.jsonl)"
# The dashboard records too: a marker set with b.
tmux -f /dev/null new-session -d -s d -x 160 -y 30 -c /lab \
	"NO_COLOR=1 hwnoisetop -c 0-1 -H 1 --record dash.jsonl; echo EXIT=\$?; sleep 600"
waitfor '^ +0  +[0-9]+ ' 100
sleep 2; key b; typed "after two"; waitfor 'marker 1: after two' 50
# P: the page of the run so far, the marker on it.
sleep 1; key P; echo "p_key=$(yn waitfor 'page written: /lab/hwnoisetop-report-[0-9-]+\.html' 50)"
page=$(ls /lab/hwnoisetop-report-*.html | head -1)
echo "p_page=$(grep -o 'class="hr"' "$page" | wc -l)/$(grep -c 'after two' "$page")"
# + raises the threshold: its set line at once, before the key's marker.
sleep 1; key +; echo "plus=$(yn waitfor 'threshold [0-9]+ us  \[marker 2\]' 50)"
# w to the hwlat view and back: the recording says where, for a replay to follow.
sleep 2; key w; echo "w_on=$(yn waitfor 'hwlat: hardware latency detector' 100)"
sleep 3; key w; echo "w_off=$(yn waitfor 'hwnoise view: hwlat stopped' 100)"
sleep 2; key q
i=0; while pidof hwnoisetop >/dev/null && [ $i -lt 300 ]; do sleep 0.2; i=$((i + 1)); done
echo "dash_exit=$(cap | grep -o 'EXIT=[0-9]*')"
tmux_end
show dash.jsonl
# compare --live: the -q run's recording before, CPU 0 measured live after.
tmux -f /dev/null new-session -d -s d -x 160 -y 30 -c /lab \
	"NO_COLOR=1 hwnoisetop compare live.jsonl --live -c 0 -H 1 -T 2; echo EXIT=\$?; sleep 600"
echo "cmp_header=$(yn waitfor 'before: live.jsonl, the whole recording \([0-9]+ periods, ' 100)"
waitfor '^ +0 +[0-9.]+ +[0-9.]+[ +!] ' 100 > /dev/null
echo "cmp_row=$(cap | grep -E '^ +0 +[0-9.]+ ' | head -1)"
# Both runs' settings, and one line for each that differs (the live run's -T 2).
echo "cmp_settings=$(cap | grep -cE '^ (before|after): .*hwnoise  CPUs 0  period [0-9]+ us  runtime [0-9]+ us  threshold [0-9]+ us')"
echo "cmp_differs=$(cap | grep -E '^ +threshold differs: [0-9]+ us vs 2 us; ' | wc -l)"
screen compare-live
# i: the live run in osnoise mode is no longer comparable with the hwnoise recording.
key i; echo "cmp_osnoise=$(yn waitfor 'not comparable: the recording is of hwnoise mode, the live run is in osnoise')"
key i; waitfor 'hwnoise \(interrupts disabled\) mode' > /dev/null
echo "cmp_back=$(yn waitfor '^ +0 +([0-9.]+|-) +[0-9.]+[ +!] ' 100)"
key d; echo "cmp_grid=$(yn waitfor '^ +CPU +Period ')"
key q
i=0; while pidof hwnoisetop >/dev/null && [ $i -lt 300 ]; do sleep 0.2; i=$((i + 1)); done
echo "cmp_exit=$(cap | grep -o 'EXIT=[0-9]*')/$(ls /sys/kernel/tracing/instances | wc -l)"
tmux kill-server
# hwnoisetop hwlat --record: with --report (its line at the end), --quiet (nothing
# printed: the exit status, 1 with any sample above 1 us), --json (the object).
hwnoisetop hwlat -c 0 --threshold 1 --hardlimit 1000000 --duration 4 --report rep.txt --record hw.jsonl > hw.txt 2> hw.err; echo "rc_hwlat=$?"
hwnoisetop hwlat --quiet -c 0 --threshold 1 --hardlimit 1 --duration 3 --record hwq.jsonl > hwq.txt 2> hwq.err; echo "rc_hwq=$?"
hwnoisetop hwlat --json -c 0 --threshold 1 --hardlimit 1 --duration 3 --record hwj.jsonl > hwj.txt 2> hwj.err; echo "rc_hwj=$?"
show hw.txt; show hw.jsonl; show hwq.txt; show hwq.err; show hwq.jsonl; show hwj.txt; show hwj.jsonl
# Killed: no footer; --cleanup puts the kernel back.
hwnoisetop -q -c 1 -d 1h --record killed.jsonl > /dev/null 2>&1 & pid=$!
# Killed once CPU 1's first summary is written, and a second later.
i=0; while [ $i -lt 240 ] && ! grep -q '^{"t":"s".*"cpu":1,' killed.jsonl 2>/dev/null; do sleep 0.5; i=$((i + 1)); done
sleep 1; kill -KILL $pid; wait $pid 2>/dev/null
hwnoisetop --cleanup > /dev/null 2>&1; echo "rc_cleanup=$?"
show killed.jsonl
EOF_GUEST

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
file() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@file $1\$/,/^@@end\$/p" | sed '1d;$d'; }
is "$LAB_RC" 0 "the guest script ran"
tmp=$(mktemp -d) || exit 1
lab_cleanup() { rm -rf "$tmp"; }
for f in live.txt live.jsonl dash.jsonl hw.txt hw.jsonl hwq.txt hwq.err hwq.jsonl hwj.txt hwj.jsonl killed.jsonl; do file "$f" > "$tmp/$f"; done
diag "live table:" "$(cat "$tmp/live.txt")" "$(wc -lc < "$tmp/live.jsonl") (lines, bytes) recorded" \
	"summary lines: $(grep -c '^{"t":"s"' "$tmp/live.jsonl"), $(grep '^{"t":"s"' "$tmp/live.jsonl" | wc -c) bytes;" \
	"tick lines: $(grep -c '^{"t":"tick"' "$tmp/live.jsonl"), $(grep '^{"t":"tick"' "$tmp/live.jsonl" | wc -c) bytes"

is "$(get rc_live)" 0 "the live -q --record run exits 0"
[ "$(get lines_during)" -gt 3 ]; ok $? "lines are written during the run, not only at its end ($(get lines_during))"
row=$(grep '^  0 #' "$tmp/live.txt")
nmi=$(echo "$row" | awk '{print $NF}')
lo=$(get nmi_lo) hi=$(get nmi_hi)
[ "${lo:-0}" -ge 5 ] && [ "${nmi:-0}" -ge "${lo:-0}" ] && [ "${nmi:-0}" -le "${hi:-0}" ]
ok $? "the live table counts the 5 NMIs the tracer saw on CPU 0 ($nmi; seen: $lo to $hi; injected, missed: $(get nmi_injected))"

# Replay on the host: no root, no tracer.
"$HWNOISETOP" --replay "$tmp/live.jsonl" -q > "$tmp/replay.txt" 2> "$tmp/replay.err"
is "$?" 0 "--replay -q exits 0 on the host"
cmp -s "$tmp/live.txt" "$tmp/replay.txt"
ok $? "--replay -q prints the live table byte for byte"
[ -s "$tmp/replay.txt" ] && [ "$(wc -l < "$tmp/replay.err")" = 1 ] &&
	grep -qE "^hwnoisetop: replay of $tmp/live.jsonl: recorded by hwnoisetop [^ ]+ on .+ \(kernel 6\.12[^)]*\), started 20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9:]{8} UTC$" "$tmp/replay.err"
ok $? "a table; on stderr one line naming the run: the guest's host and kernel, its start"
diag "$(cat "$tmp/replay.err")"

# CPU 0's counted summaries add up to its row.
sums=$(python3 - "$tmp/live.jsonl" <<'EOF_PY'
import json, sys
p = r = n = mn = ms = hw = nmi = 0
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o["t"] == "s" and o["cpu"] == 0 and o.get("c", 1):
        p += 1; r += o["runtime"]; n += o["noise"]; mn = max(mn, o["noise"])
        ms = max(ms, o["max_sample"]); hw += o["hw"]; nmi += o["nmi"]
print(p, r, n, mn, ms, hw, nmi)
EOF_PY
)
read -r _ p r no avail mn ms hw nm <<<"$(echo "$row" | tr -d '#')"
is "$p $r $no $mn $ms $hw $nm" "$sums" "CPU 0's recorded summaries add up to its row (periods runtime noise max max-single HW NMI)"

# Valid JSON Lines, header first, footer last.
check_jsonl() {
	python3 - "$1" <<'EOF_PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[-1] == "", "no newline at the end"
objs = [json.loads(l) for l in lines[:-1]]
assert all(isinstance(o, dict) and "t" in o for o in objs), "an object without its type"
assert objs[0]["t"] == "header" and objs[0]["v"] == 1, "no header"
assert objs[-1]["t"] == "footer" and objs[-1]["lines"] == len(objs), "no footer"
assert sum(o["t"] == "header" for o in objs) == 1 and sum(o["t"] == "footer" for o in objs) == 1
print("ok", len(objs))
EOF_PY
}
like "$(check_jsonl "$tmp/live.jsonl" 2>&1)" '^ok [0-9]+$' "the -q recording: every line JSON, one header first, one footer last"
hdr=$(head -1 "$tmp/live.jsonl")
like "$hdr" '"kernel":"[0-9]+\.[^"]+".*"argv":\["hwnoisetop","-D","-q","-c","0"' "the header names the kernel and the command line"
like "$hdr" '"topology":\[\[0,[0-9]+,[0-9]+\],\[1,[0-9]+,[0-9]+\]\]' "the header has the CPU topology"
like "$(sed -n 2p "$tmp/live.jsonl")" '^\{"t":"audit","text":"hardware noise audit of CPUs 0\\nSMT ' \
	"the second line: the machine's audit of the measured CPU as the run started"
"$HWNOISETOP" report "$tmp/live.jsonl" -o "$tmp/live.html" 2>/dev/null
like "$(sed -n '/<h2 id="audit">/,/<\/pre>/p' "$tmp/live.html")" 'clocksource +(pass|warn|fail) ' \
	"hwnoisetop report shows that audit in the page"

is "$(get rc_exists)" 1 "--record onto an existing file: exit 1"
like "$(get exists_msg)" "^hwnoisetop: --record 'exists.jsonl' exists; --force overwrites it \\(it takes " "one line naming the file and --force"
is "$(get exists_lines)/$(get exists_kept)" "1/keep" "one line, the file untouched"
is "$(get instances_after_refusal)" 0 "refused before any change to the kernel"
is "$(get rc_force)/$(get force_first)" '0/{"t":"header","v":1,' "--force overwrites it with a recording"
is "$(get rc_report)" 0 "a live -q --report run exits 0"
is "$(get report_page)" '<!DOCTYPE html>' "it writes the page"
is "$(get report_msg)" 'hwnoisetop: --report: wrote live.html' "one line on stderr names it"
is "$(get report_hidden)" 0 "the hidden recording it made is removed"

# The dashboard.
is "$(get dash_exit)" "EXIT=0" "the dashboard with --record exits 0"
like "$(get p_key)/$(get p_page)" '^yes/2/[1-9]' "P writes the page of the run so far: 2 CPUs' heatmap rows and the marker"
like "$(check_jsonl "$tmp/dash.jsonl" 2>&1)" '^ok [0-9]+$' "the dashboard's recording: JSON Lines, header, footer"
grep -q '"t":"mark","num":1,.*"origin":"user","text":"after two"' "$tmp/dash.jsonl"
ok $? "the marker is recorded"
"$HWNOISETOP" --replay "$tmp/dash.jsonl" -q > "$tmp/dash.txt" 2>&1
is "$?" 0 "the dashboard's recording replays"
grep -q '^== 1  [0-9:]*  after two (user)$' "$tmp/dash.txt"
ok $? "its replay prints the segment table of the marker, as the dashboard did at its end"
diag "$(cat "$tmp/dash.txt")"
is "$(get w_on)/$(get w_off)" yes/yes "w switched the dashboard to the hwlat view and back"
out=$(python3 - "$tmp/dash.jsonl" <<'EOF_PY' 2>&1
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
on = [k for k, o in enumerate(objs) if o["t"] == "set" and o["tracer"] == "hwlat"]
back = [k for k, o in enumerate(objs) if o["t"] == "set" and o["tracer"] == "osnoise"]
assert len(on) == 1, on
a = on[0]
b = min(k for k in back if k > a)
# The set line at once, before the key's marker and the other tracer's first line.
assert objs[a + 1]["t"] == "mark" and "view hwnoise -> hwlat" in objs[a + 1]["text"], objs[a + 1]
assert objs[b + 1]["t"] == "mark" and "view hwlat -> hwnoise" in objs[b + 1]["text"], objs[b + 1]
assert not any(o["t"] == "h" for o in objs[:a] + objs[b:]), "a hwlat sample outside the hwlat view"
assert not any(o["t"] == "s" for o in objs[a:b]), "a summary in the hwlat view"
assert any(o["t"] == "s" for o in objs[b:]), "no summary after the switch back"
print("ok", b - a, sum(o["t"] == "h" for o in objs[a:b]))
EOF_PY
)
like "$out" '^ok [0-9]+ [0-9]+$' "the recording's set lines with the tracer come at each switch, before its marker and the other tracer's lines"
diag "$out"
is "$(get plus)" yes "+ raised the threshold in the dashboard"
out=$(python3 - "$tmp/dash.jsonl" <<'EOF_PY' 2>&1
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
m = [k for k, o in enumerate(objs) if o["t"] == "mark" and o["text"].startswith("threshold ")]
assert len(m) == 1, m
k = m[0]
old, new = (int(x) for x in objs[k]["text"].split()[1:4:2])
# At once: right before the key's marker, no tick (nor summary) between the change and its line.
assert objs[k - 1]["t"] == "set" and objs[k - 1]["threshold_us"] == new, objs[k - 1]
assert [o["threshold_us"] for o in objs[:k - 1] if o["t"] in ("header", "set")][-1] == old
print("ok", old, new)
EOF_PY
)
like "$out" '^ok [0-9]+ [0-9]+$' "+: the set line with the new threshold comes at once, right before the key's marker"
diag "$out"

# compare: the -q run (A) against the dashboard's (B), CPU 0 measured in both.
"$HWNOISETOP" compare "$tmp/live.jsonl" "$tmp/dash.jsonl" > "$tmp/cmp.txt" 2>&1
is "$?" 0 "hwnoisetop compare of two recordings exits 0 on the host"
diag "$(cat "$tmp/cmp.txt")"
cmp0=$(grep -E '^ +0 ' "$tmp/cmp.txt")
is "$(echo "$cmp0" | awk '{print $6}')" "$avail" "compare: CPU 0's availability in A is the live table's"

# compare --live: the recording's figures as "before", beside a live run.
is "$(get cmp_header)" yes "compare --live opens the dashboard's compare view, the recording as before"
live0=$(get cmp_row)
diag "compare --live, CPU 0: $live0"
# The same row code as compare's: CPU, noise A, B, change, interval, % available A, B, HW A, B, NMI A, B.
is "$(echo "$live0" | awk '{print $2, $6, $8, $10}')" "$(echo "$cmp0" | awk '{print $2, $6, $8, $10}')" \
	"its before figures (noise/s, % available, HW/s, NMI/s) are compare's for the recording"
is "$(get cmp_osnoise)/$(get cmp_back)" yes/yes "i: osnoise against the hwnoise recording is said not comparable; i again: compared"
is "$(get cmp_settings)/$(get cmp_differs)" 2/1 \
	"compare --live: both runs' settings in the header, one line for the threshold that differs"
is "$(get cmp_grid)" yes "d turns to the grid"
is "$(get cmp_exit)" "EXIT=0/0" "q: exit 0, no instance left"

# hwlat.
is "$(get rc_hwlat)" 0 "hwnoisetop hwlat --record exits 0"
like "$(check_jsonl "$tmp/hw.jsonl" 2>&1)" '^ok [0-9]+$' "the hwlat recording: JSON Lines, header, footer"
"$HWNOISETOP" --replay "$tmp/hw.jsonl" -q > "$tmp/hwr.txt" 2> "$tmp/hwr.err"
is "$?" 0 "the hwlat recording replays"
want=$(sed -n '/^test finished/,/^Samples exceeding/p' "$tmp/hw.txt")
got=$(sed -n '/^test finished/,/^Samples exceeding/p' "$tmp/hwr.txt")
ok "$([ -n "$want" ] && [ "$want" = "$got" ]; echo $?)" "its replay prints the live hwlat summary"
diag "$want"
sed -n '/^test finished/,$p' "$tmp/hw.txt" > "$tmp/hw.end"
grep -q '^report saved to rep.txt ([0-9]* samples)$' "$tmp/hw.end" && cmp -s "$tmp/hw.end" "$tmp/hwr.txt"
ok $? "its replay prints the live run's end byte for byte (summary, the report's line, the samples)"
"$HWNOISETOP" --replay "$tmp/hwq.jsonl" -q > "$tmp/hwqr.txt" 2> "$tmp/hwqr.err"
rc=$?
cmp -s "$tmp/hwq.txt" "$tmp/hwqr.txt" && [ "$(grep -vc '^hwnoisetop: replay of ' "$tmp/hwqr.err")" = 0 ]
ok $? "hwlat --quiet: its replay -q prints what it printed, byte for byte (nothing), on stderr only the line naming the run"
diag "hwlat --quiet, live stdout:" "$(cat "$tmp/hwq.txt")" "live stderr:" "$(cat "$tmp/hwq.err")" \
	"replay stdout:" "$(cat "$tmp/hwqr.txt")" "replay stderr:" "$(cat "$tmp/hwqr.err")"
is "$rc/$(get rc_hwq)" "$(get rc_hwq)/$(get rc_hwq | tr -c '01\n' x)" "hwlat --quiet: ran (0 or 1: a sample above the hard limit of 1 us); its replay exits with its status"
"$HWNOISETOP" --replay "$tmp/hwj.jsonl" -q > "$tmp/hwjr.txt" 2> /dev/null
rc=$?
[ -s "$tmp/hwj.txt" ] && python3 - "$tmp/hwj.txt" "$tmp/hwjr.txt" <<'EOF_PY'
import json, sys
live, replay = (open(f).read() for f in sys.argv[1:3])
r = json.loads(replay)
rec = r.pop("recording")
# The replay's object is the live one with the "recording" member after "mode".
sys.exit(not (json.loads(live) == r and live.count("\n") == replay.count("\n") == 1 and
              rec["kernel"].startswith("6.12") and rec["time"] > 0))
EOF_PY
ok $? "hwlat --json: its replay prints the same JSON object, and which run it is (\"recording\")"
is "$rc" "$(get rc_hwj)" "hwlat --json: its replay exits with its status"

# Killed with SIGKILL.
is "$(get rc_cleanup)" 0 "--cleanup after the killed run"
"$HWNOISETOP" --replay "$tmp/killed.jsonl" -q > "$tmp/k.txt" 2> "$tmp/k.err"
rc=$?
ok "$([ $rc = 0 ] && grep -q '^  1 #' "$tmp/k.txt"; echo $?)" "a recording without its footer replays up to its last line (status $rc)"
like "$(cat "$tmp/k.err")" '(ends at line [0-9]+ without its footer|line [0-9]+ is cut short: replayed up to line [0-9]+)' \
	"and says it was cut short (killed between ticks, or in the middle of a write)"
