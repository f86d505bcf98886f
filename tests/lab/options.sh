#!/bin/bash
# The rtla hwnoise options beyond the basic table, on the real osnoise
# tracer in one lab VM boot: -s/-S/-a stop conditions and the saved trace,
# -e/--filter/--trigger with a hist: file, -P (FIFO, RR, DEADLINE, and again
# after the kernel restarts the threads), -C with and without a name,
# --warm-up, --trace-buffer-size/--trace-always, and --cleanup after SIGKILL.
. "$(dirname "$0")/lib.sh"

lab_require
plan 52

lab_run --cpus 2 --bin "$HWNOISETOP" -- <<'EOF'
T=/sys/kernel/tracing
C=/sys/fs/cgroup
snap() { cd $T; grep -H '' tracing_thresh current_tracer osnoise/stop_tracing_us osnoise/stop_tracing_total_us osnoise/period_us osnoise/runtime_us osnoise/cpus osnoise/options events/osnoise/enable events/osnoise/sample_threshold/filter events/osnoise/sample_threshold/enable; ls instances /run/hwnoisetop; cd /lab; }
# The osnoise/N threads: "pid policy rt_priority cgroup" (stat fields 41, 40).
# Few processes: forks are slow in the guest while CPUs measure.
threads() { for f in $(grep -l '^osnoise/' /proc/[0-9]*/comm 2>/dev/null); do d=${f%/comm}; read -r st < $d/stat; read -r cg < $d/cgroup; set -- $st; shift 39; echo "${d#/proc/} $2 $1 $cg"; done; }
# Wait (up to 20 s) until N osnoise/N threads run: starting is slow under TCG.
wait_threads() { i=0; while [ "$(threads | wc -l)" -lt "$1" ] && [ $i -lt 40 ]; do sleep 0.5; i=$((i + 1)); done; }
mkdir -p -m 0700 /run/hwnoisetop
cd $T; echo 7 > tracing_thresh; echo 1234 > osnoise/stop_tracing_total_us; cd /lab
before=$(snap)
check() { [ "$before" = "$(snap)" ] && echo "restored_$1=yes" || { echo "restored_$1=no"; snap; }; }

# -s: stops with status 2, names the CPU, saves the trace.
hwnoisetop -q -c 1 -s 50 -t -d 60s > s.out 2>&1; echo "rc_s=$?"
echo "s_out=$(grep 'hwnoisetop hit stop tracing' s.out)"
echo "s_saved=$(grep -c '^trace saved to osnoise_trace.txt' s.out)"
echo "s_rtla=$(grep -cxF -e 'osnoise hit stop tracing' -e '  Saving trace to osnoise_trace.txt' s.out)"
echo "s_trace_stop=$(grep -c 'stop tracing hit on cpu 1' osnoise_trace.txt)"
echo "s_trace_events=$(grep -c ' sample_threshold: start ' osnoise_trace.txt)"
check s
# -S: the period total.
hwnoisetop -q -c 1 -S 1000 -d 60s > S.out 2>&1; echo "rc_S=$?"
echo "S_out=$(grep 'hwnoisetop hit stop tracing' S.out)"
check S
# -a = -s us -T 1 -t
rm -f osnoise_trace.txt
hwnoisetop -q -c 0 -a 50 -d 60s > a.out 2>&1; echo "rc_a=$?"
echo "a_out=$(grep 'hwnoisetop hit stop tracing' a.out)"
[ -s osnoise_trace.txt ] && echo "a_saved=yes"
check a

# -e with --filter and a hist: trigger.
hwnoisetop -q -c 1 -d 4s -t -e osnoise:sample_threshold --filter 'duration > 100000' --trigger 'hist:keys=duration.log2' --trace-always > e.out 2>&1; echo "rc_e=$?"
echo "e_durations=$(grep -o ' sample_threshold: start [0-9.]* duration [0-9]*' osnoise_trace.txt | awk '{print $NF}' | sort -n | sed -n '1p;$p' | tr '\n' ' ')"
echo "e_count=$(grep -c ' sample_threshold: start ' osnoise_trace.txt)"
echo "e_note=$(grep 'histogram' e.out)"
echo "@@hist"; cat osnoise_sample_threshold_hist.txt; echo "@@end"
check e

