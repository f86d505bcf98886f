#!/bin/bash
# tests/hw/real-box.sh in the lab VM (2 cores x 2 threads, the msr module
# loaded as a box's admin would): the battery a real machine gets, short
# (-s 60), must end with no FAIL, each step's file written, SMT and every
# other setting as before, and "could not" only for what this guest lacks.
. "$(dirname "$0")/lib.sh"

lab_require
plan 10

top=$(cd "$(dirname "$0")/../.." && pwd)
lab_run --smt --msr --timeout 600 --bin "$HWNOISETOP" --file "$top/tests/hw/real-box.sh:/lab/real-box.sh" -- <<'EOF_GUEST'
modprobe msr 2>/dev/null
sh /lab/real-box.sh -b "$(command -v hwnoisetop)" -o /lab/rb -s 40 > /lab/rb.out 2>&1
echo "rb_rc=$?"
echo "@@summary"; cat /lab/rb/summary.txt; echo "@@end"
for f in q-why.txt hist.txt experiment.txt dashboard.txt settings.before; do
	echo "has_$f=$([ -s /lab/rb/$f ] && echo yes || echo no)"
done
echo "why_cpus=$(grep -c '^CPU [0-9]' /lab/rb/q-why.txt)"
EOF_GUEST

get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
summary=$(printf '%s\n' "$LAB_OUT" | sed -n '/^@@summary$/,/^@@end$/p' | sed '1d;$d')
diag "$summary"
# said STEP: the summary has one line "ok: STEP..."
said() { grep -c "^ok: $1" <<<"$summary"; }
is "$(get rb_rc)" 0 "real-box.sh -s 40 (its shortest) in the lab guest: no FAIL (status 0)"
is "$(said "-q --why --smi ")" 1 "the table with --why and --smi (the msr module is loaded)"
is "$(said "hist ")" 1 "hist"
is "$(said "an SMT experiment")" 1 "an SMT experiment in the 2x2 guest"
is "$(said "the dashboard at 80x24")" 1 "the dashboard at 80x24, ended with q"
is "$(said "every setting as before")" 1 "every setting read before reads the same after"
is "$(get has_q-why.txt)$(get has_hist.txt)$(get has_experiment.txt)$(get has_dashboard.txt)$(get has_settings.before)" \
	yesyesyesyesyes "each step's file written in the directory"
is "$(get why_cpus)" 4 "every online CPU's causes in the table"

# On this machine (no osnoise tracer here): not root, and root without osnoise.
tmp=$(mktemp -d) && chmod 777 "$tmp" || exit 1
lab_cleanup() { rm -rf "$tmp"; }
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ]; then
	setpriv --reuid=65534 --regid=65534 --clear-groups sh "$top/tests/hw/real-box.sh" \
		-b "$HWNOISETOP" -o "$tmp/nobody" -s 40 > "$tmp/nobody.out" 2>&1
	is "$?$(grep -c '^could not: run the battery: not root' "$tmp/nobody.out")" 31 \
		"not root: status 3 and one line saying so, nothing run"
elif [ "$(id -u)" != 0 ]; then
	sh "$top/tests/hw/real-box.sh" -b "$HWNOISETOP" -o "$tmp/nobody" -s 40 > "$tmp/nobody.out" 2>&1
	is "$?$(grep -c '^could not: run the battery: not root' "$tmp/nobody.out")" 31 \
		"not root: status 3 and one line saying so, nothing run"
else
	skip 1 "root without setpriv: cannot drop to another user here"
fi
if [ "$(id -u)" = 0 ] && ! grep -qsw osnoise /sys/kernel/tracing/available_tracers; then
	sh "$top/tests/hw/real-box.sh" -b "$HWNOISETOP" -o "$tmp/root" -s 40 > "$tmp/root.out" 2>&1
	is "$?$(grep -c '^could not: measure: this kernel has no osnoise tracer' "$tmp/root.out")" 31 \
		"root on a kernel without osnoise: status 3, says so"
else
	skip 1 "this machine is not root without osnoise"
fi
