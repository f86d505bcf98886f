#!/bin/sh
# No circle of files, by includes and by calls.  Includes: a module is a
# .c file with its .h and its private _int.h; it depends on the modules
# whose headers it includes.  Calls: an object file depends on the objects
# that define the symbols it needs (nm of each layer's library, LAYER_LIBS).
# A circle (a needs b, b needs a, or longer) means neither can be read or
# changed alone.  Each check runs on the real files, then on a planted
# circle of three, which it must find.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$src/tests/unit/skip.sh"
top=${abs_top_builddir:-$src}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo 1..4
if ! command -v python3 >/dev/null 2>&1; then
	for i in 1 2 3 4; do tap_skip $i "python3 is not installed"; done
	exit 0
fi

cat > "$tmp/circles.py" <<'EOF'
import os, re, sys

def includes(root, tops):
    """module -> the modules whose headers it includes"""
    files = []
    for top in tops:
        for d, _, fs in os.walk(os.path.join(root, top)):
            files += [os.path.join(d, f) for f in fs if f.endswith(('.c', '.h'))]

    def module(path):
        m = os.path.relpath(path, root)[:-2]
        return m[:-4] if m.endswith('_int') else m

    heads = {}  # a header's name -> its module
    for f in files:
        if f.endswith('.h'):
            heads[os.path.basename(f)] = module(f)
    deps = {}
    inc = re.compile(r'\s*#\s*include\s+"([^"]+)"')
    for f in files:
        m = module(f)
        deps.setdefault(m, set())
        for line in open(f, errors='replace'):
            r = inc.match(line)
            if r and os.path.basename(r.group(1)) in heads:
                t = heads[os.path.basename(r.group(1))]
                if t != m:
                    deps[m].add(t)
    return deps

def calls(listing):
    """object -> the objects defining what it needs, from nm -A lines"""
    defs, need = {}, {}
    for line in open(listing):
        where, _, rest = line.rpartition(':')
        f = rest.split()
        if len(f) < 2 or not where:
            continue
        obj = where.replace('.a:', '.a(') + ')' if '.a:' in where else where
        need.setdefault(obj, set())
        if f[0] == 'U':
            need[obj].add(f[1])
        elif len(f) == 3 and f[1] in 'TDBRCVWGSiu':
            defs[f[2]] = obj
    return {o: {defs[x] for x in n if x in defs and defs[x] != o} for o, n in need.items()}

deps = includes(sys.argv[2], sys.argv[3:]) if sys.argv[1] == 'includes' else calls(sys.argv[2])

# Tarjan's strongly connected components, iteratively.
index, low, on, stack, out, n = {}, {}, set(), [], [], 0
for start in sorted(deps):
    if start in index:
        continue
    work = [(start, iter(sorted(deps[start])))]
    index[start] = low[start] = n; n += 1; stack.append(start); on.add(start)
    while work:
        v, it = work[-1]
        w = next(it, None)
        if w is not None:
            if w not in index:
                index[w] = low[w] = n; n += 1; stack.append(w); on.add(w)
                work.append((w, iter(sorted(deps[w]))))
            elif w in on:
                low[v] = min(low[v], index[w])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[v])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
print(len(deps))
for comp in out:
    print(' '.join(comp))
EOF

# none N KIND WHAT ARGS...: check N, no circle of KIND among WHAT, which
# circles.py ARGS reads (it prints their count, then one line a circle).
none() {
	t=$1 kind=$2 what=$3; shift 3
	python3 "$tmp/circles.py" "$@" > "$tmp/real" || exit 1
	n=$(head -1 "$tmp/real")
	if [ "$(wc -l < "$tmp/real")" -eq 1 ] && [ "$n" -gt 100 ]; then
		echo "ok $t - no circle of $kind among the $n $what"
	else
		echo "not ok $t - no circle of $kind among the $what"
		sed '1d; s/^/# circle: /' "$tmp/real"
	fi
}
# planted N WHAT CIRCLE ARGS...: check N, circles.py ARGS finds CIRCLE first.
planted() {
	t=$1 what=$2 circle=$3; shift 3
	python3 "$tmp/circles.py" "$@" > "$tmp/planted" || exit 1
	if [ "$(sed -n 2p "$tmp/planted")" = "$circle" ]; then
		echo "ok $t - a planted circle of three $what is found"
	else
		echo "not ok $t - a planted circle of three $what is found"
		sed 's/^/# /' "$tmp/planted"
	fi
}

none 1 files "modules of src/, ui/ and tools/" includes "$src" src ui tools

# A planted circle: a.c includes b.h, b.c c.h, c.c a.h (and a private header).
mkdir -p "$tmp/p/src"
for x in a b c; do echo "/* $x */" > "$tmp/p/src/$x.h"; done
printf '#include "a_int.h"\n#include "b.h"\n' > "$tmp/p/src/a.c"
printf '#include "a.h"\n' > "$tmp/p/src/a_int.h"
printf '#include "c.h"\n' > "$tmp/p/src/b.c"
printf '#include "a.h"\n' > "$tmp/p/src/c.c"
planted 2 files "src/a src/b src/c" includes "$tmp/p" src

# Calls: every object of the layers' libraries.
libs=${LAYER_LIBS:?LAYER_LIBS (from Makefile.am) is not set}
(cd "$top" && nm -A $libs) > "$tmp/nm" 2>/dev/null || exit 1
none 3 calls "objects of the layers' libraries" calls "$tmp/nm"

# A planted circle of calls: x.o needs y's symbol, y.o z's, z.o x's.
cat > "$tmp/nm" <<'NM'
lib.a:x.o:0000000000000000 T x_run
lib.a:x.o:                 U y_run
lib.a:y.o:0000000000000000 T y_run
lib.a:y.o:                 U z_run
lib.a:z.o:0000000000000000 T z_run
lib.a:z.o:                 U x_run
lib.a:z.o:                 U free
NM
planted 4 objects "lib.a(x.o) lib.a(y.o) lib.a(z.o)" calls "$tmp/nm"
