#!/bin/bash
# hwnoisetop hwlat: refusals on this machine (usage errors; a kernel without
# the hwlat tracer), then, in one lab VM boot, the real hwlat tracer under
# TCG: samples and the report's lines against the summary, the hard-limit
# exit status, per-cpu mode, NMIs injected into CPU 0, a second hwlat
# refused, and every setting restored after each way out; the main
# command's spellings, hwlatdetect's older ones, -q, the average interval
# between spikes, and the man page's --quiet --record example.
. "$(dirname "$0")/lib.sh"

# No lab_require: the checks on this machine run without a VM too; lab_run
# skips the rest when no lab VM can run here.
plan 81

# ---- On this machine: nothing needs the tracer for these.
bin=$HWNOISETOP
msg=$("$bin" hwlat --window 100000 --width 800000 2>&1); rc=$?
is "$rc" 3 "width above the window: exit 3 (no result)"
is "$msg" "hwnoisetop: --width '800000' is above the window of 100000 us (it takes microseconds from 1 to the window, or a time in us, ms or s)" \
	"width above the window: one line naming the option, the limit and what it takes"
msg=$("$bin" hwlat --mode sideways 2>&1); rc=$?
is "$rc.$(printf '%s\n' "$msg" | wc -l)" "3.1" "a bad --mode: exit 3, one line"
like "$msg" "^hwnoisetop: --mode 'sideways' is not a mode \\(it takes none, round-robin or per-cpu\\)$" \
	"a bad --mode names the modes"
like "$("$bin" hwlat --help)" "--hardlimit us" "hwlat --help lists its options"
# The host kernel has no hwlat tracer: tracefs mounted in a private mount
# namespace when the host has none (the host's mounts stay as they are).
tr=/sys/kernel/tracing
if grep -qw hwlat $tr/available_tracers 2>/dev/null || [ "$(id -u)" != 0 ] ||
   ! command -v unshare >/dev/null; then
	skip 2 "this machine has the hwlat tracer, or no root or unshare"
else
	msg=$(unshare --mount --propagation private sh -c \
		"grep -qw tracefs /proc/mounts || mount -t tracefs nodev $tr; '$bin' hwlat --duration 1; echo rc=\$?; ls $tr/instances" 2>&1)
	diag "$msg"
	is "$(printf '%s\n' "$msg" | sed -n 's/^rc=//p')" 3 "no hwlat tracer: exit 3 (1 is above the hard limit)"
	like "$(printf '%s\n' "$msg" | sed -n 1p)" \
		'^hwnoisetop: this kernel has no hwlat tracer \(available: .*\): boot a kernel built with CONFIG_HWLAT_TRACER=y$' \
		"no hwlat tracer: one line naming it and the fix"
fi

# ---- In the lab VM.
snapshot='snap() { cd /sys/kernel/tracing; for f in tracing_thresh hwlat_detector/width hwlat_detector/window hwlat_detector/mode tracing_cpumask current_tracer tracing_on; do echo "$f=$(cat $f)"; done; echo "instances=$(ls instances)"; echo "state=$(ls /run/hwnoisetop 2>/dev/null)"; cd /lab; }
wait_for() { i=0; while [ $i -lt 100 ]; do eval "$1" && return 0; sleep 0.2; i=$((i + 1)); done; echo "timeout waiting for: $1"; return 1; }
unusual() { cd /sys/kernel/tracing; echo 33 > tracing_thresh; echo 777777 > hwlat_detector/window; echo 333333 > hwlat_detector/width; echo per-cpu > hwlat_detector/mode; echo 1 > tracing_cpumask; cd /lab; }'

# The session driver (built by make beside the program).
switch=$(dirname "$HWNOISETOP")/../tests/lab/session-switch
[ -x "$switch" ] && switch_bin=(--bin "$switch") || switch_bin=()

