#!/bin/sh
# make fuzz [FUZZ_SECONDS=180]: each fuzz target under clang's libFuzzer with
# AddressSanitizer and UndefinedBehaviorSanitizer, for FUZZ_SECONDS (default
# 180) each, starting from tests/fuzz/corpus/NAME.  The engine is rebuilt
# with clang's coverage instrumentation in fuzz-build/ (beside the build);
# new inputs go to fuzz-build/corpus/NAME, crashes to fuzz-build/crash-*.
# Needs clang (Debian: apt-get install clang).
set -eu
src=$1; shift
secs=${FUZZ_SECONDS:-180}
CC=${FUZZ_CC:-clang}
command -v "$CC" >/dev/null || { echo "make fuzz: $CC not found (apt-get install clang)" >&2; exit 77; }
out=$PWD/fuzz-build
mkdir -p "$out/obj"
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1"
flags="$san $(pkg-config --cflags libtracefs libtraceevent) -I$src/src -I$PWD"
libs="$(pkg-config --libs libtracefs libtraceevent)"
objs=
for c in "$src"/src/*.c; do
	case $c in */main.c|*/mkman.c) continue ;; esac
	o=$out/obj/$(basename "$c" .c).o
	"$CC" $flags -fsanitize=fuzzer-no-link -c "$c" -o "$o"
	objs="$objs $o"
done
status=0
for t in "$@"; do
	extra=
	[ "$t" = page ] && extra="$src/tests/fuzz/formats.c"
	"$CC" $flags -fsanitize=fuzzer "$src/tests/fuzz/fuzz-$t.c" $extra $objs $libs -o "$out/fuzz-$t"
	mkdir -p "$out/corpus/$t"
	echo "== fuzz-$t: $secs s"
	(cd "$out" && "./fuzz-$t" -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="crash-$t-" "corpus/$t" "$src/tests/fuzz/corpus/$t" 2>&1 |
		grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' ) || true
	if ls "$out"/crash-"$t"-* >/dev/null 2>&1; then
		echo "fuzz-$t: crashes: $(ls "$out"/crash-"$t"-*)"
		status=1
	fi
done
exit $status
