#!/bin/sh
# hwnoisetop hist without a kernel: bad input is one line naming the option
# and exit 1, nothing else; the main command's options it does not take
# are refused as unknown; its recording (replay-hist.jsonl: replay-4cpu's
# periods with hist's header flag and footer counts) replays to the
# histogram, with -q to the table, with --json to its object.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
rec=$src/tests/unit/replay-hist.jsonl
echo "1..10"
i=0
bad() {	# bad WANT-REGEX ARGS...: one line on stderr matching, exit 1
	want=$1; shift
	i=$((i + 1))
	out=$("$h" hist "$@" 2>&1 >/dev/null); rc=$?
	if [ $rc = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "$out" | grep -Eq "$want"; then
		echo "ok $i - hist $*: $out"
	else
		echo "not ok $i - hist $*: exit $rc, $out"
	fi
}
bad '^hwnoisetop: -b/--bucket-size .0. must be between 1 and 999999' -b 0
bad '^hwnoisetop: -E/--entries .5. must be between 10 and 9999999' -E 5
bad '^hwnoisetop: unknown option -s \(see hwnoisetop hist --help\)$' -s 5
bad "^hwnoisetop: hist: unexpected argument 'extra'" -c 0 extra
bad '^hwnoisetop: -c/--cpus .99999.' -c 99999
bad '^hwnoisetop: -r/--runtime .2000. must not exceed the period' -p 1000 -r 2000
i=$((i + 1))
want='# RTLA osnoise histogram
# Time unit is microseconds (us)
# Duration:   0 00:00:20
Index   CPU-001
2             7 
3             1 
over:         2 
count:       10 
min:          2 
avg:       5.00 
max:          9 '
got=$("$h" --replay "$rec" 2>/dev/null)
[ "$got" = "$want" ] && echo "ok $i - --replay of a hist recording: its histogram on stdout" ||
	{ echo "not ok $i - --replay of a hist recording"; echo "$got" | sed 's/^/# /'; }
i=$((i + 1))
got=$("$h" --replay "$rec" -q 2>/dev/null)
[ "$got" = "$("$h" --replay "$src/tests/unit/replay-4cpu.jsonl" -q 2>/dev/null)" ] &&
	echo "ok $i - --replay -q: the run's table, as without the histogram" ||
	{ echo "not ok $i - --replay -q"; echo "$got" | sed 's/^/# /'; }
i=$((i + 1))
got=$("$h" --replay "$rec" --json 2>/dev/null)
echo "$got" | grep -q '^{"duration_s":20,"hist":{"bucket_us":1,"entries":12,' &&
	echo "ok $i - --replay --json: the hist object" || echo "not ok $i - --replay --json: $got"
i=$((i + 1))
sed '$s/,"hist":{[^}]*},"lines"/,"lines"/' "$rec" > "${TMPDIR:-/tmp}/hist-nocounts.$$"
got=$("$h" --replay "${TMPDIR:-/tmp}/hist-nocounts.$$" 2>/dev/null | grep -c '^CPU Period')
rm -f "${TMPDIR:-/tmp}/hist-nocounts.$$"
[ "$got" -ge 1 ] && echo "ok $i - a hist recording without its counts replays to the table" ||
	echo "not ok $i - without counts: $got rows"