t0=$(date +%s)
lab_run --cpus 2 --monitor --bin "$HWNOISETOP" "${switch_bin[@]}" -- <<EOF
$snapshot
unusual
before=\$(snap)
# Samples under TCG with a low threshold, and the report file.
hwnoisetop hwlat --threshold 1 --window 100000 --width 80000 --duration 5 --hardlimit 60s --report rep.txt --watch > out.txt 2> err.txt & pid=\$!
wait_for 'grep -q "^ts:" out.txt'
during=\$(snap)
wait \$pid; echo "rc_normal=\$?"
echo "@@out"; cat out.txt; echo "@@end"
echo "@@rep"; cat rep.txt; echo "@@end"
echo "err=\$(cat err.txt)"
[ "\$before" = "\$during" ] && echo "changed_during=no" || echo "changed_during=yes"
echo "\$during" | grep -q '^hwlat_detector/width=80000$' && echo "width_during=yes"
echo "\$during" | grep -q '^instances=hwnoisetop-[0-9]*-hwlat$' && echo "instance_during=yes"
[ "\$before" = "\$(snap)" ] && echo "restored_normal=yes" || { echo "restored_normal=no"; snap; }
# The hard limit: quiet, exit 1.
hwnoisetop hwlat --threshold 1 --window 100000 --width 80000 --duration 2 --hardlimit 1 --quiet > q.txt 2>&1
echo "rc_hard=\$? quiet_bytes=\$(wc -c < q.txt)"
[ "\$before" = "\$(snap)" ] && echo "restored_hard=yes"
# The main command's spellings (-T, -d, -c) beside hwlatdetect's older ones
# (--interval: the gap between samples, --sample_width), and -q: the summary only.
hwnoisetop hwlat -T 1 --interval 20 --sample_width 80 -d 3 -c 1 --cpu-list 0 -q --hardlimit 60s --report sp_rep.txt > sp.txt 2>&1 & pid=\$!
wait_for 'grep -qs hwlat /sys/kernel/tracing/instances/hwnoisetop-*-hwlat/current_tracer'
during_sp=\$(snap)
wait \$pid; echo "rc_spell=\$?"
echo "@@sp"; cat sp.txt; echo "@@end"
echo "@@sprep"; cat sp_rep.txt; echo "@@end"
echo "\$during_sp" | grep -q '^hwlat_detector/width=80000$' && echo "\$during_sp" | grep -q '^hwlat_detector/window=100000$' && echo "sp_timing=yes"
echo "\$during_sp" | grep -q '^tracing_thresh=1$' && echo "sp_thresh=yes"
[ "\$before" = "\$(snap)" ] && echo "restored_spell=yes"
# The man page's example (its hour cut to 3 s): --quiet prints nothing, the recording replays.
hwnoisetop hwlat --quiet -d 3 --record night.jsonl > night.txt 2>&1; echo "rc_night=\$? night_bytes=\$(wc -c < night.txt)"
hwnoisetop --replay night.jsonl --json > night.json 2> night.err; echo "rc_night_replay=\$?"
echo "night_json=\$(grep -o '"samples_recorded":[0-9]*,"samples_exceeding_threshold":[0-9]*,"avg_smi_interval_us":[0-9a-z]*' night.json)"
# per-cpu mode on both CPUs, with --watch.
hwnoisetop hwlat --threshold 1 --window 100000 --width 50000 --duration 3 --mode per-cpu -c 0-1 --watch --hardlimit 60s > pc.txt 2>&1
echo "rc_percpu=\$?"
echo "@@pc"; cat pc.txt; echo "@@end"
[ "\$before" = "\$(snap)" ] && echo "restored_percpu=yes"
# The kernel's remembered threshold of the last hwlat run (used when one
# starts with tracing_thresh 0) is left as it was: 10 us since boot.
# remembered NAME prints NAME=<it>: hwlat selected in a probe instance with
# tracing_thresh 0 shows it there; then tracing_thresh is 33 again.
remembered() {
	echo 0 > /sys/kernel/tracing/tracing_thresh
	mkdir /sys/kernel/tracing/instances/probe
	echo hwlat > /sys/kernel/tracing/instances/probe/current_tracer
	echo "\$1=\$(cat /sys/kernel/tracing/tracing_thresh)"
	echo nop > /sys/kernel/tracing/instances/probe/current_tracer
	rmdir /sys/kernel/tracing/instances/probe
	echo 33 > /sys/kernel/tracing/tracing_thresh
}
echo 0 > /sys/kernel/tracing/tracing_thresh
hwnoisetop hwlat --threshold 1 --window 100000 --width 50000 --duration 1 --quiet --hardlimit 60s
remembered last_thresh
# Each way out by a signal.
for sig in INT TERM HUP; do
	hwnoisetop hwlat --threshold 1 --window 200000 --width 100000 --duration 1h --hardlimit 60s --watch > s_\$sig.txt 2>&1 & pid=\$!
	wait_for 'grep -q "^ts:" s_\$sig.txt'
	sleep 1
	kill -\$sig \$pid; wait \$pid; echo "rc_\$sig=\$?"
	grep -q '^test interrupted' s_\$sig.txt && grep -q '^Samples recorded: ' s_\$sig.txt && echo "summary_\$sig=yes"
	[ "\$before" = "\$(snap)" ] && echo "restored_\$sig=yes" || { echo "restored_\$sig=no"; snap; }
