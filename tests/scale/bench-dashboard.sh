#!/bin/bash
# Figures, not a test (not part of make check): the dashboard playing a
# synthetic recording back (hwnoisetop --replay FILE, tests/scale/gen-recording,
# 1 s periods) in a detached 200x60 tmux terminal, for each size CPUS:SECONDS:
#   x1    W seconds at the recorded pace (then q);
#   x100  the whole recording at a hundred times its pace, to its END;
#   max   the whole recording as fast as it can, to its END.
# For each: redraws and redraws per second, CPU time (/proc/PID/schedstat; x1
# from 1 s in, x100 and max from the speed key to the end of the playback,
# so that a run of a second or two is measured too) per second and per
# redraw with the feeding of the summaries included, the CPU time of the
# drawing alone per redraw (-D), and the resident memory: its peak (VmHWM)
# and the smallest and largest VmRSS sampled each second from 1 s in,
# to show it stays flat over the hour.  No root, no tracer.
# Then the compare view (d), for each size CPUS:SECONDS of DSIZES: a
# recording with one marker half-way, played at x100 to the marker, d
# pressed, then
#   d x1    W seconds at the recorded pace;
#   d x100  the rest at a hundred times its pace, to its END;
# the CPU time of the d view's drawing alone per redraw (-D's line for the
# compare screen; the feeding of the summaries apart), each side with
# half the recording's periods by the end.
#
#   tests/scale/bench-dashboard.sh   (SIZES="4:3600 1024:3600", DSIZES="1024:600", W=20, SEED=1)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
sizes=${SIZES:-4:3600 1024:3600}
dsizes=${DSIZES-1024:600}
seed=${SEED:-1}
win=${W:-20}
hz=1000000000
[ -x "$bin" ] || { echo "bench-dashboard: build $bin first (make)" >&2; exit 1; }
command -v tmux >/dev/null || { echo "bench-dashboard: needs tmux" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench-dashboard: needs python3" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-dashboard.XXXXXX") || exit 1
sock=bench-dashboard-$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; [ "${KEEP:-0}" = 1 ] || rm -rf "$dir"' EXIT
# a session that stays, so that the server does not exit between the phases
T new-session -d -s keep -x 80 -y 24 "sleep 3600"

# the process's time on a CPU, ns (/proc schedstat: finer than stat's ticks, so
# that a playback of a few ms is measured too)
cpu_ticks() { awk '{ print $1 }' "/proc/$1/schedstat" 2>/dev/null; }
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
hwm_kb() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
title() { T capture-pane -p -t bench | head -1; }