# -P f:10 on every thread, and again after the kernel restarts them.
hwnoisetop -q -c 0-1 -r 300000 -d 60s -P f:10 > f.out 2>&1 & pid=$!
wait_threads 2; sleep 1.5; threads | sed 's/^/pre /'
old=$(threads | cut -d' ' -f1)
echo OSNOISE_IRQ_DISABLE > $T/osnoise/options
# hwnoisetop looks each second: wait for two new threads with policy FIFO.
i=0; while [ "$(threads | grep -v "$old" | grep -c ' 1 10 ')" -lt 2 ] && [ $i -lt 20 ]; do sleep 0.5; i=$((i + 1)); done
threads | sed 's/^/post /'
kill -INT $pid; wait $pid; echo "rc_f=$?"; echo "f_out=$(grep -v '^ *[0-9]* #\|Hardware\|^duration\|^CPU' f.out)"
check f

# -P r:20 with -C NAME, then -C without a name (hwnoisetop's own cgroup).
mkdir $C/hwn $C/own
hwnoisetop -q -c 0-1 -r 300000 -d 60s -P r:20 -C hwn > r.out 2>&1 & pid=$!
wait_threads 2; sleep 1.5; threads | sed 's/^/rr /'
kill -INT $pid; wait $pid; echo "rc_r=$?"; echo "r_out=$(grep -v '^ *[0-9]* #\|Hardware\|^duration\|^CPU' r.out)"
sh -c "echo \$\$ > $C/own/cgroup.procs; exec hwnoisetop -q -c 1 -d 60s -C" > own.out 2>&1 & pid=$!
wait_threads 1; sleep 1.5; threads | sed 's/^/own /'
kill -INT $pid; wait $pid; echo "rc_own=$?"; echo "own_out=$(grep -v '^ *[0-9]* #\|Hardware\|^duration\|^CPU' own.out)"
check C

# -P d: refused while CPU 1 shares its root domain, accepted once it has its own.
hwnoisetop -q -c 1 -d 3s -P d:800ms:1s > d1.out 2>&1; echo "rc_d1=$?"; echo "d1_msg=$(cat d1.out)"
check d1
echo +cpuset > $C/cgroup.subtree_control; mkdir $C/rt; echo 1 > $C/rt/cpuset.cpus; echo root > $C/rt/cpuset.cpus.partition
hwnoisetop -q -c 1 -d 60s -P d:800ms:1s > d.out 2>&1 & pid=$!
wait_threads 1; sleep 1.5; for p in $(threads | cut -d' ' -f1); do echo "dl $p $(grep -E '^policy' /proc/$p/sched | tr -d ' ') $(grep -cE '^dl\.(runtime|deadline)' /proc/$p/sched)"; done
kill -INT $pid; wait $pid; echo "rc_d=$?"; echo "d_out=$(grep -v '^ *[0-9]* #\|Hardware\|^duration\|^CPU' d.out)"
check d

# --warm-up 2: stop conditions armed only after it; its periods discarded.
t0=$(date +%s)
hwnoisetop -q -c 1 --warm-up 2 -d 2s -s 1000000 > w.out 2>&1 & pid=$!
wait_threads 1; t1=$(date +%s); echo "w_stop_during=$(cat $T/osnoise/stop_tracing_us)"
while [ "$(cat $T/osnoise/stop_tracing_us)" = 0 ] && kill -0 $pid 2>/dev/null; do sleep 0.2; done
echo "w_stop_after=$(cat $T/osnoise/stop_tracing_us)"; echo "w_armed_after=$(( $(date +%s) - t1 ))"
wait $pid; echo "rc_w=$?"; echo "w_secs=$(( $(date +%s) - t0 ))"
echo "w_row=$(grep '^  1 #' w.out)"
check w

# --trace-buffer-size and --trace-always.
hwnoisetop -q -c 1 -d 60s -t run.txt --trace-always --trace-buffer-size 2048 > b.out 2>&1 & pid=$!
wait_threads 1; echo "b_size=$(cat $T/instances/hwnoisetop-*-record/buffer_size_kb)"
kill -INT $pid; wait $pid; echo "rc_b=$?"; echo "b_note=$(grep 'trace saved' b.out)"
[ -s run.txt ] && echo "b_saved=yes"
check b

