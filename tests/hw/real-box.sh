#!/bin/sh
# tests/hw/real-box.sh: hwnoisetop on a real machine, in one short battery,
# with what it saw written to one directory.  Not one of make check's own
# checks: run it as root on any box whose kernel has the osnoise tracer
# (tests/lab/real-box.sh runs it in the lab VM so that it stays true).
#
#   sudo tests/hw/real-box.sh [-b BINARY] [-o DIR] [-s SECONDS]
#
# -b  the hwnoisetop to run (default: the source tree's src/hwnoisetop,
#     built first when it is missing and the tree can build; else the one
#     on PATH)
# -o  the directory to write (default ./real-box-HOST-YYYYmmdd-HHMMSS)
# -s  the battery's length in seconds, about (default 180; at least 40)
#
# The battery: the -q table of every online CPU with --why (and --smi where
# MSR 0x34 reads), hwnoisetop hist, an SMT experiment where the SMT control
# can be switched, the dashboard at 80x24 in tmux, and around all of it
# every setting the program may write, read before and after: they must be
# the same.  summary.txt says for each step "ok", "could not" (and why: no
# osnoise, no MSR, no SMT control, no tmux) or "FAIL".  Exit status: 0 no
# FAIL, 1 a FAIL, 2 usage, 3 nothing could run (not root, no osnoise).
# POSIX sh: it runs in the lab's busybox too.

bin= out= secs=180
here=$(cd "$(dirname "$0")" && pwd)
while getopts b:o:s:h o; do
	case $o in
	b) bin=$OPTARG ;;
	o) out=$OPTARG ;;
	s) secs=$OPTARG ;;
	*) sed -n '2,22s/^# \{0,1\}//p' "$0"; [ "$o" = h ] && exit 0; exit 2 ;;
	esac
done
case $secs in
'' | *[!0-9]*) echo "real-box.sh: -s: a whole number of seconds, at least 40, not '$secs'" >&2; exit 2 ;;
esac
if [ "$secs" -lt 40 ]; then
	echo "real-box.sh: -s: at least 40 seconds, not $secs" >&2
	exit 2
fi
[ -n "$out" ] || out=./real-box-$(hostname 2>/dev/null || echo box)-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out" || { echo "real-box.sh: -o: cannot make the directory $out" >&2; exit 2; }
out=$(cd "$out" && pwd)
sum=$out/summary.txt
: > "$sum"
fails=0 ran=0
say() { echo "$*" | tee -a "$sum"; }
okay() { say "ok: $*"; ran=$((ran + 1)); }
cannot() { say "could not: $*"; }
fail() { say "FAIL: $*"; fails=$((fails + 1)); }

# The binary.
if [ -z "$bin" ]; then
	top=$(cd "$here/../.." && pwd)
	if [ ! -x "$top/src/hwnoisetop" ] && [ -f "$top/configure.ac" ] && command -v make >/dev/null; then
		say "building hwnoisetop in $top (log: $out/build.log)"
		(cd "$top" && { [ -x configure ] || ./bootstrap; } && { [ -f Makefile ] || ./configure; } &&
			make -j"$(nproc 2>/dev/null || echo 2)") > "$out/build.log" 2>&1
	fi
	if [ -x "$top/src/hwnoisetop" ]; then bin=$top/src/hwnoisetop
	else bin=$(command -v hwnoisetop); fi
fi
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
	echo "real-box.sh: no hwnoisetop to run (-b BINARY, or build the tree)" >&2
	exit 2
fi

# What this box is and has.
{
	echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "host: $(hostname 2>/dev/null)"
	echo "kernel: $(uname -r) $(uname -v)"
	echo "cmdline: $(cat /proc/cmdline 2>/dev/null)"
	echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "online: $(cat /sys/devices/system/cpu/online 2>/dev/null)"
	echo "hwnoisetop: $("$bin" --version 2>&1 | head -1) ($bin)"
} > "$out/machine.txt"
cat "$out/machine.txt" >> "$sum"
"$bin" audit > "$out/audit.txt" 2>&1
echo "audit: status $? (audit.txt)" >> "$sum"

if [ "$(id -u)" != 0 ]; then
	cannot "run the battery: not root (sudo $0)"
	exit 3
fi
T=/sys/kernel/tracing
[ -r $T/available_tracers ] || T=/sys/kernel/debug/tracing
if ! grep -qw osnoise $T/available_tracers 2>/dev/null; then
	cannot "measure: this kernel has no osnoise tracer (CONFIG_OSNOISE_TRACER), or tracefs is not mounted at /sys/kernel/tracing"
	exit 3
fi

