#!/bin/sh
# bootstrap on a machine without apt (no dpkg-query, no apt-get): it says what
# to install for the distribution in /etc/os-release instead of calling apt,
# and stops while the build tools are missing.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
for t in dirname cat grep sed id tr; do
	ln -s "$(command -v $t)" "$tmp/bin/$t"
done
n=0
check() {	# check STATUS DESC
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
# run OS-RELEASE-TEXT: bootstrap's stderr in $err, its status in $rc
run() {
	printf '%s\n' "$1" >"$tmp/os-release"
	err=$(env -i PATH="$tmp/bin" HWN_OS_RELEASE="$tmp/os-release" /bin/sh "$src/bootstrap" 2>&1 >/dev/null)
	rc=$?
	printf '%s\n' "$err" | sed 's/^/# /'
}
echo 1..7
run 'ID=fedora
PRETTY_NAME="Fedora Linux 41"'
check "$([ $rc = 1 ] && echo 0)" "Fedora, no build tools: exit status 1"
printf '%s\n' "$err" | grep -q '^  dnf install .*libtracefs-devel libtraceevent-devel ncurses-devel'
check $? "Fedora: the dnf command with the -devel packages"
printf '%s\n' "$err" | grep -q 'autoreconf not found'
check $? "Fedora: says which build tool is missing"
printf '%s\n' "$err" | grep -qi 'apt-get\|dpkg-query\|not found: *[0-9]'
check "$([ $? = 1 ] && echo 0)" "Fedora: no apt or dpkg call failed"
run 'ID=rocky
ID_LIKE="rhel centos fedora"'
printf '%s\n' "$err" | grep -q 'dnf install .*libtracefs-devel' && printf '%s\n' "$err" | grep -q 'CRB'
check $? "a RHEL rebuild: dnf, and CRB named"
run 'ID=arch'
printf '%s\n' "$err" | grep -q 'libtracefs (>= 1.6), libtraceevent (>= 1.7) and ncursesw'
check $? "another system: the libraries and their versions"
printf '%s\n' "$err" | grep -q "lab tests .*Debian's kernel package"
check $? "says the lab tests need Debian's kernel package"
