#!/bin/bash
# The state directory, the state files and --cleanup against a hostile or
# unlucky machine, in one lab VM boot: a /run/hwnoisetop open to others or
# a symlink, crafted state files naming files outside tracefs, symlinks
# planted at the output files, a killed run's PID reused by another process
# (ns_last_pid), a run alive beside --cleanup, osnoise left at the top
# level (--cleanup --orphans says it, leaves it), and (with Debian's rtla)
# the osnoise_top instance rtla leaves when its terminal closes.
. "$(dirname "$0")/lib.sh"

lab_require
plan 51

rtla=$(command -v rtla)
lab_run --cpus 2 --bin "$HWNOISETOP" ${rtla:+--bin "$rtla"} -- <<'EOF'
T=/sys/kernel/tracing
snap() { cd $T; for f in tracing_thresh osnoise/period_us osnoise/runtime_us osnoise/cpus osnoise/options osnoise/stop_tracing_us current_tracer; do echo "$f=$(cat $f)"; done; echo "instances=$(ls instances)"; echo "state=$(ls /run/hwnoisetop 2>/dev/null)"; cd /lab; }
wait_for() { i=0; while [ $i -lt 100 ]; do eval "$1" && return 0; sleep 0.2; i=$((i + 1)); done; echo "timeout waiting for: $1"; return 1; }
echo 7 > $T/tracing_thresh

# A state directory open to everyone: refused before anything changes.
mkdir -p /run/hwnoisetop; chmod 0777 /run/hwnoisetop
before=$(snap)
hwnoisetop -q -c 1 -d 2s > d1.txt 2>&1; echo "rc_d1=$?"
echo "d1_lines=$(wc -l < d1.txt)"; echo "d1_msg=$(cat d1.txt)"
[ "$before" = "$(snap)" ] && echo "d1_unchanged=yes"
hwnoisetop --cleanup > d1c.txt 2>&1; echo "rc_d1c=$?"; echo "d1c_msg=$(cat d1c.txt)"
# A symlink to a directory elsewhere: refused, nothing written there.
rmdir /run/hwnoisetop; mkdir -m 0700 /lab/elsewhere; ln -s /lab/elsewhere /run/hwnoisetop
hwnoisetop -q -c 1 -d 2s > d2.txt 2>&1; echo "rc_d2=$?"; echo "d2_msg=$(cat d2.txt)"
echo "d2_files=$(ls /lab/elsewhere | wc -l)"
rm /run/hwnoisetop; mkdir -m 0700 /run/hwnoisetop
before=$(snap)

# Crafted state files naming a file outside tracefs: refused whole.
echo precious > /lab/victim
printf 'hwnoisetop-state 2\nentry\ttracer\tvalue\t0\t%s\t5\t\nentry\tknob\tvalue\t0\t/lab/victim\tpwned\t\nend\t2\n' \
	$T/tracing_thresh > /run/hwnoisetop/hwnoisetop-999999.state
chmod 600 /run/hwnoisetop/hwnoisetop-999999.state
hwnoisetop --cleanup > c1.txt 2>&1; echo "rc_c1=$?"; echo "c1_msg=$(cat c1.txt)"
echo "c1_victim=$(cat /lab/victim) c1_thresh=$(cat $T/tracing_thresh)"
rm -f /run/hwnoisetop/hwnoisetop-999999.state
# The format before the version line, with a relative path and ../ in it.
printf 'tracing\t%s\nvalue\t%s/../../../lab/victim\tpwned\nvalue\tvictim\tpwned\n' $T $T \
	> /run/hwnoisetop/hwnoisetop-999998.state
chmod 600 /run/hwnoisetop/hwnoisetop-999998.state
hwnoisetop --cleanup > c2.txt 2>&1; echo "rc_c2=$?"; echo "c2_msg=$(cat c2.txt)"
echo "c2_victim=$(cat /lab/victim)"
rm -f /run/hwnoisetop/hwnoisetop-999998.state

