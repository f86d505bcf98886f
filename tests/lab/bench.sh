#!/bin/bash
# Figures, not a test (not part of make check): the dashboard's own CPU
# time and redraws next to Debian's `rtla osnoise top` (rtla 6.1 has no
# hwnoise command: OSNOISE_IRQ_DISABLE is preset for it, which is what
# `rtla hwnoise` does), both on a terminal (tmux in the lab VM), RUNS runs
# each, alternating, in one boot, with the same CPUs, period, runtime,
# threshold and duration.  CPU time is user+sys of the process, read from
# /proc of the shell that waited for it (cutime+cstime).  The dashboard
# runs with -D (its stderr to a file) for its counts of redraws and of
# wake-ups of its loop.  Goal: the dashboard under half of rtla's CPU time.
#
#   tests/lab/bench.sh    (ARGS="-c 1-3 -p 100000 -r 75000 -T 1 -d 20s",
#                          CPUS=4, RUNS=2)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
labvm=${LABVM:-$here/labvm}
args=${ARGS:--c 1-3 -p 100000 -r 75000 -T 1 -d 20s}
cpus=${CPUS:-4}
runs=${RUNS:-2}
dur=$(printf '%s\n' "$args" | sed -n 's/.*-d \([0-9]*\)s.*/\1/p')
rtla=$(command -v rtla) || { echo "bench: install Debian's rtla package" >&2; exit 1; }
script=$(mktemp)
trap 'rm -f "$script"' EXIT
cat > "$script" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color
T=/sys/kernel/tracing
hz=\$(getconf CLK_TCK 2>/dev/null || echo 100)
# run NAME COMMAND: in a 120x40 tmux terminal; prints NAME's CPU time.
run() {
	rm -f /tmp/stat.\$1
	tmux -f /dev/null new-session -d -s b -x 120 -y 40 \
		"\$2; cat /proc/\\\$\\\$/stat > /tmp/stat.\$1.tmp; mv /tmp/stat.\$1.tmp /tmp/stat.\$1"
	while [ ! -s /tmp/stat.\$1 ]; do sleep 0.5; done
	tmux kill-server 2>/dev/null
	set -- \$1 \$(sed 's/^.*) //' /tmp/stat.\$1)
	# after "(comm) ": state=1 ... cutime=14 cstime=15 (fields 16, 17 of stat)
	u=\$(echo "\$@" | awk '{print \$15}'); s=\$(echo "\$@" | awk '{print \$16}')
	echo "\$1 user_ms=\$((u * 1000 / hz)) sys_ms=\$((s * 1000 / hz)) total_ms=\$(((u + s) * 1000 / hz))"
}
echo 1 > \$T/tracing_thresh
i=1
while [ \$i -le $runs ]; do
	run hwnoisetop "hwnoisetop $args -D 2>/tmp/dbg"
	echo "redraws \$(grep 'redraws:' /tmp/dbg | sed 's/^hwnoisetop: debug: //')"
	echo "wakeups \$(grep 'wake-ups of the loop' /tmp/dbg | sed 's/^hwnoisetop: debug: //')"
	# CPU ms so far (user+system) at three -D phases: up to the loop, the
	# loop, and the end (stop, instances removed, settings restored).
	for p in running 'the loop ended' 'settings restored'; do
		grep "debug: \$p (" /tmp/dbg | sed 's/.*; \([0-9]*\) ms, \([0-9]*\) ms in all.*/\1 \2/'
	done | awk 'NR == 1 { a = \$1 + \$2 } NR == 2 { b = \$1 + \$2 } NR == 3 { c = \$1 + \$2 }
		END { printf "phases start %d loop %d end %d\n", a, b - a, c - b }'
	echo OSNOISE_IRQ_DISABLE > \$T/osnoise/options
	run rtla "rtla osnoise top $args"
	echo NO_OSNOISE_IRQ_DISABLE > \$T/osnoise/options
	i=\$((i + 1))
done
EOS
echo "bench: $cpus CPUs, $runs runs each: $args"
out=$("$labvm" --cpus "$cpus" --timeout $(((dur + 30) * runs * 2 + 120)) --bin "$bin" --bin "$rtla" "$script")
rc=$?
printf '%s\n' "$out"
[ $rc -eq 0 ] || { echo "bench: the lab VM failed ($rc)" >&2; exit 1; }
printf '%s\n' "$out" | awk -v dur="$dur" '
	/^hwnoisetop .*total_ms=/ { sub(/.*total_ms=/, ""); h[++nh] = $0 }
	/^rtla .*total_ms=/ { sub(/.*total_ms=/, ""); r[++nr] = $0 }
	/^redraws / { d[++nd] = $2 }
	/^wakeups / { w[++nw] = $2 }
	/^phases / { p[++np] = sprintf("; start %d, loop %d, end %d ms", $3, $5, $7) }
	END {
		for (i = 1; i <= nh && i <= nr; i++)
			printf "run %d: dashboard %d ms of CPU%s, %d redraws (%.1f per second), %d wake-ups (%.1f per second); rtla osnoise top %d ms: %.0f %% of rtla (goal: under 50 %%)\n",
				i, h[i], p[i], d[i], dur ? d[i] / dur : 0, w[i], dur ? w[i] / dur : 0, r[i],
				r[i] ? 100 * h[i] / r[i] : 0
	}'
