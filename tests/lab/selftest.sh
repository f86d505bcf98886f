#!/bin/bash
# TAP test of the lab VM harness itself (tests/lab/labvm, tests/lab/lib.sh):
# kernels, CPU topology, output and exit status, host hooks (NMIs on demand),
# tmux in the guest, --timeout and --console.  Four boots: 6.1, --smt, one
# for the rest of 6.12's checks, --timeout (and --console in a tmux pane).
. "$(dirname "$0")/lib.sh"

lab_require
plan 32

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/labselftest.XXXXXX") || exit 1
tmux_sock=labselftest-$$
lab_cleanup() {
	tmux -L "$tmux_sock" kill-server 2>/dev/null
	rm -rf "$tmpd"
}

# ---------------------------------------------------------------- 6.1, --bin, --file
echo "hello from the host" >"$tmpd/note"
bins=()
rtla=$(command -v rtla) && bins=(--bin "$rtla")
lab_run --kernel 6.1.0-47 "${bins[@]}" --file "$tmpd/note:/etc/lab/note" -- <<'EOF'
uname -r
cat /sys/kernel/tracing/available_tracers
cat /sys/kernel/tracing/osnoise/options 2>/dev/null || echo "(no osnoise/options)"
cat /etc/lab/note
if command -v rtla >/dev/null; then rtla --help 2>&1 | grep version; else echo "rtla version (none on host)"; fi
lab_host sleep 0
echo "lab_host without --monitor: $?"
EOF
is "$LAB_RC" 0 "6.1: boots"
mapfile -t l <<<"$LAB_OUT"
is "${l[0]}" 6.1.0-47-rt-amd64 "6.1: --kernel 6.1.0-47 runs that RT kernel"
like " ${l[1]} " ' osnoise ' "6.1: osnoise tracer available"
# Debian's 6.1.0-57 (6.1.192) got the osnoise options backported, with
# OSNOISE_IRQ_DISABLE; 6.1.0-47 (6.1.170) has no osnoise/options at all.
is "${l[2]}" "(no osnoise/options)" "6.1.0-47: osnoise has no options, so no OSNOISE_IRQ_DISABLE"
is "${l[3]}" "hello from the host" "--file copies a file in"
like "${l[4]}" '^rtla version' "--bin: a dynamically linked binary runs (rtla)"
like "$LAB_OUT" $'(^|\n)lab_host without --monitor: 1(\n|$)' "lab_host fails without --monitor"

# ---------------------------------------------------------------- SMT
lab_run --smt -- <<'EOF'
grep -c processor /proc/cpuinfo
cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list
cat /sys/devices/system/cpu/smt/control
EOF
mapfile -t l <<<"$LAB_OUT"
is "${l[0]}" 4 "--smt: 4 CPUs"
# qemu 7.2 numbers the threads of a core next to each other: 0-1, 2-3
like "${l[1]}" '^0[-,][0-9]+$' "--smt: cpu0 has an SMT sibling (${l[1]})"
is "${l[2]}" on "--smt: SMT control is on"

# ---------------------------------------------------------------- 6.12, 2 CPUs,
# NMIs on demand, tmux, output (one boot)
lab_run --cpus 2 --monitor -- <<'EOF'
echo "tracers: $(cat /sys/kernel/tracing/available_tracers)"
echo "processors: $(grep -c processor /proc/cpuinfo)"
echo "options: $(cat /sys/kernel/tracing/osnoise/options)"
# NMI is the 4th field from the end of the osnoise summary lines
counted() { awk '$2 == "[000]" && $4 ~ /:$/ { n += $(NF-3) } END { print n + 0 }' trace; }
n0=$(lab_nmis)
cd /sys/kernel/tracing; echo 0 > osnoise/cpus; echo OSNOISE_IRQ_DISABLE > osnoise/options; echo osnoise > current_tracer; echo 1 > tracing_on; sleep 2; lab_host nmi 5
# Until the periods holding them are reported (20 s at most: a slow host).
i=0; while [ $i -lt 40 ] && [ "$(counted)" -lt 5 ]; do sleep 0.5; i=$((i + 1)); done
echo 0 > tracing_on; cat trace | tail -5
echo "NMI total: $(counted)"
echo "NMI taken: $(($(lab_nmis) - n0))"
echo nop > current_tracer; cd /
lab_host sleep 1
echo "lab_host sleep: $?"
printf 'no newline'; lab_host sleep 0; echo '|after'
tmux new-session -d -x 80 -y 24 'top -d 1'
sleep 2
tmux capture-pane -p
tmux kill-server
echo "==="
printf 'a\n\nb'; echo " c" >&2
exit 3
EOF
is "$LAB_RC" 3 "6.12: the guest script's exit status comes back"
tracers=$(sed -n 's/^tracers: //p' <<<"$LAB_OUT")
like " $tracers " ' osnoise ' "6.12: osnoise tracer available"
like " $tracers " ' hwlat ' "6.12: hwlat tracer available"
is "$(sed -n 's/^processors: //p' <<<"$LAB_OUT")" 2 "6.12: --cpus 2 gives 2 processors"
like " $(sed -n 's/^options: //p' <<<"$LAB_OUT") " ' (NO_)?OSNOISE_IRQ_DISABLE ' "6.12: osnoise has the OSNOISE_IRQ_DISABLE option"
like "$LAB_OUT" '\[000\] [^ ]+ +[0-9]+\.[0-9]+: +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+' \
	"osnoise summary lines for CPU 0 in the trace"
