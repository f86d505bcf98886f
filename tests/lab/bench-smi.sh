#!/bin/bash
# Figures, not a test (not part of make check): what reading the SMI counter
# costs.  In one boot, the dashboard in osnoise mode (i pressed at once, so
# that the IRQ column counts every interrupt on the measured CPU) runs
# alternately without --smi (msr module not loaded: no read at all) and with
# --smi (the module loaded for that run: one read of CPU 1 per period, in
# its sleep gap), same CPU, period, runtime, threshold and duration.  Printed
# per run: CPU 1's IRQ count per period from the final table, and the
# dashboard's CPU time (user+sys, cutime+cstime of the shell that waited
# for it).  --smi should change neither by more than two runs without it
# differ from each other.
#
#   tests/lab/bench-smi.sh        (DUR=seconds per run, default 20; ROUNDS, default 3)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
labvm=${LABVM:-$here/labvm}
dur=${DUR:-20}
rounds=${ROUNDS:-3}
args="-c 1 -H 0 -p 1000000 -r 750000 -T 1 -d ${dur}s"
script=$(mktemp)
trap 'rm -f "$script"' EXIT
cat > "$script" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color
hz=\$(getconf CLK_TCK 2>/dev/null || echo 100)
# run NAME ARGS: the dashboard in a 200x50 tmux terminal, i at once; prints
# CPU 1's periods and IRQs from its final table, and its CPU time.
run() {
	rm -f /tmp/stat.\$1
	tmux -f /dev/null new-session -d -s b -x 200 -y 50 \
		"hwnoisetop \$2; cat /proc/\\\$\\\$/stat > /tmp/stat.\$1.tmp; mv /tmp/stat.\$1.tmp /tmp/stat.\$1; sleep 600"
	until tmux capture-pane -p -t b | grep -q ' CPU '; do sleep 0.2; done
	tmux send-keys -t b i
	while [ ! -s /tmp/stat.\$1 ]; do sleep 0.5; done
	row=\$(tmux capture-pane -p -t b -S -50 | awk '\$1 == 1 && \$2 ~ /^#/ { print; exit }')
	tmux kill-server 2>/dev/null
	set -- \$1 \$(sed 's/^.*) //' /tmp/stat.\$1)
	u=\$(echo "\$@" | awk '{print \$15}'); s=\$(echo "\$@" | awk '{print \$16}')
	echo "\$row" | awk -v n=\$1 -v ms=\$(((u + s) * 1000 / hz)) -v msr="\$(grep -c '^msr ' /proc/modules)" '{
		p = substr(\$2, 2); printf "%s periods=%d irq=%d irq_per_period=%.2f cpu_ms=%d msr_after=%s\n",
		n, p, \$(NF - 2), p ? \$(NF - 2) / p : 0, ms, msr }'
}
i=0
while [ \$i -lt $rounds ]; do
	run plain "$args"
	modprobe msr	# loaded here, so that the figures do not depend on who loads it
	run smi "$args --smi"
	rmmod msr
	i=\$((i + 1))
done
EOS
echo "bench-smi: $rounds rounds, osnoise mode, CPU 1 measured: $args [--smi]"
out=$("$labvm" --cpus 2 --msr --timeout $((rounds * 2 * (dur + 30) + 120)) --bin "$bin" "$script")
rc=$?
printf '%s\n' "$out"
[ $rc -eq 0 ] || { echo "bench-smi: the lab VM failed ($rc)" >&2; exit 1; }
printf '%s\n' "$out" | awk '
	/^(plain|smi) / { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[$1, kv[1]] += kv[2] } n[$1]++ }
	END { for (k in n) printf "%-5s mean of %d: %.2f IRQs/period, %.0f ms CPU time\n", k, n[k],
		v[k, "irq_per_period"] / n[k], v[k, "cpu_ms"] / n[k] }'
