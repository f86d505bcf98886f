#!/bin/bash
# Figures, not a test (not part of make check): the dashboard's own CPU
# time next to Debian's `rtla osnoise top`, both on a terminal (tmux in the
# lab VM), one after the other in one boot, with OSNOISE_IRQ_DISABLE preset
# for rtla (the hwnoise measurement), the same CPU, period, runtime,
# threshold and duration.  CPU time is user+sys of the process, read from
# /proc of the shell that waited for it (cutime+cstime).  Goal: the
# dashboard under half of rtla's.
#
#   tests/lab/bench.sh            (DUR=seconds, default 30; CPUS=N, default 2)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
labvm=${LABVM:-$here/labvm}
dur=${DUR:-30}
cpus=${CPUS:-2}
rtla=$(command -v rtla) || { echo "bench: install Debian's rtla package" >&2; exit 1; }
args="-c 1 -p 1000000 -r 750000 -T 1 -d ${dur}s"
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
run hwnoisetop "hwnoisetop $args"
echo OSNOISE_IRQ_DISABLE > \$T/osnoise/options
run rtla "rtla osnoise top $args"
echo NO_OSNOISE_IRQ_DISABLE > \$T/osnoise/options
EOS
echo "bench: $cpus CPUs, both measuring CPU 1: $args"
out=$("$labvm" --cpus "$cpus" --timeout $((dur * 2 + 120)) --bin "$bin" --bin "$rtla" "$script")
rc=$?
printf '%s\n' "$out"
[ $rc -eq 0 ] || { echo "bench: the lab VM failed ($rc)" >&2; exit 1; }
h=$(printf '%s\n' "$out" | sed -n 's/^hwnoisetop .*total_ms=//p')
r=$(printf '%s\n' "$out" | sed -n 's/^rtla .*total_ms=//p')
[ -n "$h" ] && [ -n "$r" ] || exit 1
awk -v h="$h" -v r="$r" 'BEGIN {
	printf "dashboard %d ms, rtla osnoise top %d ms of CPU time: %.0f %% of rtla (goal: under 50 %%)\n",
		h, r, r ? 100 * h / r : 0 }'
