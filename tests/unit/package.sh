#!/bin/sh
# The Debian package and bootstrap agree with configure.ac: the version, and
# the oldest libtracefs and libtraceevent configure accepts.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
n=0
check() {	# check GOT WANT DESC
	n=$((n + 1))
	if [ -n "$2" ] && [ "$1" = "$2" ]; then echo "ok $n - $3"
	else echo "not ok $n - $3"; echo "#      got: '$1'"; echo "# expected: '$2'"; fi
}
echo 1..5
ver=$(sed -n 's/^AC_INIT(\[hwnoisetop\], \[\([^]]*\)\].*/\1/p' "$src/configure.ac")
tracefs=$(sed -n 's/.*\[libtracefs >= \([0-9.]*\)\].*/\1/p' "$src/configure.ac")
traceevent=$(sed -n 's/.*\[libtraceevent >= \([0-9.]*\)\].*/\1/p' "$src/configure.ac")
check "$(sed -n '1s/^hwnoisetop (\([^)]*\)).*/\1/p' "$src/debian/changelog")" "$ver" \
	"debian/changelog's version is configure.ac's ($ver)"
check "$(sed -n 's/.*libtracefs-dev (>= \([0-9.]*\)).*/\1/p' "$src/debian/control")" "$tracefs" \
	"debian/control needs libtracefs-dev >= $tracefs, as configure does"
# Debian's libtraceevent versions carry the epoch 1:
check "$(sed -n 's/.*libtraceevent-dev (>= 1:\([0-9.]*\)).*/\1/p' "$src/debian/control")" "$traceevent" \
	"debian/control needs libtraceevent-dev >= 1:$traceevent, as configure does"
check "$(grep -o "libtracefs (>= [0-9.]*)" "$src/bootstrap")" "libtracefs (>= $tracefs)" \
	"bootstrap names libtracefs >= $tracefs without apt"
check "$(grep -o "libtraceevent (>= [0-9.]*)" "$src/bootstrap")" "libtraceevent (>= $traceevent)" \
	"bootstrap names libtraceevent >= $traceevent without apt"
