#!/bin/bash
# Figures, not a test: hwnoisetop -q next to Debian's rtla osnoise top with
# OSNOISE_IRQ_DISABLE preset (the hwnoise measurement), in one lab boot,
# same CPU, period, runtime, threshold and duration.  Prints both tables
# and each one's wall and CPU time.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
bin=${HWNOISETOP:-$top/src/hwnoisetop}
dur=${DUR:-20}
rtla=$(command -v rtla) || { echo "compare-rtla: install Debian's rtla package" >&2; exit 1; }
script=$(mktemp)
trap 'rm -f "$script"' EXIT
cat > "$script" <<EOS
cd /sys/kernel/tracing
echo 1 > tracing_thresh
echo "== hwnoisetop -q -c 1 -p 1000000 -r 750000 -T 1 -d ${dur}s"
time hwnoisetop -q -c 1 -p 1000000 -r 750000 -T 1 -d ${dur}s
echo OSNOISE_IRQ_DISABLE > osnoise/options
echo "== rtla osnoise top -q -c 1 -p 1000000 -r 750000 -T 1 -d ${dur}s (OSNOISE_IRQ_DISABLE preset)"
time rtla osnoise top -q -c 1 -p 1000000 -r 750000 -T 1 -d ${dur}s
echo NO_OSNOISE_IRQ_DISABLE > osnoise/options
EOS
"$here/labvm" --cpus 2 --bin "$bin" --bin "$rtla" "$script"
