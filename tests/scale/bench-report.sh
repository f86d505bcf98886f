#!/bin/sh
# bench-report: hwnoisetop report of a generated recording, CPUS x SECONDS
# (default 1024 x 600, the size the report is held to: 5 MB of HTML in
# 2 s) with MARKERS markers (default 4); prints each run's seconds, peak
# resident memory (GNU time) and the page's size.  A benchmark, not a
# test: it prints figures.
#     tests/scale/bench-report.sh [CPUS [SECONDS [RUNS [MARKERS]]]]
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${HWNOISETOP:-$top/src/hwnoisetop}
cpus=${1:-1024}
secs=${2:-600}
runs=${3:-3}
marks=${4:-4}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
[ -x /usr/bin/time ] || { echo "bench-report: needs GNU time (apt-get install time)" >&2; exit 2; }
python3 "$top/tests/scale/gen-recording" --seed 1 --hw-rate 2000 --drift 0.05 --markers "$marks" \
	"$cpus" "$secs" "$tmp/a.jsonl" || exit 1
echo "report of $cpus CPUs x $secs s, $marks markers: $(du -h "$tmp/a.jsonl" | cut -f1) a recording"
for i in $(seq "$runs"); do
	/usr/bin/time -f '%e %M %U %S' -o "$tmp/t" "$bin" report "$tmp/a.jsonl" -o "$tmp/a.html" 2>/dev/null ||
		{ echo "bench-report: report failed" >&2; exit 1; }
	read -r s kb u k < "$tmp/t"
	echo "  run $i: $s s (CPU $u s user, $k s system), peak RSS $((kb / 1024)) MB, $(($(wc -c < "$tmp/a.html") / 1024)) KiB of HTML"
done
