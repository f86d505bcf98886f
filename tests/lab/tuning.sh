#!/bin/bash
# The system panel (s) in the lab VM, driven through tmux, against the
# kernel's files: SMT off takes the second threads offline and q brings them
# back (a CPU offline before the start stays offline), the clocksource
# cycles and is put back, a change from outside becomes a marker and stays,
# the NMI watchdog (permanently off under TCG) says why and changes nothing,
# SIGTERM, SIGHUP, SIGSEGV and SIGKILL + --cleanup each restore SMT and the
# clocksource, K and --keep-tuning keep them and say so; the TSC watchdog
# line says off with tsc=reliable (the lab's default boot) and on in a
# second, short boot with the watchdog running.
. "$(dirname "$0")/lib.sh"

lab_require
plan 51

guest=$(cat <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
F=/sys/devices/system/cpu
CS=/sys/devices/system/clocksource/clocksource0/current_clocksource
state() { echo "$(cat $F/smt/control) $(cat $F/online) $(cat $CS)"; }
# said REGEX: the exit message holds it (with the scrollback: tables follow it).
said() { tmux capture-pane -p -S -400 -t d | grep -Eq -- "$1" && echo yes || echo no; }
start() {
	tmux -f /dev/null new-session -d -s d -x 132 -y 45 -c /lab \
		"hwnoisetop -p 200000 -r 20000 $*; echo EXIT=\$?; sleep 600"
	pid=""; i=0
	while [ -z "$pid" ] && [ $i -lt 50 ]; do pid=$(pidof hwnoisetop); sleep 0.1; i=$((i + 1)); done
	waitfor '^ +2  +[0-9.]+[~!]? +[0-9.]+[~!]? ' >/dev/null
}
# In the panel: SMT off (Home, Enter, y), then the clocksource's next value.
smt_off() { key Home; key Enter; waitfor 'y goes on' >/dev/null; key y; waitfile $F/smt/control off; }
cs_next() { key Home; key Down; key Enter; }
tune() { key s; waitfor 'System panel' >/dev/null; smt_off; cs_next; waitfile $CS hpet; }
# gone: until hwnoisetop has ended (10 s).
gone() { i=0; while pidof hwnoisetop >/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done; pidof hwnoisetop >/dev/null && echo no || echo yes; }
end() { tmux_end; }
reset() { echo on > $F/smt/control; echo 0 > $F/cpu3/online; echo tsc > $CS; }

# CPU 3 offline before the start: it must stay offline.
echo 0 > $F/cpu3/online
echo "before=$(state)"

stamp panel
start -c 2
key s
echo "panel=$(yn waitfor 'System panel')$(yn waitfor '^ SMT +on +on +- +/sys/devices/system/cpu/smt/control')"
echo "tsc_wd=$(cap | grep '^ TSC watchdog')"
screen panel
# The NMI watchdog: permanently disabled under TCG.
nmi0=$(cat /proc/sys/kernel/nmi_watchdog)
key Home; key Down; key Down; key Enter
echo "nmi=$(yn waitfor 'NMI watchdog: permanently disabled')$(cat /proc/sys/kernel/nmi_watchdog)$nmi0"
echo "nmi_status=$(cap | tail -1)"
key Home; key Enter
echo "ask=$(yn waitfor 'y goes on')$(cat $F/smt/control)"
key n
echo "cancel=$(yn waitfor 'cancelled')$(cat $F/smt/control)"
key Home; key Enter; waitfor 'y goes on' >/dev/null; key y
echo "smt_off=$(yn waitfile $F/smt/control off)$(cat $F/cpu1/online)$(cat $F/cpu3/online)"
echo "smt_marker=$(yn waitfor 'marker [0-9]+: SMT on -> off \(key\)')"
echo "smt_line=$(yn waitfor '^ SMT +off +on +hwnoisetop ')"
key Escape
echo "closed=$(yn waitfor '^ CPU ')"
echo "grid_offline=$(yn waitfor '^ +1x +offline')"
screen grid
# The idle latency request, timer migration and RT throttling: each Enter.
qos() { od -An -td4 /dev/cpu_dma_latency | tr -d ' '; }
echo "qos_before=$(qos)"
key s; waitfor 'System panel' >/dev/null
key End; key Up; key Up; key Enter
echo "qos=$(yn waitfor '^ Idle latency +held at 0 ')$(qos)"
key End; key Up; key Enter
echo "timer_migration=$(yn waitfile /proc/sys/kernel/timer_migration 0)"
key End; key Enter
echo "rt_runtime=$(yn waitfile /proc/sys/kernel/sched_rt_runtime_us -1)"
# The clocksource last: under TCG everything in the guest is slow with hpet.
cs_next
echo "cs=$(yn waitfile $CS hpet)$(yn waitfor 'clocksource tsc -> hpet \(key\)')"
screen tuned
key q
echo "q_gone=$(gone)"
echo "q_state=$(state)"
echo "q_knobs=$(cat /proc/sys/kernel/timer_migration) $(cat /proc/sys/kernel/sched_rt_runtime_us) $(qos)"
waitfor '^EXIT=' >/dev/null
echo "q_said=$(said 'restored /sys/devices/system/clocksource/clocksource0/current_clocksource = tsc')$(said 'restored /sys/devices/system/cpu/smt/control = on')"
screen quit
end

stamp outside
start -c 2
key s; waitfor 'System panel' >/dev/null
cs_next; waitfile $CS hpet
echo acpi_pm > $CS
# On screen (its status line); how soon, from the run's own clock: the
# marker's time against the key's, in the report q prints.  (Under hpet
# and acpi_pm every clock read traps to the emulator: a capture of the
# screen takes long, and 3 s of them once missed a marker made at once.)
echo "outside_seen=$(yn waitfor 'clocksource hpet -> acpi_pm \(outside\)')"
echo "outside_line=$(yn waitfor '^ Clocksource +acpi_pm +tsc +outside ')"
key q
echo "outside_gone=$(gone)"
waitfor '^EXIT=' >/dev/null
at() { tmux capture-pane -p -S -400 -t d | sed -n "s/^== [0-9]*  \([0-9:]*\)  clocksource $1\$/\1/p" | head -1 | awk -F: '{ print $1 * 3600 + $2 * 60 + $3 }'; }
o=$(at 'hpet -> acpi_pm (outside)') k=$(at 'tsc -> hpet (key)')
echo "outside_after=${o:+${k:+$((o - k))}}"
echo "outside_kept=$(cat $CS)$(said 'left +/sys/devices/system/clocksource/clocksource0/current_clocksource = acpi_pm')"
screen outside
end; reset

for sig in TERM HUP SEGV KILL; do
	stamp $sig
	start -c 2
	tune
	echo "${sig}_tuned=$(state)"
	kill -$sig $pid
	echo "${sig}_gone=$(gone)"
	[ $sig = KILL ] && hwnoisetop --cleanup > /lab/cleanup.txt 2>&1
	echo "${sig}_state=$(state)"
	echo "${sig}_state_file=$(ls /run/hwnoisetop 2>/dev/null | grep -c state)"
	end; reset
done
grep -E 'smt|clocksource|done' /lab/cleanup.txt

stamp K
# Measuring CPU 2 from housekeeping CPU 1, which SMT off takes offline.
start -c 2 -H 1
echo "K_affinity_before=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$pid/status)"
tune
echo "K_affinity=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/$pid/status)"
key Escape; waitfor '^ +2  +[0-9.]+[~!]? ' >/dev/null
p2=$(cap | grep -E '^ +2  ' | awk '{print $2}'); sleep 2; p2b=$(cap | grep -E '^ +2  ' | awk '{print $2}')
echo "K_carries_on=$([ "${p2b:-0}" -gt "${p2:-0}" ] 2>/dev/null && echo yes) ($p2 -> $p2b)"
key s; waitfor 'System panel' >/dev/null
key K
echo "K_ask=$(yn waitfor 'y keeps')"
key y
echo "K_line=$(yn waitfor 'the knobs set here stay as they are')"
key q
echo "K_gone=$(gone)"
echo "K_state=$(state)"
waitfor '^EXIT=' >/dev/null
echo "K_said=$(said 'kept +/sys/devices/system/cpu/smt/control = off')$(said 'kept +/sys/devices/system/clocksource/clocksource0/current_clocksource = hpet')"
screen kept
end; reset

stamp keep-tuning
start -c 2 --keep-tuning
tune
key q
echo "kt_gone=$(gone)"
echo "kt_state=$(state)"
waitfor '^EXIT=' >/dev/null
echo "kt_said=$(said 'kept +/sys/devices/system/clocksource/clocksource0/current_clocksource = hpet')"
end; reset
# After a crash, --cleanup keeps the tuning too.
start -c 2 --keep-tuning
tune
kill -KILL $pid; gone >/dev/null
hwnoisetop --cleanup > /lab/cleanup2.txt 2>&1
echo "kt_cleanup=$(state) $(ls /run/hwnoisetop 2>/dev/null | grep -c state)"
end; reset
stamp end
EOF_GUEST
)
lab_run --smt --single-thread --timeout 1000 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$guest"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
scr() { diag "$(printf '%s\n' "$LAB_OUT" | sed -n "/^@@screen $1\$/,/^@@end/p" | sed '1d;$d')"; }
is "$LAB_RC" 0 "the guest script ran"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
before=$(get before)
is "$before" "on 0-2 tsc" "the start: SMT on, CPU 3 offline, clocksource tsc"
is "$(get panel)" yesyes "s opens the panel; SMT first with its value, start value and file"
scr panel
# The lab boots with tsc=reliable unless asked (labvm --help): a busy host
# would have the watchdog mark the TSC unstable and move the clocksource.
like "$(get tsc_wd)" 'TSC watchdog +off, 0/10s +tsc=reliable on the kernel command line' \
	"with tsc=reliable the TSC watchdog line says off and why"
