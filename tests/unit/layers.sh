#!/bin/sh
# The layers keep their order (docs/architecture.md): each layer's library
# refers only to symbols of its own layer, of the layers below it, or of
# the system.  LAYER_LIBS (Makefile.am, bottom first) is the order; nm of
# each library gives what it defines and what it needs.  The check is run
# once on the real order, where it must find nothing, and once on that
# order turned upside down, where it must find what the real one forbids
# (a check that cannot fail proves nothing).  Then core links alone: its
# objects need no libtracefs, libtraceevent or ncurses symbol.  Last the
# sources: no file includes a header of a layer above its own (a type or a
# macro from above is an upward dependency nm cannot see), checked the same
# way on the real order and upside down.  And the dashboard asks the
# session, never the tracefs code: no object of ui's library calls a
# symbol the kernel layer's library defines, shown on the real library and
# on one with such a call planted.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
libs=${LAYER_LIBS:?LAYER_LIBS (from Makefile.am) is not set}
echo 1..8

# defs: "SYMBOL LAYER-INDEX" for every global symbol a library defines.
i=0
for l in $libs; do
	nm -g --defined-only "$top/$l" 2>/dev/null | awk -v i=$i 'NF == 3 { print $3, i }'
	i=$((i + 1))
done | sort -u > "$tmp/defs"

# upward ORDER...: "lib -> lib: symbol" for each reference to a later library.
upward() {
	i=0
	for l in "$@"; do
		nm -g --undefined-only "$top/$l" | awk -v i=$i -v l=$l -v order="$*" '
			BEGIN { n = split(order, name, " ") }
			FILENAME == ARGV[1] { layer[$1] = $2; next }
			{ s = $NF; if ((s in layer) && layer[s] > i) print l " -> " name[layer[s] + 1] ": " s }
		' "$tmp/order-defs" -
		i=$((i + 1))
	done
}
# The definitions renumbered for an order of the libraries.
renumber() {
	i=0
	for l in "$@"; do
		nm -g --defined-only "$top/$l" | awk -v i=$i 'NF == 3 { print $3, i }'
		i=$((i + 1))
	done | sort -u > "$tmp/order-defs"
}

renumber $libs
upward $libs > "$tmp/up"
if [ -s "$tmp/up" ]; then
	echo "not ok 1 - no layer refers to a layer above it"
	sed 's/^/# /' "$tmp/up"
else
	echo "ok 1 - no layer refers to a layer above it ($(echo $libs | wc -w) layers)"
fi

rev=$(for l in $libs; do echo "$l"; done | tac | tr '\n' ' ')
renumber $rev
upward $rev > "$tmp/down"
n=$(wc -l < "$tmp/down")
if [ "$n" -gt 0 ]; then
	echo "ok 2 - the order upside down is refused ($n references)"
else
	echo "not ok 2 - the order upside down is refused"
fi

core=$(echo $libs | cut -d' ' -f1)
nm -g --undefined-only "$top/$core" | awk '{ print $NF }' |
	grep -E '^(tracefs_|tep_|kbuffer_|trace_seq_|initscr|newwin|wrefresh|waddn|mvw|endwin|setupterm|tigetstr)' \
	> "$tmp/core-ext"
if [ -s "$tmp/core-ext" ]; then
	echo "not ok 3 - $core needs no libtracefs, libtraceevent or curses symbol"
	sed 's/^/# /' "$tmp/core-ext"
else
	echo "ok 3 - $core needs no libtracefs, libtraceevent or curses symbol"
fi

# Every object of core links into a program with libc (and -lm) alone.
cat > "$tmp/main.c" <<'EOF'
int main(void) { return 0; }
EOF
if ${CC:-cc} ${LAYER_LINK:-} -o "$tmp/core-alone" "$tmp/main.c" -Wl,--whole-archive "$top/$core" \
	-Wl,--no-whole-archive -lm 2> "$tmp/ld"; then
	echo "ok 4 - every object of $core links with libc alone"
else
	echo "not ok 4 - every object of $core links with libc alone"
	head -10 "$tmp/ld" | sed 's/^/# /'
fi

# The sources' includes.  Each layer is its library's folder and the
# folders under it (ui/screens is ui); headers are included by name.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
# uphead ORDER...: "file: includes header (layer)" for each header of a later layer.
uphead() {
	i=0
	for l in "$@"; do
		find "$src/$(dirname "$l")" -name '*.h' -printf "%f $i $(dirname "$l")\n"
		i=$((i + 1))
	done > "$tmp/heads"
	i=0
	for l in "$@"; do
		d=$(dirname "$l")
		find "$src/$d" -name '*.[ch]' | while read -r f; do
			sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
				awk -v i=$i -v f="${f#"$src"/}" '
					FILENAME == ARGV[1] { layer[$1] = $2; dir[$1] = $3; next }
					{ h = $1; sub(".*/", "", h)
					  if ((h in layer) && layer[h] > i) print f ": includes " h " (" dir[h] ")" }
				' "$tmp/heads" -
		done
		i=$((i + 1))
	done
}
uphead $libs > "$tmp/uph"
if [ -s "$tmp/uph" ]; then
	echo "not ok 5 - no source includes a header of a layer above its own"
	sed 's/^/# /' "$tmp/uph"
else
	echo "ok 5 - no source includes a header of a layer above its own"
fi
n=$(uphead $rev | wc -l)
if [ "$n" -gt 0 ]; then
	echo "ok 6 - the order upside down is refused ($n includes)"
else
	echo "not ok 6 - the order upside down is refused"
fi

# The dashboard and the kernel layer: kerncalls UI-LIBRARY prints
# "object: symbol" for each symbol an object of it needs that the kernel
# layer's library defines.
for l in $libs; do
	case $l in
	*/kernel/*) kernel=$l ;;
	ui/*) ui=$l ;;
	esac
done
nm -g --defined-only "$top/$kernel" | awk 'NF == 3 { print $3 }' | sort -u > "$tmp/kernel-defs"
kerncalls() {
	nm -A -g --undefined-only "$1" | awk '
		FILENAME == ARGV[1] { def[$1] = 1; next }
		($NF in def) { o = $1; sub(/:$/, "", o); sub(/.*:/, "", o); print o ": " $NF }
	' "$tmp/kernel-defs" -
}
kerncalls "$top/$ui" > "$tmp/kcalls"
if [ -s "$tmp/kcalls" ]; then
	echo "not ok 7 - no object of $ui calls into $kernel"
	sed 's/^/# /' "$tmp/kcalls"
else
	echo "ok 7 - no object of $ui calls into $kernel ($(wc -l < "$tmp/kernel-defs") symbols)"
fi
# Planted: an object calling the first symbol the kernel layer defines.
sym=$(head -1 "$tmp/kernel-defs")
printf 'extern int %s(void);\nint planted_call(void) { return %s(); }\n' "$sym" "$sym" \
	> "$tmp/planted.c"
cp "$top/$ui" "$tmp/ui.a"
if ${CC:-cc} -c -o "$tmp/planted.o" "$tmp/planted.c" 2> "$tmp/cc" &&
	ar q "$tmp/ui.a" "$tmp/planted.o" &&
	kerncalls "$tmp/ui.a" | grep -qx "planted.o: $sym"; then
	echo "ok 8 - a call into $kernel planted in $ui is found (planted.o: $sym)"
else
	echo "not ok 8 - a call into $kernel planted in $ui is found"
	kerncalls "$tmp/ui.a" | sed 's/^/# /'
	head -5 "$tmp/cc" | sed 's/^/# /'
fi
