#!/usr/bin/env python3
# segments-exact.py RECORDING JSON KEPT (tests/unit/gen-recording.sh): every segment's rows as the recording sums
# them; segments before the last KEPT ones (all when KEPT is 0) have
# "cpus": null.
import json, sys

segs = [{}]


def row(cpu):
    return segs[-1].setdefault(cpu, dict(periods=0, runtime_us=0, noise_us=0, max_noise_us=0,
                                         max_single_us=0, hw=0, nmi=0, smi=0))


for line in open(sys.argv[1]):
    o = json.loads(line)
    t = o["t"]
    if t == "mark":
        segs.append({})
    elif t == "s" and o.get("c", 1):
        r = row(o["cpu"])
        r["periods"] += 1
        r["runtime_us"] += o["runtime"]
        r["noise_us"] += o["noise"]
        r["max_noise_us"] = max(r["max_noise_us"], o["noise"])
        r["max_single_us"] = max(r["max_single_us"], o["max_sample"])
        r["hw"] += o["hw"]
        r["nmi"] += o["nmi"]
    elif t == "smi" and o.get("c", 1):
        row(o["cpu"])["smi"] += o["n"]
got = json.load(open(sys.argv[2]))["segments"]
kept = int(sys.argv[3]) or len(segs)
bad = []
if len(got) != len(segs):
    bad.append("%d segments, the recording has %d" % (len(got), len(segs)))
for k, (want, g) in enumerate(zip(segs, got)):
    if k < len(segs) - kept:
        if g["cpus"] is not None:
            bad.append("segment %d: rows kept, should have been let go" % k)
        continue
    if g["cpus"] is None:
        bad.append("segment %d: no rows" % k)
        continue
    rows = {r["cpu"]: {f: r.get(f, 0) for f in want.get(r["cpu"], r)} for r in g["cpus"]}
    if rows != want:
        bad.append("segment %d differs" % k)
print("; ".join(bad[:5]) if bad else "exact")
