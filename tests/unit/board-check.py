#!/usr/bin/env python3
"""The Grafana board against a --prometheus file.

board-check.py BOARD PROM: BOARD is a dashboard of the schema's shape
(title, schemaVersion, panels with targets and expr, annotations with
expr), and every hwnoisetop_* metric its queries name is written in PROM.
board-check.py --same-names A B: the two files have the same families and
the same series, by metric and label names (the values aside).
Exit 0, or 1 with the reasons on stdout.
"""
import json
import re
import sys

METRIC = re.compile(r"\bhwnoisetop_[a-zA-Z0-9_]*")


def families(path):
    """The names of a file's families (TYPE lines) and its series' shapes."""
    types, shapes = set(), set()
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("# TYPE "):
            types.add(line.split()[2])
        elif line and not line.startswith("#"):
            name = re.match(r"[a-zA-Z_:][a-zA-Z0-9_:]*", line).group(0)
            labels = re.findall(r'([a-zA-Z_][a-zA-Z0-9_]*)="(?:[^"\\]|\\.)*"', line[len(name):])
            shapes.add(name + "{" + ",".join(sorted(labels)) + "}")
    return types, shapes


def queries(board):
    """Every query of the board: (where, expr)."""
    out = []
    for a in board.get("annotations", {}).get("list", []):
        if "expr" in a:
            out.append(("annotation " + a.get("name", "?"), a["expr"]))
    for v in board.get("templating", {}).get("list", []):
        q = v.get("query")
        if isinstance(q, dict):
            out.append(("variable " + v.get("name", "?"), q.get("query", "")))
    for p in board.get("panels", []):
        for t in p.get("targets", []):
            out.append(("panel " + p.get("title", "?"), t.get("expr", "")))
    return out


def check_board(board_path, prom_path):
    errs = []
    board = json.load(open(board_path, encoding="utf-8"))
    for key, kind in (("title", str), ("schemaVersion", int), ("panels", list),
                      ("annotations", dict), ("uid", str)):
        if not isinstance(board.get(key), kind):
            errs.append("%s: no %s (%s)" % (board_path, key, kind.__name__))
    panels = board.get("panels", [])
    if not panels:
        errs.append("no panels")
    for p in panels:
        for key in ("title", "type", "gridPos", "targets"):
            if key not in p:
                errs.append("panel %r has no %s" % (p.get("title"), key))
        for t in p.get("targets", []):
            if not t.get("expr") or not t.get("refId"):
                errs.append("panel %r: a target without expr or refId" % p.get("title"))
    if not any("expr" in a for a in board.get("annotations", {}).get("list", [])):
        errs.append("no annotation query")
    types, shapes = families(prom_path)
    named = set()
    for where, expr in queries(board):
        for m in METRIC.findall(expr):
            named.add(m)
            if m not in types:
                errs.append("%s: %s is not in %s" % (where, m, prom_path))
    if not errs:
        print("%d panels, %d queries naming %d metrics, all in %s" %
              (len(panels), len(queries(board)), len(named), prom_path))
    return errs


def main(argv):
    if len(argv) == 4 and argv[1] == "--same-names":
        a, b = families(argv[2]), families(argv[3])
        errs = ["only in %s: %s" % (argv[2], x) for x in sorted((a[0] | a[1]) - (b[0] | b[1]))]
        errs += ["only in %s: %s" % (argv[3], x) for x in sorted((b[0] | b[1]) - (a[0] | a[1]))]
        if not errs:
            print("%d families, %d series shapes in both" % (len(a[0]), len(a[1])))
    elif len(argv) == 3:
        errs = check_board(argv[1], argv[2])
    else:
        print("usage: board-check.py BOARD PROM | --same-names A B")
        return 2
    for e in errs:
        print(e)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
