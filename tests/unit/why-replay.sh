#!/bin/sh
# --why's evidence in a recording (replay-why.jsonl: replay-4cpu's periods,
# CPU 1's noise tripled in the stretches its sibling was busy, an "ev" line
# before each period): the replay puts each CPU's noise down to its causes
# after rtla's table, which stays byte for byte the table of the same
# recording without its "ev" lines; --json carries "why" only then.
# replay-nmi.jsonl: the same periods with --why's NMI time ("nmi_ns" on
# each summary; CPU 0 has one NMI of 25 us in half of its periods, 25 us
# more noise each; CPU 3 three NMIs that came without their time): the
# replay says the NMI time measured under the NMI line and in --json, and
# the same recording without "nmi_ns" (as an older hwnoisetop wrote it)
# says it was not measured; rtla's tables stay byte for byte.
# The clocksource watchdog: replay-why.jsonl, recorded before its visits
# were, says it was not measured and why; the same with "tscwd" on each
# "ev" line (CPU 3 visited in every other period) says CPU 3's visits in
# 10 of 20 periods and none counted elsewhere, in the text and --json.
# The largest single noises (gen-experiment.py's plain run: CPU 1's noise
# tripled while its sibling is busy): a line under the sibling's where it
# is credited on them and the rest unexplained, nowhere else; --json has
# them beside the noise's figures.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
rec=$src/tests/unit/replay-why.jsonl
nmi=$src/tests/unit/replay-nmi.jsonl
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..24"
grep -v '"t":"ev"' "$rec" >"$tmp/plain.jsonl"
"$h" --replay "$rec" -q >"$tmp/why.out" 2>/dev/null
"$h" --replay "$tmp/plain.jsonl" -q >"$tmp/plain.out" 2>/dev/null
# Test $1 ($2): the tables of $3 and $4, each without its Why block (from
# its title to the blank line before the next table), byte for byte.
same_tables() {
	sed '/^Why:/,/^$/d' "$3" >"$tmp/a.rest"
	sed '/^Why:/,/^$/d' "$4" >"$tmp/b.rest"
	if cmp -s "$tmp/a.rest" "$tmp/b.rest"; then
		echo "ok $1 - $2"
	else
		echo "not ok $1 - $2: the tables differ"
		diff "$tmp/a.rest" "$tmp/b.rest" | sed 's/^/# /' | head -20
	fi
}
same_tables 1 "the tables are those of the recording without its evidence, byte for byte" \
	"$tmp/plain.out" "$tmp/why.out"
n=$(grep -c '^CPU [0-3]: 20 periods' "$tmp/why.out")
[ "$n" = 4 ] && echo "ok 2 - a block for each of the 4 CPUs" || echo "not ok 2 - $n blocks"
grep -q '^  SMT sibling  too few periods ' "$tmp/why.out" &&
	echo "ok 3 - 20 periods, 10 with the sibling busy: too few to credit it" ||
	echo "not ok 3 - the sibling's line: $(grep '^  SMT sibling' "$tmp/why.out" | head -1)"
grep -q '^  SMI          not measured: no SMI counts recorded$' "$tmp/why.out" &&
	echo "ok 4 - no SMI counts in the recording: not measured, said why" ||
	echo "not ok 4 - the SMI line: $(grep '^  SMI' "$tmp/why.out" | head -1)"
"$h" --replay "$rec" --json 2>/dev/null | grep -q '"why":{"0":{"periods":20,' &&
	echo "ok 5 - --json: the \"why\" object, per CPU" || echo "not ok 5 - no \"why\" object"
"$h" --replay "$tmp/plain.jsonl" --json 2>/dev/null | grep -q '"why"[:]{' &&
	echo "not ok 6 - a \"why\" object without evidence" ||
	echo "ok 6 - --json without evidence: no \"why\" object"
sed 's/,"nmi_ns":[0-9]*//' "$nmi" >"$tmp/old.jsonl"
"$h" --replay "$nmi" -q >"$tmp/nmi.out" 2>/dev/null
"$h" --replay "$tmp/old.jsonl" -q >"$tmp/old.out" 2>/dev/null
"$h" --replay "$nmi" --json >"$tmp/nmi.json" 2>/dev/null
"$h" --replay "$tmp/old.jsonl" --json >"$tmp/old.json" 2>/dev/null
line() { sed -n "/^CPU $2: /,/^  unexplained/p" "$1" | grep '^  NMI time '; }
l=$(line "$tmp/nmi.out" 0)
[ "$l" = "  NMI time     250 us measured, 91.6% of the noise (20 periods)" ] &&
	echo "ok 7 - CPU 0: 10 NMIs of 25 us, 250 of its 273 us of noise" ||
	echo "not ok 7 - CPU 0's NMI time line: '$l'"