# Symlinks planted at the output files are not followed.
ln -s /lab/victim osnoise_trace.txt
hwnoisetop -q -c 1 -a 1 -d 20s > t.txt 2>&1; echo "rc_t=$?"
echo "t_victim=$(cat /lab/victim)"; echo "t_msg=$(grep 'osnoise_trace.txt' t.txt)"
ln -s /lab/victim mytrace.txt
hwnoisetop -q -c 1 -d 2s -t mytrace.txt > t2.txt 2>&1; echo "rc_t2=$?"; echo "t2_msg=$(cat t2.txt)"
rm -f mytrace.txt
rm -f osnoise_trace.txt
ln -s /lab/victim rep.txt
hwnoisetop hwlat --report rep.txt --duration 1 > r.txt 2>&1; echo "rc_r=$?"
echo "r_victim=$(cat /lab/victim)"; echo "r_msg=$(cat r.txt)"
rm -f rep.txt
[ "$before" = "$(snap)" ] && echo "files_unchanged=yes" || snap

# Killed before its first write: only its (empty) lock file is left.
: > /run/hwnoisetop/hwnoisetop-77777.lock
hwnoisetop --cleanup > sl.txt 2>&1; echo "rc_sl=$?"; echo "sl_msg=$(cat sl.txt | tr '\n' ' ')"
echo "sl_left=$(ls /run/hwnoisetop | tr '\n' ' ')"

# A live run beside --cleanup is left alone.
hwnoisetop -q -c 1 -d 1h > live.txt 2>&1 & pid=$!
wait_for '[ -n "$(ls $T/instances)" ] && [ -e /run/hwnoisetop/hwnoisetop-$pid.state ]'
hwnoisetop --cleanup > lc.txt 2>&1; echo "rc_lc=$?"; echo "lc_msg=$(cat lc.txt)"
echo "live_inst=$(ls $T/instances | tr '\n' ' ')"
# SIGKILL, then the PID reused by an unrelated process (ns_last_pid).
kill -9 $pid; wait $pid
# (kernel threads take PIDs too: try until the PID comes out right)
i=0; q=0
while [ $i -lt 300 ]; do
	echo $((pid - 1)) > /proc/sys/kernel/ns_last_pid
	sleep 1000 & q=$!
	[ $q = $pid ] && break
	kill $q; i=$((i + 1))
done
[ $q = $pid ] && echo "reused=yes" || echo "reused=no: $i tries, last $q for $pid, held by $(cat /proc/$pid/comm 2>&1)"
hwnoisetop -q -c 1 -d 2s > r1.txt 2>&1; echo "rc_r1=$?"; echo "r1_msg=$(cat r1.txt)"
hwnoisetop --cleanup > rc.txt 2>&1; echo "rc_rc=$?"
echo "@@reuse"; cat rc.txt; echo "@@end"
[ "$before" = "$(snap)" ] && echo "reuse_restored=yes" || snap
hwnoisetop -q -c 1 -d 2s > r2.txt 2>&1; echo "rc_r2=$?"; echo "r2_msg=$(grep hwnoisetop: r2.txt)"
kill $q
[ "$before" = "$(snap)" ] && echo "end_restored=yes" || snap

# osnoise set at the top level by hand (or trace-cmd start): not ours, said
# with the way to stop it, left alone.
echo osnoise > $T/current_tracer
hwnoisetop --cleanup --orphans > top.txt 2>&1; echo "rc_top=$?"
echo "top_msg=$(grep 'top level' top.txt)"; echo "top_lines=$(grep -c 'top level' top.txt)"
echo "top_tracer=$(cat $T/current_tracer)"
echo nop > $T/current_tracer
[ "$before" = "$(snap)" ] && echo "top_restored=yes" || snap

