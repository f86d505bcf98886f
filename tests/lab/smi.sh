#!/bin/bash
# SMIs counted per CPU (MSR 0x34) and the TSC watchdog's visits, in the lab VM.
# qemu (TCG) counts every SMI it delivers in MSR 0x34 of the vCPU; a write to
# I/O port 0xB2 raises one on CPU 0.  The SMIs are raised from CPU 2, which
# is not measured, while CPUs 0 and 1 are (runtime = period = 1 s).
#
# Boot 1, 3 CPUs, the msr module in the guest but not loaded:
#   -q without --smi: rtla's table, the module never loaded; -q --smi loads
#   the module, counts the K SMIs on CPU 0 exactly and 0 on CPU 1, HW >= K,
#   and unloads it; a module loaded by someone else stays; the dashboard's
#   SMI column (hwnoise view, then hwlat view) and the osnoise view's TSCwd
#   column; hwnoisetop hwlat --smi.
# Boot 2, no msr module, tsc=reliable: --smi gives no column and one line
#   on stderr, the same status and table as without it; TSCwd stays 0.
. "$(dirname "$0")/lib.sh"

lab_require
plan 26

common=$(cat <<'EOF_COMMON'
. /etc/lab/tmux-guest.sh
# raise K: K SMIs on CPU 0, raised from CPU 2, 0.3 s apart: like NMIs, an
# SMI raised while the last one is still pending (CPU 0's vCPU not run yet
# on a loaded host) merges with it.
raise() { taskset -c 2 sh -c 'i=0; while [ $i -lt '"$1"' ]; do printf "\000" | dd of=/dev/port bs=1 seek=178 count=1 2>/dev/null; sleep 0.3; i=$((i + 1)); done'; }
msr_loaded() { grep -c '^msr ' /proc/modules; }
# gone: until no hwnoisetop runs (it restores and leaves after q).
gone() { i=0; while pidof hwnoisetop >/dev/null && [ $i -lt 300 ]; do sleep 0.2; i=$((i + 1)); done; }
# col NAME CPU: the dashboard's NAME column in CPU's row (titles are right-aligned).
col() { cap | awk -v name="$1" -v cpu="$2" '
	/^ CPU / { h = $0 " "; e = index(h, " " name " "); if (e) e += length(name) }
	e && $1 == cpu && $2 ~ /^[0-9]+$/ { v = substr($0, 1, e); sub(/.* /, "", v); print v; exit }'; }
# colsum NAME: the column summed over the CPU rows.
colsum() { s=0; for c in 0 1 2; do v=$(col "$1" $c); s=$((s + ${v:-0})); done; echo $s; }
# waitcol NAME CPU VALUE: until the column shows VALUE (40 s).
waitcol() { i=0; while [ $i -lt 200 ]; do [ "$(col "$1" "$2")" = "$3" ] && return 0; sleep 0.2; i=$((i + 1)); done; return 1; }
rtla_header='CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI'
EOF_COMMON
)

guest1=$(cat <<'EOF_GUEST'
stamp plain
echo "msr_at_boot=$(msr_loaded)"
hwnoisetop -q -c 0 -d 2 -H 1-2 >plain.out 2>plain.err
echo "plain_rc=$? plain_module=$(msr_loaded)"
echo "plain_header=$([ "$(sed -n 3p plain.out)" = "$rtla_header" ] && echo yes)$(wc -c <plain.err)"

stamp tscwd
# The dashboard's osnoise view first, default period: the watchdog's visits.
tmux -f /dev/null new-session -d -s d -x 160 -y 20 -c /lab "hwnoisetop -c 0-1 -H 2; sleep 600"
waitfor '^ +1  +[0-9]+ ' 100
# The kernel's own record of the same expiries on CPUs 0-1: our instance's
# trace, read right before and right after the screen is read, so the time
# the test itself takes under emulation does not count as the program's lag.
kcount() { cat /sys/kernel/tracing/instances/hwnoisetop-*-tscwd/trace 2>/dev/null | grep -cE '\[00[01]\].* function=clocksource_watchdog'; }
# i restarts the statistics: the column counts from then on, the trace
# from the start.  Read before i and once the view shows the column.
kb=$(kcount)
key i; waitfor ' TSCwd ' 50
ka=$(kcount)
i=0; while [ $i -lt 40 ] && [ "$(colsum TSCwd)" = 0 ]; do sleep 0.5; i=$((i + 1)); done
# A slow host may draw the screen late: read again (up to 10 s) while the
# column lags by more than two ticks; a column ahead of the kernel ends it.
i=0; while :; do
	k1=$(kcount); t=$(colsum TSCwd); k2=$(kcount)
	{ [ "$t" -gt $((k2 - kb)) ] || [ $((k1 - ka - t)) -le 4 ] || [ $i -ge 20 ]; } 2>/dev/null && break
	sleep 0.5; i=$((i + 1))
done
echo "tscwd_default=$t"
echo "tscwd_kernel=$k1 $k2"
echo "tscwd_reset=$kb $ka"
screen tscwd
key q; gone; tmux kill-server

stamp smi
# -q --smi, the module loaded by hwnoisetop; 5 SMIs from CPU 2 into the run,
# raised once it measures, then 3 periods before SIGINT ends it (a guest
# booted again single-threaded is slow: no fixed -d).
hwnoisetop -q --smi -c 0-1 -p 1000000 -r 1000000 -T 1 -H 2 -d 1h >smi.out 2>smi.err &
pid=$!
i=0; while [ "$(cat /sys/kernel/tracing/instances/hwnoisetop-*/tracing_on 2>/dev/null)" != 1 ] &&
	[ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
sleep 1; echo "during_module=$(msr_loaded)"
raise 5
sleep 3
kill -INT $pid; wait $pid; echo "smi_rc=$?"
echo "after_module=$(msr_loaded)"
echo "@@file smi"; cat smi.out smi.err; echo "@@end"

stamp kept
# Loaded by someone else: it stays.
modprobe msr
hwnoisetop -q --smi -c 0 -d 2 -H 1-2 >/dev/null 2>&1
echo "kept_module=$(msr_loaded)"

stamp dash
# The dashboard: SMI column in the hwnoise view, then in the hwlat view.
tmux -f /dev/null new-session -d -s d -x 160 -y 20 -c /lab \
	"hwnoisetop -c 0-1 -p 1000000 -r 1000000 -H 2; sleep 600"
waitfor '^ +1  +[0-9]+ ' 100
# The SMI column comes with the counters' first read, which may follow the
# first rows on a slow host.
waitfor '^ CPU .* SMI ' 100 >/dev/null
echo "dash_smi0_before=$(col SMI 0)"
raise 4
echo "dash_smi=$(yn waitcol SMI 0 4)$(col SMI 1)"
screen hwnoise
key w; waitfor ' Samples ' 100
raise 3
echo "hwlat_smi=$(yn waitcol SMI 0 3)$(col SMI 1)"
screen hwlat
key q; gone; tmux kill-server

stamp hwlat
# The 6 SMIs raised once the hwlat tracer runs, then SIGINT (no fixed
# --duration: a slow guest could end the run before the last SMIs).
hwnoisetop hwlat --smi -c 0-1 --duration 1h >hwlat.out 2>&1 &
pid=$!
# (hwnoisetop hwlat runs the tracer in an instance of its own: the top
# level's files never say hwlat, and the loop ran its whole 60 s or more.)
H=/sys/kernel/tracing/instances
i=0; while { [ "$(cat $H/hwnoisetop-*-hwlat/current_tracer 2>/dev/null)" != hwlat ] ||
	[ "$(cat $H/hwnoisetop-*-hwlat/tracing_on 2>/dev/null)" != 1 ]; } && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
echo "hwlat_waited=$i"
sleep 1; raise 6; sleep 2
kill -INT $pid; wait $pid
echo "@@file hwlat"; cat hwlat.out; echo "@@end"
stamp end
EOF_GUEST
)

guest2=$(cat <<'EOF_GUEST'
stamp plain
echo "cmdline_reliable=$(grep -c tsc=reliable /proc/cmdline)"
hwnoisetop -q -c 0 -d 2 -H 1 >plain.out 2>plain.err; echo "plain_rc=$?"
hwnoisetop -q --smi -c 0 -d 2 -H 1 >smi.out 2>smi.err; echo "smi_rc=$?"
echo "headers=$([ "$(sed -n 3p plain.out)" = "$rtla_header" ] && [ "$(sed -n 3p smi.out)" = "$rtla_header" ] && echo same)"
echo "plain_err=$(wc -c <plain.err) smi_err_lines=$(wc -l <smi.err)"
echo "@@file smi_err"; cat smi.err; echo "@@end"
stamp dash
tmux -f /dev/null new-session -d -s d -x 160 -y 20 -c /lab "hwnoisetop -c 0-1; sleep 600"
waitfor '^ +1  +[0-9]+ ' 100
echo "dash_no_smi=$(cap | grep '^ CPU ' | grep -c ' SMI ')$(yn waitfor 'no SMI column: ')"
key i; waitfor ' TSCwd ' 50
sleep 6
echo "tscwd_reliable=$(yn waitfor ' TSCwd ' 5)$(colsum TSCwd)"
screen reliable
key q; gone
stamp end
EOF_GUEST
)

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
file() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@file $1\$/,/^@@end/p" | sed '1d;$d'; }
scr() { diag "$(printf '%s\n' "$LAB_OUT" | sed -n "/^@@screen $1\$/,/^@@end/p" | sed '1d;$d')"; }
# field CPU N TEXT: the Nth field of CPU's row in a table.
field() { awk -v cpu="$1" -v n="$2" '$1 == cpu && $2 ~ /^#/ { print $n; exit }' <<<"$3"; }

lab_run --cpus 3 --msr --tsc-watchdog --timeout 900 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$common
$guest1"
is "$LAB_RC" 0 "boot 1: the guest script ran"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
[ "$LAB_RC" = 0 ] || diag "$LAB_OUT"
is "$(get msr_at_boot)" 0 "the msr module is not loaded at boot"
is "$(get plain_rc)" "0 plain_module=0" "-q without --smi: status 0, the module is never loaded"
is "$(get plain_header)" yes0 "-q without --smi: rtla's table header, nothing on stderr"
tsc=$(get tscwd_default) ktsc=$(get tscwd_kernel) kr=$(get tscwd_reset)
k1=${ktsc% *} k2=${ktsc#* } kb=${kr% *} ka=${kr#* }
# The column is drawn from the 1 s tick and counts from i's restart, which
# came between the kernel's kb and ka: while the screen was read the
# kernel's record went from k1 to k2; the column may lag it by up to two
# ticks (four expiries: the watchdog fires twice a second), never lead it.
[ -n "$tsc" ] && [ -n "$k1" ] && [ -n "$k2" ] && [ -n "$kb" ] && [ -n "$ka" ] &&
	[ "$tsc" -le $((k2 - kb)) ] && [ $((k1 - ka - tsc)) -le 4 ]
ok $? "default boot: TSCwd of the measured CPUs is the kernel's count of clocksource_watchdog expiries there ($tsc; the kernel's went from $k1 to $k2 while the screen was read, $kb to $ka across i's restart)"
[ "${tsc:-0}" -gt 0 ] || diag "no clocksource_watchdog expiry on CPUs 0-1 in this run (the kernel recorded $k2)"
scr tscwd
smi=$(file smi)
diag "$smi"
is "$(get during_module)" 1 "--smi loads the msr module"
is "$(get smi_rc)" 0 "-q --smi exits with status 0"
like "$smi" "NMI          SMI"$'\n' "-q --smi: an SMI column after NMI"
is "$(field 0 10 "$smi")" 5 "5 SMIs raised during the run: CPU 0's SMI figure is 5"
is "$(field 1 10 "$smi")" 0 "CPU 1's SMI figure is 0"
hw=$(field 0 8 "$smi")
[ "${hw:-0}" -ge 5 ]; ok $? "CPU 0's HW count ($hw) is at least the 5 SMIs (threshold 1 us)"
is "$(get after_module)" 0 "the module hwnoisetop loaded is unloaded at the end"
is "$(get kept_module)" 1 "a module loaded by someone else stays loaded"
is "$(get dash_smi0_before)" 0 "dashboard: CPU 0's SMI column starts at 0"
is "$(get dash_smi)" yes0 "dashboard: 4 SMIs raised show as 4 in CPU 0's row, 0 in CPU 1's"
scr hwnoise
is "$(get hwlat_smi)" yes0 "hwlat view: 3 SMIs raised show as 3 in CPU 0's row, 0 in CPU 1's"
scr hwlat
hwl=$(file hwlat)
diag "$hwl" "hwlat: its instance traced after $(get hwlat_waited) tries of 0.1 s"
like "$hwl" $'\n''SMIs on CPU 0: 6'$'\n' "hwnoisetop hwlat --smi: the 6 SMIs raised during the test on CPU 0"
like "$hwl" $'\n''SMIs on CPU 1: 0'$'\n' "hwnoisetop hwlat --smi: none on CPU 1"

lab_run --cpus 2 --append tsc=reliable --timeout 400 --bin "$HWNOISETOP" \
	--file "$lab_dir/tmux-guest.sh:/etc/lab/tmux-guest.sh" -- <<<"$common
$guest2"
is "$LAB_RC" 0 "boot 2 (no msr module, tsc=reliable): the guest script ran"
diag "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^@@time /time: /p' | tr '\n' ' ')"
[ "$LAB_RC" = 0 ] || diag "$LAB_OUT"
is "$(get cmdline_reliable)" 1 "tsc=reliable is on the kernel command line"
is "$(get plain_rc)$(get smi_rc)" 00 "without the module, --smi leaves the exit status as it is (0)"
is "$(get headers)" same "and the table keeps rtla's header: no SMI column"
err=$(file smi_err)
is "$(get plain_err)" "0 smi_err_lines=1" "one line on stderr with --smi, none without"
like "$err" '^hwnoisetop: no SMI column: .*msr' "the line says why: the msr module ($err)"
is "$(get dash_no_smi)" 0yes "dashboard: no SMI column, the reason on the status line"
is "$(get tscwd_reliable)" yes0 "tsc=reliable: the TSCwd column stays 0"
scr reliable