sed -n '/^CPU 0: /,/^  unexplained/p' "$tmp/nmi.out" | grep -A1 '^  NMI  ' | tail -1 |
	grep -q '^  NMI time ' &&
	echo "ok 8 - the NMI time right under the NMI line" || echo "not ok 8 - not under the NMI line"
l=$(line "$tmp/nmi.out" 3)
[ "$l" = "  NMI time     not measured (no osnoise:nmi_noise event came with the NMIs counted)" ] &&
	echo "ok 9 - CPU 3: the 3 periods whose NMIs came without a time leave its NMI time unmeasured" ||
	echo "not ok 9 - CPU 3's NMI time line: '$l'"
l=$(line "$tmp/old.out" 0)
[ "$l" = "  NMI time     not measured (no NMI time recorded)" ] &&
	echo "ok 10 - a recording without nmi_ns: not measured, said why" ||
	echo "not ok 10 - CPU 0's NMI time line without nmi_ns: '$l'"
n=$(grep -c '^  NMI time ' "$tmp/old.out")
[ "$n" = 2 ] && echo "ok 11 - without nmi_ns, only the CPUs with NMIs counted say it" ||
	echo "not ok 11 - $n NMI time lines without nmi_ns"
grep -q '"0":{"periods":20,"noise_us":273,"nmi_time_us":250.000,"nmi_time_share":0.9158,"nmi_time_periods":20,' "$tmp/nmi.json" &&
	echo "ok 12 - --json: nmi_time_us, nmi_time_share, nmi_time_periods" ||
	echo "not ok 12 - --json: $(grep -o '"0":{"periods":20,[^{]*' "$tmp/nmi.json" | head -1)"
grep -q '"nmi_time_us":null,"nmi_time_share":null,"nmi_time_why":"no NMI time recorded","nmi_time_periods":0,' "$tmp/old.json" &&
	echo "ok 13 - --json without nmi_ns: null, and why" ||
	echo "not ok 13 - --json without nmi_ns: $(grep -o '"0":{"periods":20,[^{]*' "$tmp/old.json" | head -1)"
same_tables 14 "rtla's tables the same with and without nmi_ns, byte for byte" \
	"$tmp/old.out" "$tmp/nmi.out"
grep -q '^  TSC watchdog not measured: no TSC watchdog visits recorded$' "$tmp/why.out" &&
	echo "ok 15 - a recording without the watchdog's visits: not measured, said why" ||
	echo "not ok 15 - the TSC watchdog line: $(grep '^  TSC watchdog' "$tmp/why.out" | head -1)"
# Each "ev" line gives the visits since the tick before: those of CPU 3's
# latest period, the one before the summary that follows it, the first
# read after it; the first line, before any period, gives none, and the
# last period, no line after it, is not measured: 10 with, 9 without.
awk '/"t":"ev"/ { n = /"cpu":3,/ ? (k++ % 2) : 0; sub(/}$/, ",\"tscwd\":" n "}") } { print }' \
	"$rec" >"$tmp/wd.jsonl"
"$h" --replay "$tmp/wd.jsonl" -q >"$tmp/wd.out" 2>/dev/null
"$h" --replay "$tmp/wd.jsonl" --json >"$tmp/wd.json" 2>/dev/null
l=$(sed -n '/^CPU 3: /,/^  unexplained/p' "$tmp/wd.out" | grep '^  TSC watchdog ')
case $l in
"  TSC watchdog "*" in 10 of 19 periods") echo "ok 16 - CPU 3: the watchdog in 10 of its 19 periods measured";;
*) echo "not ok 16 - CPU 3's TSC watchdog line: '$l'";;
esac
l=$(sed -n '/^CPU 0: /,/^  unexplained/p' "$tmp/wd.out" | grep '^  TSC watchdog ')
[ "$l" = "  TSC watchdog none counted" ] && echo "ok 17 - CPU 0: counted, none" ||
	echo "not ok 17 - CPU 0's TSC watchdog line: '$l'"
