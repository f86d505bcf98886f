#!/bin/sh
# struct session is the session's own (src/session/session_int.h): outside
# src/session/ the compiler refuses any read or write of its fields, a
# struct session of one's own, and a session cast to get at them (test 4
# plants each and compiles it).  The front ends read the run through the
# accessors of src/session/session.h, which give const pointers, and change
# it only through the requests (between BEGIN REQUESTS and END REQUESTS).
# The dashboard holds the run twice: read only (d->s) and, for the requests
# only, its one mutable handle (d->req).  This test refuses what the compiler
# cannot see:
#   1. the handle used for anything but the first argument of a request
#      (or of session_run/session_hold, the loop dashboard_run drives);
#   2. another non-const struct session * in ui/ (a cast, a local);
#   3. dashboard_run's own pointer used past setting up d.s and d.req;
#   4. a non-const pointer taken from the const view (&session_stats(d->s)->cpu[0],
#      whose target the const does not cover).
# Then it plants each kind of violation in a copy of ui/ and checks that the
# check finds it, so that it can fail.
top=${abs_top_builddir:-$(cd "$(dirname "$0")/../.." && pwd)}
src=${abs_top_srcdir:-$top}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The names of the requests: session_*( declared between the markers.
requests=$(sed -n '/BEGIN REQUESTS/,/END REQUESTS/p' "$src/src/session/session.h" |
	grep -oE '^[a-z][a-z_ ]* \**session_[a-z_]+\(' | grep -oE 'session_[a-z_]+' | sort -u |
	tr '\n' '|' | sed 's/|$//')

# Without comments, one file at a time: "file:line:text".
code() {
	for f in "$@"; do
		perl -0pe 's{/\*.*?\*/}{ my $c = $&; $c =~ s/[^\n]//g; $c }gse' "$f" |
			awk -v f="${f##*/}" '{ print f ":" NR ":" $0 }'
	done
}

# Print every violation in the tree $1 (a copy of ui/ is at $1/ui); none: silent.
violations() {
	d=$1
	code "$d"/ui/*.c "$d"/ui/screens/*.c > "$tmp/code"
	code "$d"/ui/*.h > "$tmp/headers"
	# 1. the handle: d->req / d.req only as a request's first argument.
	sed -E "s/\\b($requests)\\((d->req|d\\.req)([,)])/\\1(R\\3/g;
		s/\\b(session_run|session_hold)\\(d\\.req([,)])/\\1(R\\2/g;
		s/^dashboard\\.c:([0-9]+):(.*)\\.req = s([,} ])/dashboard.c:\\1:\\2R\\3/" "$tmp/code" |
		grep -E '\breq\b' | sed 's/^/handle not for a request: /'
	n=$(grep -cE '\.req = s\b' "$tmp/code")
	[ "$n" = 1 ] || echo "the handle is set $n times, not once (dashboard_run)"
	grep -qE '^dash\.h:[0-9]+:[[:space:]]*const struct session \*s;' "$tmp/headers" ||
		echo "dash.h: struct dashboard's s is not a const struct session *"
	# 2. non-const struct session * in ui/: the handle and dashboard_run's parameter only.
	cat "$tmp/code" "$tmp/headers" | grep -E 'struct session[[:space:]]*\*' |
		grep -vE '^[a-z_.]+:[0-9]+:(.*[^a-z_])?const struct session[[:space:]]*\*[^*]*$' |
		grep -vE '^dash\.h:[0-9]+:[[:space:]]*struct session \*req;$' |
		grep -vE '^dashboard\.[ch]:[0-9]+:int dashboard_run\(struct session \*s, const' |
		sed 's/^/non-const session pointer: /'
	# 3. dashboard_run's s: only in the initializer of d.
	awk -F: '$1 == "dashboard.c" && /:int dashboard_run\(/ { on = 1; next }
		 on && $3 == "}" { on = 0 }
		 on { print }' "$tmp/code" | sed -E 's/\.(s|req) = s([,} ])/.\1 = S\2/g' |
		grep -E '(^|[^.>[:alnum:]_])s([^[:alnum:]_]|$)' |
		grep -vE '^[^:]+:[0-9]+:.*"' | sed 's/^/dashboard_run uses its mutable pointer: /'
	# 4. non-const pointers out of the const view.
	grep -oE '(const )?(struct|union) [a-z_]+ \*+[a-z_]+ = [^;]*\bd(->|\.)s\b' "$tmp/code" |
		grep -v '^const ' | sed 's/^/non-const pointer from the view: /'
}

echo 1..4
if [ -n "$requests" ] && echo "$requests" | grep -q session_set_threshold; then
	echo "ok 1 - session.h declares the requests (${requests}) between its markers"
else
	echo "not ok 1 - no requests found between BEGIN REQUESTS and END REQUESTS in session.h"
fi

v=$(violations "$src")
if [ -z "$v" ]; then
	echo "ok 2 - ui/ reads the session through const and changes it only through requests"
else
	echo "not ok 2 - ui/ goes around the requests"
	echo "$v" | sed 's/^/# /'
fi

# Each planted violation must be found.
plant() {
	rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/src/session" && cp -R "$src/ui" "$tmp/tree/" &&
		cp "$src/src/session/session.h" "$tmp/tree/src/session/" || return 1
	case $1 in
	run)	# a line in dashboard_run
		sed -i "/^	struct dashboard d = /i\\
	$2" "$tmp/tree/ui/dashboard.c" ;;
	*)	printf '%s\n' "$2" >> "$tmp/tree/ui/$1" ;;
	esac
	[ -n "$(violations "$tmp/tree")" ]
}
missed=0
while IFS='|' read -r where what; do
	if ! plant "$where" "$what"; then
		echo "# not found: $what ($where)"
		missed=$((missed + 1))
	fi
done <<'EOF'
keys.c|static void planted(struct dashboard *d) { session_finish(d->req); }
keys.c|static void planted(struct dashboard *d) { session_set_exit_status(d->req, 0); }
screens/panel.c|static struct session *planted(struct dashboard *d) { return d->req; }
screens/marks.c|static void planted(struct dashboard *d) { session_request_quit((struct session *)d->s); }
screens/grid.c|static void planted(struct dashboard *d) { struct session *w = d->req; session_request_quit(w); }
screens/grid.c|static void planted(struct dashboard *d) { struct cpu_stats *c = &session_stats(d->s)->cpu[0]; c->noise = 0; }
dash.h|struct dashboard2 { struct session *s; };
run|session_request_quit(s);
EOF
if [ $missed = 0 ]; then
	echo "ok 3 - each of 8 planted violations is found"
else
	echo "not ok 3 - $missed planted violations not found"
fi

# 4. What the compiler refuses outside src/session/: each planted line must
# not compile; the same file with the accessors must.
cat > "$tmp/front.c" <<'EOF'
#include <stdbool.h>
#include "session.h"
int planted(const struct session *cs, struct session *s);
int planted(const struct session *cs, struct session *s)
{
	(void)cs;
	(void)s;
	PLANT;
	return 0;
}
EOF
dirs=
for d in core state kernel machine session; do dirs="$dirs -I$src/src/$d"; done
compiles() {
	# shellcheck disable=SC2086
	${CC:-cc} ${LAYER_LINK:-} -I"$top" $dirs -fsyntax-only -DPLANT="$1" "$tmp/front.c" \
		2> "$tmp/cc.err"
}
if ! compiles 'return (int)session_stats(cs)->samples + session_exit_status(s)'; then
	echo "not ok 4 - a front end reading through the accessors does not compile"
	sed 's/^/# /' "$tmp/cc.err" | head -5
else
	wrong=0
	while IFS= read -r what; do
		if compiles "$what"; then
			echo "# compiled: $what"
			wrong=$((wrong + 1))
		fi
	done <<'EOF'
return (int)cs->stats.samples
s->quit = true
return s->exit_status
struct session own; (void)own
return (int)sizeof(struct session)
((struct session *)cs)->quit = true
session_stats(cs)->samples = 0
EOF
	if [ $wrong = 0 ]; then
		echo "ok 4 - the compiler refuses each of 7 reaches into struct session from outside"
	else
		echo "not ok 4 - $wrong reaches into struct session compile outside src/session/"
	fi
fi
