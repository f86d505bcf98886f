#!/bin/bash
# The exports on the real tracers in the lab VM, one boot: -q --json gives
# the sums and maxima of the very summaries the kernel delivered (-D),
# hwnoisetop hwlat --json the figures of its samples, and both parse.
. "$(dirname "$0")/lib.sh"

lab_require
plan 13

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
EOF_GUEST
)

lab_run --cpus 2 --bin "$HWNOISETOP" -- <<<"$guest"
get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
block() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@$1\$/,/^@@end\$/p" | sed '1d;$d'; }
is "$LAB_RC" 0 "the guest script ran"
is "$(get rc_json)" 0 "-q --json exits 0"
is "$(get json_lines)" 1 "stdout holds one line"
json=$(block json)
diag "$json" "$(printf '%s\n' "$LAB_OUT" | grep '^stderr: ')"
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
