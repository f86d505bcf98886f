#!/bin/bash
# hwnoisetop audit in the 2x2 SMT guest, booted with CPU 3 isolated:
# items changed on purpose flip (SMT off, isolation given for CPU 3 and
# not for CPU 0, the SMI count with the msr module and an SMI raised), the
# exit status follows the worst verdict, and the audit changes nothing it
# reads.  (The NMI watchdog cannot be switched on here: TCG gives the guest
# no PMU, "Perf NMI watchdog permanently disabled"; test-audit checks that a
# failure exits 3.)
. "$(dirname "$0")/lib.sh"

lab_require
plan 12
lab_run --smt --msr --append "isolcpus=3 nohz_full=3 rcu_nocbs=3 irqaffinity=0-2" --bin "$HWNOISETOP" -- <<'EOF_GUEST'
snap() { cat /sys/devices/system/cpu/smt/control /proc/sys/kernel/nmi_watchdog \
	/proc/sys/kernel/timer_migration /proc/sys/kernel/sched_rt_runtime_us \
	/sys/devices/system/clocksource/clocksource0/current_clocksource 2>&1; }
verdict() { sed -n "s/^$2  *\([a-z]*\) .*/\1/p" "$1" | head -1; }
before=$(snap)
hwnoisetop audit -c 3 > a3.txt; echo "rc3=$?"
echo "smt_on=$(verdict a3.txt SMT)"
echo "iso3=$(verdict a3.txt isolcpus)$(verdict a3.txt nohz_full)$(verdict a3.txt rcu_nocbs)$(verdict a3.txt irqaffinity)"
[ "$before" = "$(snap)" ] && echo "unchanged=yes"
hwnoisetop audit -c 0 > a0.txt
echo "iso0=$(verdict a0.txt isolcpus)$(verdict a0.txt nohz_full)$(verdict a0.txt rcu_nocbs)$(verdict a0.txt irqaffinity)"
echo off > /sys/devices/system/cpu/smt/control
hwnoisetop audit -c 0 > b.txt
echo "smt_off=$(verdict b.txt SMT)"
hwnoisetop audit -c 0 > n0.txt; echo "nmi0=$(verdict n0.txt 'NMI watchdog')"
hwnoisetop audit --json -c 0 > j.txt; echo "json_rc=$?"
echo "json_items=$(grep -o '"key":' j.txt | wc -l)"
smis() { sed -n 's/^SMIs  *[a-z]*  *\([0-9]*\) since boot.*/\1/p' "$1"; }
hwnoisetop audit -c 0 > s0.txt; echo "smi_nomsr=$(verdict s0.txt SMIs)"
insmod "$LAB_MSR_KO" && hwnoisetop audit -c 0 > s1.txt
printf '\000' | dd of=/dev/port bs=1 seek=178 count=1 2>/dev/null
hwnoisetop audit -c 0 > s2.txt
echo "smi_counts=$(smis s1.txt) $(smis s2.txt) $(verdict s2.txt SMIs)"
hwnoisetop audit -c 9 > bad.txt 2> bad.err; echo "rc_bad=$?"; echo "bad_lines=$(wc -l < bad.err)"
EOF_GUEST
get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
is "$(get smt_on)" warn "SMT on: warn"
is "$(get iso3)" passpasspasspass "CPU 3 under isolcpus, nohz_full, rcu_nocbs and out of irqaffinity: pass, pass, pass, pass"
is "$(get iso0)" warnwarnwarnwarn "CPU 0 left out of them: warn each"
is "$(get unchanged)" yes "the audit changed nothing it reads"
is "$(get smt_off)" pass "SMT switched off: pass"
is "$(get nmi0)" pass "the NMI watchdog off (the guest has no PMU: it cannot be on): pass"
ok "$([ "$(get rc3)" = 2 ] || [ "$(get rc3)" = 3 ]; echo $?)" "warnings: exit status 2 or 3 ($(get rc3))"
is "$(get json_items)" 19 "--json: 19 items"
is "$(get smi_nomsr)" unknown "no msr module: the SMI count is unknown"
set -- $(get smi_counts)
ok "$([ -n "$1" ] && [ -n "$2" ] && [ "$2" -gt "$1" ] && [ "$3" = warn ]; echo $?)" \
	"with the msr module: SMIs since boot counted, one raised through port 0xB2 counted too, warn ($*)"
is "$(get rc_bad)" 1 "-c 9 (no such CPU): exit 1"
is "$(get bad_lines)" 1 "in one line"
