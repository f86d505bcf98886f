# tests/lab/lib.sh - sourced by the TAP lab tests (bash scripts).
#
#   . "$(dirname "$0")/lib.sh"
#   lab_require                      # skip the whole test if no lab VM here
#   plan 3
#   lab_run --cpus 2 --bin "$HWNOISETOP" -- <<'EOF'
#   hwnoisetop --version
#   EOF
#   is "$LAB_RC" 0 "runs"
#   like "$LAB_OUT" '^hwnoisetop ' "prints its version"
#
# lab_run [labvm options] -- : runs the guest script read from stdin in a lab
#     VM (tests/lab/labvm); $LAB_OUT is its output (stdout+stderr, trailing
#     newlines removed), $LAB_RC its exit status (124 timeout, 77 no VM,
#     125 VM died).  labvm's own messages are shown as TAP diagnostics.  When
#     labvm reports SKIP (no qemu, no kernel), the rest of the test is skipped.
# lab_require [--kernel V]: skip_all unless a lab VM can run here (downloads
#     the kernel once).  Call it before plan.
# TAP: plan N; ok STATUS DESC (STATUS 0 passes: `[[ ... ]]; ok $? desc`);
#     is GOT WANT DESC; isnt GOT UNWANTED DESC; like TEXT ERE DESC;
#     unlike TEXT ERE DESC; diag MSG...; skip N REASON; skip_all REASON;
#     a DESC ending in "# TODO reason" marks an expected failure
#     (under CI=true a skip_all is a failure: "not ok 1 - lab skipped under
#     CI: REASON").  A test may define lab_cleanup, called at exit.
# $HWNOISETOP: the binary under test (env HWNOISETOP, else
#     $abs_top_builddir/src/hwnoisetop, else ../../src/hwnoisetop relative to
#     the test script).  $LABVM: the labvm script.

lab_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${LABVM:=$lab_dir/labvm}"
if [[ -z ${HWNOISETOP:-} ]]; then
	if [[ -n ${abs_top_builddir:-} ]]; then
		HWNOISETOP=$abs_top_builddir/src/hwnoisetop
	else
		HWNOISETOP=$(cd "$(dirname "$0")" && pwd)/../../src/hwnoisetop
	fi
fi
export HWNOISETOP LABVM

# ---------------------------------------------------------------- TAP
_tap_n=0 _tap_failed=0 _tap_planned= _tap_fails=()

plan() {
	_tap_planned=$1
	echo "1..$1"
}

diag() {         # each argument, each line of it, as a TAP comment
	local arg line
	for arg; do
		while IFS= read -r line; do
			echo "# $line"
		done <<<"$arg"
	done
}

ok() {
	local status=$1
	shift
	_tap_n=$((_tap_n + 1))
	if [[ $status == 0 ]]; then
		echo "ok $_tap_n - $*"
		return 0
	fi
	echo "not ok $_tap_n - $*"
	# a failing "DESC # TODO reason" test is an expected failure
	[[ $* == *"# TODO"* ]] || { _tap_failed=$((_tap_failed + 1)); _tap_fails+=("$*"); }
	return 1
}

is() {
	if [[ $1 == "$2" ]]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "     got: '$1'" "expected: '$2'"
		return 1
	fi
}

isnt() {
	if [[ $1 != "$2" ]]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "     got: '$1'" "expected anything else"
		return 1
	fi
}

like() {
	if [[ $1 =~ $2 ]]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "no match for /$2/ in:" "$1"
		return 1
	fi
}

unlike() {
	if ! [[ $1 =~ $2 ]]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "unexpected match for /$2/ ('${BASH_REMATCH[0]}') in:" "$1"
		return 1
	fi
}

skip_all() {
	local reason=$*
	if [[ ${CI:-} == true ]]; then
		[[ -n $_tap_planned ]] || echo "1..1"
		echo "not ok $((_tap_n + 1)) - lab skipped under CI: $reason"
		_tap_done=1
		exit 1
	fi
	if [[ -z $_tap_planned ]]; then
		echo "1..0 # SKIP $reason"
	else            # plan already out: skip the tests not run yet
		while ((_tap_n < _tap_planned)); do
			_tap_n=$((_tap_n + 1))
			echo "ok $_tap_n # SKIP $reason"
		done
	fi
	_tap_done=1
	exit 0
}

skip() {         # skip N REASON: count N tests as skipped
	local i
	for ((i = 0; i < $1; i++)); do
		_tap_n=$((_tap_n + 1))
		echo "ok $_tap_n # SKIP $2"
	done
}