# rtla osnoise top, OSNOISE_IRQ_DISABLE preset (as rtla hwnoise), alive, then
# killed by SIGHUP (a closed terminal): its instance stays, measuring.
if command -v rtla > /dev/null; then
	echo "have_rtla=yes"
	echo OSNOISE_IRQ_DISABLE > $T/osnoise/options
	rtla osnoise top -q -c 1 -p 1000000 -r 750000 -d 1h > rt.txt 2>&1 & rp=$!
	wait_for '[ "$(cat $T/instances/osnoise_top/current_tracer 2>/dev/null)" = osnoise ]'
	sleep 3
	hwnoisetop -q -c 1 -d 2s > busy1.txt 2>&1; echo "rc_busy1=$?"; echo "busy1_msg=$(cat busy1.txt)"
	hwnoisetop --cleanup --orphans > o1.txt 2>&1; echo "rc_o1=$?"; echo "o1_msg=$(cat o1.txt | tr '\n' ' ')"
	echo "o1_inst=$(ls $T/instances)"
	kill -HUP $rp; wait $rp; echo "rc_hup=$?"
	echo "hup_inst=$(ls $T/instances) hup_tracer=$(cat $T/instances/osnoise_top/current_tracer)"
	hwnoisetop -q -c 1 -d 2s > busy2.txt 2>&1; echo "rc_busy2=$?"; echo "busy2_lines=$(wc -l < busy2.txt)"
	echo "busy2_msg=$(cat busy2.txt)"
	hwnoisetop --cleanup --orphans > o2.txt 2>&1; echo "rc_o2=$?"
	echo "@@orphans"; cat o2.txt; echo "@@end"
	echo "o2_inst=$(ls $T/instances)"
	[ "$before" = "$(snap)" ] && echo "orphans_defaults=yes" || snap
	hwnoisetop -q -c 1 -d 2s > ok.txt 2>&1; echo "rc_ok=$?"
	# Alive, reading once a second, but a 10 s period: nothing to read
	# between two summaries.  A user between reads, not an orphan.
	rtla osnoise top -q -c 1 -p 10000000 -r 1000000 -d 1h > rt2.txt 2>&1 & rp=$!
	wait_for '[ "$(cat $T/instances/osnoise_top/current_tracer 2>/dev/null)" = osnoise ]'
	sleep 1
	hwnoisetop -q -c 1 -d 2s > idle1.txt 2>&1; echo "rc_idle1=$?"; echo "idle1_msg=$(cat idle1.txt)"
	hwnoisetop --cleanup --orphans > idle2.txt 2>&1; echo "idle2_msg=$(cat idle2.txt | tr '\n' ' ')"
	echo "idle_inst=$(ls $T/instances)"
	kill -INT $rp; wait $rp
fi
EOF

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -n 1; }
section() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@$1\$/,/^@@end\$/p" | sed '1d;$d'; }
[[ $LAB_RC == 0 ]] || diag "$LAB_OUT"

isnt "$(get rc_d1)" 0 "a state directory open to others: the run refuses"
is "$(get d1_lines)" 1 "in one line"
like "$(get d1_msg)" '/run/hwnoisetop must be owned by root with mode 0700' "naming the directory and what it must be"
is "$(get d1_unchanged)" yes "and nothing changed"
isnt "$(get rc_d1c)" 0 "--cleanup refuses it too"
like "$(get d1c_msg)" '/run/hwnoisetop must be owned by root' "and says why"
isnt "$(get rc_d2)" 0 "a symlinked state directory: the run refuses"
like "$(get d2_msg)" 'not a directory \(a symlink\?\)' "saying it is a symlink"
is "$(get d2_files)" 0 "nothing written where it points"

isnt "$(get rc_c1)" 0 "a state file naming a file outside tracefs: --cleanup fails"
like "$(get c1_msg)" '/lab/victim, which hwnoisetop never writes' "naming the path in one line"
is "$(get c1_victim)" "precious c1_thresh=7" "and writes nothing of that file (not even its tracefs line)"
is "$(get c2_victim)" precious "an old-format file with ../ or a relative path writes nothing"
like "$(get c2_msg)" 'never writes' "and says why"

