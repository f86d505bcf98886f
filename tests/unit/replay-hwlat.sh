#!/bin/sh
# --replay of a hwnoisetop hwlat recording prints what the live run printed
# at its end with the options its header records (--quiet: nothing, --watch:
# no samples, --report: its line, --json: the object) and exits with the
# recorded status; --replay --json gives the object whatever the live run
# printed.  The recordings are written here as src/output/rec_writer.c writes them.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
check() {	# check STATUS DESC
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
echo 1..22

# rec FILE HEADER-OPTIONS EXIT FOOTER-OPTIONS: two samples on CPUs 0 and 1
# (inner 15 and 11 us, threshold 10), hard limit 12 unless HEADER-OPTIONS say.
rec() {
	{
		printf '{"t":"header","v":1,"program":"hwnoisetop","argv":["hwnoisetop","hwlat"],'
		printf '"mode":"hwlat","quiet":false,"ncpus":2,"duration_s":2,"warmup_s":0,'
		printf '"stop_us":0,"stop_total_us":0,"hwlat_keep":0%s,"cpus":"","period_us":0,' "$2"
		printf '"runtime_us":0,"threshold_us":0,"irq_disable":true,"hwlat_cpus":"0-1",'
		printf '"hwlat_threshold_us":10,"hwlat_window_us":1000000,"hwlat_width_us":500000,'
		printf '"hwlat_mode":"round-robin"}\n'
		printf '{"t":"h","cpu":0,"seq":1,"sec":1764547300,"nsec":5,"inner":15,"outer":12,'
		printf '"count":1,"nmi_total":0,"nmi_count":0}\n'
		printf '{"t":"tick","elapsed_s":0,"hwlat_elapsed_s":1,"run_ns":1000000000}\n'
		printf '{"t":"h","cpu":1,"seq":2,"sec":1764547301,"nsec":7,"inner":11,"outer":3,'
		printf '"count":2,"nmi_total":4,"nmi_count":1}\n'
		printf '{"t":"footer","elapsed_s":0,"run_ns":2000000000,"cpus":"","hwlat_cpus":"0-1",'
		printf '"osnoise":false,"smi":false,"hwlat_view":false,"hwlat_threshold_us":10,'
		printf '"exit":%s,"stop_hit":false,"stop_reason":"","neighbour_log":"","notes":""%s,' "$3" "$4"
		printf '"lines":6}\n'
	} > "$tmp/$1"
}
replay() {	# replay FILE [OPTIONS]: stdout in $tmp/out, stderr in $tmp/err, status in $rc
	f=$1
	shift
	"$top/src/hwnoisetop" --replay "$tmp/$f" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	# The line naming the run (stderr with -q) apart from what the live run printed.
	grep '^hwnoisetop: replay of ' "$tmp/err" > "$tmp/origin"
	grep -v '^hwnoisetop: replay of ' "$tmp/err" > "$tmp/err2"
	mv "$tmp/err2" "$tmp/err"
}
s1='ts: 1764547300.000000005, inner:15, outer:12, cpu:0, count:1, nmi-total:0, nmi-count:0'
s2='ts: 1764547301.000000007, inner:11, outer:3, cpu:1, count:2, nmi-total:4, nmi-count:1'
summary='test finished
Max Latency: 15us
Samples recorded: 2
Samples exceeding threshold: 3
Average interval between spikes: 1000000us'

# A plain run above its hard limit that wrote --report.
rec plain.jsonl ',"json":false,"watch":false,"hardlimit_us":12,"report":"rep.txt"' 1 ',"report_saved":true'
replay plain.jsonl -q
want="$summary
report saved to rep.txt (2 samples)
$s1
$s2"
[ "$(cat "$tmp/out")" = "$want" ] && [ ! -s "$tmp/err" ]
check $? "the summary, the report's line, then the samples, as the live run printed them"
[ "$(cat "$tmp/out")" = "$want" ] || sed 's/^/# /' "$tmp/out" "$tmp/err"
[ $rc = 1 ]; check $? "the recorded exit status: 1, above the hard limit ($rc)"
[ "$(cat "$tmp/origin")" = "hwnoisetop: replay of $tmp/plain.jsonl: recorded by hwnoisetop ? on an unnamed host (kernel ?), started at an unknown time" ]
check $? "one line on stderr names the run, and what its header does not say (an older recording)"

replay plain.jsonl -q --json
[ "$(grep -c . "$tmp/out")" = 1 ] && python3 -c 'import json,sys; json.load(sys.stdin)' < "$tmp/out"
check $? "--json: one JSON object on stdout"
o=$(cat "$tmp/out")
case $o in
*'"format":"hwnoisetop-hwlat"'*'"hardlimit_us":12'*'"above_hardlimit":true'*'"samples_kept":2'*'"inner_us":11'*'"exit_status":1}') r=0 ;;
*) r=1 ;;
esac
check $r "--json: the hwlat object with the hard limit, its verdict, the samples and the exit status"
case $o in *'"samples_exceeding_threshold":3,"avg_smi_interval_us":1000000,'*) r=0 ;; *) r=1 ;; esac
check $r "--json: the average interval between spikes beside their count"
[ $r = 0 ] || echo "# $o"
[ "$(cat "$tmp/err")" = "report saved to rep.txt (2 samples)" ] && [ $rc = 1 ]
check $? "--json: the report's line on stderr, as live --json, and exit status 1 ($rc)"

