#!/bin/sh
# The Grafana board (contrib/grafana/hwnoisetop.json): valid JSON of the
# dashboard schema's shape, and every metric its queries name is in a real
# --prometheus file (tests/unit/hwnoisetop.prom, from a lab run; the lab's
# tests/lab/export.sh checks the fixture against a fresh run).  promtool
# accepts the fixture.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$src/tests/unit/skip.sh"
board=$src/contrib/grafana/hwnoisetop.json
prom=$src/tests/unit/hwnoisetop.prom
echo 1..3
if ! command -v python3 >/dev/null 2>&1; then
	tap_skip 1 "python3 is not installed"
	tap_skip 2 "python3 is not installed"
else
	if out=$(python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$board" 2>&1); then
		echo "ok 1 - the board is valid JSON"
	else
		echo "not ok 1 - the board is valid JSON"; echo "$out" | sed 's/^/# /'
	fi
	if out=$(python3 "$src/tests/unit/board-check.py" "$board" "$prom" 2>&1); then
		echo "ok 2 - the board has the dashboard's shape and its metrics are in the fixture"
		echo "$out" | sed 's/^/# /'
	else
		echo "not ok 2 - the board has the dashboard's shape and its metrics are in the fixture"
		echo "$out" | sed 's/^/# /'
	fi
fi
if ! command -v promtool >/dev/null 2>&1; then
	echo "ok 3 - # SKIP promtool is not installed (Debian: apt-get install prometheus)"
elif out=$(promtool check metrics < "$prom" 2>&1); then
	echo "ok 3 - promtool check metrics accepts the fixture"
else
	echo "not ok 3 - promtool check metrics accepts the fixture"; echo "$out" | sed 's/^/# /'
fi
