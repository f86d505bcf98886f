#!/bin/bash
# The dashboard's hwlat view driven with tmux inside the lab VM (2 CPUs):
# w switches from hwnoise to hwlat (the osnoise instances go, one hwlat
# instance comes), rows fill with samples at a low threshold, the keys
# change threshold, window, width, mode and CPUs in the kernel, w switches
# back (osnoise again, t still saves a trace), q restores every setting.
# NMIs injected into CPU 0 show in its row; a narrow terminal drops columns.
. "$(dirname "$0")/lib.sh"

lab_require
plan 34

guest=$(cat <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
snap() { cd $T; for f in tracing_thresh hwlat_detector/* osnoise/* current_tracer tracing_cpumask tracing_on; do echo "$f=$(cat $f 2>&1)"; done; echo "instances=$(ls instances)"; echo "state=$(ls /run/hwnoisetop 2>/dev/null)"; cd /lab; }
# tracers: "instance:tracer ..." of every instance, then the top level's.
tracers() { for f in $T/instances/*/current_tracer; do [ -e "$f" ] && echo "$(basename $(dirname $f)):$(cat $f)"; done | sort | tr "\n" " "; echo "top:$(cat $T/current_tracer)"; }
# samples: the Samples (or Period) column summed over the rows.
samples() { cap | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { s += $2 } END { print s + 0 }'; }
# Unusual hwlat settings first, so that a restore that forgets one shows.
cd $T; echo 777777 > hwlat_detector/window; echo 333333 > hwlat_detector/width; echo none > hwlat_detector/mode; echo 7 > tracing_thresh; cd /lab
before=$(snap)

stamp start
tmux -f /dev/null new-session -d -s d -x 120 -y 30 -c /lab \
	"hwnoisetop -p 200000 -r 40000; echo EXIT=\$?; sleep 600"
pid=""; i=0
while [ -z "$pid" ] && [ $i -lt 50 ]; do pid=$(pidof hwnoisetop); sleep 0.1; i=$((i + 1)); done
echo "rows=$(yn waitfor '^ +1  +[0-9.]+[~!]? +[0-9.]+[~!]? +[0-9.]+[~!]? ')"
echo "tracers_hwnoise=$(tracers | sed "s/-$pid//g")"

stamp busy
# Someone else's hwlat tracer: w is refused with a message, hwnoise goes on.
echo hwlat > $T/current_tracer
key w
echo "busy=$(yn waitfor 'tracer is busy: hwlat is the current tracer')$(yn waitfor 'hwnoise: IRQs disabled')"
echo "tracers_busy=$(tracers | sed "s/-$pid//g")"
echo nop > $T/current_tracer
stamp hwlat
key w
echo "w_title=$(yn waitfor 'hwlat: hardware latency detector')$(yn waitfor 'can not run the osnoise and hwlat tracers at once')"
echo "tracers_hwlat=$(tracers | sed "s/-$pid//g")"
echo "w_cols=$(yn waitfor 'CPU +Samples +Max Inner +Max Outer +Over +NMI +NMI us +Last Sample')"
key N; typed 100000
echo "N=$(yn waitfile $T/hwlat_detector/window 100000)$(cat $T/hwlat_detector/width)"
key W; typed 80000
echo "W=$(yn waitfile $T/hwlat_detector/width 80000)"
key T; typed 1
echo "T=$(yn waitfile $T/tracing_thresh 1)$(yn waitfor 'window 100000 us  width 80000 us  mode round-robin  threshold 1 us')"
echo "h_rows=$(yn waitfor '^ +0  +[1-9][0-9]* +[0-9.]+[~!]? +[0-9.]+[~!]? ' 100)$(yn waitfor '^ +1  +[1-9][0-9]* +[0-9.]+[~!]? +[0-9.]+[~!]? ' 100)"
s1=$(samples); sleep 3; s2=$(samples)
echo "h_more=$([ "$s2" -gt "$s1" ] && echo yes) ($s1 -> $s2)"
echo "h_clock=$(yn waitfor '^ +0  .* [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3} *$')"
screen hwlat
key +; echo "plus=$(yn waitfile $T/tracing_thresh 2)"
key m; echo "m1=$(yn waitgrep '\[per-cpu\]' $T/hwlat_detector/mode)$(yn waitfor 'mode per-cpu')"
key m; echo "m2=$(yn waitgrep '\[none\]' $T/hwlat_detector/mode)"
key m; echo "m3=$(yn waitgrep '\[round-robin\]' $T/hwlat_detector/mode)"
inst=$T/instances/hwnoisetop-$pid-hwlat
key Space; echo "space=$(yn waitfile $inst/tracing_cpumask 2)$(yn waitfor '^ +0- ')"
key Space; echo "space_back=$(yn waitfile $inst/tracing_cpumask 3)"
key c; typed 1; echo "c=$(yn waitfile $inst/tracing_cpumask 2)"
key c; typed 0-1; waitfile $inst/tracing_cpumask 3
key p; echo "p_refused=$(yn waitfor 'p works in the hwnoise view')"
tmux resize-window -t d -x 60 -y 15
echo "small=$(yn waitfor '^ CPU +Samples +Max Inner +Max Outer')$(yn waitfor 'runs osnoise or hwlat, not both')"
echo "small_width=$(cap | awk '{ if (length($0) > m) m = length($0) } END { print m }')"
screen small
tmux resize-window -t d -x 120 -y 30
stamp nmi
# NMIs go to CPU 0: measure it alone, with the width the whole window.
key c; typed 0; waitfile $inst/tracing_cpumask 1
key N; typed 500000; key W; typed 500000; waitfile $T/hwlat_detector/width 500000
# CPU 0's count in /proc/interrupts bounds the column: a slow host's
# kernel may send NMIs of its own.
na=$(lab_nmis)
key R; waitfor 'statistics reset' > /dev/null; waitfor '^ +0  +[1-9]' 50 > /dev/null
nb=$(cap | awk '$1 == "0" { print $6 }')
echo "nmi_before=$nb"
lab_host nmi 3 || echo "lab_host failed"
# Until the column shows the 3; the check needs 2 of them (one may land
# while the detector does not sample): once it shows 2, a few seconds more
# for the third, not the whole 40.
i=0 j=0; while [ $i -lt 200 ]; do
	c=$(cap | awk '$1 == "0" { print $6 }')
	[ "${c:-0}" -ge $((${nb:-0} + 3)) ] 2>/dev/null && break
	[ "${c:-0}" -ge $((${nb:-0} + 2)) ] 2>/dev/null && { j=$((j + 1)); [ $j -ge 15 ] && break; }
	sleep 0.2; i=$((i + 1))
done
echo "nmi=$(cap | awk '$1 == "0" { print $6 " " $7 }')"
echo "nmi_taken=$(($(lab_nmis) - na))"
screen nmi
key c; typed 0-1; waitfile $inst/tracing_cpumask 3
key F1; echo "help=$(yn waitfor 'type the hwlat width in microseconds.*\(hwlat view\)')"; key x

stamp back
key w
echo "back_title=$(yn waitfor 'hwnoise: IRQs disabled')"
echo "tracers_back=$(tracers | sed "s/-$pid//g")"
echo "back_osnoise=$(yn waitfile $T/osnoise/period_us 200000)$(cat $T/osnoise/runtime_us)"
p1=$(samples); sleep 2; p2=$(samples)
echo "back_periods=$([ "$p2" -gt "$p1" ] && echo yes) ($p1 -> $p2)"
rm -f /lab/hwnoisetop-*.txt
key t; echo "t=$(yn waitfor 'trace saved: /lab/hwnoisetop-[0-9-]+\.txt \([1-9][0-9]* events\)')"
screen back
stamp quit
key q
echo "q_exit=$(yn waitfor '^EXIT=0')"
echo "q_hwlat=$(yn waitfor '^hwlat view \(threshold 2 us at the end\):')$(yn waitfor '^Samples recorded: [1-9]')"
screen quit
after=$(snap)
[ "$before" = "$after" ] && echo "q_restored=yes" || { echo "q_restored=no"; echo "$before" > b; echo "$after" > a; diff b a; }
echo "q_instances=$(ls $T/instances | grep -c hwnoisetop)"
echo "@@before"; echo "$before"; echo "@@end"
tmux_end
# A crash in the dashboard (SIGSEGV): the fault handler puts the terminal
# back (no alternate screen, cursor shown) and restores every setting.
tmux -f /dev/null new-session -d -s d -x 100 -y 20 -c /lab \
	"hwnoisetop -c 1 -p 200000 -r 40000; echo EXIT=\$?; sleep 600"
waitfor '^ +1  +[0-9.]+[~!]? +[0-9.]+[~!]? ' >/dev/null
kill -SEGV "$(pidof hwnoisetop)"
echo "segv_exit=$(yn waitfor '^EXIT=139')"
echo "segv_term=$(tmux display -p -t d 'alt#{alternate_on} cursor#{cursor_flag}')"
[ "$before" = "$(snap)" ] && echo "segv_restored=yes" || echo "segv_restored=no"
tmux kill-server
stamp end
EOF_GUEST
)
t0=$(date +%s)
lab_run --cpus 2 --monitor --timeout 280 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$guest"
diag "lab VM: $(($(date +%s) - t0)) s"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
scr() { diag "$(printf '%s\n' "$LAB_OUT" | sed -n "/^@@screen $1\$/,/^@@end/p" | sed '1d;$d')"; }
is "$LAB_RC" 0 "the guest script ran"
[ "$LAB_RC" = 0 ] || diag "$LAB_OUT"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
is "$(get rows)" yes "the dashboard starts in the hwnoise view with rows"
# (hwnoisetop-tscwd counts the TSC watchdog's visits, with no tracer, in both views.)
is "$(get tracers_hwnoise)" "hwnoisetop-record:osnoise hwnoisetop-tscwd:nop hwnoisetop:osnoise top:nop" \
	"hwnoise: the measuring and the recording instances run osnoise"
is "$(get busy)" yesyes "w while another hwlat tracer runs: refused on the status line"
is "$(get tracers_busy)" "hwnoisetop-record:osnoise hwnoisetop-tscwd:nop hwnoisetop:osnoise top:hwlat" \
	"refused: the hwnoise instances run on untouched"
is "$(get w_title)" yesyes "w: the hwlat view, with the note that the kernel can not run both"
is "$(get tracers_hwlat)" "hwnoisetop-hwlat:hwlat hwnoisetop-tscwd:nop top:nop" \
	"w: one hwlat instance, every osnoise instance gone"
is "$(get w_cols)" yes "the hwlat columns: samples, max inner and outer, over, NMIs, last sample"
is "$(get N)" yes50000 "N 100000 Enter writes the window (the wider width becomes half of it)"
is "$(get W)" yes "W 80000 Enter writes hwlat_detector/width"
is "$(get T)" yesyes "T 1 Enter writes tracing_thresh; the settings line shows the hwlat settings"
is "$(get h_rows)" yesyes "rows of both CPUs show samples at threshold 1 us"
like "$(get h_more)" '^yes' "rows are redrawn as samples arrive ($(get h_more))"
is "$(get h_clock)" yes "the time of the last sample is shown"
scr hwlat
is "$(get plus)" yes "+ raises tracing_thresh 1 -> 2 in the hwlat view"
is "$(get m1)" yesyes "m: mode per-cpu in hwlat_detector/mode and on screen"
is "$(get m2)$(get m3)" yesyes "m again: none, then round-robin"
is "$(get space)" yesyes "Space leaves CPU 0 out of the hwlat instance's tracing_cpumask"
is "$(get space_back)$(get c)" yesyes "Space puts it back; c 1 Enter measures CPU 1 only"
is "$(get p_refused)$(get help)" yesyes "hwnoise-only keys are refused; help marks the hwlat keys"
is "$(get small)" yesyes "at 60x15 the hwlat grid and a short note are still drawn"
[ "$(get small_width)" -le 60 ]; ok $? "nothing drawn past column 60"
scr small
n=$(get nmi); n=${n%% *}
b=$(get nmi_before) taken=$(get nmi_taken)
[ -n "$b" ] && [ $((${n:-0} - b)) -ge 2 ] && [ "${n:-0}" -le "${taken:-0}" ]
ok $? "3 NMIs injected into CPU 0 show in its NMI column ($b -> $(get nmi): count, us; CPU 0 took $taken since R)"
scr nmi
is "$(get back_title)" yes "w again: the hwnoise view"
is "$(get tracers_back)" "hwnoisetop-record:osnoise hwnoisetop-tscwd:nop hwnoisetop:osnoise top:nop" \
	"w again: hwlat gone, the osnoise and recording instances back"
like "$(get back_osnoise)$(get back_periods)" '^yes40000yes' \
	"osnoise runs again with its period and runtime ($(get back_periods))"
is "$(get t)" yes "t saves the trace after the way back"
scr back
is "$(get q_exit)" yes "q exits with status 0"
scr quit
files=$(printf '%s\n' "$LAB_OUT" | sed -n '/^@@before$/,/^@@end$/p' | sed '1d;$d' | cut -d= -f1 | tr '\n' ' ')
diag "snapshot: $files"
like "$files" 'tracing_thresh hwlat_detector/mode hwlat_detector/width hwlat_detector/window .*osnoise/period_us .*osnoise/runtime_us .*current_tracer tracing_cpumask' \
	"the snapshot holds tracing_thresh, hwlat_detector/*, osnoise/* and the tracer files"
is "$(get q_hwlat)" yesyes "after the table, the hwlat view's summary as hwnoisetop hwlat prints it"
is "$(get q_restored)$(get q_instances)" yes0 \
	"q restores every setting (hwlat_detector/*, tracing_thresh, osnoise/*), no instance left"
is "$(get segv_exit)" yes "SIGSEGV in the dashboard: the process dies of it (status 139)"
is "$(get segv_term)" "alt0 cursor1" "SIGSEGV: the terminal is back (alternate screen left, cursor shown)"
is "$(get segv_restored)" yes "SIGSEGV: every setting restored, no instance left"
