#!/bin/bash
# The exports on the real tracers in the lab VM, one boot: -q --json gives
# the sums and maxima of the very summaries the kernel delivered (-D),
# hwnoisetop hwlat --json the figures of its samples, and both parse;
# --prometheus in a live dashboard with R and i pressed: a reader never
# sees the file half written, counters never go down, mode 0644, no
# temporary file left; in a -q run with a warm-up its counters are every
# summary the kernel delivered.  The dashboard's final file is kept as
# tests/lab/export-hw.prom in the build tree: promtool accepts it, the
# Grafana board's metrics are in it, and it has the families and series of
# the fixture the unit test checks the board against (tests/unit/hwnoisetop.prom).
. "$(dirname "$0")/lib.sh"

lab_require
plan 37

guest=$(cat <<'EOF_GUEST'
cd /lab
# -q --json with -D: every summary decoded, beside the object.
hwnoisetop -D -q --json -c 1 -d 6s > j.json 2> j.err
echo "rc_json=$?"
echo "@@json"; cat j.json; echo "@@end"
echo "json_lines=$(wc -l < j.json)"
grep 'summary at' j.err | awk '$4 == 1 { p++; r += $9; no += $11; if ($11 > mn) mn = $11; if ($13 > ms) ms = $13; hw += $15; nmi += $17 }
	END { printf "json_sums=%d %d %d %d %d %d %d\n", p, r, no, mn, ms, hw, nmi }'
grep -v 'debug:' j.err | sed 's/^/stderr: /'
# hwnoisetop hwlat --json, with a threshold low enough for samples under TCG.
hwnoisetop hwlat --json -c 0 --duration 6 --threshold 1 --window 500ms --width 250ms --report r.txt > h.json 2> h.err
echo "rc_hwlat=$?"
echo "@@hwlat"; cat h.json; echo "@@end"
echo "@@report"; cat r.txt; echo "@@end"
sed 's/^/stderr: /' h.err

# --prometheus in the dashboard, under umask 077, with a reader copying the file.
. /etc/lab/tmux-guest.sh
mkdir -p m s; umask 077
tmux -f /dev/null new-session -d -s d -x 120 -y 30 -c /lab \
	"hwnoisetop -c 1 -p 200000 -r 100000 --prometheus /lab/m/hw.prom --json; echo EXIT=\$?; sleep 600"
# What the pane prints, raw: the object follows the dashboard.
tmux pipe-pane -t d -o 'cat > /lab/pane.log'
( n=0; while [ ! -e stop ]; do cp m/hw.prom s/$n 2>/dev/null && n=$((n + 1)); sleep 0.1; done ) & reader=$!
periods() { sed -n 's/^hwnoisetop_periods_total{cpu="1",mode="hwnoise"} //p' "$1" 2>/dev/null; }
# 20 periods of 200 ms: the view has measured 4 s or more when R comes, less after it.
w=0; while [ $w -lt 600 ]; do
	p=$(periods m/hw.prom); [ "${p:-0}" -ge 20 ] 2>/dev/null && break; sleep 0.1; w=$((w + 1)); done
echo "waited=$w tenths for ${p:-no} periods"
cp m/hw.prom before.prom
key R; echo "R=$(yn waitfor 'statistics reset')"
sleep 2.5; cp m/hw.prom after.prom
key i; echo "i=$(yn waitfor 'osnoise: IRQs enabled')"
sleep 2.5
key q; echo "quit=$(yn waitfor 'EXIT=0')"
touch stop; wait $reader
umask 022
echo "prom_mode=$(stat -c %a m/hw.prom)"
echo "prom_dir=$(ls -a m | tr '\n' ' ')"
echo "snapshots=$(ls s | wc -l)"
# Every copy complete: its 30 families, the last one's TYPE line at its
# end; and in copy order no counter goes down or away.  One awk for all
# the copies: a process a copy was most of this suite's time in a guest
# slowed by another VM beside it.  An empty copy (awk never sees its
# first line) counts as incomplete.
awk -v copies="$(ls s | wc -l)" '
function done_copy(k) {
	if (help != 30 || last != "# TYPE hwnoisetop_hwlat_max_latency_seconds gauge")
		bad++
	if (have)
		for (k in prev)
			if (!(k in cur) || cur[k] + 0 < prev[k] + 0)
				down++
	split("", prev)
	for (k in cur)
		prev[k] = cur[k]
	split("", cur)
	have = 1
}
FNR == 1 && NR > 1 { done_copy() }
FNR == 1 { help = 0; seen++ }
/^# HELP / { help++ }
/_total\{/ { cur[$1] = $2 }
{ last = $0 }
END { if (NR) done_copy(); printf "incomplete=%d\ndown=%d\n", bad + copies - seen, down }
' $(ls s | sort -n | sed 's|^|s/|')
view() { sed -n 's/^hwnoisetop_view_seconds //p' "$1"; }
echo "view_before_after=$(view before.prom) $(view after.prom)"
echo "periods_before_after_end=$(periods before.prom) $(periods after.prom) $(periods m/hw.prom)"
for f in before.prom after.prom m/hw.prom; do echo "@@prom $f"; cat $f; echo "@@end"; done
echo "@@dashjson"; grep -ao '{"format":"hwnoisetop-summary".*}' pane.log | tail -1; echo "@@end"
# R and i set markers: with --json their segments are in the object, not also printed.
echo "pane_tables=$(grep -ac 'segments, one table each' pane.log)"
# -q with a warm-up: the counters hold every summary, the table those after the warm-up.
hwnoisetop -D -q -c 1 --warm-up 4 -d 4 --prometheus /lab/q.prom > q.txt 2> q.err
echo "rc_q=$?"
echo "q_decoded=$(grep -c 'debug: cpu 1 summary at' q.err)"
echo "q_counter=$(periods q.prom)"
echo "q_table=$(sed -n 's/^  1 #\([0-9]*\) .*/\1/p' q.txt)"
echo "q_sums=$(grep 'summary at' q.err | awk '{ r += $9; n += $11 } END { print r, n }')"
# hwnoisetop hwlat --prometheus beside --json: the counters are the object's figures.
hwnoisetop hwlat --json -c 0 --duration 4 --threshold 1 --window 500ms --width 250ms --hardlimit 100000 --prometheus /lab/h.prom > h2.json 2> h2.err
echo "rc_hwlat_prom=$?"
echo "hp_info=$(grep -c '^hwnoisetop_info{version="[^"]*",mode="hwlat"} 1$' h.prom)"
echo "hp_counters=$(sed -n 's/^hwnoisetop_hwlat_\(samples\|over_threshold\)_total{cpu="0"} //p' h.prom | tr '\n' ' ')"
echo "hp_json=$(sed 's/.*"samples_recorded":\([0-9]*\),"samples_exceeding_threshold":\([0-9]*\),.*/\1 \2 /' h2.json)"
echo "q_prom_sums=$(sed -n 's/^hwnoisetop_\(runtime\|noise\)_seconds_total{cpu="1",mode="hwnoise"} //p' q.prom | tr -d . | sed 's/^0*//' | tr '\n' ' ')"
# hwnoisetop.service's command line: -q until SIGTERM, then --cleanup (ExecStopPost).
hwnoisetop -q -c 1 -p 1000000 -r 100000 -T 1 --prometheus /lab/svc.prom > svc.txt 2> svc.err & svc=$!
# Until its file has counted 2 periods (60 s at most: a slow host).
i=0; while [ $i -lt 120 ]; do p=$(periods svc.prom); [ "${p:-0}" -ge 2 ] && break; sleep 0.5; i=$((i + 1)); done
sleep 1
echo "svc_alive=$(kill -0 $svc 2>/dev/null && echo yes || echo no)"
kill -TERM $svc; wait $svc; echo "rc_svc=$?"
echo "svc_periods=$(periods svc.prom)"
echo "svc_table=$(grep -c '^  1 #' svc.txt)"
sed 's/^/stderr: /' svc.err
hwnoisetop --cleanup > c.txt 2>&1; echo "rc_cleanup=$?"
sed 's/^/cleanup: /' c.txt
EOF_GUEST
)

lab_run --cpus 2 --timeout 600 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$guest"
get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
block() { printf '%s\n' "$LAB_OUT" | sed -n "\\|^@@$1\$|,\\|^@@end\$|p" | sed '1d;$d'; }
is "$LAB_RC" 0 "the guest script ran"
is "$(get rc_json)" 0 "-q --json exits 0"
is "$(get json_lines)" 1 "stdout holds one line"
json=$(block json)
diag "$json" "$(printf '%s\n' "$LAB_OUT" | grep '^stderr: ')"
# The dashboard's final file: kept, and the board and the fixture checked against it.
fixture_checks() {
	local keep=${abs_top_builddir:-$lab_dir/../..}/tests/lab/export-hw.prom
	local src=${abs_top_srcdir:-$lab_dir/../..} out
	cp "$1" "$keep"
	if command -v promtool >/dev/null; then
		out=$(promtool check metrics < "$keep" 2>&1)
		ok $? "promtool check metrics accepts the file"
		diag "$out"
	else
		skip 1 "promtool is not installed (Debian: apt-get install prometheus)"
	fi
	if command -v python3 >/dev/null; then
		out=$(python3 "$src/tests/unit/board-check.py" "$src/contrib/grafana/hwnoisetop.json" "$keep" 2>&1)
		ok $? "every metric the Grafana board queries is in the file"
		diag "$out"
		out=$(python3 "$src/tests/unit/board-check.py" --same-names "$src/tests/unit/hwnoisetop.prom" "$keep" 2>&1)
		ok $? "the unit tests' fixture has this run's families and series (else: cp $keep tests/unit/hwnoisetop.prom)"
		diag "$out"
	else
		skip 2 "python3 is not installed"
	fi
}

prometheus_checks() {
	is "$(get R)/$(get i)/$(get quit)" "yes/yes/yes" "dashboard with --prometheus: R reset the view, i switched to osnoise, q quit with 0"
	is "$(get pane_tables)" 0 "--json after the dashboard: no per-segment text tables beside the object"
	is "$(get prom_mode)" 644 "the file's mode is 0644 under umask 077"
	is "$(get prom_dir)" ". .. hw.prom " "no temporary file left beside it"
	[[ $(get snapshots) -ge 20 ]]; ok $? "a reader copied the file $(get snapshots) times while it was rewritten"
	is "$(get incomplete)" 0 "every copy is complete: 30 families, ending with the last one's TYPE line"
	is "$(get down)" 0 "no counter went down or away from one copy to the next"
	read -r vb va <<<"$(get view_before_after)"
	read -r pb pa pe <<<"$(get periods_before_after_end)"
	[[ ${va:-9} -lt ${vb:-0} && ${pa:-0} -gt ${pb:-9} && ${pe:-0} -ge ${pa:-9} ]]
	ok $? "R restarted the view (view seconds $vb -> $va) and the period counter went on ($pb -> $pa -> $pe)" ||
		diag "$(get waited)"
	local dir f out
	dir=$(mktemp -d) || return
	for f in before.prom after.prom m/hw.prom; do block "prom $f" > "$dir/${f##*/}"; done
	like "$(cat "$dir/hw.prom")" 'hwnoisetop_periods_total\{cpu="1",mode="osnoise"\} [1-9]' "after i, osnoise periods are counted in series of their own"
	fixture_checks "$dir/hw.prom"
	out=$("${abs_top_builddir:-$lab_dir/../..}/tests/unit/test-prom" --check "$dir/before.prom" "$dir/after.prom" "$dir/hw.prom" 2>&1)
	ok $? "before R, after R and the final file parse as Prometheus text, no counter going down"
	diag "$out"
	# The object after the dashboard and the file's last gauges: one run, the same figures.
	block dashjson > "$dir/dash.json"
	if command -v python3 >/dev/null; then
		out=$(python3 - "$dir/dash.json" "$dir/hw.prom" <<'EOF_PY' 2>&1
import json, sys
from decimal import Decimal
o = json.load(open(sys.argv[1]), parse_float=Decimal)
assert o["mode"] == "osnoise", o["mode"]
(c,) = o["cpus"]
g = {}
for line in open(sys.argv[2]):
	if not line.startswith("#"):
		k, v = line.rsplit(" ", 1)
		g[k] = Decimal(v)
lab = '{cpu="1",mode="osnoise"}'
print("periods", c["periods"], "runtime", c["runtime_us"], "noise", c["noise_us"], "avail", c["cpu_available_percent"])
assert g["hwnoisetop_view_seconds"] == o["duration_s"]
assert g["hwnoisetop_cpu_available_ratio" + lab] * 100 == c["cpu_available_percent"]
assert g["hwnoisetop_max_noise_seconds" + lab] * 1000000 == c["max_noise_us"]
assert g["hwnoisetop_max_single_seconds" + lab] * 1000000 == c["max_single_us"]
assert g["hwnoisetop_periods_total" + lab] >= c["periods"] > 0
assert len(o["segments"]) >= 3, o["segments"]
assert g["hwnoisetop_runtime_seconds_total" + lab] * 1000000 >= c["runtime_us"]
EOF_PY
)
		ok $? "after the dashboard, --json prints the object: it parses, mode osnoise after i, the segments of R and i in it"
		diag "$out"
		ok "$([[ $out == periods* ]]; echo $?)" "the object and the file's last gauges agree: duration, % available, max noise, max single; counters >= the view"
	else
		skip 2 "python3 is not installed"
	fi
	rm -rf "$dir"
	is "$(get rc_q)" 0 "-q --warm-up 4 -d 4 --prometheus exits 0"
	is "$(get q_counter)" "$(get q_decoded)" "the period counter counts every summary delivered, the warm-up's too ($(get q_decoded))"
	[[ $(get q_table) -lt $(get q_counter) ]]; ok $? "the table ($(get q_table) periods) does not count the warm-up's"
	is "$(get q_prom_sums)" "$(get q_sums) " "runtime and noise counters are the sums of every summary, to the microsecond"
	is "$(get rc_hwlat_prom)/$(get hp_info)" "0/1" "hwnoisetop hwlat --prometheus: exit 0, the info gauge says hwlat"
	[[ $(get hp_counters) == "$(get hp_json)" && $(get hp_counters) == [1-9]* ]]
	ok $? "its sample and over-threshold counters are the summary's figures ($(get hp_counters)/ $(get hp_json))"
}
prometheus_checks
is "$(get svc_alive)/$(get rc_svc)" "yes/0" "the service's command line runs until SIGTERM, which ends it with 0"
[[ $(get svc_periods) -ge 2 && $(get svc_table) == 1 ]]
ok $? "its file counted $(get svc_periods) periods; the table is printed at the end (to the journal)"
is "$(get rc_cleanup)" 0 "hwnoisetop --cleanup after it (ExecStopPost) exits 0"
diag "$(printf '%s\n' "$LAB_OUT" | grep '^cleanup: ')"
if ! command -v python3 >/dev/null; then
	skip 11 "python3 is not installed: the objects can not be parsed here"
	exit 0
fi
# The row's figures, in the table's order, from the parsed object.
got=$(python3 -c '
import json, sys
o = json.loads(sys.stdin.read())
assert o["format"] == "hwnoisetop-summary" and o["version"] == 1 and o["mode"] == "hwnoise"
assert o["config"]["cpus"] == "1" and o["config"]["period_us"] == 1000000 and o["config"]["duration_s"] == 6
(c,) = o["cpus"]
assert c["cpu"] == 1
r, n = c["runtime_us"], c["noise_us"]
p = (r - n) * 10000000 // r
print("%d.%05d" % (p // 100000, p % 100000), "%.5f" % c["cpu_available_percent"], end=" ")
print(c["periods"], r, n, c["max_noise_us"], c["max_single_us"], c["hw"], c["nmi"])
' <<<"$json" 2>&1)
ok $? "the object parses (python3 json) and has one row, CPU 1's"
read -r want_avail avail sums <<<"$got"
is "$sums" "$(get json_sums)" "its periods, runtime, noise, max noise, max single, HW, NMI are the sums and maxima of the summaries read"
is "$avail" "$want_avail" "% CPU Aval by the truncated formula, as in the table"
p=${sums%% *}
[[ ${p:-0} -ge 4 ]]; ok $? "several periods measured ($p)"

is "$(get rc_hwlat)" 1 "hwlat --json above the hard limit (the 1 us threshold under TCG): exit 1"
hj=$(block hwlat)
diag "$(printf '%s\n' "$hj" | cut -c1-600)" "$(printf '%s\n' "$LAB_OUT" | grep '^stderr: ')"
report=$(block report)
got=$(python3 -c '
import json, sys
o = json.loads(sys.stdin.read())
assert o["format"] == "hwnoisetop-hwlat" and o["mode"] == "hwlat"
s = o["samples"]
print(len(s), o["samples_recorded"], o["samples_kept"], end=" ")
print(max([max(x["inner_us"], x["outer_us"]) for x in s], default=None), o["max_latency_us"], end=" ")
print(sum(x["count"] for x in s), o["samples_exceeding_threshold"], end=" ")
print(sum(c["samples"] for c in o["cpus"]), [c["cpu"] for c in o["cpus"]], end=" ")
print(o["above_hardlimit"], o["exit_status"])
for x in s:
	print("ts: %d.%09d, inner:%d, outer:%d, cpu:%d, count:%d, nmi-total:%d, nmi-count:%d" % (x["ts_sec"], x["ts_nsec"],
	      x["inner_us"], x["outer_us"], x["cpu"], x["count"], x["nmi_total_us"], x["nmi_count"]), file=sys.stderr)
' <<<"$hj" 2>"${TMPDIR:-/tmp}/export-hwlat.$$")
ok $? "the hwlat object parses (python3 json)"
read -r n1 n2 n3 m1 m2 c1 c2 c3 cpus above status <<<"$got"
[[ $n1 -ge 1 && $n1 == "$n2" && $n2 == "$n3" && $n3 == "$c3" ]]
ok $? "samples: listed = recorded = kept = the per-CPU sum ($n1 $n2 $n3 $c3)"
is "$m2 $c2 $cpus" "$m1 $c1 [0]" "max latency and samples exceeding threshold are those of the samples; CPU 0 only"
is "$above $status" "True 1" "the object says so: above_hardlimit, exit_status 1"
is "$(cat "${TMPDIR:-/tmp}/export-hwlat.$$")" "$report" "the samples are the --report file's lines, field for field"
rm -f "${TMPDIR:-/tmp}/export-hwlat.$$"
