#!/bin/sh
# --why's NMI time in a recording (replay-nmi.jsonl: replay-why's periods
# with "nmi_ns" on each summary; CPU 0 has one NMI of 25 us in half of its
# periods, 25 us more noise each; CPU 3 three NMIs that came without their
# time): the replay says the NMI time measured under the NMI line and in
# --json, and the same recording without "nmi_ns" (as an older hwnoisetop
# wrote it) says it was not measured; rtla's tables stay byte for byte.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
rec=$src/tests/unit/replay-nmi.jsonl
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..8"
sed 's/,"nmi_ns":[0-9]*//' "$rec" >"$tmp/old.jsonl"
"$h" --replay "$rec" -q >"$tmp/nmi.out" 2>/dev/null
"$h" --replay "$tmp/old.jsonl" -q >"$tmp/old.out" 2>/dev/null
"$h" --replay "$rec" --json >"$tmp/nmi.json" 2>/dev/null
"$h" --replay "$tmp/old.jsonl" --json >"$tmp/old.json" 2>/dev/null
line() { sed -n "/^CPU $2: /,/^  unexplained/p" "$1" | grep '^  NMI time '; }
l=$(line "$tmp/nmi.out" 0)
[ "$l" = "  NMI time     250 us measured, 91.6% of the noise (20 periods)" ] &&
	echo "ok 1 - CPU 0: 10 NMIs of 25 us, 250 of its 273 us of noise" ||
	echo "not ok 1 - CPU 0's NMI time line: '$l'"
sed -n '/^CPU 0: /,/^  unexplained/p' "$tmp/nmi.out" | grep -A1 '^  NMI  ' | tail -1 |
	grep -q '^  NMI time ' &&
	echo "ok 2 - the NMI time right under the NMI line" || echo "not ok 2 - not under the NMI line"
l=$(line "$tmp/nmi.out" 3)
[ "$l" = "  NMI time     0 us measured, 0.0% of the noise (17 periods)" ] &&
	echo "ok 3 - CPU 3: the 3 periods whose NMIs came without a time are not measured" ||
	echo "not ok 3 - CPU 3's NMI time line: '$l'"
l=$(line "$tmp/old.out" 0)
[ "$l" = "  NMI time     not measured (no NMI time recorded)" ] &&
	echo "ok 4 - a recording without nmi_ns: not measured, said why" ||
	echo "not ok 4 - CPU 0's NMI time line without nmi_ns: '$l'"
n=$(grep -c '^  NMI time ' "$tmp/old.out")
[ "$n" = 2 ] && echo "ok 5 - without nmi_ns, only the CPUs with NMIs counted say it" ||
	echo "not ok 5 - $n NMI time lines without nmi_ns"
grep -q '"0":{"periods":20,"noise_us":273,"nmi_time_us":250.000,"nmi_time_share":0.9158,"nmi_time_periods":20,' "$tmp/nmi.json" &&
	echo "ok 6 - --json: nmi_time_us, nmi_time_share, nmi_time_periods" ||
	echo "not ok 6 - --json: $(grep -o '"0":{"periods":20,[^{]*' "$tmp/nmi.json" | head -1)"
grep -q '"nmi_time_us":null,"nmi_time_share":null,"nmi_time_why":"no NMI time recorded","nmi_time_periods":0,' "$tmp/old.json" &&
	echo "ok 7 - --json without nmi_ns: null, and why" ||
	echo "not ok 7 - --json without nmi_ns: $(grep -o '"0":{"periods":20,[^{]*' "$tmp/old.json" | head -1)"
sed '/^Why:/,/^$/d' "$tmp/nmi.out" >"$tmp/nmi.rest"
sed '/^Why:/,/^$/d' "$tmp/old.out" >"$tmp/old.rest"
if cmp -s "$tmp/nmi.rest" "$tmp/old.rest"; then
	echo "ok 8 - rtla's tables the same with and without nmi_ns, byte for byte"
else
	echo "not ok 8 - the tables differ"
	diff "$tmp/old.rest" "$tmp/nmi.rest" | sed 's/^/# /' | head -20
fi