is "$(get t_victim)" precious "a symlink at osnoise_trace.txt is not followed"
like "$(get t_msg)" 'osnoise_trace.txt.*(symlink|cannot write)' "and says why it does not write it"
is "$(get rc_t2)" 1 "-t naming a symlink is refused when parsed"
like "$(get t2_msg)" 'is a symlink: not followed' "saying so"
is "$(get r_victim)" precious "a symlink at the hwlat --report file is not followed"
is "$(get rc_r)" 3 "hwlat --report naming a symlink is refused when parsed"
like "$(get r_msg)" 'is a symlink: not followed' "saying so"
is "$(get files_unchanged)" yes "the tracer settings are as before"

like "$(get sl_msg)" 'removed /run/hwnoisetop/hwnoisetop-77777.lock, left by a run killed before it changed anything' "--cleanup removes the lock file a run killed before its first write left"
unlike "$(get sl_left)" 'hwnoisetop-77777' "it is gone"
like "$(get lc_msg)" 'belongs to a running hwnoisetop: left alone' "--cleanup leaves a live run alone"
like "$(get live_inst)" 'hwnoisetop-' "its instance is still there"
is "$(get reused)" yes "the killed run's PID is reused by another process"
like "$(get r1_msg)" "run 'hwnoisetop --cleanup' first" "a new run points to --cleanup (the leftovers are dead)"
like "$(section reuse)" 'restoring the settings a killed run saved' "--cleanup restores the killed run whatever PID exists now"
is "$(get reuse_restored)" yes "every setting restored, no instance, no state or lock file left"
is "$(get rc_r2)" 0 "a new run works afterwards"
is "$(get end_restored)" yes "and leaves nothing behind"
is "$(get rc_top) $(get top_lines)" "0 1" "--cleanup --orphans with osnoise at the top level: exit 0, one line about it"
like "$(get top_msg)" "^hwnoisetop: osnoise is the top level's current tracer \\(CPUs [^ ]+ spin [0-9]+ of every [0-9]+ us\\), not set by hwnoisetop: left alone; stop it with: echo nop > /sys/kernel/tracing/current_tracer\$" \
	"saying what it costs and how to stop it"
is "$(get top_tracer)" osnoise "and leaves it running"
is "$(get top_restored)" yes "nothing else changed"

if [[ $(get have_rtla) != yes ]]; then
	skip 15 "no rtla on this machine (Debian's rtla package) to leave an instance behind"
	exit 0
fi
unlike "$(get busy1_msg)" 'no process uses' "an rtla alive and reading is not called an orphan"
like "$(get busy1_msg)" 'stop it first' "the run refuses beside it and says stop it first"
like "$(get o1_inst)" 'osnoise_top' "--cleanup --orphans leaves an instance in use alone"
is "$(get hup_inst)" 'osnoise_top hup_tracer=osnoise' "rtla killed by SIGHUP leaves osnoise_top measuring"
is "$(get busy2_lines)" 1 "the run then refuses in one line"
like "$(get busy2_msg)" 'osnoise runs in instance osnoise_top, which no process uses' "calling it an orphan"
like "$(get busy2_msg)" 'CPUs 1 spin with interrupts off 750000 of every 1000000 us' "saying what it costs"
like "$(get busy2_msg)" "hwnoisetop --cleanup --orphans" "and the way out"
is "$(get rc_o2)" 0 "--cleanup --orphans exits 0"
diag "$(section orphans)"
like "$(section orphans)" 'removed the orphaned osnoise instance osnoise_top' "it removes the orphan"
like "$(section orphans)" 'osnoise/options = DEFAULTS \(was .*OSNOISE_IRQ_DISABLE' "and lists each value put back to the defaults"
is "$(get orphans_defaults) $(get o2_inst) $(get rc_ok)" "yes  0" "no instance left, settings at their defaults, a run works"
unlike "$(get idle1_msg)" 'no process uses' "a live rtla between two reads of a 10 s period is not called an orphan"
like "$(get idle1_msg)" 'stop it first' "the run refuses beside it"
like "$(get idle2_msg) $(get idle_inst)" 'osnoise_top is in use.* osnoise_top$' "--cleanup --orphans leaves it alone"
