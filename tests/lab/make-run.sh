#!/bin/bash
# make run (tests/lab/run.sh) when the lab VM dies before hwnoisetop starts:
# labvm boots it once more; when the second boot dies too, the kernel's
# console lines and what to try are shown, and the status is not 0.
# LABVM_TEST_DIE_BOOTS=N makes the first N boots crash the kernel
# (sysrq c) before the guest script starts.
. "$(dirname "$0")/lib.sh"
lab_require
plan 11

tmpd=$(mktemp -d) || exit 1
lab_cleanup() { rm -rf "$tmpd"; }
run_sh=$(cd "$(dirname "$0")" && pwd)/run.sh

# make_run N: tests/lab/run.sh with the first N boots dying; $out, $err, $rc.
make_run() {
	(cd "$tmpd" && ARGS="-q -d 2" LABVM_TEST_DIE_BOOTS=$1 timeout 600 \
		"$run_sh" "$HWNOISETOP" </dev/null >"$tmpd/out" 2>"$tmpd/err")
	rc=$?
	out=$(cat "$tmpd/out") err=$(cat "$tmpd/err")
}

make_run 1
if [[ $out != "make run: "*"running hwnoisetop in the lab VM"* ]]; then
	skip_all "make run measures on this machine's kernel, not in the lab VM"
fi
diag "$err"
is "$rc" 0 "first boot dies: make run still ends with status 0"
like "$out" $'\nCPU Period +Runtime' "first boot dies: the second boot prints the table"
like "$out" 'hwnoisetop exited with status 0' "first boot dies: hwnoisetop ran once"
like "$out" 'make run: SMT on \(siblings 0-1 and 2-3\), TSC watchdog on: try s' \
	"the guest has SMT siblings and a running TSC watchdog, and says what to try"
is "$(grep -c 'booting it once more' <<<"$err")" 1 "first boot dies: one more boot, said once"
unlike "$err" "make run: the lab VM died" "first boot dies: no failure message"

make_run 2
diag "$err"
is "$rc" 125 "both boots die: status 125"
unlike "$out" 'hwnoisetop exited' "both boots die: hwnoisetop never ran"
like "$err" 'labvm: the VM died twice before the script started' "both boots die: says so"
# From the first oops or panic line: sysrq's panic, or an oops that
# emulation on a loaded host caused before it (labvm shows that one then).
like "$err" $'labvm: the kernel\'s console:\nlabvm: +\\[ *[0-9.]+\\] (Kernel panic - not syncing: sysrq|Oops: )' \
	"both boots die: the kernel's console from its first oops or panic line"
like "$err" "make run: the lab VM died .*run 'make run' again" "both boots die: what to try"
