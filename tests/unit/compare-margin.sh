#!/bin/sh
# --margin PCT: the equivalence margin reaches every before/after through
# the one parser: compare A B, the dashboard's compare view (d, here over a
# recording played back: the rows of compare A --live are drawn by the same
# view), and compare A --live's options.  Nothing changed between the two
# sides (tests/scale/gen-recording, the same process, fixed seeds), so the
# marks are '=' or '?': at +-5% fewer CPU-figures are '=' than at the
# default +-10% (26 against 13 for the pair below); a margin ignored gives
# the same count.
win=margin
. "$(dirname "$0")/screen-lib.sh"
gen=$src/tests/scale/gen-recording
echo 1..8
if ! command -v python3 >/dev/null 2>&1; then
	for i in $(seq 8); do tap_skip $i "python3 is not installed"; done
	exit 0
fi
python3 "$gen" --seed 1 --hw-rate 100 8 60 "$tmp/a.jsonl" &&
	python3 "$gen" --seed 2 --hw-rate 100 8 60 "$tmp/b.jsonl" &&
	python3 "$gen" --seed 3 --hw-rate 100 --markers 1 8 120 "$tmp/m.jsonl" || exit 1
# the '=' marks of the rows of a compare table (on stdin)
same() { grep -E '^ *([0-9]+|all) ' | grep -o '[0-9.]=' | wc -l; }

d10=$("$bin" compare "$tmp/a.jsonl" "$tmp/b.jsonl" 2>/dev/null | same)
d5=$("$bin" compare "$tmp/a.jsonl" "$tmp/b.jsonl" --margin 5 2>/dev/null | same)
check '[ "$d10" -gt 0 ] && [ "$d5" -lt "$d10" ]' \
	"compare A B: fewer '=' at --margin 5 than at the default ($d5 against $d10)"
check '"$bin" compare "$tmp/a.jsonl" "$tmp/b.jsonl" --margin=5 | tail -1 | grep -q "within +-5%"' \
	"compare A B --margin=5: the legend gives +-5%"

# The compare view of a recording with a marker half-way, at its end.
view() {	# [OPTIONS]: the screen once d shows the compare view at the END
	play 200 40 "LANG=C.UTF-8" "$tmp/m.jsonl" "$1"
	wait_for playing && key 4 && wait_for ' END ' && key d && wait_for '^ before: '
}
view "" || echo "# the compare view did not show: $(cat "$tmp/err")"
v10=$(screen | same)
legend10=$(screen | grep -c "within +-10%")
key q
view "--margin 5"
shown=$?
v5=$(screen | same)
check '[ $shown -eq 0 ] && [ "$v10" -gt 0 ] && [ "$v5" -lt "$v10" ]' \
	"the compare view (d) with --margin 5: fewer '=' than at the default ($v5 against $v10)"
check 'screen | grep -q "within +-5%" && [ "$legend10" -eq 1 ]' \
	"the compare view's legend gives the margin: +-10% by default, +-5% with --margin 5"
key q

# compare A --live: its options are hwnoisetop's, --margin among them, read by the same parser.
"$bin" compare "$tmp/a.jsonl" --live --margin 250 > /dev/null 2> "$tmp/err"
rc=$?
check '[ $rc -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q -- "--margin .250. .*more than 0 and less than 100" "$tmp/err"' \
	"compare A --live --margin 250: exit 1, one line naming --margin and what it takes"
"$bin" compare "$tmp/a.jsonl" "$tmp/b.jsonl" --margin 250 > /dev/null 2> "$tmp/err2"
check 'cmp -s "$tmp/err" "$tmp/err2"' "compare A B --margin 250 says the same line: one parser"
"$bin" compare "$tmp/a.jsonl" --live --margin=x -q > /dev/null 2> "$tmp/err"
check '[ $? -eq 1 ] && grep -q -- "--margin .x. is not a number" "$tmp/err"' \
	"compare A --live --margin=x: refused as not a number"
# a good margin passes the parser: what stops the run then is -q, not --margin
"$bin" compare "$tmp/a.jsonl" --live --margin 5 -q > /dev/null 2> "$tmp/err"
check '! grep -q -- "--margin" "$tmp/err" && grep -q "not with -q" "$tmp/err"' \
	"compare A --live --margin 5: accepted (the run is refused for -q only)"
