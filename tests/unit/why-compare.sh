#!/bin/sh
# compare says which cause moved: two recordings with --why's evidence made
# here (120 one-second periods, 2 CPUs that are each other's SMT sibling):
# in A, CPU 0's sibling is busy in every other period and CPU 0's noise is
# three times as high then; in B the sibling is never busy.  compare of
# A against B names CPU 0's SMT sibling as moved (text and --json); A
# against A made with another seed (the same process) moves nothing; a
# side recorded without --why is said.  In L every sixth of the busy
# sibling's periods holds one large single noise of 400 us (the largest
# tenth of the periods are those): L against B names the sibling on the
# largest single noises, L against L of another seed moves nothing.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
. "$src/tests/unit/skip.sh"
echo "1..8"
if ! command -v python3 >/dev/null 2>&1; then
	for i in 1 2 3 4 5 6 7 8; do tap_skip $i "python3 is not installed"; done
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
gen() {	# gen SEED BUSY(0/1/2: busy with a large single noise) FILE
	python3 - "$@" <<'EOF_PY'
import json, random, sys
seed, busy, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rnd = random.Random(seed)
n = 120
hdr = {"t": "header", "v": 1, "program": "hwnoisetop", "version": "0", "kernel": "6.1.0-28-rt-amd64",
       "machine": "x86_64", "time": 1764547200, "argv": ["hwnoisetop", "--why", "-c", "0-1"],
       "mode": "hwnoise", "quiet": False, "ncpus": 2, "duration_s": n, "warmup_s": 0, "stop_us": 0,
       "stop_total_us": 0, "hwlat_keep": 0, "tracer": "osnoise", "state": "running", "cpus": "0-1",
       "period_us": 1000000, "runtime_us": 1000000, "threshold_us": 1, "irq_disable": True,
       "hwlat_cpus": "0-1", "hwlat_threshold_us": 10, "hwlat_window_us": 1000000,
       "hwlat_width_us": 500000, "hwlat_mode": "none", "online": "0-1",
       "topology": [[0, 0, 0], [1, 0, 0]], "clocksource": "tsc", "isolated": "", "nohz_full": "",
       "cmdline": "ro quiet"}
out = [hdr]
ts = 5124456791118
for p in range(n):
    ts += 1000000000
    for cpu in (0, 1):
        sib = busy and cpu == 0 and p % 2 == 1
        out.append({"t": "ev", "cpu": cpu, "sib_pm": 900 if sib else 5, "steal_us": None,
                    "throttle": None})
        noise = int(rnd.lognormvariate(4.6, 0.3) * (3 if sib and busy == 1 else 1))
        big = 400 if sib and busy == 2 and p % 12 == 1 else 0
        hw = max(1, int(noise / 8)) + (1 if big else 0)
        out.append({"t": "s", "ts": ts + cpu, "cpu": cpu, "runtime": 1000000, "noise": noise + big,
                    "max_sample": max(big, min(noise, int(noise / 3) + 1)), "hw": hw, "nmi": 0, "irq": 0,
                    "softirq": 0, "thread": 0})
    out.append({"t": "tick", "elapsed_s": p + 1, "hwlat_elapsed_s": 0, "run_ns": (p + 1) * 1000000000})
out.append({"t": "footer", "elapsed_s": n, "run_ns": n * 1000000000, "cpus": "0-1",
            "hwlat_cpus": "0-1", "osnoise": False, "smi": False, "hwlat_view": False,
            "hwlat_threshold_us": 10, "exit": 0, "stop_hit": False, "stop_reason": "",
            "neighbour_log": "", "notes": "", "lines": len(out) + 1})
with open(path, "w") as f:
    for o in out:
        f.write(json.dumps(o, separators=(",", ":")) + "\n")
EOF_PY
}
gen 1 1 "$tmp/a.jsonl" && gen 2 0 "$tmp/b.jsonl" && gen 3 1 "$tmp/a2.jsonl" &&
	gen 4 2 "$tmp/l.jsonl" && gen 5 2 "$tmp/l2.jsonl" || exit 1
grep -v '"t":"ev"' "$tmp/b.jsonl" > "$tmp/plain.jsonl"

"$h" --replay "$tmp/a.jsonl" -q 2>/dev/null | grep -q '^  SMT sibling  credited ' &&
	echo "ok 1 - A alone: CPU 0's busy sibling is credited" ||
	echo "not ok 1 - A alone: the sibling is not credited"
"$h" compare "$tmp/a.jsonl" "$tmp/b.jsonl" > "$tmp/ab.txt" 2>&1
line=$(grep '^  CPU 0 ' "$tmp/ab.txt")
case $line in
*"SMT sibling"*"credited -> 0 (none seen busy)") echo "ok 2 - A -> B: CPU 0's SMT sibling moved: $line" ;;
*) echo "not ok 2 - A -> B: no sibling line for CPU 0"; sed 's/^/# /' "$tmp/ab.txt" | tail -6 ;;
esac
n=$(grep -c '^  CPU ' "$tmp/ab.txt")
[ "$n" = 1 ] && echo "ok 3 - and nothing else moved (CPU 1's sibling is CPU 0, measured)" ||
	echo "not ok 3 - $n lines of causes moved"
"$h" compare "$tmp/a.jsonl" "$tmp/b.jsonl" --json > "$tmp/ab.json" 2>&1
grep -q '"causes_moved":\[{"cpu":0,"cause":"sibling","figure":"noise","a":"credited","a_share":0\.[0-9]*,"b":"none_seen","b_share":0\.0000}\]}$' "$tmp/ab.json" &&
	echo "ok 4 - --json: causes_moved names CPU 0's sibling" ||
	echo "not ok 4 - --json: $(grep -o '"causes_moved.*' "$tmp/ab.json")"
"$h" compare "$tmp/a.jsonl" "$tmp/a2.jsonl" > "$tmp/aa.txt" 2>&1
grep -q '^credits it): no cause moved$' "$tmp/aa.txt" &&
	echo "ok 5 - A against A of another seed: no cause moved" ||
	{ echo "not ok 5 - A/A moved a cause"; grep '^  CPU ' "$tmp/aa.txt" | sed 's/^/# /'; }
"$h" compare "$tmp/a.jsonl" "$tmp/plain.jsonl" > "$tmp/ap.txt" 2>&1
grep -q '^Causes: only A has them (B was recorded without --why)$' "$tmp/ap.txt" &&
	echo "ok 6 - a side without evidence is said" ||
	echo "not ok 6 - $(grep '^Causes' "$tmp/ap.txt")"
"$h" compare "$tmp/l.jsonl" "$tmp/b.jsonl" > "$tmp/lb.txt" 2>&1
sed 's/^/# /' "$tmp/lb.txt" | tail -4
line=$(grep '^  CPU 0    SMT sibling  largest ' "$tmp/lb.txt")
case $line in
*"% ["*"] credited -> 0 (none seen busy)") echo "ok 7 - L -> B: the sibling moved on the largest single noises: $line" ;;
*) echo "not ok 7 - L -> B: no largest line for CPU 0's sibling" ;;
esac
"$h" compare "$tmp/l.jsonl" "$tmp/l2.jsonl" > "$tmp/ll.txt" 2>&1
grep -q '^credits it): no cause moved$' "$tmp/ll.txt" &&
	echo "ok 8 - L against L of another seed: no cause moved, on either figure" ||
	{ echo "not ok 8 - L/L moved a cause"; grep '^  CPU ' "$tmp/ll.txt" | sed 's/^/# /'; }
