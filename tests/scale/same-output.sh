#!/bin/sh
# same-output.sh OLD NEW: do two builds of hwnoisetop print the same bytes?
# The help texts, and --replay -q, --json and compare over recordings made
# here by gen-recording (osnoise with markers, SMIs, a hwlat stretch, 1 and
# 64 CPUs).  Prints one line per case and a count; exit 1 on a difference.
# For a change that must not change behaviour: run it against the build of
# the commit before it.
old=${1:?usage: same-output.sh OLD-BINARY NEW-BINARY}
new=${2:?usage: same-output.sh OLD-BINARY NEW-BINARY}
here=$(cd "$(dirname "$0")" && pwd)
gen="python3 $here/gen-recording"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
$gen --seed 1 4 120 "$tmp/a.jsonl" &&
$gen --seed 2 4 120 "$tmp/b.jsonl" &&
$gen --seed 3 --markers 3 --smi 4 90 "$tmp/mk.jsonl" &&
$gen --seed 4 --hwlat 10:20 --period-ms 100 6 30 "$tmp/hw.jsonl" &&
$gen --seed 5 64 60 "$tmp/c64.jsonl" || exit 1
cp "$here/../unit/replay-4cpu.jsonl" "$tmp/r4.jsonl"
same=0 differ=0
case_() {	# case_ NAME ARGS...
	name=$1; shift
	"$old" "$@" > "$tmp/o.out" 2> "$tmp/o.err"; echo "status $?" >> "$tmp/o.out"
	"$new" "$@" > "$tmp/n.out" 2> "$tmp/n.err"; echo "status $?" >> "$tmp/n.out"
	if cmp -s "$tmp/o.out" "$tmp/n.out" && cmp -s "$tmp/o.err" "$tmp/n.err"; then
		same=$((same + 1)); echo "same    $name"
	else
		differ=$((differ + 1)); echo "DIFFERS $name"
		diff "$tmp/o.out" "$tmp/n.out" | head -5; diff "$tmp/o.err" "$tmp/n.err" | head -5
	fi
}
case_ "--help" --help
case_ "hwlat --help" hwlat --help
case_ "compare --help" compare --help
case_ "hist --help" hist --help
case_ "experiment --help" experiment --help
case_ "--version" --version
case_ "bad option" --bogus
for r in a b mk hw c64 r4; do
	case_ "--replay $r -q" --replay "$tmp/$r.jsonl" -q
	case_ "--replay $r --json" --replay "$tmp/$r.jsonl" --json
	case_ "--replay $r (no tty)" --replay "$tmp/$r.jsonl"
done
case_ "compare a b" compare "$tmp/a.jsonl" "$tmp/b.jsonl"
case_ "compare a mk" compare "$tmp/a.jsonl" "$tmp/mk.jsonl"
case_ "compare a c64" compare "$tmp/a.jsonl" "$tmp/c64.jsonl"
case_ "compare a hw" compare "$tmp/a.jsonl" "$tmp/hw.jsonl"
case_ "compare a b --json" compare "$tmp/a.jsonl" "$tmp/b.jsonl" --json
case_ "compare --margin=5 a mk" compare --margin=5 "$tmp/a.jsonl" "$tmp/mk.jsonl"
case_ "compare mk --live" compare "$tmp/mk.jsonl" --live
case_ "compare mk --live -c 0 (no terminal)" compare "$tmp/mk.jsonl" --live -c 0
echo "$same same, $differ differ"
[ "$differ" = 0 ]
