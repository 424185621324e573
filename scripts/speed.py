#!/usr/bin/env python3
"""Nodes a second of two builds, measured side by side: each round runs `bench DEPTH` of both
at the same moment, each pinned to a core of its own, and swaps the cores in the next round.
Whatever else slows the machine during a round (another guest on the host, a background job)
slows both, so the ratio of a round is steadier than two numbers taken minutes apart. It is
still not steady on the shared machines we measure on (one build against itself: half the rounds
within ±3 %, some off by 10 to 25 %), so read the median and in how many rounds B was faster
(a sign test: 7 of 8, or 13 of 14, is unlikely by chance). With one core only (or without
Linux's affinity calls), the builds alternate.

Prints each round, the medians, the ratio B/A per round, its median, in how many rounds B was
faster, and whether the two builds searched the same nodes (their `Bench:` signatures); `--json
FILE` writes the same.
Stop other work first (a niced datagen run can be paused with `kill -STOP`, `kill -CONT`).

Usage: scripts/speed.py A B [--depth N] [--rounds R] [--json FILE] [-- BENCH ARGS ...]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

NPS = re.compile(r"^Nodes/second\s*:\s*(\d+)", re.M)
SIGNATURE = re.compile(r"^Bench: (\d+)", re.M)


def start(binary, depth, extra, core):
    """Starts `binary bench depth` pinned to `core` (when given)."""
    def pin():
        if core is not None:
            os.sched_setaffinity(0, {core})

    return subprocess.Popen([binary, "bench", str(depth), *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, preexec_fn=pin)


def finish(runs):
    """Waits for every (process, binary) of `runs` and returns each one's (nodes a second,
    signature); stops at the first that failed, once all have ended."""
    outs = [(proc.communicate()[0], proc, binary) for proc, binary in runs]
    got = []
    for out, proc, binary in outs:
        nps, signature = NPS.search(out), SIGNATURE.search(out)
        if proc.returncode != 0 or not nps or not signature:
            sys.exit(f"speed.py: {binary} bench failed (exit {proc.returncode}):\n{out}")
        got.append((int(nps.group(1)), int(signature.group(1))))
    return got


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="the first build (the baseline)")
    ap.add_argument("b", help="the second build")
    ap.add_argument("--depth", type=int, default=13, help="bench depth (default 13)")
    ap.add_argument("--rounds", type=int, default=6, help="rounds (default 6; even: each "
                    "build as often on each core)")
    ap.add_argument("--json", help="write the rounds and the summary here")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = ap.parse_args(argv[:cut])
    args.extra = argv[cut + 1:]
    if args.rounds < 1 or args.depth < 1:
        sys.exit("speed.py: --rounds and --depth must be at least 1")
    for b in (args.a, args.b):
        if not os.access(b, os.X_OK):
            sys.exit(f"speed.py: {b} is not an executable file")

    # Pinning needs Linux's affinity calls; elsewhere the builds alternate on whatever cores.
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    paired = len(cores) >= 2
    print(f"bench {args.depth}, {args.rounds} rounds, "
          + (f"side by side on cores {cores[0]} and {cores[1]}" if paired
             else "one after the other (one core, or no pinning here)"))
    rounds = []
    for r in range(args.rounds):
        if paired:
            ca, cb = (cores[0], cores[1]) if r % 2 == 0 else (cores[1], cores[0])
            pa = start(args.a, args.depth, args.extra, ca)
            pb = start(args.b, args.depth, args.extra, cb)
            (na, sa), (nb, sb) = finish([(pa, args.a), (pb, args.b)])
        else:
            order = [(args.a, 0), (args.b, 1)][:: 1 if r % 2 == 0 else -1]
            got = {}
            for binary, which in order:
                got[which] = finish([(start(binary, args.depth, args.extra, None), binary)])[0]
            (na, sa), (nb, sb) = got[0], got[1]
        rounds.append({"a": na, "b": nb, "ratio": nb / na, "signature_a": sa, "signature_b": sb})
        print(f"round {r + 1}: A {na:>9}  B {nb:>9}  B/A {nb / na:.3f}", flush=True)

    ratios = sorted(x["ratio"] for x in rounds)
    summary = {
        "depth": args.depth,
        "rounds": args.rounds,
        "paired": paired,
        "median_a": statistics.median(x["a"] for x in rounds),
        "median_b": statistics.median(x["b"] for x in rounds),
        "median_ratio": statistics.median(ratios),
        "min_ratio": ratios[0],
        "max_ratio": ratios[-1],
        "b_faster": sum(r > 1 for r in ratios),
        "same_nodes": all(x["signature_a"] == x["signature_b"] for x in rounds),
    }
    print(f"medians: A {summary['median_a']:.0f}, B {summary['median_b']:.0f} nodes/s; "
          f"B/A per round: median {summary['median_ratio']:.3f} "
          f"(from {ratios[0]:.3f} to {ratios[-1]:.3f}); B faster in {summary['b_faster']} of "
          f"{args.rounds}")
    sig = rounds[0]
    print("same nodes: yes" if summary["same_nodes"] else
          f"same nodes: no (Bench {sig['signature_a']} against {sig['signature_b']})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"summary": summary, "rounds": rounds}, f, indent=1)


if __name__ == "__main__":
    main()
