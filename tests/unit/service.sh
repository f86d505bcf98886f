#!/bin/sh
# hwnoisetop.service as make install puts it: systemd-analyze verify
# accepts it with the installed binary and man page, it runs -q with
# --prometheus and the environment file's settings, restarts on failure,
# cleans up after itself, and make install enables nothing.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }
echo 1..6
# The tests run inside make check: its job server is not ours.
out=$(cd "$top" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} -s install DESTDIR="$tmp/root" 2>&1)
ok $? "make install DESTDIR=..."
[ -n "$out" ] && echo "$out" | tail -5 | sed 's/^/# /'
unit=$(find "$tmp/root" -name hwnoisetop.service -type f | head -1)
envpath=$(sed -n 's/^EnvironmentFile=-//p' "${unit:-/dev/null}" | head -1)
env=$tmp/root$envpath
[ -n "$envpath" ] && [ -f "$env" ] || env=
bin=$(find "$tmp/root" -path '*/bin/hwnoisetop' -type f | head -1)
[ -n "$unit" ] && [ -n "$env" ] && [ -n "$bin" ]
ok $? "the unit, its environment file and the program are installed (${unit#"$tmp/root"}, ${env#"$tmp/root"})"
links=$(find "$tmp/root" -name '*.wants' -o -type l -name 'hwnoisetop*' | head -3)
[ -z "$links" ]
ok $? "nothing enables it (no .wants directory, no symlink)${links:+: $links}"
[ -n "$unit" ] || unit=/dev/null
grep -q '^ExecStart=.*/hwnoisetop -q .*--prometheus \${HWNOISETOP_PROMETHEUS}' "$unit" &&
	grep -q '^ExecStopPost=.*/hwnoisetop --cleanup$' "$unit" && grep -q '^Restart=on-failure$' "$unit" &&
	grep -q "^EnvironmentFile=-${env#"$tmp/root"}\$" "$unit" && ! grep -q '^ExecStart=.*-d ' "$unit"
ok $? "it runs -q --prometheus until stopped, settings from the environment file, restarts on failure, --cleanup after"
# Every variable the unit uses is set in the environment file shipped.
miss=""
for v in $(grep -o '\${*HWNOISETOP_[A-Z]*' "$unit" | tr -d '${' | sort -u); do
	grep -q "^$v=" "$env" || miss="$miss $v"
done
[ -z "$miss" ]
ok $? "the environment file sets every variable the unit uses${miss:+ (missing:$miss)}"
if ! command -v systemd-analyze >/dev/null 2>&1; then
	echo "ok 6 - # SKIP systemd-analyze is not installed"
else
	# The installed paths, seen from here: the program and the man page in DESTDIR.
	sed "s|=\\(-*\\)/|=\\1$tmp/root/|" "$unit" > "$tmp/hwnoisetop.service"
	out=$(MANPATH=$(dirname "$(find "$tmp/root" -name hwnoisetop.1 | head -1)")/.. \
		systemd-analyze verify "$tmp/hwnoisetop.service" 2>&1)
	rc=$?
	[ $rc = 0 ] && [ -z "$out" ]
	ok $? "systemd-analyze verify accepts it, with the installed program and man page"
	[ -n "$out" ] && echo "$out" | sed 's/^/# /'
fi
exit 0