# phase FILE SPEEDKEY: play, measure, quit; prints one line of figures.
phase() {
	local f=$1 key=$2 name=$3 pid ts t0 t1 c0 c1 i=0 rmin=999999999 rmax=0 r hwm
	rm -f "$dir/pid" "$dir/err" "$dir/done"
	T kill-session -t bench 2>/dev/null
	T new-session -d -s bench -x 200 -y 60 \
		"sh -c 'echo \$\$ > $dir/pid; LANG=C.UTF-8 exec $bin --replay $f -D 2> $dir/err'; touch $dir/done; sleep 600"
	while [ ! -s "$dir/pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	pid=$(cat "$dir/pid" 2>/dev/null)
	[ -n "$pid" ] || { echo "bench-dashboard: $name: the dashboard did not start" >&2; return 1; }
	ts=$(date +%s.%N)
	i=0
	while ! title | grep -q playing && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
	# x1: from 1 s in (the start, curses and the file's tail, is not the
	# playback); x100 and max: from the key on, so that a run shorter than
	# a second is measured too (its CPU time is read once it shows END)
	[ "$key" = 1 ] && sleep 1
	t0=$(date +%s.%N)
	c0=$(cpu_ticks "$pid")
	[ "$key" = 1 ] || T send-keys -t bench "$key"
	i=0
	# every 0.1 s: the end of the phase; every second: the resident memory
	while :; do
		sleep 0.1
		i=$((i + 1))
		r=$(rss_kb "$pid")
		[ -n "$r" ] || break
		if [ $((i % 10)) = 0 ] || [ $rmax = 0 ]; then
			[ "$r" -lt $rmin ] && rmin=$r
			[ "$r" -gt $rmax ] && rmax=$r
		fi
		if [ "$key" = 1 ]; then [ $i -ge $((win * 10)) ] && break
		else title | grep -q ' END ' && break; fi
	done
	t1=$(date +%s.%N)
	c1=$(cpu_ticks "$pid")
	hwm=$(hwm_kb "$pid")
	T send-keys -t bench q
	i=0
	while [ ! -e "$dir/done" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	draws=$(sed -n 's/.*debug: \([0-9]*\) redraws.*/\1/p' "$dir/err")
	drawms=$(sed -n 's/.*debug: \([0-9.]*\) ms of CPU per redraw.*/\1/p' "$dir/err")
	awk -v n="$name" -v ts="$ts" -v t0="$t0" -v t1="$t1" -v c0="$c0" -v c1="$c1" -v hz="$hz" \
	    -v d="${draws:-0}" -v dm="${drawms:-0}" -v hwm="${hwm:-0}" -v rmin="$rmin" \
	    -v rmax="$rmax" 'BEGIN {
		# redraws per second over the whole phase; CPU per second over
		# the part measured, and per redraw: that CPU time over the redraws
		# in it (x1: the rate times its length; x100, max: all of them,
		# as the playback is nearly all of the phase)
		rate = d / (t1 - ts); cpu = (c1 - c0) / hz; cps = cpu / (t1 - t0)
		nd = n == "x1" ? rate * (t1 - t0) : d
		printf "  %-5s %7.1f s %7d %8.1f %9.3f %9.3f %7.1f | %6.1f %6.1f %6.1f\n", n, t1 - ts,
		       d, rate, cps, nd ? cpu * 1000 / nd : 0, dm, hwm / 1024, rmin / 1024,
		       rmax / 1024 }'
}

# the seconds of the recording the title shows played ("  0 00:05:02 / ...")
played() {
	title | sed -n 's/.* \([0-9]*\) \([0-9][0-9]\):\([0-9][0-9]\):\([0-9][0-9]\) \/.*/\1 \2 \3 \4/p' |
		awk '{ print (($1 * 24 + $2) * 60 + $3) * 60 + $4 }'
}

# dphase FILE MARKER_S SPEEDKEY NAME: x100 to past the marker, d, then SPEEDKEY
# (1: W seconds; 3: to the END); prints the compare screen's redraws and ms.
dphase() {
	local f=$1 at=$2 key=$3 name=$4 i=0 p line
	rm -f "$dir/pid" "$dir/err" "$dir/done"
	T kill-session -t bench 2>/dev/null
	T new-session -d -s bench -x 200 -y 60 \
		"sh -c 'echo \$\$ > $dir/pid; LANG=C.UTF-8 exec $bin --replay $f -D 2> $dir/err'; touch $dir/done; sleep 600"
	while ! title | grep -q playing && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
	T send-keys -t bench 3
	i=0
	while p=$(played) && [ "${p:-0}" -le $((at + 1)) ] && [ $i -lt 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	T send-keys -t bench d
	[ "$key" = 1 ] && T send-keys -t bench 1
	if [ "$key" = 1 ]; then
		sleep "$win"
	else
		i=0
		while ! title | grep -q ' END ' && [ $i -lt 3000 ]; do sleep 0.1; i=$((i + 1)); done
	fi
	T capture-pane -p -t bench | grep -q '^ before: ' ||
		echo "bench-dashboard: $name: the compare view did not show" >&2
	T send-keys -t bench q
	i=0
	while [ ! -e "$dir/done" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	line=$(sed -n 's/.*debug: the compare screen: \([0-9]*\) redraws, \([0-9.]*\) ms.*/\1 \2/p' "$dir/err")
	printf '  %-6s %7s %9s\n' "$name" "${line% *}" "${line#* }"
}

echo "hwnoisetop --replay FILE on the dashboard, 200x60 tmux ($(nproc) CPUs here, $(uname -r))"
for sz in $sizes; do
	n=${sz%%:*} t=${sz#*:}
	f=$dir/rec-$n-$t.jsonl
	python3 "$here/gen-recording" --seed "$seed" "$n" "$t" "$f" || exit 1
	cat "$f" > /dev/null
	echo "$n CPUs x $t s ($(wc -l < "$f") lines, $(($(stat -c %s "$f") / 1000000)) MB):"
	printf '  %-5s %9s %7s %8s %9s %9s %7s | %6s %6s %6s\n' speed wall redraws "per s" \
		"cpu s/s" "ms/redraw" "draw ms" "HWM MB" "RSS min" "max"
	phase "$f" 1 x1
	phase "$f" 3 x100
	phase "$f" 4 max
	[ "${KEEP:-0}" = 1 ] || rm -f "$f"
done
for sz in $dsizes; do
	n=${sz%%:*} t=${sz#*:}
	f=$dir/drec-$n-$t.jsonl
	python3 "$here/gen-recording" --seed "$seed" --markers 1 "$n" "$t" "$f" || exit 1
	cat "$f" > /dev/null
	echo "$n CPUs x $t s, marker at $((t / 2)) s, the compare view (d) from $((t / 2 + 2)) s:"
	printf '  %-6s %7s %9s\n' speed redraws "draw ms"
	dphase "$f" $((t / 2)) 1 "d x1"
	dphase "$f" $((t / 2)) 3 "d x100"
	[ "${KEEP:-0}" = 1 ] || rm -f "$f"
done
echo "cpu s/s: the process's CPU seconds per second (x1: from 1 s in; x100, max: from the speed"
echo "key to END); ms/redraw: that per redraw (feeding the summaries included);"
echo "draw ms: the drawing alone (-D; of the compare view: its redraws only); RSS min/max:"
echo "sampled each second from 1 s in."
