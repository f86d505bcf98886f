#!/usr/bin/env python3
# gen-experiment.py: SMT experiments' recordings, as hwnoisetop experiment
# --record writes them (JSON lines: header, marks, samples, ticks, footer),
# for the unit tests that replay them: 10 blocks ABBAABBAAB of one-second
# periods.
#   gen-experiment.py offline FILE CUT   4 CPUs (siblings 0-1, 2-3), 4 s
#       blocks after 1 s settling; B (SMT off) takes CPUs 1 and 3 offline
#       and halves the HW noise of CPUs 0 and 2; CUT > 0: cut after block
#       CUT (experiment-replay.sh, report.sh).
#   gen-experiment.py why MODE SEED FILE   2 CPUs, siblings, recorded with
#       --why, 12 s blocks after 2 s settling; CPU 0's noise three times as
#       high in the periods its sibling is busy (experiment-why.sh):
#       moved: busy in every other period of A's blocks and of every
#       settle, never in B's counted ones; same: as busy in B as in A;
#       changed: as moved, and busy in B's last block, in which a condition
#       changed (not counted).
#   gen-experiment.py run SEED FILE   not an experiment: a plain run with
#       --why, 4 CPUs (siblings 0-1, 2-3), 120 one-second periods; CPU 0
#       busy in every other stretch of 5 s, and CPU 1's noise three times
#       as high then (why-view.sh).
import json
import random
import sys

NS = 10**9
TS0 = 5 * 10**12        # the first period's trace timestamp, ns


