#!/bin/sh
# --why's evidence in a recording (replay-why.jsonl: replay-4cpu's periods,
# CPU 1's noise tripled in the stretches its sibling was busy, an "ev" line
# before each period): the replay puts each CPU's noise down to its causes
# after rtla's table, which stays byte for byte the table of the same
# recording without its "ev" lines; --json carries "why" only then.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
rec=$src/tests/unit/replay-why.jsonl
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..6"
grep -v '"t":"ev"' "$rec" >"$tmp/plain.jsonl"
"$h" --replay "$rec" -q >"$tmp/why.out" 2>/dev/null
"$h" --replay "$tmp/plain.jsonl" -q >"$tmp/plain.out" 2>/dev/null
# The Why block: from its title to the blank line before the next table.
sed '/^Why:/,/^$/d' "$tmp/why.out" >"$tmp/rest.out"
if cmp -s "$tmp/rest.out" "$tmp/plain.out"; then
	echo "ok 1 - the tables are those of the recording without its evidence, byte for byte"
else
	echo "not ok 1 - the tables differ from those without the evidence"
	diff "$tmp/plain.out" "$tmp/rest.out" | sed 's/^/# /' | head -20
fi
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
