#!/bin/sh
# tests/lab/flakes, the lab's list of flakes against a run's logs: the
# failing checks of a log, a check that flaked before (an open line of the
# list) found by the start of its description, a mended line not, and the
# line to add for a new flake.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
flakes=$src/tests/lab/flakes
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo 1..7
n=0
check() {	# check WANT GOT DESC
	n=$((n + 1))
	if [ "$1" = "$2" ]; then echo "ok $n - $3"
	else echo "not ok $n - $3"; printf '%s\n' "want: $1" "got:  $2" | sed 's/^/# /'; fi
}
printf '1..4\nok 1 - fine\nnot ok 2 - 7 NMIs are counted exactly (6; 0 to 1)\nnot ok 3 - late # TODO slow\nnot ok 4 - the table\n' >"$tmp/hwnoise.sh.log"
printf '1..3\nok 1 - fine\n# planned 3 tests but ran 1\n' >"$tmp/smi.sh.log"
cat >"$tmp/FLAKES" <<'LIST'
# comment | a | b | c
2026-01-02 | tests/lab/hwnoise.sh | 7 NMIs are counted exactly | an NMI outside the loop
2026-01-03 | tests/lab/hwnoise.sh | the table | the period; mended: waits for it
2026-01-04 | tests/lab/smi.sh | 7 NMIs are counted exactly | another suite's
LIST
export FLAKES_FILE="$tmp/FLAKES"
check "tests/lab/hwnoise.sh | 7 NMIs are counted exactly (6; 0 to 1)
tests/lab/hwnoise.sh | the table
tests/lab/smi.sh | (the suite ended: planned 3 tests but ran 1)" \
	"$("$flakes" checks "$tmp/hwnoise.sh.log" "$tmp/smi.sh.log")" "checks: the failing ones (not TODO), and a suite that ended early"
out=$("$flakes" known "$tmp/hwnoise.sh.log" "$tmp/smi.sh.log"); rc=$?
check 0 "$rc" "known: exit 0 when a failing check flaked before"
check "tests/lab/hwnoise.sh | 7 NMIs are counted exactly (6; 0 to 1): flaked before (2026-01-02, tests/lab/FLAKES)" \
	"$out" "known: the open line of the same suite matches by the start of the description; a mended one does not"
"$flakes" known "$tmp/smi.sh.log" >/dev/null; rc=$?
check 1 "$rc" "known: exit 1 when none flaked before"
lines=$("$flakes" lines "$tmp/hwnoise.sh.log")
check 2 "$(echo "$lines" | grep -c "^$(date -u +%Y-%m-%d) | tests/lab/hwnoise.sh | .* | cause unknown\$")" "lines: one dated line a failing check"
check "" "$(grep -v '^#' "$src/tests/lab/FLAKES" | grep -v '^[0-9]\{4\}-[0-9][0-9]-[0-9][0-9] | tests/lab/[a-z-]*\.sh | [^|]* | [^|]*$')" \
	"tests/lab/FLAKES: every line is DATE | SUITE | CHECK | CAUSE"
check "" "$(grep -v '^#' "$src/tests/lab/FLAKES" | awk -F ' [|] ' '{ print $2 }' | while read -r s; do [ -f "$src/$s" ] || echo "$s"; done)" \
	"tests/lab/FLAKES: every suite exists"