done
# NMIs go to CPU 0 only: there the width is the whole window (the tracer
# still sleeps 1 ms between windows), so nearly every NMI lands in one.
hwnoisetop hwlat -c 0 --threshold 1 --window 1000000 --width 1000000 --duration 1h --hardlimit 60s --watch > nmi.txt 2>&1 & pid=\$!
wait_for 'grep -q "^ts:" nmi.txt'
t0=\$(date +%s)
n0=\$(awk '\$1 == "NMI:" { print \$2; exit }' /proc/interrupts)
lab_host nmi 5 || echo "lab_host failed"
echo "nmi_seconds=\$((\$(date +%s) - t0))"
sleep 2
echo "nmi_taken=\$((\$(awk '\$1 == "NMI:" { print \$2; exit }' /proc/interrupts) - n0))"
kill -INT \$pid; wait \$pid; echo "rc_nmi=\$?"
echo "@@nmi"; cat nmi.txt; echo "@@end"
# A crash: the fatal-signal handler restores everything before dying.
hwnoisetop hwlat --threshold 1 --window 200000 --width 100000 --duration 1h --watch > segv.txt 2>&1 & pid=\$!
wait_for 'grep -q "^ts:" segv.txt'
kill -SEGV \$pid; wait \$pid; echo "rc_segv=\$?"
[ "\$before" = "\$(snap)" ] && echo "restored_segv=yes" || { echo "restored_segv=no"; snap; }
# SIGKILL leaves everything as it was during the run; the next run refuses;
# --cleanup puts it back (the mode saved as its word, the instance removed).
hwnoisetop hwlat --threshold 1 --window 200000 --width 100000 --mode per-cpu --duration 1h --watch > kill.txt 2>&1 & pid=\$!
wait_for 'grep -q "^ts:" kill.txt'
kill -KILL \$pid; wait \$pid; echo "rc_kill=\$?"
snap | grep -q '^hwlat_detector/width=100000$' && echo "left_after_kill=yes"
hwnoisetop hwlat --duration 1 > k2.txt 2>&1; echo "rc_k2=\$?"; echo "k2_msg=\$(cat k2.txt)"
hwnoisetop --cleanup > c.txt 2>&1; echo "rc_cleanup=\$?"
[ "\$before" = "\$(snap)" ] && echo "restored_cleanup=yes" || { echo "restored_cleanup=no"; cat c.txt; snap; }
# The kernel's remembered hwlat threshold after SIGKILL and --cleanup: still 10 us.
remembered kill_last_thresh
# One session switched from hwnoise to hwlat and back, as the dashboard does.
if command -v session-switch > /dev/null; then
	echo "@@switch"; session-switch; echo "rc_switch=\$?"; echo "@@end"
	[ "\$before" = "\$(snap)" ] && echo "restored_switch=yes" || { echo "restored_switch=no"; snap; }
