#!/bin/bash
# On this machine's own kernel (no osnoise tracer here, and maybe no
# tracefs mount): hwnoisetop refuses with one clear line, exit 1, and
# changes nothing.  Also: not root.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
n=0
skip() { n=$((n + 1)); echo "ok $n - # SKIP $1"; }
t() { n=$((n + 1)); if [ "$1" = 1 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }

echo 1..14
tr=/sys/kernel/tracing
if grep -q OSNOISE_IRQ_DISABLE $tr/osnoise/options 2>/dev/null; then
	skip "this kernel can measure hwnoise"
	skip "as above"; skip "as above"; skip "as above"
else
	before=$(cat /proc/mounts | grep -c tracefs; cat $tr/tracing_thresh $tr/current_tracer 2>/dev/null; ls $tr/instances 2>/dev/null)
	msg=$("$bin" -q -d 1 2>&1 >/dev/null); rc=$?
	echo "# $msg"
	t "$([ $rc = 1 ] && echo 1)" "exit status 1 (got $rc)"
	t "$([ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] && echo 1)" "one line"
	if grep -qw tracefs /proc/mounts; then
		t "$(echo "$msg" | grep -q '^hwnoisetop: this kernel has no osnoise tracer .*CONFIG_OSNOISE_TRACER=y, Linux >= 6.2 for its OSNOISE_IRQ_DISABLE option$' && echo 1)" "names the missing osnoise tracer and the fix"
	else
		t "$(echo "$msg" | grep -q "^hwnoisetop: tracefs is not mounted: mount it with 'mount -t tracefs" && echo 1)" "names the missing tracefs mount and the fix"
	fi
	after=$(cat /proc/mounts | grep -c tracefs; cat $tr/tracing_thresh $tr/current_tracer 2>/dev/null; ls $tr/instances 2>/dev/null)
	t "$([ "$before" = "$after" ] && echo 1)" "nothing changed (no mount, no instance)"
fi
# The "no osnoise tracer" path, with tracefs mounted in a private mount
# namespace when the host has none mounted (the host's mounts stay as they are).
if grep -q OSNOISE_IRQ_DISABLE $tr/osnoise/options 2>/dev/null || ! command -v unshare >/dev/null; then
	skip "as above"; skip "as above"; skip "as above"
else
	msg=$(unshare --mount --propagation private sh -c \
		"grep -qw tracefs /proc/mounts || mount -t tracefs nodev $tr; grep -qw osnoise $tr/available_tracers && echo HAS-OSNOISE; '$bin' -q -d 1; echo rc=\$?" 2>&1)
	echo "$msg" | sed 's/^/# /'
	if echo "$msg" | grep -q HAS-OSNOISE; then
		skip "this kernel has osnoise (but no OSNOISE_IRQ_DISABLE)"
		t "$(echo "$msg" | grep -q 'no OSNOISE_IRQ_DISABLE option, which hwnoise mode needs (Linux >= 6.2)$' && echo 1)" "names the missing OSNOISE_IRQ_DISABLE and the version"
	else
		t "$(echo "$msg" | grep -q '^rc=1$' && echo 1)" "no osnoise tracer: exit status 1"
		t "$(echo "$msg" | grep -q '^hwnoisetop: this kernel has no osnoise tracer (available: .*): boot a kernel built with CONFIG_OSNOISE_TRACER=y, Linux >= 6.2 for its OSNOISE_IRQ_DISABLE option$' && echo 1)" "no osnoise tracer: names it, the kernel option and the version"
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
