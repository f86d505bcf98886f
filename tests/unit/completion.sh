#!/bin/bash
# The bash completion: the committed script is what tools/mkman writes from the
# option tables, it offers every option --help lists (and no other), and it
# completes what the options take, in both command lines.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
comp=$src/completion/hwnoisetop
n=0 failed=0
check() {	# check STATUS DESC
	n=$((n + 1))
	if [[ $1 == 0 ]]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
echo 1..27

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$top/tools/mkman" --bash-completion >"$tmp/comp" && cmp -s "$tmp/comp" "$comp"
check $? "completion/hwnoisetop is up to date with the option tables"
[[ -s $tmp/comp ]] && ! cmp -s "$tmp/comp" "$comp" &&
	{ echo "# stale: run 'make man'"; diff "$comp" "$tmp/comp" | head -20 | sed 's/^/# /'; }

# complete LINE: COMPREPLY for the command line LINE (the cursor at its end),
# sorted, one line.  A LINE ending in a space completes an empty word.
complete_line() {
	bash -c '
		. "$1" || exit 1
		read -r -a COMP_WORDS <<<"$2"
		[[ $2 == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		cd "$3" || exit 1
		_hwnoisetop
		((${#COMPREPLY[@]})) && printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
	' complete "$comp" "$1" "$tmp/files"
}
mkdir -p "$tmp/files" && : >"$tmp/files/trace-a.txt" && : >"$tmp/files/trace-b.txt"

# Every long option of --help, and nothing else, after "--" (the options'
# list: after the usage lines, which name the commands' own words: --live).
help_opts() {
	"$top/src/hwnoisetop" "$@" --help | sed '1,/^$/d' | grep -o -- '--[a-z][a-z_-]*' | sort -u | tr '\n' ' '
}
want=$(help_opts) got=$(complete_line 'hwnoisetop --')
[[ -n $want && $got == "$want" ]]
check $? "hwnoisetop --<TAB> offers the long options of --help"
[[ $got == "$want" ]] || { echo "# got:  $got"; echo "# want: $want"; }
want=$(help_opts hwlat) got=$(complete_line 'hwnoisetop hwlat --')
[[ -n $want && $got == "$want" ]]
check $? "hwnoisetop hwlat --<TAB> offers the long options of hwlat --help"
[[ $got == "$want" ]] || { echo "# got:  $got"; echo "# want: $want"; }

# expect LINE WANT DESC: the completions of LINE are WANT (sorted, spaced).
expect() {
	local got
	got=$(complete_line "$1")
	[[ $got == "$2" ]]
	check $? "$3 ($got)"
}
expect 'hwnoisetop hw' 'hwlat ' "the first word completes to the hwlat command"
expect 'hwnoisetop -q hw' '' "hwlat is offered only as the first word"
expect 'hwnoisetop --wa' '--warm-up ' "hwnoisetop --wa completes to --warm-up only"
expect 'hwnoisetop hwlat --wa' '--watch ' "hwnoisetop hwlat --wa completes to --watch only"
expect 'hwnoisetop hwlat --mode ' 'none per-cpu round-robin ' "hwlat --mode offers its three modes"
expect 'hwnoisetop hwlat --mode = r' 'round-robin ' "hwlat --mode=r completes to round-robin"
expect 'hwnoisetop --trace = trace-' 'trace-a.txt trace-b.txt ' "--trace=FILE completes file names"
expect 'hwnoisetop -c ' "$(cat /sys/devices/system/cpu/online 2>/dev/null) " "-c offers the online CPUs"
expect 'hwnoisetop -T ' '' "-T (a number) offers nothing"
expect 'hwnoisetop comp' 'compare ' "the first word completes to the compare command"
expect 'hwnoisetop compare trace-' 'trace-a.txt trace-b.txt ' "compare completes the recordings' file names"
expect 'hwnoisetop compare trace-a.txt trace-b.txt trace-' '' "compare takes two files, no third"
expect 'hwnoisetop compare trace-a.txt --l' '--live ' "compare offers --live after the first recording"
expect 'hwnoisetop compare trace-a.txt --live --runt' '--runtime ' "after --live, hwnoisetop's own options"
expect 'hwnoisetop compare trace-a.txt trace-b.txt --m' '--margin ' "after both recordings, compare's --margin"
expect 'hwnoisetop compare trace-a.txt trace-b.txt --margin ' '' "--margin PCT (a number) offers nothing"
expect 'hwnoisetop compare trace-a.txt trace-b.txt --' '--help --json --margin ' \
	"after both recordings, compare's options from its table"
expect 'hwnoisetop exp' 'experiment ' "the first word completes to the experiment command"
expect 'hwnoisetop experiment --kn' '--knob ' "experiment --kn completes to its --knob"
expect 'hwnoisetop experiment --knob smt --se' '--seed --settle ' \
	"experiment offers its own options from its table"
expect 'hwnoisetop experiment --knob smt --runt' '--runtime ' "experiment offers the main command's options it hands on"
expect 'hwnoisetop rep' 'report ' "the first word completes to the report command"
expect 'hwnoisetop report trace-' 'trace-a.txt trace-b.txt ' "report completes the recording's file name"
expect 'hwnoisetop report trace-a.txt --m' '--margin ' "report offers its --margin"
exit $failed
