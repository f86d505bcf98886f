#!/bin/sh
# hwnoisetop report in a real headless browser (Debian's chromium, which
# ./bootstrap installs): the pages of replay-4cpu.jsonl and of a generated
# recording of 16 CPUs with markers load with no console message and no
# network request from the page (Chromium's net log: a request whose
# network isolation key is the file's), their DOM as the browser built it
# has one heatmap row per CPU, one line per marker, one chart a CPU over
# time and one forest row per CPU and figure; screenshots at 1280 and 390 pixels wide are left in
# tests/unit/report-browser.shots/.  Without chromium it skips, and fails
# under CI=true.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
shots=$top/tests/unit/report-browser.shots
browser=$(command -v chromium || command -v chromium-browser)
if [ -z "$browser" ]; then
	if [ "${CI:-}" = true ]; then
		echo "1..1"
		echo "not ok 1 - chromium is not installed (./bootstrap installs it; Debian: apt-get install chromium)"
		exit 1
	fi
	echo "1..0 # SKIP chromium is not installed (Debian: apt-get install chromium)"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
rm -rf "$shots" && mkdir -p "$shots" || exit 1
n=0 failed=0
check() {	# check STATUS DESC
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
echo 1..16

# chrome NAME PAGE ARGS...: the browser on file://PAGE, its stderr in
# $tmp/NAME.err, its net log in $tmp/NAME.net, stdout in $tmp/NAME.out.
chrome() {
	name=$1 page=$2; shift 2
	sandbox=
	[ "$(id -u)" = 0 ] && sandbox=--no-sandbox
	timeout 120 "$browser" --headless $sandbox --disable-gpu --enable-logging=stderr --v=0 \
		--disable-background-networking --disable-component-update --disable-sync \
		--no-first-run --disable-default-apps --disable-extensions \
		--user-data-dir="$tmp/profile-$name" --log-net-log="$tmp/$name.net" \
		"$@" "file://$page" >"$tmp/$name.out" 2>"$tmp/$name.err"
}
# quiet NAME: no console message of the page, no request of the page.
quiet() {
	! grep -F 'CONSOLE' "$tmp/$1.err" | grep -F "file://" | sed 's/^/# /' | grep . &&
	python3 - "$tmp/$1.net" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
bad = set()
for e in log.get("events", []):
    p = e.get("params") or {}
    if "file://" in str(p.get("network_isolation_key", "")):
        bad.add(e["source"]["id"])
urls = set()
for e in log.get("events", []):
    p = e.get("params") or {}
    if e["source"]["id"] in bad and "url" in p:
        urls.add(p["url"])
for u in sorted(urls):
    print("# the page asked for", u)
sys.exit(1 if urls else 0)
PY
}
count() {	# count FIXED-STRING FILE
	grep -o -F -- "$1" "$2" | wc -l
}

rec=$src/tests/unit/replay-4cpu.jsonl
"$h" report "$rec" -o "$tmp/4cpu.html" 2>/dev/null
check $? "the page of replay-4cpu.jsonl"
chrome dom4 "$tmp/4cpu.html" --dump-dom
check $? "chromium loads it (--dump-dom)"
quiet dom4
check $? "no console message, no network request"
dom=$tmp/dom4.out
check "$([ "$(count 'class="hr"' "$dom")" = 4 ] && echo 0)" "the DOM: 4 heatmap rows"
check "$([ "$(count 'class="mark"' "$dom")" = 1 ] && echo 0)" "the DOM: 1 marker line"
check "$([ "$(count 'class="fr ' "$dom")" = 25 ] && echo 0)" "the DOM: 25 forest rows (4 CPUs and all, 5 figures)"
for w in 1280 390; do
	chrome "shot$w" "$tmp/4cpu.html" --screenshot="$shots/replay-4cpu-$w.png" --window-size=$w,900 \
		--hide-scrollbars
	[ -s "$shots/replay-4cpu-$w.png" ] && quiet "shot$w"
	check $? "a screenshot $w pixels wide, quiet ($shots/replay-4cpu-$w.png)"
done

python3 "$src/tests/scale/gen-recording" --seed 3 --markers 2 16 60 "$tmp/g16.jsonl" &&
	"$h" report "$tmp/g16.jsonl" -o "$tmp/g16.html" 2>/dev/null
check $? "the page of a generated recording of 16 CPUs, 60 s, 2 markers"
chrome dom16 "$tmp/g16.html" --dump-dom && quiet dom16
check $? "chromium loads it, quiet"
dom=$tmp/dom16.out
check "$([ "$(count 'class="hr"' "$dom")" = 16 ] && echo 0)" "the DOM: 16 heatmap rows"
check "$([ "$(count 'class="mark"' "$dom")" = 2 ] && echo 0)" "the DOM: 2 marker lines"
check "$([ "$(count '<details class="cpu"' "$dom")$(count 'class="n" d="M' "$dom")$(count 'class="s" d="M' "$dom")" = 161616 ] && echo 0)" \
	"the DOM: 16 charts of a CPU over time, each with its noise and max single"
sed 's/<details class="cpu"/<details open class="cpu"/' "$tmp/g16.html" >"$tmp/g16-open.html"
chrome shot16open "$tmp/g16-open.html" --screenshot="$shots/gen-16cpu-charts-390.png" --window-size=390,2400 \
	--hide-scrollbars
[ -s "$shots/gen-16cpu-charts-390.png" ] && quiet shot16open
check $? "a screenshot of its charts opened, 390 pixels wide, quiet ($shots/gen-16cpu-charts-390.png)"
got=$(count 'class="fr ' "$dom")
check "$([ "$got" = $((2 * 17 * 5)) ] && echo 0)" "the DOM: 170 forest rows (2 pairs, 16 CPUs and all, 5 figures: $got)"
chrome shot16 "$tmp/g16.html" --screenshot="$shots/gen-16cpu-1280.png" --window-size=1280,900 \
	--hide-scrollbars
[ -s "$shots/gen-16cpu-1280.png" ]
check $? "a screenshot of it ($shots/gen-16cpu-1280.png)"
exit $failed
