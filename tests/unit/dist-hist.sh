#!/bin/sh
# The D view's single noises, replayed: a dashboard's recording keeps the
# kernel's counts in its footer ("hist", histo.h's form); the D view shows
# the selected CPU's (count, min, avg, max first, then its rows), and the
# footer changes neither --replay -q nor --replay's table; k, which has
# a live run count them, is refused.  A recording without them shows no
# such section.
win=dhist
. "${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/screen-lib.sh"

echo 1..7
# CPU 0: 7 single noises, 4 of 2 us, 2 of 3 us, 1 of 5 us (21000 ns in all, the largest 5000 ns).
hist='"hist":{"bucket_us":1,"entries":256,"gran_us":1,"map_size":2048,"coarsened":false,"dropped":0,"no_header":false,"no_summary":false,"no_index":false,"with_zeros":false,"asked_bucket_us":1,"asked_entries":256,"cpus":[[0,7,21000,5000,2,4,3,2,5,1]]}'
sed "s/^\(.*\"t\":\"footer\".*\),\"lines\":\([0-9]*\)}\$/\1,$hist,\"lines\":\2}/" "$rec" > "$tmp/h.jsonl"
grep -q '"cpus":\[\[0,7' "$tmp/h.jsonl" || echo "# the footer was not changed"
"$bin" --replay "$rec" -q > "$tmp/a.q" 2>/dev/null
"$bin" --replay "$tmp/h.jsonl" -q > "$tmp/b.q" 2>/dev/null
check 'cmp -s "$tmp/a.q" "$tmp/b.q"' "the footer's counts leave --replay -q as it was"
"$bin" --replay "$rec" > "$tmp/a.t" 2>/dev/null
"$bin" --replay "$tmp/h.jsonl" > "$tmp/b.t" 2>/dev/null
# (the first line names the file)
check 'tail -n +2 "$tmp/a.t" > "$tmp/a.u" && tail -n +2 "$tmp/b.t" > "$tmp/b.u" && [ -s "$tmp/a.u" ] &&
	cmp -s "$tmp/a.u" "$tmp/b.u"' "and --replay's table (not hwnoisetop hist's histogram)"

play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$tmp/h.jsonl"
wait_for 'playing' && key 4 && wait_for ' END' && wait_for 'q (prints|quits) '
key D
check 'screen | grep -qE "^ +single noises, counted by the kernel *$" &&
	screen | grep -qE "^ +count 7  min 2  avg 3.00  max 5 us *$"' \
	"D: CPU 0's single noises, counted by the kernel: count, min, avg, max"
check '[ "$(screen | grep -E "^ +[0-9]+-[0-9]+ +us +[0-9]+ *$" | tr -s " " | tr "\n" "/")" = " 2-3 us 4/ 3-4 us 2/ 5-6 us 1/" ] &&
	screen | grep -qE "^ +over 256 +us +0 *$"' \
	"its rows that counted, and over 256 us"
key k
check 'screen | grep -q "replay: the recording cannot be changed (k changes a live run)" &&
	screen | grep -qE "^ +count 7  min 2  avg 3.00  max 5 us *$"' \
	"k (count single noises) is refused in a replay, which shows the recorded counts"
key Down
check 'screen | grep -q "^ CPU 1: the distribution" && screen | grep -qE "^ +count 0  min 0  avg 0.00  max 0 us *$"' \
	"the selected CPU's: CPU 1 counted none"
key q
play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
wait_for 'playing' && key 4 && wait_for ' END' && wait_for 'q (prints|quits) '
key D
check 'screen | grep -q "^ CPU 0: the distribution" && ! screen | grep -q "single noises"' \
	"a recording without them: no such section"
key q
