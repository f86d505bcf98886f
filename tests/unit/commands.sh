#!/bin/sh
# Every subcommand that --help lists (from the command table, commands.c)
# has an entry point (main.c dispatches on the same table): "hwnoisetop
# NAME --help" exits 0 with NAME's own usage, not the main command's; the
# completion offers NAME as the first word and the man page's SYNOPSIS
# names it.  A word that is no command is the main command's option
# parsing: one line naming it.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
h=$top/src/hwnoisetop
# The usage lines: the first, and those under it that start with the program's name.
# (rtla's summary line comes first, then "Usage: hwnoisetop [OPTIONS]".)
names=$("$h" --help | awk 'u && !/^       hwnoisetop / { exit } u { print $2 } /^Usage: hwnoisetop / { u = 1 }' | sort -u)
n=$(echo "$names" | grep -c .)
echo "1..$((n + 4))"
[ "$n" -ge 2 ] && echo "ok 1 - --help lists $n subcommands: $(echo $names)" ||
	echo "not ok 1 - --help lists the subcommands (found: $names)"
i=1
for c in $names; do
	i=$((i + 1))
	out=$("$h" "$c" --help 2>&1)
	rc=$?
	if [ $rc = 0 ] && [ "$(echo "$out" | head -1 | cut -d' ' -f1-3)" = "Usage: hwnoisetop $c" ]; then
		echo "ok $i - hwnoisetop $c --help: its own usage, exit 0"
	else
		echo "not ok $i - hwnoisetop $c --help: exit $rc, first line: $(echo "$out" | head -1)"
	fi
done
i=$((i + 1))
miss=$(for c in $names; do grep -q "COMPREPLY+=($c)" "$src/completion/hwnoisetop" || echo "$c"; done)
[ -z "$miss" ] && echo "ok $i - the completion offers each command as the first word" ||
	echo "not ok $i - the completion does not offer: $miss"
i=$((i + 1))
miss=$(for c in $names; do grep -q "^\.B hwnoisetop $c\$" "$src/man/hwnoisetop.1" || echo "$c"; done)
[ -z "$miss" ] && echo "ok $i - the man page's SYNOPSIS names each command" ||
	echo "not ok $i - the man page's SYNOPSIS lacks: $miss"
i=$((i + 1))
out=$("$h" nosuchcommand 2>&1)
rc=$?
[ $rc != 0 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "ok $i - another first word: one line, exit $rc" ||
	echo "not ok $i - another first word: exit $rc, $(echo "$out" | head -2)"
