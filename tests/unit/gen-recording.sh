#!/bin/sh
# The synthetic recording of tests/scale/gen-recording replays: 8 CPUs x
# 60 s give 8 rows of 60 periods each, so the generator keeps in step with
# the format of src/output/rec_writer.c (and the scale figures stay real).  Then
# the per-segment tables of recordings with many markers hold exactly the
# sums and maxima of the summaries between the markers, as a separate
# computation over the recording (segments-exact.py) finds them; past
# SEGMENTS_ROWS_MAX (1 MiB of rows and percentiles: 8 closed segments of 1024 CPUs) the
# oldest segments' rows are let go, said so, and the newest stay exact.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
. "$src/tests/unit/skip.sh"
gen=$src/tests/scale/gen-recording
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo 1..14
if ! command -v python3 >/dev/null 2>&1; then
	for i in $(seq 14); do tap_skip $i "python3 is not installed"; done
	exit 0
fi
python3 "$gen" --seed 7 8 60 "$tmp/a.jsonl" && python3 "$gen" --seed 7 8 60 "$tmp/b.jsonl"
# header, 8 summaries and a tick a second, the closing tick and the footer
n=$(wc -l < "$tmp/a.jsonl")
[ "$n" -eq $((1 + 60 * 9 + 1 + 1)) ] && echo "ok 1 - 8 CPUs x 60 s is $n lines" ||
	echo "not ok 1 - 8 CPUs x 60 s is $n lines, not 543"
cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl" && echo "ok 2 - the same seed gives the same file" ||
	echo "not ok 2 - the same seed gives another file"
"$top/src/hwnoisetop" --replay "$tmp/a.jsonl" -q > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
	grep -q "^hwnoisetop: replay of $tmp/a.jsonl: recorded by hwnoisetop [^ ]* on .* (kernel [^ ]*), started 20[0-9-]* [0-9:]* UTC\$" "$tmp/err" &&
	echo "ok 3 - --replay -q exits 0, on stderr only the line that names the run" ||
	{ echo "not ok 3 - --replay -q exits $rc"; sed 's/^/# /' "$tmp/err"; }
# the table's rows: a CPU number, then "#" and the period count
rows=$(grep -cE '^ *[0-9]+ +#[0-9]+ ' "$tmp/out")
p60=$(grep -cE '^ *[0-7] +#60 ' "$tmp/out")
[ "$rows" -eq 8 ] && [ "$p60" -eq 8 ] && echo "ok 4 - 8 rows, each with Period #60" ||
	{ echo "not ok 4 - $rows rows, $p60 of CPUs 0-7 with Period #60"; sed 's/^/# /' "$tmp/out"; }
# the footer's line count is the file's
last=$(tail -n 1 "$tmp/a.jsonl")
case $last in
*'"t":"footer"'*"\"lines\":$n}") echo "ok 5 - the footer ends the file and counts $n lines" ;;
*) echo "not ok 5 - last line: $last" ;;
esac
# --smi --markers 2: three segment tables, and the SMI column adds up to the smi lines
python3 "$gen" --seed 7 --smi --markers 2 4 30 "$tmp/m.jsonl"
"$top/src/hwnoisetop" --replay "$tmp/m.jsonl" -q > "$tmp/m.out" 2>&1
segs=$(grep -c '^== [0-2]  00:00:[0-2]0  ' "$tmp/m.out")
grep -q '^3 segments, one table each' "$tmp/m.out" && [ "$segs" -eq 3 ] &&
	echo "ok 6 - --markers 2: the replay prints three segment tables" ||
	{ echo "not ok 6 - --markers 2: $segs segment headings"; sed 's/^/# /' "$tmp/m.out"; }
want=$(grep -c '^{"t":"smi",' "$tmp/m.jsonl")
got=$(sed -n '/^CPU /,/^$/p' "$tmp/m.out" | grep -E '^ *[0-9]+ #' | head -4 | awk '{ n += $NF } END { print n + 0 }')
[ "$want" -gt 0 ] && [ "$got" = "$want" ] &&
	echo "ok 7 - --smi: the table's SMI column adds up to the $want SMI lines" ||
	echo "not ok 7 - --smi: SMI column $got, $want SMI lines"
