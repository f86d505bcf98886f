#!/bin/sh
# hwnoisetop audit on this machine, as root and as nobody: its exit status
# follows the worst verdict and equals --json's status, every item has a
# verdict and a fix unless it passes, an item it cannot read says which
# file, bad options are one line and exit 1, and nothing it reads changes.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
. "$src/tests/unit/skip.sh"
bin=$top/src/hwnoisetop
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
ok() {	# status description
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
echo 1..9
if ! command -v python3 >/dev/null 2>&1; then
	for i in $(seq 9); do tap_skip $i "python3 is not installed"; done
	exit 0
fi
snap() { cat /sys/devices/system/cpu/smt/control /proc/sys/kernel/nmi_watchdog \
	/proc/sys/kernel/timer_migration /proc/sys/kernel/sched_rt_runtime_us \
	/sys/kernel/mm/transparent_hugepage/enabled 2>&1; }
before=$(snap)
"$bin" audit > "$tmp/text"; rc=$?
"$bin" audit --json > "$tmp/json"; jrc=$?
ok "$([ $rc = $jrc ] && { [ $rc = 0 ] || [ $rc = 2 ] || [ $rc = 3 ]; }; echo $?)" \
	"exit status 0, 2 or 3, the same with --json ($rc, $jrc)"
check() {	# json-file expected-status
	python3 - "$1" "$2" <<'EOF_PY'
import json, sys
d = json.load(open(sys.argv[1]))
items = d["items"]
assert len(items) == 19, len(items)
assert len({i["key"] for i in items}) == 19
for i in items:
    assert i["verdict"] in ("pass", "warn", "fail", "unknown"), i
    assert (i["fix"] == "") == (i["verdict"] == "pass") or i["verdict"] == "unknown", i
    assert i["why"] and i["now"], i
    if i["verdict"] == "unknown":
        assert i["now"].startswith(("cannot read", "no readable", "no flags")), i
worst = max({"pass": 0, "unknown": 2, "warn": 2, "fail": 3}[i["verdict"]] for i in items)
assert d["status"] == worst == int(sys.argv[2]), (d["status"], worst, sys.argv[2])
EOF_PY
}
check "$tmp/json" $jrc
ok $? "--json: 19 items, each with a verdict, what was read, why, and a fix unless it passes; status the worst"
ok "$(grep -c -E '^[A-Za-z]' "$tmp/text" | awk '{ exit !($1 == 20) }' &&
	tail -1 "$tmp/text" | grep -Eq '^[0-9]+ pass, [0-9]+ warn, [0-9]+ fail, [0-9]+ unknown$'; echo $?)" \
	"the table: a title, 19 items, the counts"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" audit --json > "$tmp/nobody"
	nrc=$?
	check "$tmp/nobody" $nrc
	ok $? "as nobody: the same shape, an item it cannot read says which file ($nrc)"
else
	ok 0 "# SKIP not root, or no setpriv: this run is the unprivileged one"
fi
"$bin" audit -c 99999 > /dev/null 2> "$tmp/err"; rc=$?
ok "$([ $rc = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && grep -q -- '-c/--cpus' "$tmp/err"; echo $?)" \
	"-c 99999: one line naming -c/--cpus, exit 1"
"$bin" audit --bogus > /dev/null 2> "$tmp/err"; rc=$?
ok "$([ $rc = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ]; echo $?)" "--bogus: one line, exit 1"
"$bin" audit extra > /dev/null 2> "$tmp/err"; rc=$?
ok "$([ $rc = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ]; echo $?)" "an argument: one line, exit 1"
"$bin" audit --help > "$tmp/help"; rc=$?
ok "$([ $rc = 0 ] && grep -q -- '--cpus' "$tmp/help" && grep -q -- '--json' "$tmp/help"; echo $?)" \
	"--help: exit 0, lists --cpus and --json"
ok "$([ "$before" = "$(snap)" ]; echo $?)" "nothing it reads changed"
