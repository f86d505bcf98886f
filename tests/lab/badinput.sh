#!/bin/bash
# Bad input, table-driven, in one lab VM boot: every invocation below must
# exit with status 1 (a usage error), print exactly one line (on stderr, nothing on stdout)
# naming the option and what it accepts, and leave every kernel setting as
# it was.  Kernel-checked input (events, filters, triggers, cgroups, CPUs
# online) is judged by the real kernel.
. "$(dirname "$0")/lib.sh"

# Each case: the label the message must name, then the arguments.
cases=$(cat <<'EOF'
-a/--auto|-a abc
-a/--auto|-a 0
-a/--auto|-a
-p/--period|-p 50
-p/--period|-p 1ms
-p/--period|-p 10000001
-r/--runtime|-r 99
-r/--runtime|-p 1000 -r 2000
-r/--runtime|-r 2000000
-s/--stop|-s 0
-s/--stop|-s 10us
-S/--stop-total|-S -5
-S/--stop-total|-S 99999999999
-T/--threshold|-T 0
-T/--threshold|-T abc
-t/--trace|-t /nonexistent/dir/trace.txt
-t/--trace|-t=
--trace-always|--trace-always=yes
--trace-buffer-size|-t --trace-buffer-size 0
--trace-buffer-size|--trace-buffer-size 64
--trace-buffer-size|-t --trace-buffer-size 64k
-q/--quiet|--quiet=1
-c/--cpus|-c 5
-c/--cpus|-c 1
-c/--cpus|-c 1-
-c/--cpus|-c 3-1
-c/--cpus|-c 0,,1
-H/--house-keeping|-H 9
-H/--house-keeping|-H a
-d/--duration|-d 0
-d/--duration|-d 5y
-d/--duration|-d
-D/--debug|--debug=2
-e/--event|-e osnoise
-e/--event|-t -e nosuchsystem
-e/--event|-t -e osnoise:nosuchevent
-e/--event|-t -e osnoise:a:b
-e/--event|-t -e :irq_noise
--filter|--filter duration>1
--filter|-t -e osnoise:sample_threshold --filter nosuchfield>1
--filter|-t -e osnoise:sample_threshold --filter duration>
--filter|-t -e osnoise:sample_threshold --filter duration>1 --filter duration>2
--trigger|-t -e osnoise:irq_noise --trigger hist:keys=nosuchfield
--trigger|-t -e osnoise:irq_noise --trigger nosuchtrigger
--trigger|-t -e osnoise --trigger hist:keys=duration
--trigger|--trigger traceon
-P/--priority|-P x:5
-P/--priority|-P f:0
-P/--priority|-P f:100
-P/--priority|-P r:abc
-P/--priority|-P o:20
-P/--priority|-P f
-P/--priority|-P d:2ms:1ms
-P/--priority|-P d:100us
-P/--priority|-P d:100xs:1ms
-P/--priority|-P d:100:1ms
-C/--cgroup|-C nosuchcgroup
-C/--cgroup|-C ../../tmp
--warm-up|--warm-up 0
--warm-up|--warm-up 5x
--warm-up|--warm-up 2d
--cleanup|--cleanup -s 5
--orphans|--orphans
-h/--help|--help=x
--version|--version=1
--bogus|--bogus
extra|-q extra
EOF
)
ncases=$(printf '%s\n' "$cases" | wc -l)
lab_require
plan $((ncases + 2))

lab_run --cpus 2 --bin "$HWNOISETOP" -- <<EOF
snap() { cd /sys/kernel/tracing; grep -H '' tracing_thresh current_tracer osnoise/stop_tracing_us osnoise/stop_tracing_total_us osnoise/period_us osnoise/runtime_us osnoise/cpus osnoise/options events/osnoise/enable events/osnoise/sample_threshold/filter events/osnoise/irq_noise/trigger buffer_size_kb; ls instances /run/hwnoisetop /sys/fs/cgroup; cd /lab; }
# Unusual values first, so that writing the kernel's defaults is seen too.
cd /sys/kernel/tracing; echo 7 > tracing_thresh; echo 1234 > osnoise/stop_tracing_total_us; echo 400000 > osnoise/runtime_us; echo 900000 > osnoise/period_us; echo 0 > osnoise/cpus; cd /lab
mkdir -p -m 0700 /run/hwnoisetop
echo 0 > /sys/devices/system/cpu/cpu1/online
echo "online=\$(cat /sys/devices/system/cpu/online)"
before=\$(snap)
n=0
while IFS='|' read -r label args; do
	n=\$((n + 1))
	# shellcheck disable=SC2086
	hwnoisetop \$args > out.txt 2> err.txt; rc=\$?
	same=no; [ "\$before" = "\$(snap)" ] && same=yes
	echo "@@case \$n|\$rc|\$(wc -l < err.txt)|\$(wc -c < out.txt)|\$same|\$(head -n 1 err.txt)"
	[ \$same = yes ] || snap
done <<'CASES'
$cases
CASES
echo 1 > /sys/devices/system/cpu/cpu1/online
echo "@@done"
EOF

is "$LAB_RC" 0 "the guest script ran in one VM boot"
like "$(printf '%s\n' "$LAB_OUT" | sed -n 's/^online=//p')" '^0$' "CPU 1 was offline for the table"
n=0
while IFS='|' read -r label args; do
	n=$((n + 1))
	line=$(printf '%s\n' "$LAB_OUT" | grep -F "@@case $n|" | head -n 1)
	IFS='|' read -r _ rc lines outbytes same msg <<<"$line"
	why=()
	[[ $rc == 1 ]] || why+=("exit status ${rc:-none}")
	[[ $lines == 1 ]] || why+=("$lines lines on stderr")
	[[ $outbytes == 0 ]] || why+=("$outbytes bytes on stdout")
	[[ $same == yes ]] || why+=("kernel settings changed")
	[[ $msg == hwnoisetop:* && $msg == *"$label"* ]] || why+=("message does not name $label")
	[[ $label == --bogus || $label == extra || $msg =~ takes|needs|must|accepts ]] ||
		why+=("message does not say what $label accepts")
	if ((${#why[@]} == 0)); then
		ok 0 "hwnoisetop $args: $msg"
	else
		ok 1 "hwnoisetop $args"
		diag "${why[@]}" "message: $msg"
	fi
done <<<"$cases"
