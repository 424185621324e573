#!/usr/bin/env python3
"""SPSA tuning of the search's numbers by self-play at fixed nodes.

  scripts/spsa.py --engine BIN --out DIR [--params all | NAME,...] [--iterations N]
                  [--pairs P] [--nodes N] [--concurrency C] [--seed S]
                  [--c-end NAME=C ...] [--r-end R] [--resume]
  scripts/spsa.py --list      the tunable numbers: name, default, min, max

The numbers are those of `crates/engine/src/search/params.rs`: their names, defaults and ranges
are read from that file, so the script never holds a copy. Each is the engine's hidden option
`Tune_<name>`. Every iteration perturbs all tuned numbers at once by ±c_k (random signs),
plays P game pairs (each opening with both colours) between the engine set to θ + c_k·Δ and
the engine set to θ − c_k·Δ with `BIN match --nodes N`, and moves θ towards the better side:
θ += a_k · (wins − losses) · Δ / c_k. The gains follow Spall's schedule with Fishtest's
parametrisation: c_k = c / k^0.101, a_k = a / (A + k)^0.602 with A = N/10, where the final
perturbation c_end (default: a twentieth of the range) and the final learning rate
r_end = a_end / c_end² (default 0.002) are given.

DIR gets `state.json` after every iteration (`--resume` goes on from it, with the same
--iterations, --params and --seed, so that the gains and signs are those of an unbroken run) and
`spsa.tsv`, one line per iteration with the result and every θ. At the end the tuned values are
printed as `option.Tune_NAME=VALUE` words for `jiangjun match --engine`: an SPRT of the tuned
set plays the same binary twice, once with those words.

Fixed nodes make the games independent of the machine's load, so a tuning run can share the
machine with other work; what it measures is then the search's choices, not their speed.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARAMS_RS = os.path.join(ROOT, "crates", "engine", "src", "search", "params.rs")
OPENINGS = os.path.join(ROOT, "scripts", "openings", "balanced-5000.txt")


def read_specs(path=PARAMS_RS):
    """The tunable numbers as `name = default, min ..= max;` lines of the params macro."""
    specs = {}
    pattern = re.compile(r"^\s*(\w+) = (-?\d+), (-?\d+) \.\.= (-?\d+);\s*$")
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = pattern.match(line)
            if m:
                name, default, lo, hi = m.group(1), *map(int, m.groups()[1:])
                specs[name] = {"default": default, "min": lo, "max": hi}
    if not specs:
        sys.exit(f"no tunable numbers found in {path}")
    return specs


def play(args, plus, minus, iteration):
    """Wins and losses of the engine set to `plus` against the one set to `minus`."""
    def spec(name, values):
        words = [f"name={name}", f"cmd={args.engine}", "proto=ucci"]
        words += [f"option.Tune_{k}={v}" for k, v in values.items()]
        return words

    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, "match.json")
        cmd = [args.engine, "--game", "xiangqi", "match",
               "--engine", *spec("plus", plus), "--engine", *spec("minus", minus),
               "--nodes", str(args.nodes), "--games", str(2 * args.pairs),
               "--openings", args.openings, "--shuffle",
               "--seed", str(args.seed * 1_000_003 + iteration),
               "--concurrency", str(args.concurrency), "--quiet", "--json", summary]
        run = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            sys.exit(f"match failed ({run.returncode}): {run.stderr.strip()[-2000:]}")
        with open(summary, encoding="utf-8") as f:
            pairing = json.load(f)["pairings"][0]
    assert pairing["engine"] == "plus", pairing
    return pairing["wins"], pairing["losses"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", help="jiangjun binary (engine and match runner)")
    ap.add_argument("--out", help="directory for state.json and spsa.tsv")
    ap.add_argument("--list", action="store_true", help="print the tunable numbers and stop")
    ap.add_argument("--params", default="all", help="'all' or comma-separated names")
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--pairs", type=int, default=4, help="game pairs per iteration")
    ap.add_argument("--nodes", type=int, default=10000)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--openings", default=OPENINGS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--c-end", action="append", default=[], metavar="NAME=C",
                    help="final perturbation of one number (default: range / 20)")
    ap.add_argument("--r-end", type=float, default=0.002, help="final learning rate a_end/c_end²")
    ap.add_argument("--resume", action="store_true", help="go on from DIR/state.json")
    args = ap.parse_args()
    specs = read_specs()
    if args.list:
        for name, s in specs.items():
            print(name, s["default"], s["min"], s["max"])
        return
    if not args.engine or not args.out:
        ap.error("--engine and --out are needed to tune")
    args.engine = os.path.abspath(args.engine)
    names = list(specs) if args.params == "all" else args.params.split(",")
    for n in names:
        if n not in specs:
            sys.exit(f"unknown number '{n}'; known: {', '.join(specs)}")
    c_end = {n: max(1.0, (specs[n]["max"] - specs[n]["min"]) / 20) for n in names}
    for item in args.c_end:
        n, _, v = item.partition("=")
        if n not in c_end:
            sys.exit(f"--c-end: '{n}' is not tuned")
        try:
            c_end[n] = float(v)
        except ValueError:
            c_end[n] = 0.0
        if not c_end[n] > 0:
            sys.exit(f"--c-end {item}: the perturbation must be a number above 0")

    os.makedirs(args.out, exist_ok=True)
    state_path = os.path.join(args.out, "state.json")
    log_path = os.path.join(args.out, "spsa.tsv")
    if args.resume and os.path.exists(state_path):
        with open(state_path, encoding="utf-8") as f:
            state = json.load(f)
        if sorted(state["theta"]) != sorted(names):
            sys.exit("--resume: the state tunes other numbers")
    else:
        state = {"iteration": 0, "theta": {n: float(specs[n]["default"]) for n in names},
                 "wins": 0, "losses": 0, "games": 0}
        with open(log_path, "w", encoding="utf-8") as f:
            f.write("\t".join(["iteration", "wins", "losses"] + names) + "\n")

    total = args.iterations
    big_a = 0.1 * total
    gamma, alpha = 0.101, 0.602
    c0 = {n: c_end[n] * total ** gamma for n in names}
    a0 = {n: args.r_end * c_end[n] ** 2 * (big_a + total) ** alpha for n in names}
    rng = random.Random(args.seed)
    for _ in range(state["iteration"]):  # the same signs as an unbroken run
        for _ in names:
            rng.random()

    started = time.time()
    done_here = 0
    while state["iteration"] < total:
        k = state["iteration"] + 1
        theta = state["theta"]
        ck = {n: c0[n] / k ** gamma for n in names}
        ak = {n: a0[n] / (big_a + k) ** alpha for n in names}
        delta = {n: 1 if rng.random() < 0.5 else -1 for n in names}

        def clamp(n, v):
            return int(round(min(max(v, specs[n]["min"]), specs[n]["max"])))

        plus = {n: clamp(n, theta[n] + ck[n] * delta[n]) for n in names}
        minus = {n: clamp(n, theta[n] - ck[n] * delta[n]) for n in names}
        wins, losses = play(args, plus, minus, k)
        for n in names:
            step = ak[n] * (wins - losses) * delta[n] / ck[n]
            theta[n] = min(max(theta[n] + step, specs[n]["min"]), specs[n]["max"])
        state["iteration"] = k
        state["wins"] += wins
        state["losses"] += losses
        state["games"] += 2 * args.pairs
        with open(state_path + ".tmp", "w", encoding="utf-8") as f:
            json.dump(state, f, indent=1)
        os.replace(state_path + ".tmp", state_path)
        with open(log_path, "a", encoding="utf-8") as f:
            f.write("\t".join([str(k), str(wins), str(losses)]
                              + [f"{theta[n]:.2f}" for n in names]) + "\n")
        done_here += 1
        per = (time.time() - started) / done_here
        print(f"iteration {k}/{total}: plus {wins}-{losses}, "
              f"{per:.1f} s each, ETA {per * (total - k) / 3600:.1f} h", flush=True)

    print("tuned (rounded; defaults in parentheses where they differ):")
    words = []
    for n in names:
        v = int(round(state["theta"][n]))
        d = specs[n]["default"]
        print(f"  {n} = {v}" + (f" ({d})" if v != d else ""))
        if v != d:
            words.append(f"option.Tune_{n}={v}")
    print(" ".join(words))


if __name__ == "__main__":
    main()