fi
# A hwlat tracer already running (the top level's): refused, nothing changed.
echo hwlat > /sys/kernel/tracing/current_tracer
b2=\$(snap)
hwnoisetop hwlat --duration 2 > busy.txt 2>&1; echo "rc_busy=\$?"; echo "busy_msg=\$(cat busy.txt)"
[ "\$b2" = "\$(snap)" ] && echo "busy_unchanged=yes"
echo nop > /sys/kernel/tracing/current_tracer
# A second hwnoisetop hwlat while one runs.
hwnoisetop hwlat --duration 6 --quiet & pid=\$!
wait_for 'grep -qs hwlat /sys/kernel/tracing/instances/hwnoisetop-*-hwlat/current_tracer'
hwnoisetop hwlat --duration 2 > busy2.txt 2>&1; echo "rc_busy2=\$?"; echo "busy2_msg=\$(cat busy2.txt)"
# hwnoise shares tracing_thresh with hwlat: it may not start beside it.
hwnoisetop -q -d 2 > busy3.txt 2>&1; echo "rc_busy3=\$?"; echo "busy3_msg=\$(cat busy3.txt)"
wait \$pid; echo "rc_first=\$?"
# Nor hwlat beside hwnoise.
hwnoisetop -q -d 20 > /dev/null 2>&1 & pid=\$!
wait_for 'grep -qs osnoise /sys/kernel/tracing/instances/hwnoisetop-*/current_tracer'
hwnoisetop hwlat --duration 2 > busy4.txt 2>&1; echo "rc_busy4=\$?"; echo "busy4_msg=\$(cat busy4.txt)"
kill -INT \$pid; wait \$pid
[ "\$before" = "\$(snap)" ] && echo "restored_end=yes" || { echo "restored_end=no"; snap; }
EOF
t1=$(date +%s)
diag "lab VM: $((t1 - t0)) s"

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
block() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@$1\$/,/^@@end\$/p" | sed '1d;$d'; }
is "$LAB_RC" 0 "the guest script ran"
[ "$LAB_RC" = 0 ] || diag "$LAB_OUT"

# Samples and the report.
out=$(block out)
rep=$(block rep)
diag "$(printf '%s\n' "$out" | grep -v '^ts: ' | sed -n '1,/^Samples exceeding/p')"
is "$(get rc_normal)" 0 "the run exits 0 (max below the hard limit)"
is "$(get err)" "" "nothing on stderr"
like "$(printf '%s\n' "$out" | sed -n 1p)" '^hwnoisetop hwlat:  test duration 5 seconds$' "the parameters first"
like "$out" '        Sample width:      80000us' "the width among the parameters"
recorded=$(printf '%s\n' "$out" | sed -n 's/^Samples recorded: //p')
exceeding=$(printf '%s\n' "$out" | sed -n 's/^Samples exceeding threshold: //p')
maxlat=$(printf '%s\n' "$out" | sed -n 's/^Max Latency: \([0-9]*\)us$/\1/p')
[ "${recorded:-0}" -ge 5 ]; ok $? "samples appear under TCG with --threshold 1 ($recorded in 5 s of 100 ms windows)"
line_re='^ts: [0-9]+\.[0-9]{9}, inner:[0-9]+, outer:[0-9]+, cpu:[0-9]+, count:[0-9]+, nmi-total:[0-9]+, nmi-count:[0-9]+$'
is "$(printf '%s\n' "$rep" | grep -Evc "$line_re")" 0 "every report line has the sample format"
is "$(printf '%s\n' "$rep" | grep -c .)" "$recorded" "report lines = Samples recorded"
is "$(printf '%s\n' "$rep" | awk -F'count:' '{ split($2, a, ","); s += a[1] } END { print s + 0 }')" \
	"$exceeding" "sum of the report's counts = Samples exceeding threshold"
is "$(printf '%s\n' "$rep" | awk -F'[:,]' '{ i = $4 + 0; o = $6 + 0; m = i > o ? i : o; if (m > max) max = m } END { print max + 0 }')" \
	"$maxlat" "max of the report's inner and outer = Max Latency"
is "$(printf '%s\n' "$out" | grep -E "$line_re")" "$rep" "the samples printed as they came are the report's lines"
like "$out" "report saved to rep.txt \\($recorded samples\\)" "the report file is named with its count"
is "$(get changed_during)" yes "settings were changed while measuring (the check can fail)"
is "$(get width_during)" yes "the width was 80000 while measuring"
is "$(get instance_during)" yes "a hwnoisetop-PID-hwlat instance existed while measuring"
is "$(get restored_normal)" yes "every setting restored after the duration ended"

# The hard limit.
is "$(get rc_hard | cut -d' ' -f1)" 1 "max above --hardlimit: exit 1"
is "$(get rc_hard | sed 's/.*quiet_bytes=//')" 0 "--quiet prints nothing"
is "$(get restored_hard)" yes "every setting restored after the hard-limit run"