# Every setting the program may write: name=value lines, sorted.
settings() {
	for f in $T/current_tracer $T/tracing_on $T/tracing_thresh $T/buffer_size_kb \
		$T/osnoise/cpus $T/osnoise/period_us $T/osnoise/runtime_us \
		$T/osnoise/stop_tracing_us $T/osnoise/stop_tracing_total_us $T/osnoise/options \
		$T/osnoise/timerlat_period_us $T/hwlat_detector/width $T/hwlat_detector/window \
		$T/events/osnoise/enable \
		/sys/devices/system/cpu/smt/control /sys/devices/system/cpu/online \
		/sys/devices/system/clocksource/clocksource0/current_clocksource \
		/proc/sys/kernel/nmi_watchdog /proc/sys/kernel/watchdog \
		/proc/sys/kernel/timer_migration /proc/sys/kernel/sched_rt_runtime_us \
		/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor \
		/sys/devices/system/cpu/cpu*/cpuidle/state*/disable \
		/sys/devices/system/cpu/intel_pstate/no_turbo /sys/devices/system/cpu/cpufreq/boost; do
		[ -r "$f" ] && echo "$f=$(tr '\n' ' ' < "$f" 2>/dev/null)"
	done
	echo "instances=$(ls $T/instances 2>/dev/null | tr '\n' ' ')"
	echo "trace_options=$(grep -v '^no' $T/trace_options 2>/dev/null | tr '\n' ' ')"
}
settings | sort > "$out/settings.before"

msr=
if [ -r /dev/cpu/0/msr ]; then
	msr=--smi
else
	cannot "count SMIs: /dev/cpu/0/msr is not readable (modprobe msr; a guest may have no MSR 0x34)"
fi

# Shares of the battery: the table, hist, the experiment, the dashboard.
t_q=$((secs / 3)) t_hist=$((secs / 9)) t_dash=$((secs / 9))
[ $t_dash -ge 8 ] || t_dash=8

# 1. rtla's table with the causes, every online CPU.
"$bin" -q --why $msr -d ${t_q}s > "$out/q-why.txt" 2> "$out/q-why.err"
rc=$?
if [ $rc = 0 ] && grep -q '^CPU Period' "$out/q-why.txt" && grep -q '^CPU [0-9]' "$out/q-why.txt"; then
	okay "-q --why $msr -d ${t_q}s: the table and each CPU's causes (q-why.txt)"
else
	fail "-q --why $msr -d ${t_q}s: status $rc (q-why.txt, q-why.err)"
fi

# 2. hist.
"$bin" hist -d ${t_hist}s > "$out/hist.txt" 2> "$out/hist.err"
rc=$?
if [ $rc = 0 ] && grep -q '^Index' "$out/hist.txt"; then
	okay "hist -d ${t_hist}s (hist.txt)"
else
	fail "hist -d ${t_hist}s: status $rc (hist.txt, hist.err)"
fi

# 3. An SMT experiment, where the control can be switched.
smt=$(cat /sys/devices/system/cpu/smt/control 2>/dev/null)
case $smt in
on | off)
	blk=$(( (secs / 3 - 10 * 2) / 10 ))
	[ $blk -ge 1 ] || blk=1
	"$bin" experiment --knob smt --blocks 10 --block ${blk}s --settle 1s -p 200000 -r 150000 -q \
		> "$out/experiment.txt" 2> "$out/experiment.err"
	rc=$?
	if [ $rc = 0 ] && grep -q '^SMT o[nf]' "$out/experiment.txt"; then
		okay "an SMT experiment, 10 blocks of ${blk} s (experiment.txt)"
	else
		fail "the SMT experiment: status $rc (experiment.txt, experiment.err)"
	fi
	[ "$(cat /sys/devices/system/cpu/smt/control)" = "$smt" ] ||
		fail "SMT control is $(cat /sys/devices/system/cpu/smt/control) after the experiment, was $smt"
	;;
*) cannot "run an SMT experiment: the SMT control is '${smt:-absent}' (not on/off: no SMT, or it cannot be switched)" ;;
esac

# 4. The dashboard at 80x24 in tmux.
if command -v tmux >/dev/null; then
	sock=$out/tmux.sock
	tmux -S "$sock" new-session -d -x 80 -y 24 -s rb \
		"TERM=screen-256color $bin -p 200000 -r 150000 $msr; echo EXIT=\$? > '$out/dashboard.exit'"
	sleep "$t_dash"
	tmux -S "$sock" capture-pane -p -t rb > "$out/dashboard.txt" 2>/dev/null
	tmux -S "$sock" send-keys -t rb q
	i=0
	while [ ! -s "$out/dashboard.exit" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	tmux -S "$sock" kill-server 2>/dev/null
	rm -f "$sock"
	if grep -q 'EXIT=0' "$out/dashboard.exit" 2>/dev/null && grep -q 'CPU' "$out/dashboard.txt"; then
		okay "the dashboard at 80x24 for ${t_dash} s, q (dashboard.txt)"
	else
		fail "the dashboard: $(cat "$out/dashboard.exit" 2>/dev/null || echo 'did not end on q') (dashboard.txt)"
	fi
else
	cannot "show the dashboard: no tmux here"
fi

# Every setting as before.
settings | sort > "$out/settings.after"
if diff "$out/settings.before" "$out/settings.after" > "$out/settings.diff"; then
	okay "every setting as before ($(wc -l < "$out/settings.before") read: settings.before)"
	rm -f "$out/settings.diff"
else
	fail "settings changed (settings.diff)"
fi

say "real-box: $ran ok, $fails failed; all in $out"
[ $fails = 0 ]
