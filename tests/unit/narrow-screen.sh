#!/bin/sh
# The dashboard on a plain terminal: 80x24 and 200x60, TERM=dumb, NO_COLOR
# and LANG=C, played back from tests/unit/replay-4cpu.jsonl in a detached
# tmux terminal on this machine (no root, no tracer).
win=narrow
. "${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/unit/screen-lib.sh"

echo 1..29

# TERM=dumb cannot place its cursor: the report only, and one line saying why.
play 80 24 "TERM=dumb NO_COLOR=1 LANG=C" "$rec"
wait_rc
check 'grep -qx 0 "$tmp/rc" &&
	grep -q "cannot move its cursor (TERM=dumb): showing only the report" "$tmp/err" &&
	[ "$(wc -l < "$tmp/err")" = 1 ] && screen | grep -q "^B against A: A = " &&
	screen | grep -q "^the verdicts. table is [0-9]* columns wide: a terminal that wide, or the output$" &&
	screen | grep -q "^    max single us, per period$"' \
	'TERM=dumb: the report in 80 columns (percentiles one block after the other, the verdicts said too wide), and one line on stderr saying why'

# 80x24: the key bar keeps q quit beside F1 help (replay and live bars).
play 80 24 "NO_COLOR=1 LANG=C" "$rec"
wait_for 'x1 playing'
check 'screen | tail -1 | grep -q "^ F1 help  q quit  z pause"' '80x24: q quit beside F1 help in the key bar'
[ "$(grep -c '" F1 help  q quit  s system' "$src/ui/screens/playview.c")" = 2 ] && ok 'the live key bars start F1 help  q quit' ||
	not_ok 'the live key bars start F1 help  q quit'

# The help at 80x24: wrapped at words, the replay's bindings each once, PgDn scrolls.
key F1
wait_for 'hwnoisetop keys'
check 'screen | grep -q "as fast as it can\$" && screen | grep -qE "^ {12}\(replay\)\$"' \
	'80x24 help: a long binding wraps at a word, its rest indented under the text'
check '[ "$(screen | grep -c "^ z ")" = 1 ] && ! screen | grep -q "^ T "' \
	'80x24 help of a replay: z once, and no key the replay refuses'
key NPage
key NPage
check 'screen | grep -q "hwnoisetop keys" && screen | grep -q "^ At a prompt" && ! screen | grep -q "^ z "' \
	'80x24 help: PgDn scrolls to the end and leaves it open'
key PPage
key PPage
check 'screen | grep -q "^ z " && ! screen | awk "length(\$0) > 80" | grep -q .' \
	'80x24 help: PgUp scrolls back to the top; no line is longer than the terminal'

# Sorting at 80x24: < and > step through the columns on screen, the title
# carries the order's mark (ASCII in LANG=C), I inverts it.
key q
play 80 24 "NO_COLOR=1 LANG=C" "$rec"
wait_for 'x1 playing' && key 4 && wait_for ' END'
: > "$tmp/sorted"
for i in 1 2 3 4 5 6 7 8 9 10; do key '>'; screen | tail -1 >> "$tmp/sorted"; done
check '! grep -qE "sorted by (Period|Runtime)" "$tmp/sorted" && grep -q "sorted by Noise, largest first" "$tmp/sorted"' \
	'80x24: > sorts by the columns on screen only (no Period, no Runtime)'
for i in 1 2 3 4 5 6 7 8; do screen | tail -1 | grep -q "sorted by Noise," && break; key ">"; done
first() { screen | awk 'h && /^ *[0-9]/ { print $1; exit } /CPU +v? *Noise/ { h = 1 }'; }
check 'screen | grep -qE "^ CPU +v Noise " && [ "$(first)" = 3 ]' \
	'LANG=C: the Noise title marked v, CPU 3 (122 us) first'
key I
check 'screen | grep -qE "^ CPU +\^ Noise " && screen | tail -1 | grep -q "sorted by Noise, smallest first" && [ "$(first)" != 3 ]' \
	'I inverts the order: ^ on the title, CPU 3 no longer first'
key q
play 200 60 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
wait_for 'x1 playing' && key '>'
check 'screen | grep -qE "^ CPU +▼Period "' '200x60, UTF-8: the Period title marked with a triangle'

# The History scale: the largest period over every CPU (CPU 3's 102 us),
# said in the title, the same whether CPU 3's row is on screen or not.
bars0() { screen | awk '$1 == "0" { print $NF; exit }'; }
key q
play 80 24 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
wait_for 'x1 playing' && key 4 && wait_for ' END'
full=$(bars0)
check 'screen | grep -qE " History 102\$" && screen | grep -qE "^ +3 "' '80x24: History 102 (CPU 3 on screen)'
key q
play 80 7 "NO_COLOR=1 LANG=C.UTF-8" "$rec"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'screen | grep -qE " History 102\$" && ! screen | grep -qE "^ +3 "' '80x7: History 102 with CPU 3 scrolled away'
check '[ -n "$full" ] && [ "$(bars0)" = "$full" ]' "80x7: CPU 0's bars as at 80x24 ($full)"
key q
play 200 60 "NO_COLOR=1 LANG=C" "$rec"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'screen | grep -q " History (max 102 us)"' '200x60: History (max 102 us)'

# The order a narrow screen keeps (by value): CPU, % CPU Aval, Max Single,
# Noise, HW, NMI, SMI, History, Last, ...  A recording with SMI counts and
# a marker, from tests/scale/gen-recording.
if ! command -v python3 >/dev/null 2>&1; then
	for i in 16 17 18 19 20 21 22 23 24 25 26 27 28 29; do
		tap_skip $i "python3 is not installed (tests/scale/gen-recording)"
	done
	exit 0
fi
smi=$tmp/smi.jsonl
python3 "$src/tests/scale/gen-recording" --seed 3 --smi --markers 1 4 20 "$smi"
head80() { screen | sed -n 3p | tr -s ' ' | sed 's/ $//'; }
# A line longer than 80 characters (a UTF-8 sparkline cell counted once).
wide() { screen | LC_ALL=C.UTF-8 sed 's/[^ -~]/x/g' | awk 'length($0) > 80' | grep -q .; }
key q
for env in "NO_COLOR=1 LANG=C" "LANG=C.UTF-8"; do
	play 80 24 "$env" "$rec"
	wait_for 'x1 playing' && key 4 && wait_for ' END'
	check '[ "$(head80)" = " CPU Noise % CPU Aval Max Single HW NMI Last History 102" ] && ! wide' \
		"80x24 without SMI ($env): CPU Noise % CPU Aval Max Single HW NMI Last History"
	key q
	play 80 24 "$env" "$smi"
	wait_for 'x1 playing' && key 4 && wait_for ' END'
	check '[ "$(head80)" = " CPU Noise % CPU Aval Max Single HW NMI SMI History max 7" ] && ! wide' \
		"80x24 with SMI ($env): History stays, Last goes"
	key q
done
play 200 60 "NO_COLOR=1 LANG=C" "$smi"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'screen | sed -n 3p | grep -qE "^ CPU +Period +Runtime +Noise +% CPU Aval +Max Noise +Max Single +HW +NMI +SMI +Last +Last Single +LastSMI +History \(max 7 us\)\$"' \
	'200x60 with SMI: every column, Last Single and LastSMI included'

# < > and F6 at 80x24 with SMI: only the columns on screen.
play 80 24 "NO_COLOR=1 LANG=C" "$smi"
wait_for 'x1 playing' && key 4 && wait_for ' END'
: > "$tmp/sorted"
for k in '>' '>' '>' '>' '>' '>' '>' '>' F6 F6 '<' '<' '<' '<' '<' '<' '<' '<'; do
	key "$k"
	screen | tail -1 | sed -n 's/^ sorted by \(.*\), [a-z]* first *$/\1/p' >> "$tmp/sorted"
done
check '[ "$(sort -u "$tmp/sorted" | tr "\n" ,)" = "% CPU Aval,CPU,HW,Max Single,NMI,Noise,SMI," ]' \
	"80x24 with SMI: <, > and F6 sort by the 7 columns on screen only ($(sort -u "$tmp/sorted" | tr '\n' ,))"
key q

# Budgets: Max Single and Last Single against 20 us (the default) or
# --single-budget, Max Noise and Last against 100 us or --period-budget;
# ! over, ~ over half; marks without colours.  CPU 3 of the fixture: Max
# Single 102, Max Noise 102.
row3() { screen | awk '$1 == "3" { print; exit }'; }
play 200 60 "NO_COLOR=1 LANG=C" "$rec"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'row3 | grep -qE "^ +3 +20 +20000000 +122 +99\.99939 +102! +102! "' \
	'NO_COLOR: CPU 3 Max Noise 102! and Max Single 102! (over 100 and 20 us)'
key F1
check 'screen | grep -q "Max Single and Last Single against a single noise.s budget, 20 us (the default)"' \
	'the help says the rule and the budgets in force (20 us, the default)'
key q
key q
play 200 60 "NO_COLOR=1 LANG=C" "$rec" "--single-budget 200 --period-budget 1000"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check 'row3 | grep -qE "^ +3 +20 +20000000 +122 +99\.99939 +102 +102~ "' \
	'--single-budget 200 --period-budget 1000: Max Single 102~ (over half), Max Noise 102 unmarked'
key q
play 200 60 "NO_COLOR=1 LANG=C" "$smi" "--single-budget 3"
wait_for 'x1 playing' && key 4 && wait_for ' END'
check '[ "$(screen | awk "\$1 ~ /^[0-3]\$/ && \$7 == \"4!\" { n++ } END { print n }")" = 4 ] &&
	screen | awk "\$1 == \"1\" { exit !(\$12 == \"4!\") }"' \
	'--single-budget 3: every Max Single 4!, CPU 1 Last Single 4!'
key q

# After q on a terminal narrower than rtla's table (112 columns with SMI):
# the same figures in a form that fits, said in one line; -q and a pipe
# keep rtla's table.
"$bin" --replay "$smi" -q > "$tmp/smi.q" 2>/dev/null
rows() { awk '/^CPU/ { h++; next } h == 1 && $1 ~ /^[0-9]+$/ { sub(/#/, ""); print }' | tr -s ' '; }
play 80 200 "NO_COLOR=1 LANG=C" "$smi"
wait_for 'x1 playing' && key 4 && wait_for ' END' && key q
wait_rc
check 'screen | grep -qx "hwnoisetop: the table fitted to 80 columns (rtla.s layout: -q or a pipe)" &&
	[ "$(screen | grep -c "^hwnoisetop: the table fitted")" = 1 ] &&
	screen | grep -qE "^CPU Period +Runtime Noise % CPU Aval Max Noise Max Single HW NMI SMI\$" && ! wide' \
	'80 columns, q: "the table fitted to 80 columns" once, every column in 80'
check '[ -n "$(rows < "$tmp/smi.q")" ] && [ "$(screen | rows)" = "$(rows < "$tmp/smi.q")" ]' \
	'the compact rows hold the figures of rtla table (-q), row by row'
play 60 200 "NO_COLOR=1 LANG=C" "$smi"
wait_for 'x1 playing' && key 4 && wait_for ' END' && key q
wait_rc
check 'screen | grep -qx "hwnoisetop: the table fitted to 60 columns, without Runtime" &&
	! screen | awk "length(\$0) > 60" | grep -q "^[ C0-9]"' \
	'60 columns: Runtime left out, and said; no table line wider than 60'
T kill-session -t "$win"
# The runs wait for the pipe to the file to be there, not a fixed second.
T new-session -d -s "$win" -x 80 -y 60 "while [ ! -e '$tmp/go80' ]; do sleep 0.05; done;
	'$bin' --replay '$smi' -q 2>/dev/null; echo ==;
	'$bin' --replay '$smi' 2>/dev/null | cat; echo ==; sleep 600"
T pipe-pane -t "$win" -o "cat > '$tmp/tty80'"
touch "$tmp/go80"
i=0	# both == written: the -q run and the pipe's ended
while [ "$(tr -d '\r' < "$tmp/tty80" 2>/dev/null | grep -c '^==$')" -lt 2 ] && [ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
tr -d '\r' < "$tmp/tty80" | awk '/^==$/ { n++; next } { print > (n ? "'"$tmp"'/pipe80" : "'"$tmp"'/q80") }'
check 'cmp -s "$tmp/q80" "$tmp/smi.q" && tail -n +2 "$tmp/pipe80" | cmp -s - "$tmp/smi.q"' \
	'80 columns, -q and a pipe: rtla table, byte for byte'
T kill-server 2>/dev/null