# -T -d -c, --interval --sample_width, -q.
sp=$(block sp)
sprep=$(block sprep)
diag "$sp"
is "$(get rc_spell)" 0 "-T 1 --interval 20 --sample_width 80 -d 3 -c 1 --cpu-list 0 -q: exit 0"
is "$(get sp_timing)" yes "--interval 20 --sample_width 80: window 100000 us, width 80000 us in the kernel"
is "$(get sp_thresh)" yes "-T 1: tracing_thresh 1 while measuring"
is "$(printf '%s\n' "$sp" | sed -n 1p)" "test finished" "-q: no parameters before the summary"
is "$(printf '%s\n' "$sp" | grep -cE "$line_re")" 0 "-q: no samples after it"
is "$(printf '%s\n' "$sprep" | grep -E "$line_re" | grep -vc 'cpu:0,')" 0 "--cpu-list 0 after -c 1: every sample from CPU 0"
n_sp=$(printf '%s\n' "$sprep" | grep -cE "$line_re")
want_avg=$(printf '%s\n' "$sprep" | grep -E "$line_re" | sed 's/^ts: \([0-9]*\)\.\([0-9]*\),.*/\1 \2/' |
	awk '{ t = $1 * 1000000000 + $2; if (NR == 1 || t < lo) lo = t; if (NR == 1 || t > hi) hi = t }
	     END { if (NR > 1) printf "%d", (hi - lo) / (NR - 1) / 1000 }')
[ "$n_sp" -ge 2 ] && is "$(printf '%s\n' "$sp" | sed -n 's/^Average interval between spikes: //p')" "${want_avg}us" \
	"the average interval between spikes: (latest - earliest) / (samples - 1) of the report ($n_sp samples)" ||
	skip 1 "fewer than two samples ($n_sp)"
is "$(get restored_spell)" yes "every setting restored after the run with the older spellings"
is "$(get rc_night)" "1 night_bytes=0" "the man page's --quiet -d ... --record line: nothing printed, exit 1 (above the default hard limit under TCG)"
is "$(get rc_night_replay)" 1 "its recording replays with the recorded status"
like "$(get night_json)" '^"samples_recorded":[0-9]+,"samples_exceeding_threshold":[0-9]+,"avg_smi_interval_us":([0-9]+|null)$' \
	"its --json has the average interval beside the count"

# per-cpu mode.
pc=$(block pc)
is "$(get rc_percpu)" 0 "per-cpu run exits 0"
cpus=$(printf '%s\n' "$pc" | grep -E "$line_re" | sed 's/.*cpu:\([0-9]*\),.*/\1/' | sort -u | tr '\n' ' ')
is "$cpus" "0 1 " "per-cpu mode: samples from every listed CPU"
diag "per-cpu samples: CPU 0 $(printf '%s\n' "$pc" | grep -c 'cpu:0,'), CPU 1 $(printf '%s\n' "$pc" | grep -c 'cpu:1,')"
first_sample=$(printf '%s\n' "$pc" | grep -nE "$line_re" | head -1 | cut -d: -f1)
finished=$(printf '%s\n' "$pc" | grep -n '^test finished' | cut -d: -f1)
[ "${first_sample:-99}" -lt "${finished:-0}" ]; ok $? "--watch prints samples before the end"
is "$(get restored_percpu)" yes "every setting restored after per-cpu mode"

is "$(get last_thresh)" 10 "the kernel's remembered hwlat threshold is left as it was"

for sig in INT TERM HUP; do
	is "$(get rc_$sig)" 0 "SIG$sig ends the run (status 0: below the hard limit)"
	is "$(get summary_$sig)" yes "SIG$sig: 'test interrupted' and the summary"
	is "$(get restored_$sig)" yes "every setting restored after SIG$sig"
done

# NMIs.
nmi=$(block nmi)
is "$(get rc_nmi)" 0 "NMI run exits 0"
is "$(printf '%s\n' "$nmi" | grep -E "$line_re" | grep -vc 'cpu:0,')" 0 "-c 0: every sample from CPU 0"
nmis=$(printf '%s\n' "$nmi" | grep -E "$line_re" | awk -F'nmi-count:' '{ s += $2 } END { print s + 0 }')
diag "NMI samples ($(get nmi_seconds) s to inject): $(printf '%s\n' "$nmi" | grep 'nmi-count:[1-9]')"
# A slow host's kernel may send NMIs of its own (an RCU stall's backtrace).
[ "$(get nmi_taken)" -ge 5 ] 2>/dev/null; ok $? "CPU 0 took the 5 NMIs injected ($(get nmi_taken) in all)"
# The tracer sleeps a few ms between windows (about 1 % of the time here):
# an NMI may fall there, rarely two.
[ "$nmis" -ge 4 ] && [ "$nmis" -le "$(get nmi_taken)" ]; ok $? \
	"the NMIs show up in CPU 0's samples' nmi-count ($nmis of $(get nmi_taken))"
nmit=$(printf '%s\n' "$nmi" | grep 'nmi-count:[1-9]' | grep -c 'nmi-total:[1-9]')
is "$nmit" "$(printf '%s\n' "$nmi" | grep -c 'nmi-count:[1-9]')" "samples with NMIs have their time (nmi-total > 0)"

is "$(get rc_segv)" 139 "SIGSEGV: the program dies of it (status 139)"
is "$(get restored_segv)" yes "SIGSEGV: every setting restored by the crash handler"

# SIGKILL and --cleanup.
is "$(get rc_kill)" 137 "SIGKILL: the run dies (status 137)"
is "$(get left_after_kill)" yes "SIGKILL: the settings stay changed (the check can fail)"
is "$(get rc_k2)" 3 "after a SIGKILL a new run refuses: exit 3"
like "$(get k2_msg)" "run 'hwnoisetop --cleanup' first" "after a SIGKILL a new run points to --cleanup"
is "$(get rc_cleanup)" 0 "--cleanup exits 0"
is "$(get restored_cleanup)" yes "--cleanup restores every hwlat setting and removes the instance"
is "$(get kill_last_thresh)" 10 "--cleanup leaves the kernel's remembered hwlat threshold as it was"

# The session switching tracers.
if [ ${#switch_bin[@]} -gt 0 ]; then
	sw=$(block switch)
	sw() { printf '%s\n' "$sw" | sed -n "s/^$1=//p" | head -1; }
	diag "$sw"
	is "$(get rc_switch)" 0 "session switch: the driver exits 0"
	is "$(sw phase1_instances),$(sw phase2_instances),$(sw phase3_instances),$(sw end_instances)" \
		"osnoise,hwlat,osnoise," "session switch: one tracer at a time, in its own instance, none left"
	[ "$(sw phase1_osnoise_periods)" -gt 0 ] && [ "$(sw phase2_hwlat_samples)" -gt 0 ] &&
		[ "$(sw phase3_osnoise_periods)" -gt "$(sw phase2_osnoise_periods)" ]
	ok $? "session switch: hwnoise periods, then hwlat samples, then hwnoise periods again"
	is "$(sw phase2_width) $(sw phase2_mode)" "150000 none round-robin [per-cpu]" \
		"session switch: width/window and mode changed live under hwlat"
	is "$(sw phase2_timing_refused)" 1 "session switch: an osnoise request is refused under hwlat"
	is "$(get restored_switch)" yes "session switch: every setting of both tracers restored"
else
	skip 6 "tests/lab/session-switch is not built"
fi

# Busy.
is "$(get rc_busy)" 3 "a hwlat tracer already current: exit 3"
like "$(get busy_msg)" '^hwnoisetop: the tracer is busy: hwlat is the current tracer of /sys/kernel/tracing; stop it first [(]echo nop > /sys/kernel/tracing/current_tracer[)]$' \
	"a hwlat tracer already current: one line saying so"
is "$(get busy_unchanged)" yes "a hwlat tracer already current: nothing changed"
is "$(get rc_busy2)" 3 "a second hwnoisetop hwlat: exit 3"
like "$(get busy2_msg)" '^hwnoisetop: the tracer is busy: hwlat runs in instance hwnoisetop-[0-9]+-hwlat' \
	"a second hwnoisetop hwlat: one line naming the first one's instance"
is "$(get rc_busy3)" 1 "hwnoise beside a running hwlat: exit 1"
like "$(get busy3_msg)" '^hwnoisetop: the tracer is busy: hwlat runs in instance hwnoisetop-[0-9]+-hwlat' \
	"hwnoise beside a running hwlat: one line naming its instance"
is "$(get rc_busy4)" 3 "hwlat beside a running hwnoise: exit 3"
like "$(get busy4_msg)" '^hwnoisetop: the tracer is busy: osnoise runs in instance hwnoisetop-[0-9]+ ' \
	"hwlat beside a running hwnoise: one line naming its instance"
is "$(get restored_end)" yes "every setting as before at the end"