grep -q '"tsc_watchdog":{"state":"[a-z_]*","periods_with":10,"periods_without":9,' "$tmp/wd.json" &&
	grep -q '"tsc_watchdog":{"state":"not_measured","why":"no TSC watchdog visits recorded",' \
	"$tmp/old.json" && echo "ok 18 - --json: tsc_watchdog, counted and not" ||
	echo "not ok 18 - --json: $(grep -o '"tsc_watchdog":{[^}]*' "$tmp/wd.json" | head -4)"
same_tables 19 "rtla's tables the same with the watchdog's visits, byte for byte" \
	"$tmp/plain.out" "$tmp/wd.out"
grep -q '^  clocksource  not measured: no clocksource recorded$' "$tmp/why.out" &&
	echo "ok 20 - a recording without the clocksource: not measured, said why" ||
	echo "not ok 20 - the clocksource line: $(grep '^  clocksource' "$tmp/why.out" | head -1)"
# The clocksource changed after the 10th tick: each "ev" line is the
# evidence of the period whose summary follows it.
awk '/"t":"ev"/ { sub(/}$/, ",\"cs_changed\":" (k++ >= 40) "}") } { print }' "$rec" >"$tmp/cs.jsonl"
"$h" --replay "$tmp/cs.jsonl" -q >"$tmp/cs.out" 2>/dev/null
n=$(grep -c '^  clocksource  .* in 10 of 20 periods$' "$tmp/cs.out")
[ "$n" = 4 ] && echo "ok 21 - each CPU: the clocksource changed in its last 10 of 20 periods" ||
	echo "not ok 21 - $n CPUs; $(grep '^  clocksource' "$tmp/cs.out" | head -1)"
if ! command -v python3 >/dev/null 2>&1; then
	for i in 22 23 24; do echo "ok $i - # SKIP python3 is not installed"; done
	exit 0
fi
python3 "$src/tests/unit/gen-experiment.py" run 1 "$tmp/run.jsonl" || exit 1
"$h" --replay "$tmp/run.jsonl" -q >"$tmp/run.out" 2>/dev/null
"$h" --replay "$tmp/run.jsonl" --json >"$tmp/run.json" 2>/dev/null
l=$(sed -n '/^CPU 1: /,/^  unexplained/p' "$tmp/run.out" | grep -A1 '^  SMT sibling  credited ' | tail -1)
case $l in
"               largest      "*"% ["*"%, "*"%]  max single >= "*" us x"*" ["*", "*"] in "*" of "*" periods")
	echo "ok 22 - CPU 1: under the sibling's line, its share of the largest single noises";;
*) echo "not ok 22 - the line under CPU 1's sibling: '$l'";;
esac
n=$(grep -c '^               largest ' "$tmp/run.out")
l=$(sed -n '/^CPU 1: /,/^CPU 2: /p' "$tmp/run.out" | grep -A1 '^  unexplained   ' | tail -1)
case "$n $l" in
"1   unexplained  largest      "*"% ["*"%, "*"%]  of the "*" periods whose max single >= "*" us")
	echo "ok 23 - the largest left unexplained under the noise's, on CPU 1 alone";;
*) echo "not ok 23 - $n largest lines; CPU 1's: '$l'";;
esac
grep -q '"sibling":{"state":"credited","periods_with":60,"periods_without":60,"explained":{[^}]*},"noise_ratio":[0-9.]*,"noise_ratio_lo":[0-9.]*,"noise_ratio_hi":[0-9.]*,"max_single_state":"credited","max_single_periods_with":[0-9]*,"max_single_explained":{"share":[0-9.]*,"lo":[0-9.]*,"hi":[0-9.]*},"max_single_ratio":' "$tmp/run.json" &&
	grep -q '"overlap":false,"max_single_level_us":[0-9]*,"max_single_periods":[0-9]*,"max_single_unexplained":{"share":[0-9.]*,"lo":[0-9.]*,"hi":[0-9.]*},"max_single_overlap":false,"judgements":[0-9]*}' "$tmp/run.json" &&
	echo "ok 24 - --json: each cause's max_single_* beside its noise's, each CPU's level and the rest" ||
	echo "not ok 24 - --json: $(grep -o '"sibling":{[^}]*}[^}]*}' "$tmp/run.json" | head -2)"
