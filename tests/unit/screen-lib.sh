# screen-lib: what the dashboard's tmux tests share (sourced, not run):
# the program and the 4-CPU recording, a tmux server of the test's own with
# a session that outlives the others, a scratch directory, TAP's ok and
# not ok, and the helpers that play a recording in a window, send keys,
# read the screen and wait for it.  Set win (the window's name) first.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
bin=$top/src/hwnoisetop
rec=$src/tests/unit/replay-4cpu.jsonl
. "$src/tests/unit/skip.sh"
if ! command -v tmux >/dev/null 2>&1; then
	# under CI=true a skip fails (skip.sh)
	[ "${CI:-}" = true ] && { echo "1..1"; tap_skip 1 "tmux is not installed"; exit 1; }
	echo "1..0 # SKIP tmux is not installed"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
sock=hwn-$win-$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'stop; T kill-server 2>/dev/null; [ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
# A session that outlives the others: killing the last one ends the tmux
# server, and a new-session right after can reach the exiting server and fail.
T new-session -d -s keep "sleep 600"
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; screen | sed 's/^/# /'; }
# check CONDITION NAME: CONDITION (a shell command) as one TAP line.
check() { if eval "$1"; then ok "$2"; else not_ok "$2"; fi; }
screen() { T capture-pane -p -t "$win"; }
# Wait (up to 30 s: a loaded machine) until the screen matches the extended regular expression.
wait_for() {
	i=0
	while [ $i -lt 300 ]; do
		screen | grep -qE "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
key() { T send-keys -t "$win" "$@"; sleep 0.3; }
# Wait (up to 30 s) for the shell in the window to write the exit status.
wait_rc() {
	i=0
	while [ ! -s "$tmp/rc" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
}
# stop: a program that play() started and that still runs is ended by
# SIGTERM, and waited for, before its window goes: a terminal's hangup
# sends SIGCONT too, which can cancel the SIGSTOP by which LeakSanitizer
# (the ASan build) stops the process at its exit, and leave it spinning.
stop() {
	local pp

	[ -e "$tmp/rc" ] && return 0
	pp=$(T display-message -p -t "$win" '#{pane_pid}' 2>/dev/null) || return 0
	[ -n "$pp" ] || return 0
	pkill -TERM -P "$pp" 2>/dev/null && wait_rc
}
# play W H ENV FILE [OPTIONS]: FILE played back in a new W x H window, in
# the environment ENV; its stderr in $tmp/err, its exit status in $tmp/rc.
play() {
	stop
	rm -f "$tmp/rc"
	T kill-session -t "$win" 2>/dev/null
	T new-session -d -s "$win" -x "$1" -y "$2" \
		"env $3 '$bin' --replay '$4' ${5:-} 2> '$tmp/err'; echo \$? > '$tmp/rc'; sleep 600"
}
