#!/bin/bash
# Debian's 6.1.0-47 PREEMPT_RT kernel (6.1.170) has the osnoise tracer but
# no osnoise/options, so no OSNOISE_IRQ_DISABLE (6.1.0-57 got it backported):
# hwnoisetop refuses in one line, exit 1, and changes nothing.
. "$(dirname "$0")/lib.sh"

lab_require --kernel 6.1.0-47
plan 5
lab_run --kernel 6.1.0-47 --cpus 2 --bin "$HWNOISETOP" -- <<'EOF'
snap() { cd /sys/kernel/tracing; cat tracing_thresh osnoise/* current_tracer 2>/dev/null; ls instances; cd /lab; }
grep -qw osnoise /sys/kernel/tracing/available_tracers && echo "has_osnoise=yes"
before=$(snap)
hwnoisetop -q -c 1 -d 3s > out.txt 2> err.txt; echo "rc=$?"
echo "err=$(cat err.txt)"; echo "errlines=$(wc -l < err.txt)"; echo "outbytes=$(wc -c < out.txt)"
[ "$before" = "$(snap)" ] && echo "unchanged=yes"
EOF
get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
is "$(get has_osnoise)" yes "the 6.1.0-47 kernel has the osnoise tracer"
is "$(get rc)" 1 "exit status 1"
like "$(get err)" "^hwnoisetop: this kernel's osnoise tracer has no OSNOISE_IRQ_DISABLE option, which hwnoise mode needs \\(Linux >= 6\\.2\\): boot Linux >= 6\\.2, or measure with interrupts on: hwnoisetop --osnoise; to try hwnoisetop meanwhile, replay a recording made in an emulator: hwnoisetop --replay [^ ]*/example-emulator-smt\\.jsonl\$" "one line naming the missing option, the version that has it, --osnoise and the example recording"
is "$(get errlines)" 1 "exactly one line"
is "$(get unchanged)" yes "no setting changed, no instance left"
