#!/bin/bash
# The bash completion: the committed script is what src/mkman writes from the
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
echo 1..12

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$top/src/mkman" --bash-completion >"$tmp/comp" && cmp -s "$tmp/comp" "$comp"
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

# Every long option of --help, and nothing else, after "--".
help_opts() {
	"$top/src/hwnoisetop" "$@" --help | grep -o -- '--[a-z][a-z-]*' | sort -u | tr '\n' ' '
}
want=$(help_opts) got=$(complete_line 'hwnoisetop --')
[[ -n $want && $got == "$want" ]]
check $? "hwnoisetop --<TAB> offers the long options of --help"
[[ $got == "$want" ]] || { echo "# got:  $got"; echo "# want: $want"; }
want=$(help_opts hwlat) got=$(complete_line 'hwnoisetop hwlat --')
[[ -n $want && $got == "$want" ]]
check $? "hwnoisetop hwlat --<TAB> offers the long options of hwlat --help"
[[ $got == "$want" ]] || { echo "# got:  $got"; echo "# want: $want"; }

got=$(complete_line 'hwnoisetop hw')
[[ $got == "hwlat " ]]
check $? "the first word completes to the hwlat command ($got)"
got=$(complete_line 'hwnoisetop -q hw')
[[ -z $got ]]
check $? "hwlat is offered only as the first word ($got)"
got=$(complete_line 'hwnoisetop --wa')
[[ $got == "--warm-up " ]]
check $? "hwnoisetop --wa completes to --warm-up only ($got)"
got=$(complete_line 'hwnoisetop hwlat --wa')
[[ $got == "--watch " ]]
check $? "hwnoisetop hwlat --wa completes to --watch only ($got)"
got=$(complete_line 'hwnoisetop hwlat --mode ')
[[ $got == "none per-cpu round-robin " ]]
check $? "hwlat --mode offers its three modes ($got)"
got=$(complete_line 'hwnoisetop hwlat --mode = r')
[[ $got == "round-robin " ]]
check $? "hwlat --mode=r completes to round-robin ($got)"
got=$(complete_line 'hwnoisetop --trace = trace-')
[[ $got == "trace-a.txt trace-b.txt " ]]
check $? "--trace=FILE completes file names ($got)"
got=$(complete_line 'hwnoisetop -c ')
[[ $got == "$(cat /sys/devices/system/cpu/online 2>/dev/null) " ]]
check $? "-c offers the online CPUs ($got)"
got=$(complete_line 'hwnoisetop -T ')
[[ -z $got ]]
check $? "-T (a number) offers nothing ($got)"
exit $failed
