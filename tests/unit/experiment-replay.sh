#!/bin/bash
# hwnoisetop experiment --replay on generated recordings (no kernel): an SMT
# experiment of 10 blocks whose B state takes CPUs 1 and 3 offline and
# halves the HW events of CPUs 0 and 2.  The report: 10 blocks done, 5
# switches, CPUs 1,3 left out, noise and HW better, the line of the knob
# and how to keep it (nosmt); cut after 6 blocks: the report of those,
# status 4; a recording that is not an experiment's: one line, status 1;
# --record with two knobs refused, before anything, when a knob's file exists.
src=$(cd "$(dirname "$0")/../.." && pwd)
top=${abs_top_builddir:-$src}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
echo "1..12"
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi; }
is() { [ "$1" = "$2" ]; ok $? "$3"; [ "$1" = "$2" ] || { echo "#      got: '$1'"; echo "# expected: '$2'"; }; }

gen() {	# gen FILE CUT_AFTER (0: the whole run)
	python3 "$src/tests/unit/gen-experiment.py" offline "$1" "$2"
}

summary() {
	python3 -c '
import json, sys
d = json.load(sys.stdin)
e = d["experiments"][0]
a = e["all"]["figures"]
print(e["knob"], e["a"], e["b"], e["order"], e["blocks_done"], e["switches"], e["left_out"],
      ",".join(str(c["cpu"]) for c in e["cpus"]), e["all"]["blocks_a"], e["all"]["blocks_b"],
      e["all"]["settle_periods"], a["noise_us_per_s"]["verdict"], a["hw_per_s"]["verdict"],
      e["cut"], "nosmt" in (e["keep"] or ""))'
}

gen "$dir/x.jsonl" 0
out=$("$bin" experiment --replay "$dir/x.jsonl" --json 2>"$dir/err")
is "$?" 0 "a whole experiment replays: status 0"
is "$(printf '%s' "$out" | summary 2>&1)" \
	"smt on off ABBAABBAAB 10 5 1,3 0,2 5 5 20 better better None True" \
	"--json: 10 blocks, 5 switches, CPUs 1,3 left out, settle periods apart, better, keep nosmt"
text=$("$bin" experiment --replay "$dir/x.jsonl")
printf '%s\n' "$text" | sed 's/^/# /'
printf '%s\n' "$text" | grep -Eq '^SMT off: noise -50% \[-[0-9]+%, -[0-9]+%\] on all CPUs: better$'
ok $? "the text report's line: SMT off: noise -50% [...] on all CPUs: better"
printf '%s\n' "$text" | grep -q '^left out: CPUs 1,3 '
ok $? "the text report names the CPUs left out"
printf '%s\n' "$text" | grep -q '^to keep SMT off after a reboot: kernel command line: nosmt '
ok $? "the text report says how to keep SMT off"

gen "$dir/cut.jsonl" 6
out=$("$bin" experiment --replay "$dir/cut.jsonl" --json 2>/dev/null)
is "$?" 4 "a cut experiment replays: status 4"
is "$(printf '%s' "$out" | summary 2>&1 | cut -d' ' -f5-10,14)" "6 3 1,3 0,2 3 3 interrupted" \
	"cut after 6 blocks: the report covers the 6, says why"

tests_gen=$src/tests/scale/gen-recording
"$tests_gen" 2 3 "$dir/plain.jsonl" >/dev/null
err=$("$bin" experiment --replay "$dir/plain.jsonl" 2>&1 >/dev/null)
is "$?" 1 "a recording that is not an experiment's: status 1"
is "$(printf '%s\n' "$err" | wc -l)" 1 "in one line"

# Two knobs, --record FILE: one file a knob; one that exists refuses the run
# before it looks at the kernel (this machine may have no tracer at all).
touch "$dir/two.smt.jsonl"
err=$("$bin" experiment --knob clocksource --knob smt --record "$dir/two.jsonl" 2>&1 >/dev/null)
is "$?" 1 "--record with two knobs, the second knob's file exists: status 1"
is "$err" "hwnoisetop: experiment: --record '$dir/two.smt.jsonl': exists; --force overwrites it" \
	"in one line naming that file"
is "$(ls "$dir" | grep -c '^two')" 1 "and no file written"
[ "$n" = 12 ] || echo "# planned 12, ran $n"
[ $failed = 0 ] && [ "$n" = 12 ]
