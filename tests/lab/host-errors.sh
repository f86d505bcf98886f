#!/bin/bash
# On this machine's own kernel (no osnoise tracer here, and maybe no
# tracefs mount), in a private mount namespace: hwnoisetop mounts tracefs
# when it is not, refuses with one clear line naming what to install and
# the example recording, exit 1, and leaves nothing changed (the tracefs
# it mounted unmounted).  Also: not root.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
n=0
trap 'echo "# lab suite time: $SECONDS s"' EXIT	# as lib.sh's suites (make check's chains)
skip() { n=$((n + 1)); echo "ok $n - # SKIP $1"; }
t() { n=$((n + 1)); if [ "$1" = 1 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }

echo 1..17
tr=/sys/kernel/tracing
hostmounts() { grep -c tracefs /proc/mounts; }
# Everything that mounts runs in a private mount namespace: the host's
# mounts stay as they are, whatever hwnoisetop does.
if grep -q OSNOISE_IRQ_DISABLE $tr/osnoise/options 2>/dev/null || ! command -v unshare >/dev/null; then
	for i in 1 2 3 4 5 6 7; do skip "this kernel can measure hwnoise, or no unshare"; done
else
	before=$(hostmounts; cat $tr/tracing_thresh $tr/current_tracer 2>/dev/null; ls $tr/instances 2>/dev/null)
	# tracefs not mounted: hwnoisetop mounts it, finds no osnoise tracer, unmounts it.
	msg=$(unshare --mount --propagation private sh -c \
		"umount $tr 2>/dev/null; '$bin' -q -d 1 2>&1 >/dev/null; echo rc=\$?; echo mounts=\$(grep -c tracefs /proc/mounts); ls /run/hwnoisetop 2>/dev/null | grep -c state | sed 's/^/states=/'" 2>&1)
	echo "$msg" | sed 's/^/# /'
	t "$(echo "$msg" | grep -q '^rc=1$' && echo 1)" "no tracefs, no osnoise tracer: exit status 1"
	t "$(echo "$msg" | sed -n 1p | grep -qx 'hwnoisetop: mounted tracefs on /sys/kernel/tracing (unmounted again at the end)' && echo 1)" \
		"tracefs not mounted: mounted, and says so in one line"
	t "$(echo "$msg" | grep -q '^mounts=0$' && echo 1)" "... and unmounted again when the run stops (no tracer)"
	t "$(echo "$msg" | grep -q '^states=0$' && echo 1)" "... no state file left behind"
	t "$(echo "$msg" | grep -c '^hwnoisetop: this kernel has no osnoise tracer' | grep -qx 1 && [ "$(echo "$msg" | grep -c '^hwnoisetop:')" = 2 ] && echo 1)" \
		"then one line for the missing tracer"
	after=$(hostmounts; cat $tr/tracing_thresh $tr/current_tracer 2>/dev/null; ls $tr/instances 2>/dev/null)
	t "$([ "$before" = "$after" ] && echo 1)" "the host unchanged (its mounts, no instance)"
	# The "no osnoise tracer" line: what to install here, and the example to replay.
	line=$(echo "$msg" | grep '^hwnoisetop: this kernel has no osnoise tracer')
	if grep -qx 'ID=debian' /etc/os-release && grep -qx 'VERSION_ID="12"' /etc/os-release; then
		want='^hwnoisetop: this kernel has no osnoise tracer \(available: [^)]*\): on Debian 12, install linux-image-6\.12-rt-amd64 and boot it \(linux-image-rt-amd64 there is 6\.1, without OSNOISE_IRQ_DISABLE\); to try hwnoisetop meanwhile, replay a recording made in an emulator: hwnoisetop --replay /.*/hwnoisetop/example-emulator-smt\.jsonl$'
	else
		want='^hwnoisetop: this kernel has no osnoise tracer \(available: [^)]*\): .*; to try hwnoisetop meanwhile, replay a recording made in an emulator: hwnoisetop --replay /.*/example-emulator-smt\.jsonl$'
	fi
	t "$(echo "$line" | grep -Eq "$want" && echo 1)" "names the package for this distribution and the example recording"
fi
# The same with tracefs mounted (by the namespace, not by hwnoisetop).
if grep -q OSNOISE_IRQ_DISABLE $tr/osnoise/options 2>/dev/null || ! command -v unshare >/dev/null; then
	skip "as above"; skip "as above"; skip "as above"
else
	msg=$(unshare --mount --propagation private sh -c \
		"grep -qw tracefs /proc/mounts || mount -t tracefs nodev $tr; grep -qw osnoise $tr/available_tracers && echo HAS-OSNOISE; '$bin' -q -d 1; echo rc=\$?; echo mounts=\$(grep -c tracefs /proc/mounts)" 2>&1)
	echo "$msg" | sed 's/^/# /'
	if echo "$msg" | grep -q HAS-OSNOISE; then
		skip "this kernel has osnoise (but no OSNOISE_IRQ_DISABLE)"
		t "$(echo "$msg" | grep -q 'no OSNOISE_IRQ_DISABLE option, which hwnoise mode needs (Linux >= 6.2): .*hwnoisetop --osnoise' && echo 1)" "names the missing OSNOISE_IRQ_DISABLE, the version and --osnoise"
	else
		t "$(echo "$msg" | grep -q '^rc=1$' && echo 1)" "no osnoise tracer: exit status 1"
		t "$(echo "$msg" | grep -q '^mounts=1$' && ! echo "$msg" | grep -q 'mounted tracefs' && echo 1)" \
			"a tracefs mounted before is used and left mounted"
	fi
	t "$(echo "$msg" | grep -c '^hwnoisetop:' | grep -qx 1 && echo 1)" "no osnoise tracer: one line"
fi
if command -v setpriv >/dev/null; then
	msg=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" -q -d 1 2>&1 >/dev/null); rc=$?
	echo "# $msg"
	t "$([ $rc = 1 ] && echo 1)" "not root: exit status 1 (got $rc)"
	t "$(echo "$msg" | grep -q '^hwnoisetop: must be run as root' && echo 1)" "not root: says so"
else
	skip "setpriv missing"; skip "as above"
fi
# Arguments echoed in errors: escaped and cut (checked before the environment).
msg=$("$bin" -p "$(printf '1\n\033[2J')" 2>&1 >/dev/null); rc=$?
echo "# $msg"
t "$([ $rc = 1 ] && [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] && echo 1)" "a newline in an argument: one line, exit 1 (got $rc)"
t "$(printf '%s' "$msg" | grep -q "'1\\\\n\\\\x1b\[2J'" && ! printf '%s' "$msg" | grep -q "$(printf '\033')" && echo 1)" \
	"control characters are shown escaped (\\n, \\x1b), no ESC reaches the terminal"
msg=$("$bin" hwlat --mode "$(head -c 100000 /dev/zero | tr '\0' x)" 2>&1 >/dev/null)
t "$([ ${#msg} -lt 300 ] && echo "$msg" | grep -q "'x\{64\}\.\.\.'" && echo 1)" "a 100 kB argument is cut (${#msg} bytes)"
# Output files are checked at parse time: no file created, none truncated.
tmp=$(mktemp -d)
msg=$("$bin" -q -d 1 -t "$tmp" 2>&1 >/dev/null); rc=$?
t "$([ $rc = 1 ] && echo "$msg" | grep -q "^hwnoisetop: -t/--trace '$tmp' is a directory" && echo 1)" "-t DIR refused with exit 1: $msg"
msg=$("$bin" hwlat --report /no/such/x 2>&1 >/dev/null); rc=$?
t "$([ $rc = 3 ] && echo "$msg" | grep -q "^hwnoisetop: --report '/no/such/x' cannot be written" && echo 1)" "hwlat --report /no/such/x refused with exit 3: $msg"
rm -rf "$tmp"
