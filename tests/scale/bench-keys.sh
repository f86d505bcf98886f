#!/bin/bash
# Figures, not a test (not part of make check): what a key costs the
# dashboard, key handling and redraw together (its on_input callback).  It
# plays a synthetic recording of CPUS CPUs (tests/scale/gen-recording) back
# under callgrind in a detached tmux terminal of each SIZE, pauses it, then
# presses N times each of:
#   Down     the selection moves down from the first row: the two rows
#            whose highlight changed are redrawn while the rows shown stay,
#            the whole grid each time they scroll (at 80x24, 20 rows shown,
#            from the 20th press on);
#   Up,Down  Up and Down in turn, inside the rows shown: two rows each;
#   x        a key that changes only the status line (here an unknown
#            key's message), the redraw of each character typed in a prompt;
# and prints the instructions per key (callgrind's count inside on_input,
# deterministic).  Then natively, without valgrind: the CPU time per
# redraw of the same keys (-D).  Compare two builds with HWNOISETOP=path.
#
#   tests/scale/bench-keys.sh   (CPUS=1024, SIZES="80x24 200x60", N=40)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
cpus=${CPUS:-1024}
sizes=${SIZES:-80x24 200x60}
n=${N:-40}
[ -x "$bin" ] || { echo "bench-keys: build $bin first (make)" >&2; exit 1; }
for c in tmux valgrind callgrind_control python3; do
	command -v $c >/dev/null || { echo "bench-keys: needs $c" >&2; exit 1; }
done
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-keys.XXXXXX") || exit 1
sock=bench-keys-$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; [ "${KEEP:-0}" = 1 ] || rm -rf "$dir"' EXIT
T new-session -d -s keep -x 80 -y 24 "sleep 3600"
python3 "$here/gen-recording" --seed 1 "$cpus" 30 "$dir/rec.jsonl" >/dev/null || exit 1

wait_for() {	# regex, tenths of a second
	local i=0
	while [ $i -lt "$2" ]; do
		T capture-pane -p -t b | grep -qE "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "bench-keys: '$1' did not show" >&2
	return 1
}
# start SIZE [wrapper...]: the dashboard playing, then paused.
start() {
	local size=$1
	shift
	rm -f "$dir/pid" "$dir/err" "$dir/done"
	T kill-session -t b 2>/dev/null
	T new-session -d -s b -x "${size%x*}" -y "${size#*x}" \
		"sh -c 'echo \$\$ > $dir/pid; LANG=C.UTF-8 exec $* $bin --replay $dir/rec.jsonl -D 2> $dir/err'; touch $dir/done; sleep 600"
	wait_for 'playing' 600 && T send-keys -t b z && wait_for 'PAUSED' 300
}
press() {	# key (k1,k2: in turn), times, seconds between
	local keys=(${1//,/ }) i
	for i in $(seq 0 $(($2 - 1))); do
		T send-keys -t b "${keys[i % ${#keys[@]}]}"
		sleep "$3"
	done
}
quit() {
	local i=0
	T send-keys -t b q
	while [ ! -e "$dir/done" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}
# Instructions inside on_input in the newest dump.
irs() {
	local f
	f=$(ls -t "$dir"/cg.out* | head -1)
	awk '/^(summary|totals):/ { print $2; exit }' "$f"
}

echo "bench-keys: $bin, $cpus CPUs, $n presses of each key"
for size in $sizes; do
	start "$size" valgrind --tool=callgrind --toggle-collect=on_input \
		--callgrind-out-file="$dir/cg.out" || exit 1
	pid=$(cat "$dir/pid")
	for k in Down Up,Down x; do
		callgrind_control -z "$pid" >/dev/null 2>&1
		press "$k" "$n" 0.4
		sleep 1
		callgrind_control -d "$pid" >/dev/null 2>&1
		sleep 1
		printf '%s  %-7s %12.0f instructions per key (callgrind)\n' "$size" "$k" \
			"$(echo "$(irs) / $n" | bc -l)"
	done
	quit
	for k in Down Up,Down x; do
		start "$size" || exit 1
		press "$k" "$((n * 5))" 0.05
		sleep 0.5
		quit
		printf '%s  %-7s %12s ms of CPU per redraw (-D, %s redraws)\n' "$size" "$k" \
			"$(sed -n 's/.*debug: \([0-9.]*\) ms of CPU per redraw.*/\1/p' "$dir/err")" \
			"$(sed -n 's/.*debug: \([0-9]*\) redraws.*/\1/p' "$dir/err")"
	done
done
