#!/bin/bash
# --why in the lab VM with nothing injected: no cause may be credited.
# The other half of why.sh (which makes each cause on demand and runs
# alone), here beside another lab VM: nothing made, the other VM's load
# is noise in every period and no cause's.  One boot, 2 cores x 2 threads
# (CPU 1 is CPU 0's sibling, idle), the msr module; CPU 0 measured in
# periods of 250 ms for 12 s, hwnoisetop on CPUs 2-3: no cause credited,
# SMIs and NMIs none counted, the NMI time measured and 0, the TSC
# watchdog's visits counted and none (the guest boots with tsc=reliable:
# the kernel runs no watchdog), the clocksource never changed; one run,
# recorded: its text live, its --json from the replay.
. "$(dirname "$0")/lib.sh"

lab_require
plan 9

lab_run --smt --msr --timeout 300 --bin "$HWNOISETOP" -- <<'EOF_GUEST'
hwnoisetop -q --why --smi -p 250000 -r 250000 -c 0 -H 2-3 -d 12 --record /lab/c.jsonl >c.out 2>c.err
echo "c_rc=$?"
echo "@@file c"; cat c.out c.err; echo "@@end"
hwnoisetop --replay /lab/c.jsonl --json >c.json 2>/dev/null
echo "c_json=$(grep -c '"why":{"0":{"periods":' c.json)"
EOF_GUEST
is "$LAB_RC" 0 "the guest script ran"
[ "$LAB_RC" = 0 ] || diag "$LAB_OUT"

# line TEXT CAUSE: the cause's line of CPU 0's block.
line() { grep -m1 "^  $2 " <<<"$1"; }

c=$(lab_file c)
diag "$c"
is "$(lab_get c_rc)" 0 "-q --why --smi --record exits with status 0"
like "$c" "no cause credited" "nothing injected, no cause credited"
like "$(line "$c" "SMI")" "^  SMI +none counted" "no SMI raised, none counted"
like "$(line "$c" "NMI")" "^  NMI +none counted" "no NMI sent, none counted"
like "$(line "$c" "NMI time")" "^  NMI time +0 us measured, 0(\.0)?% of the noise \([1-9][0-9]* periods\)$" \
	"no NMI sent, the NMI time measured is 0"
like "$(line "$c" "TSC watchdog")" "^  TSC watchdog +none counted" \
	"the TSC watchdog's visits counted, none (tsc=reliable: no watchdog runs)"
like "$(line "$c" "clocksource")" "^  clocksource +never changed" "the clocksource never changed"
is "$(lab_get c_json)" 1 "--json carries CPU 0's attribution"
