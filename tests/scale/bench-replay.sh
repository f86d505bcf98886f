#!/bin/bash
# Figures, not a test (not part of make check): `hwnoisetop --replay FILE -q`
# of synthetic recordings (tests/scale/gen-recording) of CPUS x SECONDS at
# 1 s periods.  For each: the file's size and lines, the time to generate it,
# and the replay's wall time, user+sys CPU time and peak RSS (/usr/bin/time).
# 1024 CPUs x 1 h is about 3.7 million lines; the files go to $TMPDIR (or
# /tmp) and are removed at the end (KEEP=1 keeps them).  No root, no tracer:
# runs on the build machine.
#
#   tests/scale/bench-replay.sh   (SIZES="4:3600 1024:60 1024:3600", SEED=1)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
sizes=${SIZES:-4:3600 1024:60 1024:3600}
seed=${SEED:-1}
[ -x "$bin" ] || { echo "bench-replay: build $bin first (make)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-replay: needs /usr/bin/time (Debian's time package)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench-replay: needs python3" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-replay.XXXXXX") || exit 1
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$dir"' EXIT

echo "hwnoisetop --replay FILE -q of synthetic recordings ($(nproc) CPUs here, $(uname -r))"
printf '%-14s %9s %10s %7s | %8s %8s %9s %5s\n' "CPUs x s" "MB" "lines" "gen s" \
	"wall s" "cpu s" "RSS MB" "rows"
for sz in $sizes; do
	n=${sz%%:*} t=${sz#*:}
	f=$dir/rec-$n-$t.jsonl
	g0=$(date +%s.%N)
	python3 "$here/gen-recording" --seed "$seed" "$n" "$t" "$f" || exit 1
	g1=$(date +%s.%N)
	bytes=$(stat -c %s "$f")
	lines=$(wc -l < "$f")
	# drop the first pass's cold page cache from the figure: read it once
	cat "$f" > /dev/null
	/usr/bin/time -o "$dir/time" -f '%e %U %S %M' "$bin" --replay "$f" -q > "$dir/out" 2> "$dir/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "bench-replay: --replay $f exited $rc:" >&2
		cat "$dir/err" >&2
		exit 1
	fi
	read -r wall user sys rss < "$dir/time"
	rows=$(grep -cE '^ *[0-9]+ +#[0-9]+ ' "$dir/out")
	awk -v sz="$n x $t" -v b="$bytes" -v l="$lines" -v g0="$g0" -v g1="$g1" -v w="$wall" \
	    -v u="$user" -v s="$sys" -v r="$rss" -v rows="$rows" 'BEGIN {
		printf "%-14s %9.1f %10d %7.1f | %8.2f %8.2f %9.1f %5d\n", sz, b / 1e6, l,
		       g1 - g0, w, u + s, r / 1024, rows }'
	[ "${KEEP:-0}" = 1 ] || rm -f "$f"
done
# The dashboard's playback of the same recordings: tests/scale/bench-dashboard.sh.
