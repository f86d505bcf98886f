#!/bin/sh
# The Debian package and bootstrap agree with configure.ac: the version, and
# the oldest libtracefs and libtraceevent configure accepts; the example
# recording is installed, packaged, replays, and says where it was made.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
n=0
check() {	# check GOT WANT DESC
	n=$((n + 1))
	if [ -n "$2" ] && [ "$1" = "$2" ]; then echo "ok $n - $3"
	else echo "not ok $n - $3"; echo "#      got: '$1'"; echo "# expected: '$2'"; fi
}
echo 1..9
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
ex=example-emulator-smt.jsonl
check "$(grep -c "^%{_datadir}/%{name}/$ex\$" "$src/hwnoisetop.spec")" 1 "the RPM spec lists $ex"
check "$(grep -c "^dist_pkgdata_DATA = contrib/examples/\$(EXAMPLE_RECORDING)\$" "$src/Makefile.am")$(grep -c "^EXAMPLE_RECORDING = $ex\$" "$src/Makefile.am")" 11 \
	"make install puts $ex under pkgdatadir, make dist ships it (Debian: dh installs what make install does)"
bin=${abs_top_builddir:-$src}/src/hwnoisetop
json=$("$bin" --replay "$src/contrib/examples/$ex" -q --json 2>/dev/null)
check "$?:$(printf '%s' "$json" | grep -o '"cpu":[0-9]*' | sort -u | tr -d '\n')" '0:"cpu":0"cpu":1"cpu":2"cpu":3' \
	"$ex replays: four CPUs, exit 0"
check "$(head -1 "$src/contrib/examples/$ex" | grep -o '"host":"qemu-tcg-emulator"')$(grep -c '"t":"mark".*"text":"SMT' "$src/contrib/examples/$ex")" \
	'"host":"qemu-tcg-emulator"3' "its header names the emulator, markers at the SMT changes"