is "$(get nmi)" yes00 "Enter on the NMI watchdog says why (permanently disabled) and changes nothing"
like "$(get nmi_status)" '^ NMI watchdog: permanently disabled: .*read-only' \
	"the reason is one line, on the status line"
is "$(get ask)" yeson "Enter on SMT asks y before taking CPUs offline"
is "$(get cancel)" yeson "another key cancels"
is "$(get smt_off)" yes00 "y: smt/control reads off, CPU 1 (the second thread of core 0) goes offline"
is "$(get smt_marker)" yes "a marker names SMT"
is "$(get smt_line)" yes "the SMT line shows off, on at the start, changed by hwnoisetop"
is "$(get qos)" yes0 "Enter on the idle latency request holds /dev/cpu_dma_latency at 0"
is "$(get timer_migration)" yes "Enter on timer migration writes 0"
is "$(get rt_runtime)" yes "Enter on RT throttling writes -1 (off)"
is "$(get closed)" yes "Esc closes the panel"
is "$(get grid_offline)" yes "the grid marks CPU 1 offline"
scr grid
is "$(get cs)" yesyes "Enter on the clocksource: tsc -> hpet in current_clocksource, and a marker"
scr tuned
is "$(get q_gone)" yes "q ends the run"
is "$(get q_state)" "$before" "q: SMT on, CPU 1 online again, CPU 3 still offline, clocksource tsc"
is "$(get q_knobs)" "1 950000 $(get qos_before)" "q puts timer migration, RT throttling and the idle latency request back"
is "$(get q_said)" yesyes "the exit message says what was restored"
scr quit
[ "$(get outside_seen)" = yes ] && [ "$(get outside_after)" -ge 0 ] && [ "$(get outside_after)" -le 2 ]
ok $? "an outside change of the clocksource becomes a marker within two ticks (on screen; $(get outside_after) s after the key's, by the run's clock)"
is "$(get outside_line)" yes "the panel says it was changed from outside"
is "$(get outside_gone)" yes "q ends that run"
is "$(get outside_kept)" acpi_pmyes "the outside change is not put back, and the exit message says so"
scr outside
for sig in TERM HUP SEGV KILL; do
	is "$(get ${sig}_tuned)" "off 0,2 hpet" "SIG$sig run: SMT off and hpet before the signal"
	how=$([ $sig = KILL ] && echo "SIGKILL and --cleanup" || echo "SIG$sig")
	is "$(get ${sig}_state)" "$before" "$how: SMT on, CPU 3 still offline, clocksource tsc"
	is "$(get ${sig}_state_file)" 0 "$how: no state file left"
