#!/bin/bash
# trace.dat captures, read back by trace-cmd report in the lab VM: -t with
# a name ending in .dat at the end of a -q run, and the dashboard's t with
# --capture-format dat (at 80x24, its message whole); the recording goes
# on after a capture with its settings as they were, and every setting is
# restored at the end.
# Without trace-cmd in PATH both are refused before anything changes.
. "$(dirname "$0")/lib.sh"

lab_require
tc=$(command -v trace-cmd) || skip_all "trace-cmd is not installed on this machine (apt install trace-cmd)"
plan 15

guest=$(cat <<'EOF_GUEST'
. /etc/lab/tmux-guest.sh
snap() { cd $T; for f in tracing_thresh osnoise/period_us osnoise/runtime_us osnoise/cpus osnoise/options current_tracer tracing_on; do echo "$f=$(cat $f)"; done; echo "instances=$(ls instances)"; cd /lab; }
# snapi: the recording instance's own settings.
snapi() { cd $T/instances/$1; for f in tracing_on current_tracer buffer_size_kb trace_clock tracing_cpumask; do echo "$f=$(cat $f)"; done; cat events/osnoise/*/enable | tr -d '\n'; echo; cd /lab; }
before=$(snap)
# Each run measures 100 ms of each second (-r 100000): the checks read what
# a capture holds, not how much, and trace-cmd reads a tenth of the events
# (the guest's emulated CPUs read them slowly).

stamp quiet
hwnoisetop -q -c 1 -r 100000 -d 3 --trace-always -t /lab/run.dat >/tmp/q.out 2>/tmp/q.err
echo "q_rc=$?"
echo "q_saved=$(cat /tmp/q.out /tmp/q.err | grep -oE 'trace saved to /lab/run.dat \([0-9]+ events\)' | head -1)"
trace-cmd report /lab/run.dat >/tmp/report.txt 2>&1
echo "q_report_rc=$?"
echo "q_events=$(grep -cE 'osnoise/1-[0-9]+ +\[001\].*(sample_threshold|osnoise_sample|nmi_noise|irq_noise):' /tmp/report.txt)"
echo "q_buffer=$(grep -cE '^hwnoisetop-[0-9]+-record: ' /tmp/report.txt | sed 's/^0$/none/;s/^[0-9]*$/named/')"
[ "$before" = "$(snap)" ] && echo "q_restored=yes" || { echo "q_restored=no"; snap; }
# On a stop condition the text trace gets a last line of ours; trace.dat stays whole.
hwnoisetop -q -c 1 -r 100000 -d 10 -s 1 -t /lab/stop.dat >/tmp/s.out 2>&1
echo "s_rc=$?"
trace-cmd report /lab/stop.dat >/dev/null 2>&1
echo "s_report_rc=$?"
echo "s_tail=$(tail -c 300 /lab/stop.dat | grep -c 'hwnoisetop: ')"

stamp dashboard
# At 80x24: the message after t fits the status line whole.
tmux -f /dev/null new-session -d -s d -x 80 -y 24 -c /lab \
	"NO_COLOR=1 hwnoisetop -c 1 -r 100000 --capture-format dat; echo EXIT=\$?; sleep 600"
waitfor '^ +1  +[0-9.]+[~!]? +[0-9.]+[~!]? ' >/dev/null; sleep 2
I=$(ls $T/instances | grep -- '-record$')
inst_before=$(snapi $I)
key t; echo "t=$(yn waitfor '^ trace saved: (/lab/|\.\.\./?)hwnoisetop-[0-9-]+\.dat \([1-9][0-9]* events\); recording anew *$' 600)"
echo "t_line=$(cap | grep 'trace saved')"
f=$(ls /lab/hwnoisetop-*.dat 2>/dev/null | head -1)
echo "t_events=$(trace-cmd report "$f" 2>/dev/null | grep -cE 'osnoise/1-[0-9]+ +\[001\]')"
inst_after=$(snapi $I)
[ "$inst_before" = "$inst_after" ] && echo "t_inst=same" || echo "t_inst=changed: $(echo $inst_before) -> $(echo $inst_after)"
sleep 2
key q; echo "t_exit=$(yn waitfor '^EXIT=0')"
tmux_end
[ "$before" = "$(snap)" ] && echo "t_restored=yes" || { echo "t_restored=no"; snap; }

stamp missing
mkdir -p /tmp/bin; ln -sf /usr/local/bin/hwnoisetop /tmp/bin/hwnoisetop
PATH=/tmp/bin:/bin hwnoisetop -q -c 1 -r 100000 -d 2 -t /lab/no.dat >/dev/null 2>/tmp/m.err
echo "m_rc=$?"
echo "m_err=$(head -1 /tmp/m.err)"
echo "m_lines=$(wc -l < /tmp/m.err)"
[ -e /lab/no.dat ] && echo "m_file=yes" || echo "m_file=no"
[ "$before" = "$(snap)" ] && echo "m_restored=yes" || { echo "m_restored=no"; snap; }
stamp end
EOF_GUEST
)
lab_run --cpus 2 --timeout 400 --bin "$HWNOISETOP" --bin "$tc" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$guest"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
is "$LAB_RC" 0 "the guest script ran"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
is "$(get q_rc)" 0 "-q -t run.dat --trace-always exits with status 0"
like "$(get q_saved)" '^trace saved to /lab/run.dat \([1-9][0-9]* events\)$' \
	"it says where the trace went and how many events it held"
is "$(get q_report_rc)" 0 "trace-cmd report reads run.dat"
like "$(get q_events)" '^[1-9][0-9]*$' "and shows the osnoise events of CPU 1"
is "$(get q_buffer)" named "from the buffer of the recording instance"
is "$(get q_restored)" yes "every setting restored after the -q run"
is "$(get s_rc)$(get s_report_rc)$(get s_tail)" 200 "-s 1 -t stop.dat: the stop condition fires (status 2), trace-cmd reads it, no text line appended to it"
is "$(get t)" yes "t with --capture-format dat saves hwnoisetop-DATE-TIME.dat, with its event count, in one status line of 80 columns"
diag "$(get t_line)"
like "$(get t_events)" '^[1-9][0-9]*$' "trace-cmd report shows CPU 1's osnoise events in it"
is "$(get t_inst)" same "trace-cmd removed the recording instance: it is back, recording, as it was"
is "$(get t_exit)$(get t_restored)" yesyes "q exits with 0 and restores every setting"
is "$(get m_rc)" 1 "-t x.dat without trace-cmd: a usage error (status 1)"
like "$(get m_err)" "^hwnoisetop: -t/--trace '/lab/no.dat' needs trace-cmd, which is not installed \\(apt install trace-cmd" \
	"one line says what to install"
is "$(get m_lines)$(get m_file)$(get m_restored)" 1noyes "one line, no file, nothing changed"
