#!/bin/sh
# hwnoisetop report without a browser: the page of replay-4cpu.jsonl has
# one heatmap row per CPU, a chart of each CPU over time (its noise and
# max single, a line per marker), one line per marker, one forest row per CPU
# (and all) and figure, the recording's SHA-256, and nothing fetched from
# elsewhere; text from a recording is escaped; bad input is one line,
# exit 1 and no page.  A --why recording's page holds its causes, a hist
# recording's its histogram.  (tests/unit/report-browser.sh loads it in Chromium.)
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
rec=$src/tests/unit/replay-4cpu.jsonl
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
check() {	# check STATUS DESC
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
count() {	# count PATTERN FILE: the occurrences of a fixed string
	grep -o -F -- "$1" "$2" | wc -l
}
echo 1..25

"$h" report "$rec" -o "$tmp/r.html" 2>"$tmp/err"
check $? "report of replay-4cpu.jsonl: exit 0"
grep -q "wrote $tmp/r.html" "$tmp/err"
check $? "it says where it wrote the page"
cpus=4 marks=$(grep -c '"t":"mark"' "$rec")
check "$([ "$(count 'class="hr"' "$tmp/r.html")" = $cpus ] && echo 0)" "one heatmap row per CPU ($cpus)"
check "$([ "$(count 'class="mark"' "$tmp/r.html")" = "$marks" ] && echo 0)" "one line per marker ($marks)"
check "$([ "$(count '<details class="cpu"' "$tmp/r.html")$(count 'class="n" d="M' "$tmp/r.html")$(count 'class="s" d="M' "$tmp/r.html")$(grep -Eo 'd="M[0-9]+ [0-9]+h0' "$tmp/r.html" | wc -l)" = 4448 ] && echo 0)" \
	"a chart of each CPU over time, its noise and its max single (4), each line's first point a dot (so one alone shows)"
check "$([ "$(count 'class="mk" x1=' "$tmp/r.html")" = $((cpus * marks)) ] && echo 0)" \
	"a dashed line per marker in each chart"
# 5 figures without SMIs (noise, % available, HW, NMI, max single), all and each CPU
got=$(count 'class="fr ' "$tmp/r.html")
check "$([ "$got" = $(((cpus + 1) * 5)) ] && echo 0)" "forest rows: (4 CPUs + all) x 5 figures ($got)"
check "$([ "$(count '<section class="pair"' "$tmp/r.html")" = "$marks" ] && echo 0)" "a before/after a marker"
sum=$(sha256sum "$rec" | cut -d' ' -f1)
grep -q "id=\"sha256\">$sum<" "$tmp/r.html"
check $? "the recording's SHA-256 ($sum)"
grep -q 'threshold 1 -&gt; 2 us' "$tmp/r.html"
check $? "the marker's note, escaped"
! grep -Eiq '(src|href)="?(https?:)?//|<link|<script src|@import|url\(' "$tmp/r.html"
check $? "nothing from elsewhere: no external script, style, font or image"
grep -q '@media print' "$tmp/r.html"
check $? "print CSS"
tr '\n' ' ' <"$tmp/r.html" | grep -q '<tr class="pc"><th>0</th>.*<tr class="pc"><th>3</th>'
check $? "percentiles of CPUs 0 to 3"

# A recording whose host and note carry markup: text on the page, never markup.
sed -e '1s/"kernel":/"host":"<img src=x onerror=alert(1)>","kernel":/' \
    -e 's/"text":"threshold 1 -> 2 us"/"text":"<\/title><script>alert(2)<\/script>"/' "$rec" >"$tmp/evil.jsonl"
"$h" report "$tmp/evil.jsonl" -o "$tmp/evil.html" 2>/dev/null &&
	! grep -q '<img\|<script' "$tmp/evil.html" &&
	grep -q '&lt;img src=x onerror=alert(1)&gt;' "$tmp/evil.html" &&
	grep -q '&lt;/title&gt;&lt;script&gt;alert(2)' "$tmp/evil.html"
check $? "host and marker text from the recording are escaped"

"$h" report "$rec" -o - 2>/dev/null | head -1 | grep -q '^<!DOCTYPE html>'
check $? "-o - writes the page to standard output"
cp "$rec" "$tmp/d.jsonl" && (cd "$tmp" && "$h" report d.jsonl 2>/dev/null) && [ -s "$tmp/d.html" ]
check $? "without -o: the recording's name with .html"

# An experiment's recording (experiment-replay.sh's): its report on the page.
python3 "$src/tests/unit/gen-experiment.py" offline "$tmp/exp.jsonl" 0 &&
	"$h" report "$tmp/exp.jsonl" -o "$tmp/exp.html" 2>/dev/null
check $? "the page of an experiment's recording"
tr '\n' ' ' <"$tmp/exp.html" | grep -q '<h2 id="experiment">.*10 blocks ABBAABBAAB.*SMT off: noise -50%.*better'
check $? "it holds the experiment's blocks and result"

# The audit of the machine as the run started: a live run writes it after the header.
grep -q 'The recording holds no audit' "$tmp/r.html"
check $? "a recording without an audit says so"
{ head -1 "$rec"; printf '%s\n' '{"t":"audit","text":"hardware noise audit of CPUs 0-3\nSMT  warn  on <b>&</b>\n"}'
	tail -n +2 "$rec"; } >"$tmp/au.jsonl"
"$h" report "$tmp/au.jsonl" -o "$tmp/au.html" 2>/dev/null &&
	sed -n '/<h2 id="audit">/,/<\/pre>/p' "$tmp/au.html" | grep -q '^SMT  warn  on &lt;b&gt;&amp;&lt;/b&gt;$'
check $? "a recording's audit in the page, escaped"

# --why's evidence: the causes as -q --why prints them; hist: its histogram.
"$h" report "$src/tests/unit/replay-why.jsonl" -o "$tmp/why.html" 2>/dev/null &&
	sed -n '/<pre id="why">/,/<\/pre>/p' "$tmp/why.html" | grep -q '^  SMT sibling  too few periods  93.4% '
check $? "a --why recording: each CPU's causes"
"$h" report "$src/tests/unit/replay-hist.jsonl" -o "$tmp/hist.html" 2>/dev/null &&
	"$h" --replay "$src/tests/unit/replay-hist.jsonl" 2>/dev/null | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g' >"$tmp/hist.txt" &&
	sed -n '/<pre id="histogram">/,/<\/pre>/p' "$tmp/hist.html" | sed '1s/.*<pre id="histogram">//; $s/<\/pre>.*//' | sed '$d' | cmp -s - "$tmp/hist.txt"
check $? "a hist recording: its histogram as the replay prints it"

bad() {	# bad DESC ARGS...: one line on stderr, exit 1, no page
	desc=$1; shift
	rm -f "$tmp/bad.html"
	out=$("$h" report "$@" -o "$tmp/bad.html" 2>&1 >/dev/null); rc=$?
	[ $rc = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] && [ ! -e "$tmp/bad.html" ] &&
		[ ! -e "$tmp/bad.html.tmp" ]
	check $? "$desc: exit 1, one line, no page ($out)"
}
head -c 100 "$rec" >"$tmp/cut.jsonl"
bad "a recording cut in its header" "$tmp/cut.jsonl"
printf 'hello\n' >"$tmp/foreign.jsonl"
bad "a file that is not a recording" "$tmp/foreign.jsonl"
bad "two recordings" "$rec" "$rec"
exit $failed
