#!/bin/bash
# make run: hwnoisetop on this machine's kernel when it can measure here,
# otherwise inside the lab VM (Debian's PREEMPT_RT kernel under qemu) on
# this terminal.  Extra arguments for hwnoisetop come from $ARGS.
set -u
bin=${1:?usage: run.sh PATH-TO-hwnoisetop}
here=$(cd "$(dirname "$0")" && pwd)
tr=/sys/kernel/tracing

why=""
if [ "$(id -u)" -ne 0 ]; then
	why="not root"
elif [ ! -r $tr/available_tracers ]; then
	why="tracefs is not mounted on $tr"
elif ! grep -qw osnoise $tr/available_tracers; then
	why="this kernel ($(uname -r)) has no osnoise tracer"
elif ! grep -q OSNOISE_IRQ_DISABLE $tr/osnoise/options 2>/dev/null; then
	why="this kernel's osnoise tracer has no OSNOISE_IRQ_DISABLE"
fi

if [ -z "$why" ]; then
	ncpu=$(nproc --all)
	cpus=$([ "$ncpu" -gt 1 ] && echo "-c 1-$((ncpu - 1))")
	# shellcheck disable=SC2086
	exec "$bin" $cpus ${ARGS:-}
fi

echo "make run: $why; running hwnoisetop in the lab VM (Debian's PREEMPT_RT kernel under qemu, 2 cores x 2 threads; CPU 0 is for housekeeping)."
script=$(mktemp)
trap 'rm -f "$script"' EXIT
# SMT siblings and the TSC watchdog running: the two changes the system
# panel exists to show (s: SMT off, the clocksource), then d to compare.
cat > "$script" <<EOS
smt=\$(cat /sys/devices/system/cpu/smt/control 2>/dev/null)
grep -q tsc=reliable /proc/cmdline && wd=off || wd=on
echo "make run: SMT \$smt (siblings 0-1 and 2-3), TSC watchdog \$wd: try s (SMT off, the clocksource), then d"
hwnoisetop -c 1-3 ${ARGS:-}
echo "hwnoisetop exited with status \$?"
EOS
"$here/labvm" --console --smt --tsc-watchdog --bin "$bin" "$script"
rc=$?
if ((rc == 125)); then
	# labvm booted it twice if it died before the program started, and
	# printed the kernel's last console lines.
	cat >&2 <<'EOF'
make run: the lab VM died before hwnoisetop reported its status (the kernel's
  last console lines are above).  qemu's emulation (TCG) at times crashes the
  guest kernel, more often on a loaded machine: run 'make run' again.  If it
  keeps failing, 'tests/lab/labvm --check' checks qemu and the kernel, and
  'make check TESTS=tests/lab/selftest.sh' tests the lab VM itself.
EOF
fi
exit "$rc"