# --cleanup after SIGKILL.
# (-s 10 s never fires under TCG; a hist: trigger stays in the record instance.)
hwnoisetop -q -c 1 -s 10000000 -T 3 -t -e osnoise:sample_threshold --trigger hist:keys=duration > k.out 2>&1 & pid=$!
wait_threads 1; sleep 1; kill -9 $pid; wait $pid
echo "k_irq=$(grep -c ' OSNOISE_IRQ_DISABLE' $T/osnoise/options)"
echo "k_stop=$(cat $T/osnoise/stop_tracing_us)"; echo "k_thresh=$(cat $T/tracing_thresh)"
echo "k_inst=$(ls $T/instances | wc -l) k_state=$(ls /run/hwnoisetop | wc -l)"
hwnoisetop -q -d 2s > k2.out 2>&1; echo "rc_k2=$?"; echo "k2_msg=$(cat k2.out)"
hwnoisetop --cleanup > c.out 2>&1; echo "rc_c=$?"
echo "@@cleanup"; cat c.out; echo "@@end"
check cleanup
hwnoisetop --cleanup > c2.out 2>&1; echo "rc_c2=$?"; echo "c2_msg=$(cat c2.out)"
EOF

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -n 1; }
section() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@$1\$/,/^@@end\$/p" | sed '1d;$d'; }
lines() { printf '%s\n' "$LAB_OUT" | grep "^$1 " | cut -d' ' -f2-; }
restored() { is "$(get restored_$1)" yes "every setting restored after $2"; }
is "$LAB_RC" 0 "the guest script ran in one VM boot"

is "$(get rc_s)" 2 "-s 50: the stop condition ends the run with status 2"
like "$(get s_out)" 'stop tracing hit on cpu 1: a single noise of [0-9]+ us is above -s 50 us' "-s: says which CPU hit it and why"
is "$(get s_saved)" 1 "-s -t: says the trace was saved"
is "$(get s_rtla)" 2 "-s -t: rtla's lines 'osnoise hit stop tracing' and '  Saving trace to osnoise_trace.txt'"
ok "$(( $(get s_trace_stop) >= 1 ? 0 : 1 ))" "-s -t: the saved trace holds the stop message"
ok "$(( $(get s_trace_events) >= 1 ? 0 : 1 ))" "-s -t: the saved trace holds osnoise events ($(get s_trace_events) sample_threshold)"
restored s "-s"
is "$(get rc_S)" 2 "-S 1000: status 2"
like "$(get S_out)" 'stop tracing hit on cpu 1: the noise of a period, [0-9]+ us, is above -S 1000 us' "-S: names the CPU and the period noise"
restored S "-S"
is "$(get rc_a)" 2 "-a 50: status 2"
like "$(get a_out)" 'hit on cpu 0: a single noise' "-a: names the CPU"
is "$(get a_saved)" yes "-a: saves osnoise_trace.txt"
restored a "-a (tracing_thresh back from 1)"

is "$(get rc_e)" 0 "-e/--filter/--trigger run exits 0"
is "$(get e_note)" "histogram of osnoise:sample_threshold saved to osnoise_sample_threshold_hist.txt" "says where the histogram went"
hist=$(section hist)
diag "$(printf '%s\n' "$hist" | head -n 12)"
buckets=$(printf '%s\n' "$hist" | grep -cE '^\{ duration: ~ 2\^[0-9]+ *\} hitcount: +[1-9][0-9]*$')
ok "$((buckets >= 1 ? 0 : 1))" "the hist file has real buckets ($buckets)"
read -r dmin dmax <<<"$(get e_durations)"
ok "$(( $(get e_count) >= 1 && ${dmin:-0} > 100000 ? 0 : 1 ))" "--filter: the $(get e_count) sample_threshold events in the trace all have duration > 100000 ns ($dmin..$dmax)"
restored e "-e (trigger and instance removed)"