done
is "$(get K_affinity_before)" 1 "-H 1: hwnoisetop runs on CPU 1"
is "$(get K_affinity)" 0 "SMT off took CPU 1: hwnoisetop moved to CPU 0, the unmeasured CPU left"
like "$(get K_carries_on)" '^yes' "and the measurement of CPU 2 goes on"
is "$(get K_ask)" yes "K asks y"
is "$(get K_line)" yes "the panel says the tuned state stays"
is "$(get K_gone)" yes "q ends the K run"
is "$(get K_state)" "off 0,2 hpet" "K: SMT stays off and the clocksource hpet"
is "$(get K_said)" yesyes "the exit message says what was kept"
scr kept
is "$(get kt_gone)" yes "q ends the --keep-tuning run"
is "$(get kt_state)" "off 0,2 hpet" "--keep-tuning keeps SMT off and hpet"
is "$(get kt_said)" yes "and says so"
is "$(get kt_cleanup)" "off 0,2 hpet 0" "--keep-tuning, SIGKILL, --cleanup: the tuning is kept, the state file gone"

# A boot with the TSC watchdog running: the line says on, with its timer's visits.
lab_run --cpus 2 --timeout 200 --tsc-watchdog --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
tmux -f /dev/null new-session -d -s d -x 132 -y 45 -c /lab "hwnoisetop -p 200000 -r 40000"
waitfor '^ +0  +[0-9.]+[~!]? +[0-9.]+[~!]? ' >/dev/null
key s
waitfor 'System panel' >/dev/null
# Its timer's visits are counted on the 1 s tick: give them a few ticks to show.
waitfor '^ TSC watchdog +(on, [1-9]|n/a)' >/dev/null
# On a busy host the watchdog may mark the TSC unstable (the clocksource
# leaves tsc): the line must then say n/a, from the next tick on (5 s at
# most).  Read before and after the screen.
tscs() { grep -qw tsc /sys/devices/system/clocksource/clocksource0/available_clocksource && echo tsc || echo none; }
t1=$(tscs)
[ "$t1" = tsc ] || waitfor '^ TSC watchdog +n/a' 25 >/dev/null
echo "tsc_wd=$(cap | grep '^ TSC watchdog' | awk '{print $3 $4}')"
echo "tsc_state=$t1 $(tscs)"
key q; sleep 2
EOF_GUEST
is "$LAB_RC" 0 "the boot with the TSC watchdog ran"
case $(get tsc_state) in
"tsc tsc") re='^on,[1-9][0-9]*/10s$' ;;
"none none") re='^n/a,[0-9]+/10s$' ;;
*) re='^(on,[1-9][0-9]*|n/a,[0-9]+)/10s$' ;;
esac
like "$(get tsc_wd)" "$re" "without tsc=reliable the TSC watchdog line says on, with its timer's visits (n/a once the kernel marked the TSC unstable: $(get tsc_state))"
