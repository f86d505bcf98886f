#!/bin/sh
# bench-compare: hwnoisetop compare of two generated recordings, CPUS x
# SECONDS each (default 1024 x 600, the size the verdicts are held to:
# 1.5 s and 16 MB), text and --json; prints each run's seconds (wall, and
# the CPU's user and system time, which a loaded machine inflates less)
# and peak resident memory (GNU time).  HWNOISETOP=PATH times another build.  A benchmark, not a test: it prints figures.
#     tests/scale/bench-compare.sh [CPUS [SECONDS [RUNS]]]
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${HWNOISETOP:-$top/src/hwnoisetop}
cpus=${1:-1024}
secs=${2:-600}
runs=${3:-3}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
[ -x /usr/bin/time ] || { echo "bench-compare: needs GNU time (apt-get install time)" >&2; exit 2; }
python3 "$top/tests/scale/gen-recording" --seed 1 --hw-rate 2000 --drift 0.05 "$cpus" "$secs" "$tmp/a.jsonl" &&
python3 "$top/tests/scale/gen-recording" --seed 2 --hw-rate 2000 --drift 0.05 "$cpus" "$secs" "$tmp/b.jsonl" || exit 1
echo "compare of $cpus CPUs x $secs s: $(du -h "$tmp/a.jsonl" | cut -f1) a recording"
for form in text json; do
	extra=
	[ $form = json ] && extra=--json
	for i in $(seq "$runs"); do
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$bin" compare "$tmp/a.jsonl" "$tmp/b.jsonl" $extra \
			> "$tmp/out" || { echo "bench-compare: compare failed" >&2; exit 1; }
		read -r s u sy kb < "$tmp/t"
		echo "  $form run $i: $s s ($u s user, $sy s system), peak RSS $((kb / 1024)) MB"
	done
done
