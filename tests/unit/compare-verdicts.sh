#!/bin/sh
# hwnoisetop compare --json on recordings of known answers
# (tests/scale/gen-recording, fixed seeds), 64 CPUs x 5 figures = 320
# CPU-figures a case.  A false verdict should come at most 5% of the
# time: with N CPU-figures the count's binomial spread is
# sqrt(N 0.05 0.95), and the A/A cases allow 5% plus three spreads (27 of
# 320).  A real change must be found on at least 95% of the CPUs (61 of 64).
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
. "$src/tests/unit/skip.sh"
gen=$src/tests/scale/gen-recording
bin=$top/src/hwnoisetop
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo 1..8
if ! command -v python3 >/dev/null 2>&1; then
	for i in $(seq 8); do tap_skip $i "python3 is not installed"; done
	exit 0
fi
n=0
# case NAME: compare A B --json and count the verdicts; prints "better worse same undecided notcmp"
# for the figure (or "any") of the per-CPU rows.
count() {	# json figure
	python3 - "$1" "$2" <<'EOF_PY'
import json, sys
d = json.load(open(sys.argv[1]))
fig = sys.argv[2]
c = {"better": 0, "worse": 0, "no change": 0, "undecided": 0, "not comparable": 0}
for row in d["cpus"]:
    if row["cpu"] == "all":
        continue
    for k, v in row.items():
        if k != "cpu" and (fig == "any" or k == fig):
            keys = set(v) - {"periods_needed", "why", "drift", "level_us", "share_a", "share_b"}
            assert keys == {"a", "b", "change_percent", "ci95_percent", "verdict", "p"}, v
            assert (v["verdict"] == "undecided") == ("why" in v), v
            c[v["verdict"]] += 1
print(c["better"], c["worse"], c["no change"], c["undecided"], c["not comparable"])
EOF_PY
}
ok() {	# condition-status description
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
pair() {	# args-A args-B seconds
	python3 "$gen" $1 64 "$3" "$tmp/a.jsonl" && python3 "$gen" $2 64 "$3" "$tmp/b.jsonl" &&
	"$bin" compare "$tmp/a.jsonl" "$tmp/b.jsonl" --json > "$tmp/c.json"
}

pair "--seed 1" "--seed 2" 300
set -- $(count "$tmp/c.json" any)
echo "# A/A, quiet model: better $1, worse $2, no change $3, undecided $4"
ok $([ $(($1 + $2)) -le 27 ] && [ $(($1 + $2 + $3 + $4)) -eq 320 ]; echo $?) \
	"the same process, other seeds: at most 27 of 320 CPU-figures better or worse ($(($1 + $2)))"
ok $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["cpus"][-1]; sys.exit(not (r["cpu"] == "all" and r["noise_us_per_s"]["verdict"] in ("no change", "undecided")))' "$tmp/c.json"; echo $?) \
	"the all row: the CPUs pooled, no verdict of a change"

pair "--seed 3 --hw-rate 2000 --drift 0.1 --nmi-rate 0.02" "--seed 4 --hw-rate 2000 --drift 0.1 --nmi-rate 0.02" 300
set -- $(count "$tmp/c.json" any)
echo "# A/A, busy, drifting: better $1, worse $2, no change $3, undecided $4"
ok $([ $(($1 + $2)) -le 27 ]; echo $?) \
	"HW at 2000/s drifting the same way in both: at most 27 of 320 better or worse ($(($1 + $2)))"

# A slow drift (AR(1) of 0.99 a period: about 100 periods, a third of the run):
# the batches are correlated, which the lag-1 inflation and fewer degrees of
# freedom must own.  5% of 320 is 16, its binomial SD 3.9: 27 is 16 + 2.8 SD.
pair "--seed 9 --hw-rate 2000 --drift 0.1 --drift-ar 0.99" "--seed 10 --hw-rate 2000 --drift 0.1 --drift-ar 0.99" 300
set -- $(count "$tmp/c.json" any)
echo "# A/A, busy, slow drift: better $1, worse $2, no change $3, undecided $4"
ok $([ $(($1 + $2)) -le 27 ]; echo $?) \
	"a slow drift (0.99 a period) the same way in both: at most 27 of 320 better or worse ($(($1 + $2)))"

pair "--seed 5 --hw-rate 2000 --drift 0.03" "--seed 6 --hw-rate 3200 --drift 0.03" 300
set -- $(count "$tmp/c.json" noise_us_per_s)
w1=$2
set -- $(count "$tmp/c.json" hw_per_s)
ok $([ "$w1" -ge 61 ] && [ "$2" -ge 61 ]; echo $?) \
	"HW rate +60%: noise worse on $w1, HW on $2 of 64 CPUs"

pair "--seed 7 --hw-rate 2000 --drift 0.03 --nmi-rate 0.02" "--seed 8 --hw-rate 2000 --drift 0.03 --nmi-rate 0.2" 300
set -- $(count "$tmp/c.json" nmi_per_s)
ok $([ "$2" -ge 61 ]; echo $?) "NMI 0.02 to 0.2 a period: worse on $2 of 64 CPUs"

pair "--seed 9 --hw-rate 2000" "--seed 10 --hw-rate 3200" 3
set -- $(count "$tmp/c.json" any)
ok $([ $(($1 + $2 + $3)) -eq 0 ]; echo $?) \
	"3 periods against 3: never a verdict ($4 undecided, $5 not comparable)"

"$bin" compare "$tmp/a.jsonl" "$tmp/b.jsonl" --margin 250 > /dev/null 2> "$tmp/err"
rc=$?
ok $([ $rc -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q -- '--margin' "$tmp/err"; echo $?) \
	"--margin 250: exit 1 (usage), one line naming --margin"
