#!/bin/sh
# The Why view (y) and the grid's Why column, playing in tmux a --why run
# that gen-experiment.py makes (4 CPUs, 120 periods; CPU 1's noise three
# times as high while its sibling, CPU 0, is busy): at 80x24 the grid names
# the SMT sibling as CPU 1's leading cause and "-" for the others; y shows
# CPU 1's causes as bars with their intervals, the unexplained share, the
# sibling's share of the largest single noises in one line, the latest
# tick's evidence and what to try; y returns to the grid.  A
# recording without evidence: y says how to get it.  replay-nmi.jsonl (NMI
# time recorded): y shows CPU 0's NMI time measured under its NMI line.
win=whyview
. "${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/screen-lib.sh"
if ! command -v python3 >/dev/null 2>&1; then
	[ "${CI:-}" = true ] && { echo "1..1"; tap_skip 1 "python3 is not installed"; exit 1; }
	echo "1..0 # SKIP python3 is not installed"
	exit 0
fi
echo 1..11
python3 "$src/tests/unit/gen-experiment.py" run 1 "$tmp/why.jsonl" || exit 1
row() { screen | grep -E "^ +$1 " | head -1; }
play 80 24 "NO_COLOR=1 LANG=C.UTF-8" "$tmp/why.jsonl"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'screen | grep -qE "^ *CPU .* Why( |$)"' "80x24: the grid has a Why column"
check 'row 1 | grep -qE " SMT( |$)" && row 0 | grep -qE " -( |$)" && row 3 | grep -qE " -( |$)"' \
	"it names the SMT sibling for CPU 1, - for CPUs 0 and 3"
key Down
key y
wait_for 'CPU 1: its noise put down to its causes'
check 'screen | grep -qE "120 periods, [0-9]+ us of noise; leading cause: SMT sibling"' \
	"y: CPU 1's periods and noise, its leading cause"
check 'screen | grep -qE "^ SMT sibling +\[#+=* *\] credited +[0-9.]+% \[[0-9.]+%, [0-9.]+%\]" &&
	screen | grep -A1 "^ SMT sibling" | grep -qE "noise x[0-9.]+ \[[0-9.]+, [0-9.]+\] in 60 of 120 periods"' \
	"the sibling's bar, share and interval, and (on under them at 80 columns) the noise ratio in 60 of 120 periods"
check 'screen | grep -qE "^ unexplained +[0-9.]+% \[[0-9.]+%, [0-9.]+%\]" && screen | grep -q "latest tick: SMT sibling busy "' \
	"the unexplained share with its interval, the latest tick's evidence"
check 'screen | grep -A1 "^ unexplained " | grep -qE "^ largest +>= [0-9]+ us: SMT sibling [0-9]+% \[[0-9]+%, [0-9]+%\], unexplained [0-9]+%$"' \
	"under it, the largest single noises: the sibling's share of them, the rest, in one line of 80 columns"
check 'screen | grep -qE "^ try: the SMT sibling.s work slows this CPU: keep the sibling idle, or turn SMT$" &&
	screen | grep -qE "^      off \(s in the system panel\)$"' "one sentence of what to try, cut at a space to 80 columns"
key y
check 'wait_for "^ *CPU .* Why( |$)" && ! screen | grep -q "put down to its causes"' "y again returns to the grid"
key q
wait_rc

play 80 24 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
wait_for 'x1 playing' && key y
check 'wait_for "no attribution in this run: start it with --why"' \
	"a recording without evidence: y says how to get it"
key q
wait_rc

play 80 24 "NO_COLOR=1 LANG=C.UTF-8" "$src/tests/unit/replay-nmi.jsonl"
wait_for 'x1 playing' && key 4 && wait_for ' END'
key y
wait_for 'CPU 0: its noise put down to its causes'
check 'screen | grep -qE "^ NMI time +250 us measured, 91\.6% of the noise \(20 periods\)$"' \
	"y with NMI time recorded: CPU 0's NMI time measured and its share, in 80 columns"
check 'screen | awk "/^ NMI  /{n=NR} /^ NMI time /{t=NR} /^ SMT sibling/{s=NR} END{exit !(n && n < t && t < s)}" &&
	screen | grep -q "latest tick: SMT sibling busy "' \
	"under the NMI line, before the sibling's; the rest of the view still fits"
key q
wait_rc
