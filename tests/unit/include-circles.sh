#!/bin/sh
# No circle of files: a module is a .c file with its .h and its private
# _int.h; it depends on the modules whose headers it includes.  A circle
# (a includes b's header, b includes a's, or longer) means neither can be
# read or changed alone.  The check runs on src/, ui/ and tools/, then on
# a planted circle of three files, which it must find.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo 1..2
if ! command -v python3 >/dev/null 2>&1; then
	for i in 1 2; do echo "ok $i - # SKIP python3 is not installed"; done
	exit 0
fi

cat > "$tmp/circles.py" <<'EOF'
import os, re, sys

root = sys.argv[1]
files = []
for top in sys.argv[2:]:
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

python3 "$tmp/circles.py" "$src" src ui tools > "$tmp/real" || exit 1
n=$(head -1 "$tmp/real")
if [ "$(wc -l < "$tmp/real")" -eq 1 ] && [ "$n" -gt 100 ]; then
	echo "ok 1 - no circle of files among the $n modules of src/, ui/ and tools/"
else
	echo "not ok 1 - no circle of files among the modules of src/, ui/ and tools/"
	sed '1d; s/^/# circle: /' "$tmp/real"
fi

# A planted circle: a.c includes b.h, b.c c.h, c.c a.h (and a private header).
mkdir -p "$tmp/p/src"
for x in a b c; do echo "/* $x */" > "$tmp/p/src/$x.h"; done
printf '#include "a_int.h"\n#include "b.h"\n' > "$tmp/p/src/a.c"
printf '#include "a.h"\n' > "$tmp/p/src/a_int.h"
printf '#include "c.h"\n' > "$tmp/p/src/b.c"
printf '#include "a.h"\n' > "$tmp/p/src/c.c"
python3 "$tmp/circles.py" "$tmp/p" src > "$tmp/planted" || exit 1
if [ "$(sed -n 2p "$tmp/planted")" = "src/a src/b src/c" ]; then
	echo "ok 2 - a planted circle of three files is found"
else
	echo "not ok 2 - a planted circle of three files is found"
	sed 's/^/# /' "$tmp/planted"
fi
