# Sourced inside the lab VM by the dashboard tests: drive a program in the
# tmux session "d" as a person would, and wait on the screen or the kernel.
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color
T=/sys/kernel/tracing
cap() { tmux capture-pane -p -t d; }
key() { tmux send-keys -t d "$@"; }
typed() { tmux send-keys -t d -l "$1"; tmux send-keys -t d Enter; }
# waitfor REGEX [TRIES]: until the screen matches (default 75 tries: 15 s).
waitfor() { i=0; while [ $i -lt "${2:-75}" ]; do cap | grep -Eq -- "$1" && return 0; sleep 0.2; i=$((i + 1)); done; return 1; }
# waitfile FILE VALUE: until a kernel file holds VALUE (5 s).
waitfile() { i=0; while [ $i -lt 50 ]; do [ "$(cat "$1")" = "$2" ] && return 0; sleep 0.1; i=$((i + 1)); done; return 1; }
# waitgrep REGEX FILE: until a kernel file matches (5 s).
waitgrep() { i=0; while [ $i -lt 50 ]; do grep -Eq -- "$1" "$2" && return 0; sleep 0.1; i=$((i + 1)); done; return 1; }
# tmux_end: the tmux server killed, and waited for until it and the
# program in its pane are gone (10 s at most): a new-session while the old
# server still exits can land in it and die with it (dashboard-hwlat.sh's
# next session was gone at once, in CI), and the pane's program restores
# the settings as it ends (a fixed sleep, before, guessed how long).
tmux_end() { tmux kill-server 2>/dev/null; i=0; while { pidof tmux || pidof hwnoisetop; } >/dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done; }
yn() { if "$@"; then echo yes; else echo no; fi; }
screen() { echo "@@screen $1"; cap; echo "@@end"; }
# stamp LABEL: where the time goes (uptime in seconds).
stamp() { echo "@@time $(cut -d' ' -f1 /proc/uptime) $1"; }