pre=$(lines pre) post=$(lines post)
diag "before the restart:" "$pre" "after:" "$post"
is "$(printf '%s\n' "$pre" | wc -l)" 2 "-P f:10: one osnoise/N thread per measured CPU"
is "$(printf '%s\n' "$pre" | awk '$2 != 1 || $3 != 10' | wc -l)" 0 "-P f:10: every osnoise/N thread is SCHED_FIFO 10"
is "$(printf '%s\n%s\n' "$pre" "$post" | cut -d' ' -f1 | sort | uniq -d | wc -l)" 0 "writing osnoise/options restarted the threads (new pids)"
is "$(printf '%s\n' "$post" | awk '$2 == 1 && $3 == 10' | wc -l)" 2 "-P f:10 applied again to the restarted threads"
is "$(get rc_f)" 0 "-P f:10 run exits 0" || diag "$(get f_out)"
restored f "-P f:10"

rr=$(lines rr) own=$(lines own)
diag "-P r:20 -C hwn:" "$rr" "-C:" "$own"
is "$(printf '%s\n' "$rr" | awk '$2 == 2 && $3 == 20 && $4 == "0::/hwn"' | wc -l)" 2 "-P r:20 -C hwn: both threads SCHED_RR 20 in cgroup hwn"
is "$(get rc_r)" 0 "-C hwn run exits 0" || diag "$(get r_out)"
is "$(printf '%s\n' "$own" | awk '$4 == "0::/own"' | wc -l)" 1 "-C without a name: the thread joins hwnoisetop's own cgroup"
is "$(get rc_own)" 0 "-C run exits 0" || diag "$(get own_out)"
restored C "-C"

is "$(get rc_d1)" 1 "-P d: refused by the kernel while CPU 1 shares a root domain: exit 1"
like "$(get d1_msg)" 'SCHED_DEADLINE: Operation not permitted .*cpuset partition' "-P d: the refusal says why and what to do"
restored d1 "the refused -P d"
dl=$(lines dl)
diag "$dl"
is "$(printf '%s\n' "$dl" | awk '$2 == "policy:6" && $3 == 2' | wc -l)" 1 "-P d:800ms:1s: the thread is SCHED_DEADLINE (policy 6, dl.runtime/deadline shown)"
is "$(get rc_d)" 0 "-P d run exits 0" || diag "$(get d_out)"
restored d "-P d"

is "$(get w_stop_during)" 0 "--warm-up: the stop condition is not armed during the warm-up"
is "$(get w_stop_after)" 1000000 "--warm-up: armed after it"
row=$(get w_row)
diag "warm-up row: $row ($(get w_secs) s)"
periods=$(echo "$row" | awk '{print $2}' | tr -d '#')
ok "$(( $(get w_armed_after) >= 1 ? 0 : 1 ))" "--warm-up 2: armed $(get w_armed_after) s after the threads started"
ok "$(( ${periods:-99} <= 3 && $(get w_secs) >= 4 ? 0 : 1 ))" "--warm-up 2 -d 2s: ran $(get w_secs) s but counted only $periods periods"
restored w "--warm-up"

b=$(get b_size)
ok "$(( ${b:-0} >= 2048 && ${b:-0} < 2064 ? 0 : 1 ))" "--trace-buffer-size 2048 sizes the record instance ($b kB, rounded up to pages)"
like "$(get b_note)" '^trace saved to run.txt \([0-9]+ events\)$' "--trace-always saves the trace at the end of a normal run"
restored b "--trace-buffer-size"

is "$(get k_irq)" 1 "after SIGKILL OSNOISE_IRQ_DISABLE is left set"
is "$(get k_stop) $(get k_thresh)" "10000000 3" "after SIGKILL stop_tracing_us and tracing_thresh are left changed"
like "$(get k2_msg)" "run 'hwnoisetop --cleanup' first" "a new run refuses and points to --cleanup"
is "$(get rc_c)" 0 "--cleanup exits 0"
diag "$(section cleanup)"
like "$(section cleanup)" 'tracing_thresh = 7' "--cleanup says what it restores"
restored cleanup "--cleanup: every setting and no instance left"
like "$(get c2_msg)" 'nothing to clean up' "a second --cleanup has nothing to do"
