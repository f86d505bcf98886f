# Sourced by the tests that compare a tmux pane after a redraw in parts with
# the same pane after a whole redraw (tests/unit/redraw-parts.sh on the build
# machine, tests/lab/dashboard-redraw.sh inside the lab VM: bash or busybox
# sh, busybox awk or another).
#
# screen_capture PANE [TMUX-COMMAND...]: the pane as tmux gives it with its
# attributes (capture-pane -e), then a line "@@cursor X/Y" (or "@@cursor
# hidden"); tmux by default.
screen_capture() {
	_pane=$1
	shift
	[ $# -gt 0 ] || set -- tmux
	"$@" capture-pane -p -e -t "$_pane"
	"$@" display -p -t "$_pane" '@@cursor #{?cursor_flag,#{cursor_x}/#{cursor_y},hidden}'
}

# screen_cells: a capture (stdin) as what it shows: each line as its cells
# with their whole attributes ("{bold dim underline reverse/fg/bg}" before
# each run), whatever attributes the line before ended with (capture-pane -e
# writes only the changes, and which changes depends on how the terminal got
# there); blanks that show nothing (no background, reverse or underline)
# dropped at the end.  The cursor's line as it is.
screen_cells() {
	awk '
function reset() { b = 0; di = 0; u = 0; r = 0; fg = ""; bg = "" }
function sgr(p,   n, a, i) {
	n = split(p, a, ";")
	if (p == "") { reset(); return }
	for (i = 1; i <= n; i++) {
		if (a[i] == "" || a[i] == 0) reset()
		else if (a[i] == 1) b = 1
		else if (a[i] == 2) di = 1
		else if (a[i] == 4) u = 1
		else if (a[i] == 7) r = 1
		else if (a[i] == 22) { b = 0; di = 0 }
		else if (a[i] == 24) u = 0
		else if (a[i] == 27) r = 0
		else if (a[i] == 39) fg = ""
		else if (a[i] == 49) bg = ""
		else if ((a[i] == 38 || a[i] == 48) && a[i + 1] == 5) {
			if (a[i] == 38) fg = "5:" a[i + 2]; else bg = "5:" a[i + 2]
			i += 2
		} else if (a[i] >= 30 && a[i] <= 37 || a[i] >= 90 && a[i] <= 97) fg = a[i]
		else if (a[i] >= 40 && a[i] <= 47 || a[i] >= 100 && a[i] <= 107) bg = a[i]
		else x = x "?" a[i]
	}
}
function attrs() { return b "" di "" u "" r "/" fg "/" bg x }
BEGIN { reset(); x = ""; esc = sprintf("%c", 27) }
/^@@cursor / { print; next }
{
	out = ""; cur = "0000//"; keep = 0; s = $0
	while (s != "") {
		if (substr(s, 1, 2) == esc "[" && match(s, /^\033\[[0-9;]*m/)) {
			sgr(substr(s, 3, RLENGTH - 3)); s = substr(s, RLENGTH + 1); continue
		}
		c = substr(s, 1, 1); s = substr(s, 2)
		if (attrs() != cur) { cur = attrs(); out = out "{" cur "}" }
		out = out c
		if (c != " " || bg != "" || r || u) keep = length(out)
	}
	print substr(out, 1, keep)
}'
}

# same_screen A B: two captures show the same cells.  Equal captures do
# (the common case, and no awk needed); others are compared as cells.
same_screen() {
	[ "$1" = "$2" ] ||
		[ "$(printf '%s\n' "$1" | screen_cells)" = "$(printf '%s\n' "$2" | screen_cells)" ]
}

# screen_diff A B: the first lines of what differs, as cells (diff -u: - for
# A, + for B).
screen_diff() {
	_d=$(mktemp -d) || return 1
	printf '%s\n' "$1" | screen_cells > "$_d/a"
	printf '%s\n' "$2" | screen_cells > "$_d/b"
	diff -u "$_d/a" "$_d/b" | sed 1,2d | head -8
	rm -rf "$_d"
}
