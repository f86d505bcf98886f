#!/bin/sh
# hwnoisetop experiment --replay of an SMT experiment recorded with --why
# (generated here: 2 CPUs that are each other's SMT sibling, 10 blocks
# ABBAABBAAB of 12 one-second periods after 2 s of settling).  "moved": in
# arm A's counted blocks CPU 0's sibling is busy in every other period and
# CPU 0's noise is three times as high then; in B's it is never busy, but
# it is in every settle, B's too, which no arm counts.  The report names
# CPU 0's SMT sibling as the cause that moved from A to B, and nothing
# else (text and --json); "same": the sibling as busy in B as in A: no
# cause moved, none named; the recording without its evidence: the
# report as it was, the table of the one with it byte for byte; "changed":
# as "moved", but the sibling is busy in B's last block too, in which a
# condition changed: that block is not counted, in the table nor in B's
# causes.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
. "$src/tests/unit/skip.sh"
echo "1..9"
if ! command -v python3 >/dev/null 2>&1; then
	for i in 1 2 3 4 5 6 7 8 9; do tap_skip $i "python3 is not installed"; done
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
gen() {	# gen MODE SEED FILE; MODE: moved, same, changed
	python3 "$src/tests/unit/gen-experiment.py" why "$@"
}
moved() {	# the "causes_moved" of --json on stdin, as "CPU cause a b; ..." or "absent"
	python3 -c '
import json, sys
e = json.load(sys.stdin)["experiments"][0]
m = e.get("causes_moved")
print("absent" if m is None else "; ".join("%d %s %s %s %s" % (c["cpu"], c["cause"], c["figure"],
      c["a"], c["b"]) for c in m))'
}
gen moved 1 "$tmp/moved.jsonl" && gen same 2 "$tmp/same.jsonl" || exit 1
grep -v '"t":"ev"' "$tmp/moved.jsonl" > "$tmp/plain.jsonl"

"$h" experiment --replay "$tmp/moved.jsonl" > "$tmp/moved.txt" 2>&1
rc=$?
sed 's/^/# /' "$tmp/moved.txt"
[ "$rc" = 0 ] && grep -q '^Causes, A (SMT on) -> B (SMT off) (each cause' "$tmp/moved.txt" &&
	echo "ok 1 - after the table: the causes, A (SMT on) -> B (SMT off)" ||
	echo "not ok 1 - status $rc, no causes block"
line=$(grep '^  CPU ' "$tmp/moved.txt")
case $line in
"  CPU 0    SMT sibling  "*"% ["*"] credited -> 0 (none seen busy)")
	echo "ok 2 - CPU 0's SMT sibling moved, credited in A, never busy in B's counted blocks" ;;
*)	echo "not ok 2 - no such line: '$line'" ;;
esac
[ "$(grep -c '^  CPU ' "$tmp/moved.txt")" = 1 ] &&
	echo "ok 3 - and nothing else moved" ||
	echo "not ok 3 - $(grep -c '^  CPU ' "$tmp/moved.txt") causes moved"
got=$("$h" experiment --replay "$tmp/moved.jsonl" --json 2>/dev/null | moved 2>&1)
[ "$got" = "0 sibling noise credited none_seen" ] &&
	echo "ok 4 - --json: causes_moved names CPU 0's sibling" ||
	echo "not ok 4 - --json: causes_moved '$got'"

"$h" experiment --replay "$tmp/same.jsonl" > "$tmp/same.txt" 2>&1
grep -q '^credits it): no cause moved$' "$tmp/same.txt" && ! grep -q '^  CPU ' "$tmp/same.txt" &&
	echo "ok 5 - the sibling as busy in B as in A: no cause moved, none named" ||
	{ echo "not ok 5 - A/A moved a cause"; grep -A3 '^Causes' "$tmp/same.txt" | sed 's/^/# /'; }
got=$("$h" experiment --replay "$tmp/same.jsonl" --json 2>/dev/null | moved 2>&1)
[ -z "$got" ] && echo "ok 6 - --json: causes_moved is []" ||
	echo "not ok 6 - --json: causes_moved '$got'"

# Without the evidence: no causes; the rest is the report of the one with it.
"$h" experiment --replay "$tmp/plain.jsonl" > "$tmp/plain.txt" 2>&1
sed '/^Causes, /,/^$/d' "$tmp/moved.txt" > "$tmp/stripped.txt"
! grep -q Causes "$tmp/plain.txt" && cmp -s "$tmp/plain.txt" "$tmp/stripped.txt" &&
	echo "ok 7 - recorded without --why: no causes, the same table and lines" ||
	{ echo "not ok 7 - the report without evidence differs"
	  diff "$tmp/stripped.txt" "$tmp/plain.txt" | sed 's/^/# /'; }
got=$("$h" experiment --replay "$tmp/plain.jsonl" --json 2>/dev/null | moved 2>&1)
[ "$got" = absent ] && echo "ok 8 - --json without evidence: no causes_moved" ||
	echo "not ok 8 - --json: causes_moved '$got'"
gen changed 1 "$tmp/changed.jsonl" || exit 1
"$h" experiment --replay "$tmp/changed.jsonl" > "$tmp/changed.txt" 2>&1
grep -q '^SMT: .*; 9 done, 5 switches; cut: conditions changed in block 10' "$tmp/changed.txt" &&
	grep -q '^  CPU 0    SMT sibling  .* credited -> 0 (none seen busy)$' "$tmp/changed.txt" &&
	echo "ok 9 - a condition changed in block 10 (B, sibling busy): not in B's causes either" ||
	{ echo "not ok 9 - block 10 counted"; sed 's/^/# /' "$tmp/changed.txt"; }