# lab_host waits until CPU 0 took each NMI; one may still land in the few
# microseconds between two osnoise periods, where nothing counts it.
# A slow host's kernel may send NMIs of its own: at most those CPU 0 took.
nmis=$(sed -n 's/^NMI total: //p' <<<"$LAB_OUT")
taken=$(sed -n 's/^NMI taken: //p' <<<"$LAB_OUT")
[ "${nmis:-0}" -ge 4 ] && [ "${nmis:-0}" -le "${taken:-0}" ] && [ "${taken:-0}" -ge 5 ]
ok $? "lab_host nmi 5: osnoise counts them (${nmis:-none} of the ${taken:-?} CPU 0 took)"
like "$LAB_OUT" $'(^|\n)lab_host sleep: 0(\n|$)' "lab_host sleep 1 returns 0"
like "$LAB_OUT" $'(^|\n)no newline\\|after(\n|$)' "a host request does not break the output line"

like "$LAB_OUT" '(Mem:|CPU)' "tmux in the guest: capture-pane shows top"
is "${LAB_OUT#*===$'\n'}" $'a\n\nb c' "output: blank lines, stderr, partial lines intact"

# ---------------------------------------------------------------- --timeout
t0=$SECONDS	# (SECONDS itself stays: the suite's time is read from it)
lab_run --timeout 5 -- <<'EOF'
sleep 100
EOF
is "$LAB_RC" 124 "--timeout 5: exit status 124 (after $((SECONDS - t0))s)"

# ---------------------------------------------------------------- deaths
# A VM that dies is booted again (lab_run) only when the kernel's console
# shows qemu's known fault, a stray int3 while the kernel patches its code;
# a kernel that dies otherwise fails the test.  Both faked: the oops's line
# written into the kernel's log, then a crash (sysrq c).
printf '%s\n' 'echo "<4>Oops: int3: 0000 [#1] PREEMPT_RT SMP NOPTI" >/dev/kmsg' \
	'echo c >/proc/sysrq-trigger' >"$tmpd/int3.sh"
echo 'echo c >/proc/sysrq-trigger' >"$tmpd/crash.sh"
"$LABVM" -- "$tmpd/int3.sh" 2>"$tmpd/int3.err"
is "$?" 125 "a VM that dies: status 125"
like "$(cat "$tmpd/int3.err")" $'(^|\n)labvm: emulator crash: .*Oops: int3: 0000 \\[#1\\]' \
	"labvm names qemu's known fault from the kernel's console"
"$LABVM" -- "$tmpd/crash.sh" 2>"$tmpd/crash.err"
crash_err=$(cat "$tmpd/crash.err")
like "$crash_err" $'(^|\n)labvm:   .*sysrq triggered crash' "a dead kernel's console is shown"
unlike "$crash_err" 'emulator crash' "a kernel crash is not taken for the emulator's fault"
crash_run=$(lab_run -- <"$tmpd/crash.sh"; echo "rc=$LAB_RC")
[[ $crash_run == *$'\n'rc=125 && $crash_run != *"booting it again"* ]]
ok $? "lab_run does not boot again a VM whose kernel died otherwise (status 125)" || diag "$crash_run"

# ---------------------------------------------------------------- --console
# In a tmux pane on the host, as a person would: the guest gets the pane's
# size and TERM and a controlling tty (Ctrl-C reaches the script).
cat >"$tmpd/console.sh" <<'EOF'
echo "size: $(stty size)"
echo "TERM: $TERM"
trap 'echo got-INT; exit 42' INT
echo READY
sleep 60
EOF
if ! command -v tmux >/dev/null; then
	skip 5 "no tmux on the host"
else
	tmux -L "$tmux_sock" -f /dev/null new-session -d -x 100 -y 30 \
		"TERM=Eterm '$LABVM' --console --timeout 120 '$tmpd/console.sh'; echo \$? >'$tmpd/rc'; sleep 600"
	psize=$(tmux -L "$tmux_sock" display -p '#{pane_height} #{pane_width}')
	for ((i = 0; i < 600; i++)); do
		tmux -L "$tmux_sock" capture-pane -p | grep -q '^READY' && break
		sleep 0.1
	done
	tmux -L "$tmux_sock" send-keys C-c
	for ((i = 0; i < 300; i++)); do
		[[ -s $tmpd/rc ]] && break
		sleep 0.1
	done
	screen=$(tmux -L "$tmux_sock" capture-pane -p)
	is "$(cat "$tmpd/rc" 2>/dev/null)" 42 "--console: exit status after Ctrl-C comes back"
	like "$screen" $'(^|\n)size: '"$psize"$'(\n|$)' "--console: guest tty has the host terminal's size"
	like "$screen" $'(^|\n)TERM: Eterm(\n|$)' "--console: guest TERM is the host's"
	like "$screen" $'(^|\n)(\\^C)?got-INT(\n|$)' "--console: Ctrl-C reaches the script"
	unlike "$screen" '\[ *[0-9]+\.[0-9]+\]|SeaBIOS|Linux version' "--console: no boot noise"
	tmux -L "$tmux_sock" kill-server 2>/dev/null
fi