class Recording:
    def __init__(self, path, argv, ncpus, command=("experiment",)):
        self.out = open(path, "w")
        self.num = 0
        self.t = 0
        self.cpus = "0-%d" % (ncpus - 1)
        # CPUs 2k and 2k+1 are siblings: core k.
        topology = [[c, 0, c // 2] for c in range(ncpus)]
        self.w({"t": "header", "v": 1, "program": "hwnoisetop", "version": "0",
                "kernel": "6.12.0-rt", "machine": "x86_64", "time": 1764547200,
                "argv": ["hwnoisetop"] + list(command) + argv, "mode": "hwnoise",
                "quiet": bool(command),
                "ncpus": ncpus, "duration_s": 0, "warmup_s": 0, "stop_us": 0, "stop_total_us": 0,
                "hwlat_keep": 0, "tracer": "osnoise", "state": "running", "cpus": self.cpus,
                "period_us": 1000000, "runtime_us": 1000000, "threshold_us": 1,
                "irq_disable": True, "hwlat_cpus": self.cpus, "hwlat_threshold_us": 10,
                "hwlat_window_us": 1000000, "hwlat_width_us": 500000, "hwlat_mode": "none",
                "online": self.cpus, "topology": topology, "clocksource": "tsc",
                "isolated": "", "nohz_full": "", "cmdline": "ro"})

    def w(self, o):
        self.out.write(json.dumps(o, separators=(",", ":")) + "\n")

    def mark(self, text):
        self.num += 1
        self.w({"t": "mark", "num": self.num, "t_ms": self.t * 1000 + 2,
                "run_ns": self.t * NS + 2000000, "cpus": self.cpus, "osnoise": False,
                "hwlat": False, "origin": "experiment", "text": text})

    def ev(self, cpu, sib_pm):
        """--why's evidence: the sibling's busy share, per mille."""
        self.w({"t": "ev", "cpu": cpu, "sib_pm": sib_pm, "steal_us": None, "throttle": None})

    def sample(self, cpu, noise, hw, max_sample, early_ns=0):
        """One period's summary of CPU cpu, reported early_ns before the period's own time."""
        self.w({"t": "s", "ts": TS0 + self.t * NS + cpu * 1000 - early_ns, "cpu": cpu,
                "runtime": 1000000, "noise": noise, "max_sample": max_sample, "hw": hw,
                "nmi": 0, "irq": 0, "softirq": 0, "thread": 0})

    def tick(self):
        self.t += 1
        self.w({"t": "tick", "elapsed_s": self.t, "hwlat_elapsed_s": 0,
                "run_ns": self.t * NS + 2000000})

    def footer(self):
        self.w({"t": "footer", "elapsed_s": self.t, "run_ns": self.t * NS + 2000000,
                "cpus": self.cpus, "hwlat_cpus": self.cpus, "osnoise": False, "smi": False,
                "hwlat_view": False, "hwlat_threshold_us": 10, "exit": 0, "stop_hit": False,
                "stop_reason": "", "neighbour_log": "", "notes": "", "lines": 0})
        self.out.close()


ORDER = "ABBAABBAAB"


def switch(r, side, s):
    """The knob's marker when the arm changes; the arm now."""
    if s != side:
        r.mark("SMT %s -> %s" % ("on" if s == "B" else "off", "off" if s == "B" else "on"))
    return s


def offline(path, cut):
    rnd = random.Random(7)
    settle, block = 1, 4
    r = Recording(path, ["--knob", "smt", "--record", "x.jsonl"], 4)
    r.mark("experiment smt (SMT): blocks=10; block=4s; settle=1s; seed=none; A=on")
    side = "A"
    for b, s in enumerate(ORDER):
        if cut and b == cut + 1:
            r.mark("experiment: cut: interrupted")
            break
        side = switch(r, side, s)
        value = "on" if s == "A" else "off"
        for phase, secs in (("settling", settle), ("counted", block)):
            r.mark("experiment: block %d of 10, %s (%s), %s" % (b + 1, s, value, phase) +
                   ("" if phase == "settling" else ", CPUs " + ("0-3" if s == "A" else "0,2")))
            if phase == "counted" and s == "B":
                # CPU 1's last period before it went offline, read late: not B's
                r.sample(1, 600, 200, 4, early_ns=10**6 + 1000)
            for _ in range(secs):
                for cpu in range(4):
                    if s == "B" and cpu in (1, 3):
                        continue
                    hw = rnd.randint(180, 220) // (2 if s == "B" else 1)
                    r.sample(cpu, hw * 3, hw, 4)
                r.tick()
    else:
        r.mark("experiment: done")
    r.footer()


def why(mode, seed, path):
    rnd = random.Random(seed)
    settle, block = 2, 12
    r = Recording(path, ["--knob", "smt", "--why", "--record", "x.jsonl"], 2)
    r.ev(0, 5), r.ev(1, 5)
    r.mark("experiment smt (SMT): blocks=10; block=%ds; settle=%ds; seed=none; A=on" %
           (block, settle))
    side = "A"
    for b, s in enumerate(ORDER):
        side = switch(r, side, s)
        for phase, secs in (("settling", settle), ("counted", block)):
            r.mark("experiment: block %d of 10, %s (%s), %s" %
                   (b + 1, s, "on" if s == "A" else "off", phase) +
                   ("" if phase == "settling" else ", CPUs 0-1"))
            for i in range(secs):
                for cpu in (0, 1):
                    busy = cpu == 0 and i % 2 == 1 and (mode == "same" or s == "A" or
                                                        phase == "settling" or
                                                        (mode == "changed" and b == 9))
                    r.ev(cpu, 900 if busy else 5)
                    noise = int(rnd.lognormvariate(4.6, 0.3) * (3 if busy else 1))
                    r.sample(cpu, noise, max(1, noise // 8), noise // 3 + 1)
                r.tick()
    if mode == "changed":
        r.mark("experiment: cut: conditions changed in block 10: clocksource tsc -> hpet (outside)")
    else:
        r.mark("experiment: done")
    r.footer()


def run(seed, path):
    rnd = random.Random(seed)
    r = Recording(path, ["--why", "--record", "x.jsonl"], 4, command=())
    for t in range(120):
        busy = (t // 5) % 2 == 1
        for cpu in range(4):
            r.ev(cpu, 900 if busy and cpu == 1 else 5)
            noise = int(rnd.lognormvariate(4.6, 0.3) * (3 if busy and cpu == 1 else 1))
            r.sample(cpu, noise, max(1, noise // 8), noise // 3 + 1)
        r.tick()
    r.footer()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "offline":
        offline(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 5 and sys.argv[1] == "why" and sys.argv[2] in ("moved", "same", "changed"):
        why(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "run":
        run(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit("usage: gen-experiment.py offline FILE CUT | why moved|same|changed SEED FILE | "
                 "run SEED FILE")