# A file cut by a crash in the middle of a line: every whole line replayed,
# the cut said in one line, the exit status of a file without its footer (0).
head -c 20000 "$tmp/a.jsonl" > "$tmp/cut.jsonl"
cutn=$(($(wc -l < "$tmp/cut.jsonl") + 1))
note="$tmp/cut.jsonl: line $cutn is cut short: replayed up to line $((cutn - 1)) (the run did not end cleanly)"
head -n $((cutn - 1)) "$tmp/a.jsonl" > "$tmp/whole.jsonl"
"$top/src/hwnoisetop" --replay "$tmp/cut.jsonl" -q > "$tmp/c.out" 2> "$tmp/c.err"
rc=$?
"$top/src/hwnoisetop" --replay "$tmp/whole.jsonl" -q > "$tmp/w.out" 2> /dev/null
"$top/src/hwnoisetop" --replay "$tmp/cut.jsonl" --json > "$tmp/c.json" 2> "$tmp/cj.err"
rcj=$?
[ $rc -eq 0 ] && [ "$(grep -v '^hwnoisetop: replay of ' "$tmp/c.err")" = "hwnoisetop: --replay: $note" ] &&
	cmp -s "$tmp/c.out" "$tmp/w.out" && [ $rcj -eq 0 ] && cmp -s "$tmp/c.err" "$tmp/cj.err" &&
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/c.json" &&
	echo "ok 8 - cut at line $cutn: -q and --json replay the $((cutn - 1)) whole lines (status 0), one line says so" ||
	{ echo "not ok 8 - cut at line $cutn: status $rc/$rcj"; sed 's/^/# /' "$tmp/c.err" "$tmp/cj.err"; }
"$top/src/hwnoisetop" compare "$tmp/cut.jsonl" "$tmp/a.jsonl" > "$tmp/cmp.out" 2> "$tmp/cmp.err"
rc=$?
[ $rc -eq 0 ] && grep -qE '^ *7 ' "$tmp/cmp.out" &&
	[ "$(cat "$tmp/cmp.err")" = "hwnoisetop: compare: $tmp/cut.jsonl: line $cutn is cut short: compared up to line $((cutn - 1)) (the run did not end cleanly)" ] &&
	echo "ok 9 - compare compares a cut file up to its cut and says so" ||
	{ echo "not ok 9 - compare of a cut file: status $rc"; sed 's/^/# /' "$tmp/cmp.err"; }
hw=$top/src/hwnoisetop
t=9
check() {	# description, generator arguments, segments whose rows are kept (0: all)
	t=$((t + 1))
	python3 "$gen" $2 "$tmp/r.jsonl" &&
		"$hw" --replay "$tmp/r.jsonl" --json > "$tmp/r.json" 2> "$tmp/err"
	res=$(python3 "$src/tests/unit/segments-exact.py" "$tmp/r.jsonl" "$tmp/r.json" "$3" 2>&1)
	[ "$res" = exact ] && echo "ok $t - $1" || echo "not ok $t - $1: $res"
}
check "60 markers, 16 CPUs, SMIs: each segment's rows exact" "--seed 3 --smi --markers 60 16 300" 0
check "999 markers (the most), 4 CPUs: all 1000 segments exact" "--seed 4 --markers 999 4 1000" 0
check "60 markers, 1024 CPUs: the newest 8 closed segments and the open one exact, older ones null" \
	"--seed 5 --markers 60 1024 61" 9
"$hw" --replay "$tmp/r.jsonl" -q > "$tmp/r.txt" 2>&1
n=$(grep -c '^rows not kept: the closed segments keep at most 1 MiB' "$tmp/r.txt")
[ "$n" -eq 52 ] && echo "ok 13 - the text tables say so for each of the 52 segments let go" ||
	echo "not ok 13 - $n segments said to be let go, not 52"
# the newest segments' tables are printed in full: 1024 rows for each of the last 9
rows=$(sed -n '/^== 52  /,$p' "$tmp/r.txt" | grep -cE '^ *[0-9]+ +#[0-9]+ ')
[ "$rows" -eq $((9 * 1024)) ] && echo "ok 14 - the 9 newest tables have 1024 rows each" ||
	echo "not ok 14 - $rows rows in the newest tables, not $((9 * 1024))"