# The failing checks that flaked before (tests/lab/FLAKES): said, so that
# they are mended rather than run again (tests/lab/README.md, Flakes).
_tap_flaked_before() {
	local d known
	d=$(mktemp -d) || return
	printf 'not ok 0 - %s\n' "${_tap_fails[@]}" >"$d/$(basename "$0").log"
	known=$("$lab_dir/flakes" known "$d"/*.log) && diag "$known" "a check that flaked before failed again: mend it"
	rm -rf "$d"
}

_tap_end() {
	local st=$?
	# a test may define lab_cleanup (remove temporary files, ...)
	declare -F lab_cleanup >/dev/null && lab_cleanup
	diag "lab suite time: $SECONDS s"	# .ci/run lists them (make check's chains)
	# and the host CPU its children used (the emulator's most): a suite whose
	# CPU is near its time slows another VM beside it (docs/performance.md)
	# (times in this shell: in a pipe's subshell it would count none)
	local c f
	f=$(mktemp) && times > "$f" &&
		c=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.0f", t }' "$f")
	rm -f "$f"
	diag "lab suite CPU: ${c:-?} s"
	[[ -n ${_tap_done:-} ]] && return
	if [[ -n $_tap_planned ]] && ((_tap_n != _tap_planned)); then
		diag "planned $_tap_planned tests but ran $_tap_n"
		st=1
	fi
	((_tap_failed)) && { diag "failed $_tap_failed of $_tap_n tests"; st=1; }
	((_tap_failed)) && _tap_flaked_before
	exit $st
}
trap _tap_end EXIT

# ---------------------------------------------------------------- lab VM
# The reason from labvm's "labvm: SKIP: ..." line, if any, in file $1.
_lab_skip_reason() {
	sed -n 's/^labvm: SKIP: //p' "$1" | head -n 1
}

# shellcheck disable=SC2120  # options are optional
lab_require() {
	local err rc
	err=$(mktemp) || exit 1
	"$LABVM" "$@" --check >/dev/null 2>"$err"
	rc=$?
	if ((rc == 77)); then
		local reason
		reason=$(_lab_skip_reason "$err")
		rm -f "$err"
		skip_all "${reason:-no lab VM}"
	fi
	[[ -s $err ]] && diag "$(cat "$err")"
	rm -f "$err"
	if ((rc != 0)); then
		echo "Bail out! labvm --check failed with status $rc"
		_tap_done=1
		exit 1
	fi
}

# make check runs two lab VMs at a time (two chains).  Each holds a shared
# lock on LAB_LOCK while its VM runs; lab_run --alone takes it exclusive: it
# waits for the other chain's VM to end and the other chain waits for it.
# For a suite whose figures are the emulator's time itself (why.sh: a busy
# sibling's cost to CPU 0), which another VM's load on the host drowns.
LAB_LOCK=${LAB_LOCK:-${TMPDIR:-/tmp}/hwnoisetop-lab.lock}
_lab_vm() {	# shared|exclusive LABVM-ARGS...: labvm under the lock (flock -o: not its children)
	local mode=$1
	shift
	flock -o "--$mode" "$LAB_LOCK" "$LABVM" "$@"
}

# lab_get KEY: the value of the guest's "KEY=value" line in LAB_OUT (the first).
lab_get() { printf '%s\n' "$LAB_OUT" | sed -n "s/^$1=//p" | head -1; }
# lab_file NAME: the lines the guest printed between "@@file NAME" and "@@end".
lab_file() { printf '%s\n' "$LAB_OUT" | sed -n "/^@@file $1\$/,/^@@end/p" | sed '1d;$d'; }

lab_run() {
	local opts=() err mode=shared
	while (($#)); do
		if [[ $1 == -- ]]; then
			shift
			break
		fi
		if [[ $1 == --alone ]]; then
			mode=exclusive
		else
			opts+=("$1")
		fi
		shift
	done
	err=$(mktemp) || exit 1
	local script
	script=$(mktemp) || exit 1
	cat "${@:--}" > "$script"
	# shellcheck disable=SC2034  # for the test script
	LAB_OUT=$(_lab_vm "$mode" "${opts[@]}" -- "$script" 2>"$err")
	LAB_RC=$?
	if [[ -s $err ]]; then
		diag "$(cat "$err")"
	fi
	# qemu's multi-threaded emulation at times kills the guest kernel (an
	# "Oops: int3" while the kernel patches its own code): that is the
	# emulator, not the program under test.  Boot again, and say so.
	# Seen on three boots in a row of a script that starts hwnoisetop
	# several times: the boots after the first run every vCPU in one
	# emulator thread (--single-thread), which does not race so.  Only
	# that death, which labvm names from the kernel's console ("labvm:
	# emulator crash: ..."), is booted again: any other oops or panic, in
	# the tracer or under the program's writes, fails the test.
	local boot
	for boot in 2 3; do
		((LAB_RC == 125)) && grep -q '^labvm: emulator crash: ' "$err" || break
		diag "the VM died of the emulator's known fault: booting it again, single-threaded (boot $boot of 3)"
		LAB_OUT=$(_lab_vm "$mode" "${opts[@]}" --single-thread -- "$script" 2>"$err")
		LAB_RC=$?
		[[ -s $err ]] && diag "$(cat "$err")"
	done
	rm -f "$script"
	if ((LAB_RC == 77)) && grep -q '^labvm: SKIP: ' "$err"; then
		local reason
		reason=$(_lab_skip_reason "$err")
		rm -f "$err"
		skip_all "$reason"
	fi
	rm -f "$err"
	return 0
}
