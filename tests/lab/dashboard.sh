#!/bin/bash
# The dashboard driven like a person would, with tmux inside the lab VM
# (4 CPUs as 2 cores x 2 threads, NMIs on demand): rows appear, every key
# does what it says in the kernel's files, resizes, CPUs going offline and
# back, NMIs in CPU 0's column, quit and SIGHUP restore every setting.
. "$(dirname "$0")/lib.sh"

lab_require
plan 71

guest=$(cat <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
snap() { cd $T; for f in tracing_thresh osnoise/stop_tracing_us osnoise/stop_tracing_total_us osnoise/period_us osnoise/runtime_us osnoise/cpus osnoise/options current_tracer; do echo "$f=$(cat $f)"; done; echo "instances=$(ls instances)"; echo "state=$(ls /run/hwnoisetop 2>/dev/null)"; cd /lab; }
# colours: screen lines with a foreground colour escape.
colours() { tmux capture-pane -p -e -t d | grep -c "$(printf '\033')\\[[0-9;]*3[0-7][;m]"; }
# row CPU: the grid row of that CPU ("  0  " at the start of a line).
row() { cap | grep -E "^ +$1[ x-] " | head -1; }
before=$(snap)

stamp start
tmux -f /dev/null new-session -d -s d -x 120 -y 40 -c /lab \
	"hwnoisetop -p 200000 -r 40000 --capture-last 5; echo EXIT=\$?; sleep 600"
pid=""; i=0
while [ -z "$pid" ] && [ $i -lt 50 ]; do pid=$(pidof hwnoisetop); sleep 0.1; i=$((i + 1)); done
echo "rows=$(yn waitfor '^ +3  +[0-9.]+[~!]? +[0-9.]+[~!]? +[0-9.]+[~!]? ')"
screen start
echo "title=$(yn waitfor 'hwnoisetop .*hwnoise: IRQs disabled.*running')"
echo "colour=$(colours)"

stamp keys
key +;  echo "plus=$(yn waitfile $T/tracing_thresh 2)"
key -;  echo "minus=$(yn waitfile $T/tracing_thresh 1)"
key T; typed 50; echo "T=$(yn waitfile $T/tracing_thresh 50)"
echo "header_thresh=$(yn waitfor 'threshold 50 us')"
key T; typed 1; waitfile $T/tracing_thresh 1

key Space; echo "space_off=$(yn waitfile $T/osnoise/cpus 1-3)"
echo "dimmed=$(yn waitfor '^ +0- ')"
key Space; echo "space_on=$(yn waitfile $T/osnoise/cpus 0-3)"
key Down; key Space; echo "down_space=$(yn waitfile $T/osnoise/cpus 0,2-3)"
key Space; waitfile $T/osnoise/cpus 0-3
key End; key Space; echo "end_space=$(yn waitfile $T/osnoise/cpus 0-2)"
key Home; key c; typed 0-3; echo "c=$(yn waitfile $T/osnoise/cpus 0-3)"

key p; typed 250000; echo "p=$(yn waitfile $T/osnoise/period_us 250000)"
key r; typed 50000; echo "r=$(yn waitfile $T/osnoise/runtime_us 50000)"
echo "header_timing=$(yn waitfor 'period 250000 us  runtime 50000 us')"

key i; echo "i_off=$(yn waitgrep ' NO_OSNOISE_IRQ_DISABLE' $T/osnoise/options)"
echo "i_columns=$(yn waitfor 'osnoise: IRQs enabled')$(yn waitfor ' IRQ +Softirq +Thread ')"
screen osnoise
key i; echo "i_on=$(yn waitfor 'hwnoise: IRQs disabled')$(yn waitgrep ' OSNOISE_IRQ_DISABLE' $T/osnoise/options)"

key z; echo "z_paused=$(yn waitfor 'PAUSED')$(cat $T/instances/hwnoisetop-$pid/tracing_on)"
key z; echo "z_running=$(yn waitfor ' running ')$(cat $T/instances/hwnoisetop-$pid/tracing_on)"
key R; echo "R=$(yn waitfor 'statistics reset')"
key '>'; echo "sort_next=$(yn waitfor 'sorted by Period')"
key '<'; echo "sort_prev=$(yn waitfor 'sorted by CPU')"
key F1; echo "help=$(yn waitfor 'hwnoisetop keys')$(yn waitfor 'trace to hwnoisetop-DATE-TIME')"
key x; echo "help_closed=$(yn waitfor '^ CPU ')"

waitfor '^ +0  +[0-9.]+[~!]? +[0-9.]+[~!]? ' >/dev/null
stamp capture
key t; echo "t=$(yn waitfor 'trace saved: /lab/hwnoisetop-[0-9-]+\.txt \([1-9][0-9]* events\)')"
f=$(ls /lab/hwnoisetop-*.txt 2>/dev/null | head -1)
echo "t_events=$(grep -c -E 'osnoise: |sample_threshold|irq_noise|nmi_noise|thread_noise' "$f" 2>/dev/null)"
screen capture

stamp resize
tmux resize-window -t d -x 60 -y 15
echo "small=$(yn waitfor '^ CPU +Noise +% CPU Aval')"
screen small
echo "small_width=$(cap | awk '{ if (length($0) > m) m = length($0) } END { print m }')"
# 6 lines leave room for two rows: End and Home scroll.
tmux resize-window -t d -x 60 -y 6
key End
echo "scroll_end=$(yn waitfor '^ +3  +[0-9]')$(cap | grep -Eq '^ +0  +[0-9]' && echo no || echo yes)"
screen scrolled
key Home
echo "scroll_home=$(yn waitfor '^ +0  +[0-9]')$(cap | grep -Eq '^ +3  +[0-9]' && echo no || echo yes)"
tmux resize-window -t d -x 30 -y 6
echo "tiny=$(yn waitfor 'terminal too small')"
tmux resize-window -t d -x 120 -y 40
echo "back=$(yn waitfor ' History')$(yn waitfor '^ +3  +[0-9]')"

stamp smt
# Hyper-threading off and on while it runs: the siblings go offline.
p0=$(row 0 | awk '{print $2}')
echo off > /sys/devices/system/cpu/smt/control
off=""; for c in 1 2 3; do [ "$(cat /sys/devices/system/cpu/cpu$c/online)" = 0 ] && off="$off $c"; done
echo "smt_offline=$off"
# The status line holds the latest news only (SMT's own change may come a
# tick after its CPUs left): if another line took its place, the markers
# list (M) keeps every one.
told=$(yn waitfor 'went offline' 25)
if [ "$told" = no ]; then
	key M; told=$(yn waitfor 'CPUs? [0-9,-]+ went offline \(hotplug\)'); key x
	waitfor '^ +CPU ' >/dev/null
fi
marked=yes; for c in $off; do waitfor "^ +${c}x +offline" || marked=no; done
echo "smt_off=$marked$told"
sleep 1.5
p0b=$(row 0 | awk '{print $2}')
echo "carries_on=$([ "${p0b:-0}" -gt "${p0:-0}" ] && echo yes) ($p0 -> $p0b)"
screen smt-off
echo on > /sys/devices/system/cpu/smt/control
echo "smt_on=$(yn waitfor 'came online')$(cat $T/osnoise/cpus)"
c=${off# }; c=${c%% *}
waitfor "^ +${c:-9}  +[0-9]" >/dev/null
p2=$(row "${c:-9}" | awk '{print $2}'); sleep 2; p2b=$(row "${c:-9}" | awk '{print $2}')
echo "measured_again=$([ -n "$p2b" ] && [ "$p2b" -gt "${p2:-0}" ] 2>/dev/null && echo yes) (CPU $c: $p2 -> $p2b periods)"
screen smt-on

stamp nmi
# NMIs: only CPU 0, sampling the whole period so that none is missed.
key c; typed 0; waitfile $T/osnoise/cpus 0
key p; typed 500000; waitfile $T/osnoise/period_us 500000
key r; typed 500000; waitfile $T/osnoise/runtime_us 500000
# CPU 0's NMI count (lab_nmis) bounds the column: a slow host's kernel may
# send NMIs of its own.
na=$(lab_nmis)
sleep 0.6; key R; waitfor 'statistics reset' >/dev/null; waitfor '^ +0  +[0-9]' >/dev/null
nb=$(row 0 | awk '{print $9}')
echo "nmi_before=$nb"
lab_host nmi 7
# Until the periods holding them have been reported (40 s at most).
i=0; while [ $i -lt 200 ] && [ "$(row 0 | awk '{print $9}')" -lt $((${nb:-0} + 7)) ] 2>/dev/null; do sleep 0.2; i=$((i + 1)); done
echo "nmi=$(row 0 | awk '{print $9}')"
echo "nmi_taken=$(($(lab_nmis) - na))"
screen nmi

stamp hist
# Single noises are counted only once k in the D view asks: none at the
# start, then CPU 0's, the kernel's counts in hist triggers of the
# instance, read live (hwnoisetop runs on CPUs 1-3 now); R restarts them;
# k again removes the triggers.  CPU 0's HW, without and with (a figure,
# at runtimes of 0.5 s and 0.25 s: see r below; at 5 us the triggers'
# cost rarely reaches the threshold).
trig() { grep -c '^hist:' $T/instances/hwnoisetop-$pid/events/osnoise/sample_threshold/trigger; }
count() { cap | sed -n 's/^ *count \([0-9]*\)  min .*/\1/p' | head -1; }
echo "hist_triggers_off=$(trig)"
# At 1 us the triggers' own time (a few us emulated) makes each gap bring
# the next one: 5 us keeps CPU 0 measuring.  HW without counting, from an R.
key T; typed 5; waitfile $T/tracing_thresh 5
key R; waitfor 'statistics reset' >/dev/null; sleep 4
echo "hw_off=$(row 0 | awk '{print $2, $8}')"
key k; echo "k_grid=$(yn waitfor 'k works in the distribution view: D opens it')"
key D; echo "d_off=$(yn waitfor '^ +single noises not counted: k counts them, which adds noise to the measured CPUs')"
screen hist-off
up() { cut -d' ' -f1 /proc/uptime | tr -d .; }	# centiseconds
# waits: 50 times, 0.2 s apart, which of hwnoisetop's threads wait in the
# kernel's trigger code (their stacks): the loop's (tid = pid) never may
# (it did, 10-30 s a write, before the worker took the writes); the
# worker's is counted for the record (it may wait before that code, or be
# done).  Shell builtins only: a fork takes long in this guest while CPU 0
# runs with interrupts off.
waits() {
	n=0 seen=0 loop=0 other=0
	while [ $n -lt 50 ]; do
		for t in /proc/$pid/task/*; do
			w=no lines=0
			while read -r l; do
				lines=$((lines + 1))
				case $l in *trigger*|*synchroniz*) w=yes ;; esac
			done < "$t/stack"
			[ "${t##*/}" = "$pid" ] && [ $lines -gt 0 ] && seen=$((seen + 1))
			[ $w = yes ] && if [ "${t##*/}" = "$pid" ]; then loop=$((loop + 1)); else other=$((other + 1)); fi
		done
		n=$((n + 1))
		sleep 0.2
	done 2>/dev/null
	echo "k_waits=$seen $loop $other"
}
u0=$(up)
key k; waits > /tmp/k_waits & wpid=$!
echo "k_on=$(yn waitfor 'counting single noises in the kernel: each one costs the measured CPU time, figures from now include it +\[marker [0-9]+\]' 300)"
echo "k_on_cs=$(($(up) - u0))"
# The loop goes on while the kernel sets its triggers (it waits for the
# measured CPU, which runs with interrupts off: seconds, more here) and
# while its counts are read: the title's clock moves every 3 s.
secs() { cap | head -1 | sed -n 's/.* \([0-9]*\) \([0-9][0-9]\):\([0-9][0-9]\):\([0-9][0-9]\) *$/\1 \2 \3 \4/p' |
	awk '{ print ((($1 * 24 + $2) * 60 + $3) * 60 + $4) }'; }
c0=$(secs); sleep 3; c1=$(secs); sleep 3; c2=$(secs); sleep 3; c3=$(secs)
echo "k_clock=$c0 $c1 $c2 $c3"
wait $wpid; cat /tmp/k_waits
# What follows reads the counts, restarts them (R) and removes them (k):
# each of the kernel's writes and reads of the triggers waits until CPU 0
# lets it, which with runtime = period under a loaded host took minutes.
# The loop's freedom while it waits has been checked above; from here CPU 0
# measures half of each period (a runtime of 0.25 s).
key r; typed 250000; echo "r_half=$(yn waitfile $T/osnoise/runtime_us 250000)"
# trign N: until the instance holds N hist triggers (60 s: set and removed by a thread of hwnoisetop's).
trign() { i=0; while [ $i -lt 300 ] && [ "$(trig)" != "$1" ]; do sleep 0.2; i=$((i + 1)); done; trig; }
echo "k_triggers=$(trign 2)"
stamp hist-cat
echo "@@hist-file"; tail -4 $T/instances/hwnoisetop-$pid/events/osnoise/sample_threshold/hist; echo "@@end"
stamp hist-cat-done
echo "d_hist=$(yn waitfor '^ +single noises since the statistics restarted, counted by the kernel$')"
waitfor '^ +count [1-9][0-9]*  min ' 600 >/dev/null; sleep 5
echo "d_cpu=$(cap | sed -n 's/^ CPU \([0-9]*\): the distribution.*/\1/p')"
echo "d_count=$(count)"
echo "d_rows=$(cap | grep -cE '^ +[0-9]+-[0-9]+ +us +[1-9][0-9]*$')"
screen hist
# R: the status line once the counts were cleared, then "not read yet"
# until the kernel's counts are read again (at most once a period), however
# slow the emulated guest is with the triggers on.  That the counts started
# anew is read from the kernel: its hits (every CPU's) fall below what they
# were before R, which without a clear they never do; and the count shown
# after R is the kernel's new one, no more than CPU 0's hit count (the
# trigger keyed on the CPU alone, whose counts the D view shows) read
# right after.
# (The count shown before R is no measure: on a loaded host R took 27 s to
# show, and the new count passed the old one.)
hits() { sed -n 's/^ *Hits: \([0-9]*\)$/\1/p' $T/instances/hwnoisetop-$pid/events/osnoise/sample_threshold/hist | head -1; }
cpu0() { v=$(sed -n 's/^{ common_cpu: *0 } hitcount: *\([0-9]*\).*/\1/p' $T/instances/hwnoisetop-$pid/events/osnoise/sample_threshold/hist | head -1); echo "${v:-0}"; }
h0=$(hits)
stamp hist-R
key R
# fell FROM: until the kernel's hits are below FROM (60 s), the hits then.
# (Between the clear's removal and its setting back, no hits at all.)
fell() { i=0; while h=$(hits); { [ -z "$h" ] || [ "$h" -ge "$1" ]; } && [ $i -lt 300 ]; do sleep 0.2; i=$((i + 1)); done; echo "$h"; }
echo "d_hits=$h0 $(fell "$h0")"
echo "d_reset=$(yn waitfor 'statistics reset' 600)"
stamp hist-R-drawn
waitfor '^ +count [0-9]+  min ' 600 >/dev/null
stamp hist-R-read
echo "d_count_reset=$(count) $(cpu0)"
screen hist-reset
sleep 2; key D; waitfor '^ +0  +[0-9]' >/dev/null
echo "hw_on=$(row 0 | awk '{print $2, $8}')"
key D; waitfor '^ +single noises since' >/dev/null
key k; echo "k_off=$(yn waitfor 'single noises no longer counted: statistics restarted +\[marker [0-9]+\]' 300)"
echo "k_off_triggers=$(trign 0)"
echo "k_off_line=$(yn waitfor '^ +single noises not counted: k counts them')"
screen hist-stopped
key M; echo "k_markers=$(yn waitfor 'single-noise counting on \(key\)')$(yn waitfor 'single-noise counting off \(key\)')"
screen hist-markers
key x; waitfor '^ CPU 0: the distribution' >/dev/null
key D; waitfor '^ +0  +[0-9]' >/dev/null
key T; typed 1; waitfile $T/tracing_thresh 1

stamp stop
# A stop condition (as -s sets it): the screen stays, t still saves the trace.
echo 1 > $T/osnoise/stop_tracing_us
echo "stop=$(yn waitfor 'STOPPED: stop tracing hit')$(yn waitfor 't saves the trace, q quits')"
screen stopped
key +; echo "stop_live=$(yn waitfor 'measurement has stopped')$(cat $T/tracing_thresh)"
rm -f /lab/hwnoisetop-*.txt
key t; echo "stop_t=$(yn waitfor 'trace saved: /lab/hwnoisetop-')"
stamp quit
key q
echo "q_table=$(yn waitfor 'Hardware-related Noise')$(yn waitfor '^  0 #[0-9]+ ')$(yn waitfor '^hwnoisetop hit stop tracing: stop tracing hit')"
echo "q_exit=$(yn waitfor '^EXIT=2')"
screen quit
[ "$before" = "$(snap)" ] && echo "q_restored=yes" || { echo "q_restored=no"; snap; }
echo "q_instances=$(ls $T/instances | wc -l)"
tmux_end

stamp iterations
# -n: ends by itself after N periods; NO_COLOR: no colour on screen.
tmux -f /dev/null new-session -d -s d -x 120 -y 40 -c /lab \
	"NO_COLOR=1 hwnoisetop -n 15 -p 500000 -r 40000; echo EXIT=\$?; sleep 600"
# The first summary is drawn at once, the rest at the end of its batch window.
for c in 0 1 2 3; do waitfor "^ +$c  +[0-9]+ |^EXIT=" >/dev/null; done
echo "nocolor=$(colours)"
echo "n_rows=$(cap | grep -cE '^ +[0-3]  +[0-9]+ ')"
echo "n_exit=$(yn waitfor '^EXIT=0')"
echo "n_periods=$(cap | grep -E '^  [0-3] #' | awk '{print $2}' | tr -d '#' | sort -n | tr '\n' ' ')"
tmux_end

stamp hup
# SIGHUP: the terminal goes away under it.
tmux -f /dev/null new-session -d -s d -x 120 -y 40 -c /lab "hwnoisetop -p 200000 -r 100000"
waitfor '^ +1  +[0-9.]+[~!]? ' >/dev/null
tmux kill-server
i=0; while pidof hwnoisetop >/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
echo "hup_gone=$(pidof hwnoisetop >/dev/null && echo no || echo yes)"
[ "$before" = "$(snap)" ] && echo "hup_restored=yes" || { echo "hup_restored=no"; snap; }
stamp end
EOF_GUEST
)
# (lab_run boots once more when the emulated guest kernel dies.)
lab_run --smt --monitor --timeout 600 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$guest"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
scr() { diag "$(printf '%s\n' "$LAB_OUT" | sed -n "/^@@screen $1\$/,/^@@end/p" | sed '1d;$d')"; }
is "$LAB_RC" 0 "the guest script ran"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
is "$(get rows)" yes "rows with numbers appear for every CPU after the first periods"
scr start
is "$(get title)" yes "the header names the mode and the state"
is "$(get plus)" yes "+ raises tracing_thresh 1 -> 2"
is "$(get minus)" yes "- lowers tracing_thresh 2 -> 1"
is "$(get T)" yes "T 50 Enter writes 50 to tracing_thresh"
is "$(get header_thresh)" yes "the header shows the new threshold at once"
is "$(get space_off)" yes "Space on CPU 0 leaves it out of osnoise/cpus"
is "$(get dimmed)" yes "the unmeasured CPU is marked"
is "$(get space_on)" yes "Space again puts it back"
is "$(get down_space)" yes "Down then Space toggles CPU 1"
is "$(get end_space)" yes "End then Space toggles the last CPU"
is "$(get c)" yes "c 0-3 Enter writes osnoise/cpus"
is "$(get p)" yes "p 250000 Enter writes osnoise/period_us"
is "$(get r)" yes "r 50000 Enter writes osnoise/runtime_us"
is "$(get header_timing)" yes "the header shows the new period and runtime"
is "$(get i_off)" yes "i clears OSNOISE_IRQ_DISABLE in osnoise/options"
is "$(get i_columns)" yesyes "osnoise mode is named and shows IRQ, Softirq and Thread"
scr osnoise
is "$(get i_on)" yesyes "i again sets OSNOISE_IRQ_DISABLE"
is "$(get z_paused)" yes0 "z shows PAUSED and turns the instance's tracing off"
is "$(get z_running)" yes1 "z again resumes"
is "$(get R)" yes "R resets the statistics"
is "$(get sort_next)" yes "> sorts by the next column"
is "$(get sort_prev)" yes "< sorts by the previous one"
is "$(get help)" yesyes "F1 shows the help screen generated from the key table"
is "$(get help_closed)" yes "any key closes it"
is "$(get t)" yes "t saves the trace and shows its path and event count"
t_events=$(get t_events)
[ "${t_events:-0}" -gt 0 ]; ok $? "the saved file holds osnoise events ($t_events)"
scr capture
is "$(get small)" yes "at 60x15 the grid is still drawn"
scr small
[ "$(get small_width)" -le 60 ]; ok $? "nothing drawn past column 60"
is "$(get scroll_end)" yesyes "6 lines: End scrolls to the last CPU"
scr scrolled
is "$(get scroll_home)" yesyes "Home scrolls back to the first"
is "$(get tiny)" yes "at 30x6: a clear 'terminal too small' message"
is "$(get back)" yesyes "back at 120x40 the full grid returns"
diag "SMT off took CPUs$(get smt_offline) offline"
[ -n "$(get smt_offline)" ]; ok $? "SMT off takes sibling CPUs offline"
is "$(get smt_off)" yesyes "they are marked offline in the grid, with a message (grid, message)"
like "$(get carries_on)" '^yes' "and CPU 0 keeps counting periods ($(get carries_on))"
scr smt-off
is "$(get smt_on)" "yes0-3" "SMT on: a message; osnoise/cpus still 0-3"
like "$(get measured_again)" '^yes' "a sibling is measured again ($(get measured_again))"
scr smt-on
# One may land between two periods, or the harness may let one more
# through: the column must go from 0 to about the 7 injected.
n=$(get nmi)
b=$(get nmi_before) taken=$(get nmi_taken)
[ -n "$b" ] && [ $((${n:-0} - b)) -ge 5 ] && [ "${n:-0}" -le "${taken:-0}" ]
ok $? "7 NMIs injected into CPU 0 show in its NMI column ($b -> $n; CPU 0 took $taken since R)"
scr nmi
is "$(get hist_triggers_off)" 0 "the dashboard starts without hist triggers in its instance"
is "$(get k_grid)" yes "k outside the D view says where it works"
is "$(get d_off)" yes "D without counting: one line says k counts the single noises and that it adds noise"
scr hist-off
is "$(get k_on)" yes "k: the status line says counting in the kernel costs the measured CPU time, and the marker"
is "$(get k_triggers)" 2 "k sets hwnoisetop hist's two hist triggers in the instance"
is "$(get d_hist)" yes "D shows the selected CPU's single noises, counted by the kernel since the restart"
is "$(get d_cpu)" 0 "of the selected CPU, 0"
dc=$(get d_count); dcr=$(get d_count_reset)
[ "${dc:-0}" -gt 0 ]; ok $? "a live count read from the kernel, not zero ($dc)"
[ "$(get d_rows)" -ge 1 ] 2>/dev/null; ok $? "with its buckets ($(get d_rows) rows that counted)"
read -r wn wloop wother <<<"$(get k_waits)"
[ "${wn:-0}" -ge 25 ] && [ "$wloop" = 0 ]
ok $? "after k the loop's thread never waits in the kernel's trigger code (of $wn samples of its stack read: in that code $wloop; its worker $wother)"
diag "k's status line came $(get k_on_cs) cs after the key (tmux in this guest is slow while CPU 0 runs with interrupts off)"
read -r c0 c1 c2 c3 <<<"$(get k_clock)"
[ -n "$c3" ] && [ "$c1" -gt "$c0" ] && [ "$c2" -gt "$c1" ] && [ "$c3" -gt "$c2" ] 2>/dev/null
ok $? "right after k the loop goes on while the kernel sets its counts: the title's clock moved in each of three 3 s intervals ($(get k_clock))"
scr hist
is "$(get d_reset)" yes "R in the D view resets the statistics"
read -r h0 h1 <<<"$(get d_hits)"
[ -n "$h1" ] && [ "$h1" -lt "${h0:-0}" ]; ok $? "after R the kernel's counts start anew (hits $h0 before R, then $h1)"
read -r dcr hr <<<"$dcr"
[ -n "$dcr" ] && [ -n "$hr" ] && [ "$dcr" -le "$hr" ]; ok $? "after R the count is read again, the kernel's new one ($dc before R; $dcr, CPU 0's hit count then $hr)"
scr hist-reset
read -r op ohw <<<"$(get hw_off)"; read -r np nhw <<<"$(get hw_on)"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n '/^@@hist-file$/,/^@@end/p' | sed '1d;$d')"
is "$(get r_half)" yes "r while the kernel sets the counts: CPU 0 measures a runtime of 0.25 s"
diag "CPU 0 (period 0.5 s, threshold 5 us, above the triggers' emulated cost), HW: without counting ${ohw:-?} in ${op:-?} periods of runtime 0.5 s, with ${nhw:-?} in ${np:-?} of runtime 0.25 s"
is "$(get k_off)" yes "k again stops counting, says so, with its marker"
is "$(get k_off_triggers)" 0 "and the triggers are gone from the instance"
is "$(get k_off_line)" yes "the D view says again that k counts them"
scr hist-stopped
is "$(get k_markers)" yesyes "the markers list holds single-noise counting on and off"
scr hist-markers
is "$(get stop)" yesyes "a stop condition: STOPPED and why in the header, the screen stays"
scr stopped
is "$(get stop_live)" yes1 "keys that change the measurement are refused once stopped"
is "$(get stop_t)" yes "t still saves the trace after the stop"
is "$(get q_table)" yesyesyes "q prints the summary table and the stop after the screen is restored"
is "$(get q_exit)" yes "q exits with status 2 after a stop condition"
scr quit
is "$(get q_restored)" yes "q restores every setting"
is "$(get q_instances)" 0 "q leaves no instance, and no hist trigger with it"
[ "$(get colour)" -gt 0 ]; ok $? "colours by default ($(get colour) lines)"
is "$(get n_rows)$(get nocolor)" 40 "NO_COLOR: the grid without colour escape codes"
is "$(get n_exit)" yes "-n 15 ends by itself with status 0"
like "$(get n_periods)" '^(1[5-9]|2[0-9]) [0-9 ]+$' "once every CPU has 15 periods (periods: $(get n_periods))"
is "$(get hup_gone)$(get hup_restored)" yesyes "SIGHUP (terminal closed): exits and restores every setting"