# The report could not be written: no line (the footer says so).
rec nosave.jsonl ',"json":false,"watch":false,"hardlimit_us":12,"report":"rep.txt"' 1 ',"report_saved":false'
replay nosave.jsonl -q
! grep -q 'report saved' "$tmp/out"; check $? "a report the live run could not write: no line"

# --watch printed the samples as they came: not again at the end.
rec watch.jsonl ',"json":false,"watch":true,"hardlimit_us":100,"report":""' 0 ',"report_saved":false'
replay watch.jsonl -q
[ "$(cat "$tmp/out")" = "$summary" ] && [ $rc = 0 ]
check $? "--watch: the summary without the samples; below the hard limit, exit 0 ($rc)"

# --quiet printed nothing; the exit status tells.
rec quiet.jsonl ',"json":false,"watch":false,"hardlimit_us":12,"report":"rep.txt"' 1 ',"report_saved":true'
sed -i 's/"quiet":false/"quiet":true/' "$tmp/quiet.jsonl"
replay quiet.jsonl -q
[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && [ $rc = 1 ]
check $? "--quiet: nothing printed, exit status 1 ($rc)"
replay quiet.jsonl -q --json
grep -q '"exit_status":1}$' "$tmp/out" && [ $rc = 1 ]
check $? "--replay --json of a --quiet run: the object all the same"

# A live --json run printed the object: so does its replay.
rec json.jsonl ',"json":true,"watch":false,"hardlimit_us":12,"report":""' 1 ',"report_saved":false'
replay json.jsonl -q
grep -q '^{"format":"hwnoisetop-hwlat".*"exit_status":1}$' "$tmp/out" && [ $rc = 1 ]
check $? "a --json run's replay prints its object"

# Another stop: the recorded status, whatever the figures say.
rec stop.jsonl ',"json":false,"watch":false,"hardlimit_us":100,"report":""' 3 ',"exit_table":2,"report_saved":false'
sed -i 's/"stop_reason":""/"stop_reason":"SIGINT"/' "$tmp/stop.jsonl"
replay stop.jsonl -q
[ $rc = 3 ] && [ "$(head -1 "$tmp/out")" = "test interrupted (SIGINT)" ]
check $? "an interrupted run: its first line and its recorded exit status 3 ($rc)"

# Footers of the first exit table (no "exit_table"): hwlat's 1 meant above the
# hard limit or a failure, its 2 a usage error; read into today's table.
rec old2.jsonl ',"json":false,"watch":false,"hardlimit_us":100,"report":""' 2 ',"report_saved":false'
replay old2.jsonl -q
[ $rc = 3 ]
check $? "the first table's 2: no result, exit 3 ($rc)"
rec old1.jsonl ',"json":false,"watch":false,"hardlimit_us":100,"report":""' 1 ',"report_saved":false'
replay old1.jsonl -q --json
[ $rc = 3 ] && grep -q '"exit_status":3}$' "$tmp/out"
check $? "the first table's 1 with every sample below the hard limit: a failure, exit 3 ($rc)"

# An older recording without these options: the text, the samples, the hard limit the threshold.
rec old.jsonl '' 1 ''
replay old.jsonl -q
[ "$(cat "$tmp/out")" = "$summary
$s1
$s2" ] && [ $rc = 1 ]
check $? "a recording without the options: the defaults (text and samples), its exit status"
replay old.jsonl -q --json
grep -q '"hardlimit_us":10,' "$tmp/out"
check $? "... --json: the hard limit is the threshold, as the live default"

# -q printed the summary only (and no parameters before the test).
rec brief.jsonl ',"json":false,"watch":false,"hardlimit_us":12,"report":"","brief":true' 1 ',"report_saved":false'
replay brief.jsonl -q
[ "$(cat "$tmp/out")" = "$summary" ] && [ $rc = 1 ]
check $? "-q: the summary without the samples, exit status 1 ($rc)"

# A hwlat recording that cannot be read: hwlat's failure to run (3), not "above" (1).
rec bad.jsonl ',"json":false,"watch":false,"hardlimit_us":12,"report":""' 0 ',"report_saved":false'
sed -i '3s/.*/{"t":"h","cpu":"zero"}/' "$tmp/bad.jsonl"
replay bad.jsonl -q
[ $rc = 3 ] && grep -q "^hwnoisetop: --replay: $tmp/bad.jsonl line 3" "$tmp/err" && [ ! -s "$tmp/out" ]
check $? "a hwlat recording with a bad line: one line, exit 3 ($rc)"
[ $rc = 3 ] || sed 's/^/# /' "$tmp/err"
replay bad.jsonl --json
[ $rc = 3 ]; check $? "... with --json too ($rc)"
printf 'not a recording\n' > "$tmp/junk.jsonl"
replay junk.jsonl -q
[ $rc = 1 ]; check $? "a file that is no recording: the main command's failure, exit 1 ($rc)"

# Killed: no footer, no status recorded.
head -n 4 "$tmp/plain.jsonl" > "$tmp/cut.jsonl"
replay cut.jsonl -q
[ $rc = 0 ] && grep -q 'without its footer' "$tmp/err" && ! grep -q 'report saved' "$tmp/out"
check $? "a recording without its footer: replayed up to there, exit 0, no report line ($rc)"
exit $failed
