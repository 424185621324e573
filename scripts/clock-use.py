#!/usr/bin/env python3
"""How each engine of a match used its clock, from the match's PGN (`jiangjun match --pgn`):
per engine, the share of the time it had over a game (its base time plus an increment per move)
that it spent, the clock it had left at the end (median), the mean time and depth of its moves
at a few move numbers, and its mean depth overall (book moves, depth 0, left out). Reads the `{score/depth time}` comment of
each move and the `TimeControl` tag (or `RedTimeControl`/`BlackTimeControl` where the engines
had different clocks).

Usage: scripts/clock-use.py MATCH.pgn [MATCH.pgn ...]
"""
import re
import statistics
import sys
from collections import defaultdict

MOVE = re.compile(r"\{[^}]*?/(\d+) ([\d.]+)s\}")
# A movetext token: a comment, a move number ("12." or "12..."), or anything else that starts
# with a letter (a move; results start with a digit or "*").
TOKEN = re.compile(r"(\{[^}]*\})|\d+\.(?:\.\.)?|([A-Za-z][^\s{}]*)")
AT = (1, 10, 30, 60, 100)


def tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def games(paths):
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for game in re.split(r"\n\s*\n(?=\[)", text):
            tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
            if "Red" in tags and "TimeControl" in tags or "RedTimeControl" in tags:
                yield tags, searched_moves(tags, re.sub(r"^\[.*\]$", "", game, flags=re.M))


def searched_moves(tags, movetext):
    """The (depth, seconds) of each commented move, per side: [Red's, Black's]. Moves are
    counted from the side the FEN gives the move to, so that the opening's moves, which carry
    no comment, do not shift the comments onto the wrong side."""
    fen = tags.get("FEN", "").split()
    side = 1 if len(fen) > 1 and fen[1] == "b" else 0
    per_side = ([], [])
    last = None  # the side of the last move read
    for comment, move in TOKEN.findall(movetext):
        if move:
            last = side
            side ^= 1
        elif comment and last is not None:
            found = MOVE.match(comment)
            if found:
                per_side[last].append(found.groups())
    return per_side


def main(paths):
    spent = defaultdict(list)
    left = defaultdict(list)
    at_time = defaultdict(lambda: defaultdict(list))
    at_depth = defaultdict(lambda: defaultdict(list))
    depth = defaultdict(list)
    for tags, moves in games(paths):
        for side, first in (("Red", 0), ("Black", 1)):
            name = tags[side]
            base, inc = tc(tags.get(side + "TimeControl", tags.get("TimeControl", "0")))
            mine = moves[first]
            if not mine or base <= 0:
                continue
            used = sum(float(t) for _, t in mine)
            had = base + inc * len(mine)
            spent[name].append(used / had)
            left[name].append(had - used)
            for n, (d, t) in enumerate(mine, 1):
                if int(d) == 0:
                    continue  # a book move, or a move without a search
                depth[name].append(int(d))
                if n in AT:
                    at_time[name][n].append(float(t))
                    at_depth[name][n].append(int(d))
    if not spent:
        sys.exit("clock-use.py: no timed games with move comments in " + " ".join(paths))
    cols = "  ".join(f"move {n:>3}" for n in AT)
    print(f"{'engine':<12} {'sides':>5} {'spent':>6} {'left':>6} {'depth':>5}   time/depth at {cols}")
    for name in sorted(spent):
        cells = []
        for n in AT:
            t, d = at_time[name][n], at_depth[name][n]
            cells.append(f"{statistics.mean(t):.2f}/{statistics.mean(d):4.1f}" if t else "     -   ")
        print(
            f"{name:<12} {len(spent[name]):>5} {statistics.mean(spent[name]):>6.1%} "
            f"{statistics.median(left[name]):>5.2f}s {statistics.mean(depth[name]):>5.1f}   "
            + "  ".join(f"{c:>8}" for c in cells)
        )


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) > 1 else 2)
    main(sys.argv[1:])
