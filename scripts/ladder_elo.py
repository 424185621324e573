#!/usr/bin/env python3
"""Ratings of every engine of a round robin from its JSON summary (`jiangjun match --json`),
or of several matches and round robins together (the pairings of all the summaries given).

Maximum likelihood under the logistic Elo model (expected score 1 / (1 + 10^(-d/400)), a draw
counts half a point: Bradley-Terry with draws as halves), solved by Newton steps per engine.
A pairing that scored 0% or 100% gets one virtual draw, so that its rating stays finite.
95% intervals come from a bootstrap: each pairing's colour-swapped game pairs are redrawn from
its own pentanomial counts (pairs scoring 0, 1/2, 1, 3/2, 2 points), the ratings refitted, and
the 2.5th and 97.5th percentiles of each rating minus the anchor's (and of each difference
between consecutive jiangjun levels) reported.

Usage: scripts/ladder_elo.py SUMMARY.json... [--anchor NAME=ELO] [--boot N] [--seed S]
"""
import argparse
import json
import math
import random
import re


def fit(n, results):
    """Ratings (mean 0) of n engines from (i, j, points of i, games) tuples."""
    prepared = []
    for i, j, s, g in results:
        if g > 0 and (s <= 0 or s >= g):
            s, g = s + 0.5, g + 1  # one virtual draw keeps a perfect score finite
        prepared.append((i, j, s, g))
    r = [0.0] * n
    for _ in range(1000):
        biggest = 0.0
        for i in range(n):
            grad = hess = 0.0
            for a, b, s, g in prepared:
                if a == i:
                    opp, si = b, s
                elif b == i:
                    opp, si = a, g - s
                else:
                    continue
                e = 1.0 / (1.0 + 10.0 ** ((r[opp] - r[i]) / 400.0))
                grad += si - g * e
                hess += g * e * (1.0 - e)
            if hess > 0:
                step = max(-300.0, min(300.0, grad / hess * 400.0 / math.log(10)))
                r[i] += step
                biggest = max(biggest, abs(step))
        mean = sum(r) / n
        r = [x - mean for x in r]
        if biggest < 1e-7:
            break
    return r


def draw_pairs(pairing, rng):
    """A resampled total of points and games for one pairing."""
    penta = pairing.get("pentanomial") or [0, 0, 0, 0, 0]
    pairs = sum(penta)
    if pairs == 0:
        g = pairing["games"]
        outcomes = [1.0] * pairing["wins"] + [0.5] * pairing["draws"] + [0.0] * pairing["losses"]
        return sum(rng.choice(outcomes) for _ in range(g)), g
    points = [0.0, 0.5, 1.0, 1.5, 2.0]
    total = sum(rng.choices(points, weights=penta, k=pairs))
    return total, 2 * pairs


def level_of(name):
    m = re.fullmatch(r"level(\d+(?:\.\d+)?)", name)
    return float(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("summary", nargs="+")
    ap.add_argument("--anchor", default=None, help="NAME=ELO (default: the first engine = 0)")
    ap.add_argument("--boot", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    pairings, total = [], 0
    for path in args.summary:
        with open(path) as f:
            summary = json.load(f)
        pairings += [p for p in summary["pairings"] if p["games"] > 0]
        total += sum(p["games"] for p in summary["pairings"])
    names = []
    for p in pairings:
        for nm in (p["engine"], p["opponent"]):
            if nm not in names:
                names.append(nm)
    index = {nm: k for k, nm in enumerate(names)}
    anchor_name, anchor_elo = names[0], 0.0
    if args.anchor:
        anchor_name, value = args.anchor.split("=", 1)
        anchor_elo = float(value)
    if anchor_name not in index:
        raise SystemExit(f"no engine named {anchor_name}")
    a = index[anchor_name]

    def results_of(draw=None):
        out = []
        for p in pairings:
            if draw is None:
                s, g = p["wins"] + 0.5 * p["draws"], p["games"]
            else:
                s, g = draw(p)
            out.append((index[p["engine"]], index[p["opponent"]], s, g))
        return out

    r = fit(len(names), results_of())
    elo = [x - r[a] + anchor_elo for x in r]
    levels = sorted((level_of(nm), index[nm]) for nm in names if level_of(nm) is not None)
    steps = list(zip(levels, levels[1:]))

    rng = random.Random(args.seed)
    boot = [[] for _ in names]
    boot_steps = [[] for _ in steps]
    for _ in range(args.boot):
        rb = fit(len(names), results_of(lambda p: draw_pairs(p, rng)))
        for k in range(len(names)):
            boot[k].append(rb[k] - rb[a])
        for k, ((_, i), (_, j)) in enumerate(steps):
            boot_steps[k].append(rb[j] - rb[i])

    def interval(xs):
        xs = sorted(xs)
        lo = xs[int(0.025 * (len(xs) - 1))]
        hi = xs[int(math.ceil(0.975 * (len(xs) - 1)))]
        return lo, hi

    games = {nm: [0, 0.0] for nm in names}
    for p in pairings:
        s = p["wins"] + 0.5 * p["draws"]
        games[p["engine"]][0] += p["games"]
        games[p["engine"]][1] += s
        games[p["opponent"]][0] += p["games"]
        games[p["opponent"]][1] += p["games"] - s
    print(f"{total} games; ratings anchored at {anchor_name} = {anchor_elo:g}")
    print(f"{'engine':<16}{'Elo':>7}  {'95% interval':>17}{'games':>7}{'score':>8}")
    for k in sorted(range(len(names)), key=lambda k: -elo[k]):
        lo, hi = interval(boot[k])
        g, s = games[names[k]]
        span = "" if k == a else f"{lo + anchor_elo:7.0f} to {hi + anchor_elo:6.0f}"
        print(f"{names[k]:<16}{elo[k]:7.0f}  {span:>17}{g:7d}{100 * s / max(g, 1):7.1f}%")
    if steps:
        print("\nconsecutive jiangjun levels: difference (95% interval)")
        for k, ((l0, i), (l1, j)) in enumerate(steps):
            lo, hi = interval(boot_steps[k])
            print(f"  level {l0:g} -> {l1:g}: {elo[j] - elo[i]:+.0f} ({lo:+.0f} to {hi:+.0f})")
    print("\npairings (first engine's W-D-L)")
    for p in pairings:
        print(f"  {p['engine']:<14} {p['opponent']:<14} +{p['wins']} ={p['draws']} -{p['losses']}")


if __name__ == "__main__":
    main()
