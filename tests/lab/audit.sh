#!/bin/bash
# hwnoisetop audit in the 2x2 SMT guest, booted with CPU 3 isolated:
# items changed on purpose flip (SMT off, the NMI watchdog on and off,
# isolation given for CPU 3 and not for CPU 0), the exit status follows
# the worst verdict, and the audit changes nothing it reads.
. "$(dirname "$0")/lib.sh"

lab_require
plan 12
lab_run --smt --append "isolcpus=3 nohz_full=3 rcu_nocbs=3 irqaffinity=0-2" --bin "$HWNOISETOP" -- <<'EOF_GUEST'
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
if echo 1 > /proc/sys/kernel/nmi_watchdog 2>/dev/null && [ "$(cat /proc/sys/kernel/nmi_watchdog)" = 1 ]; then
	hwnoisetop audit -c 0 > n1.txt; echo "rc_nmi1=$?"
	echo "nmi1=$(verdict n1.txt 'NMI watchdog')"
else
	echo "nmi1=cannot"
fi
echo 0 > /proc/sys/kernel/nmi_watchdog
hwnoisetop audit -c 0 > n0.txt; echo "nmi0=$(verdict n0.txt 'NMI watchdog')"
hwnoisetop audit --json -c 0 > j.txt; echo "json_rc=$?"
echo "json_items=$(grep -o '"key":' j.txt | wc -l)"
hwnoisetop audit -c 9 > bad.txt 2> bad.err; echo "rc_bad=$?"; echo "bad_lines=$(wc -l < bad.err)"
EOF_GUEST
get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
is "$(get smt_on)" warn "SMT on: warn"
is "$(get iso3)" passpasspasspass "CPU 3 under isolcpus, nohz_full, rcu_nocbs and out of irqaffinity: pass, pass, pass, pass"
is "$(get iso0)" warnwarnwarnwarn "CPU 0 left out of them: warn each"
is "$(get unchanged)" yes "the audit changed nothing it reads"
is "$(get smt_off)" pass "SMT switched off: pass"
if [ "$(get nmi1)" = cannot ]; then
	skip 2 "this guest's NMI watchdog cannot be switched on"
else
	is "$(get nmi1)" fail "the NMI watchdog on: fail"
	is "$(get rc_nmi1)" 3 "a failure: exit status 3"
fi
is "$(get nmi0)" pass "the NMI watchdog off: pass"
ok "$([ "$(get rc3)" = 2 ] || [ "$(get rc3)" = 3 ]; echo $?)" "warnings: exit status 2 or 3 ($(get rc3))"
is "$(get json_items)" 19 "--json: 19 items"
is "$(get rc_bad)" 1 "-c 9 (no such CPU): exit 1"
is "$(get bad_lines)" 1 "in one line"
