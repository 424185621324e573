#!/usr/bin/env python3
"""Tries a book's lines in play: each move a book would keep (played in two or more games from a
position two or more games reach, a move and its mirror image counted as one) after the first
ply and up to --plies, is played out by ENGINE against itself at a time control (--tc) from the
position after it, --games games; a game of the input is cut before the first move whose side
scored below --min-score there. A move that a search accepts can still lose in practice at the
time control the book is for (the engine misplays what follows): this keeps those out. A line
whose side scores at least --min-score but below one half is doubtful: it is played --games
more times and judged on all its games. Lines are tried ply by ply, and a line below a cut one
is not tried. Prints the cut games as book-games.py does; per line tried, one line on stderr.
With --cache FILE the games' results are kept in FILE (JSON, per line: Red's points, Black's,
games) and read back on the next run, so that a run stopped midway goes on where it was.

The first ply is not tried: the first move's score is the first mover's advantage, not the
line's, and the other steps already check it against the best first move.

Usage: scripts/book-trial.py IN.pgn --engine ENGINE [--plies 3] [--games 8] [--tc 10+0.1]
       [--min-score 0.4] [--concurrency 2] [--cache FILE] > OUT.pgn
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("book_games", os.path.join(here, "book-games.py"))
book_games = importlib.util.module_from_spec(spec)
spec.loader.exec_module(book_games)


def mirror_line(line):
    """An ICCS line (`H2-E2` words) mirrored left to right."""
    f = lambda c: chr(ord("A") + ord("I") - ord(c))
    return tuple(f(m[0]) + m[1] + "-" + f(m[3]) + m[4] for m in line)


def canon(line):
    """One name for a line and its mirror image (the book reads them as one)."""
    return min(tuple(line), mirror_line(line))


def results(engine, line, games, tc, concurrency):
    """Red's and Black's points and the games played from the position after `line`."""
    with tempfile.TemporaryDirectory() as d:
        opening = os.path.join(d, "opening.txt")
        with open(opening, "w") as f:
            f.write("startpos moves " + " ".join(book_games.uci(m) for m in line) + "\n")
        pgn = os.path.join(d, "games.pgn")
        side = ["proto=ucci", "option.usebook=false"]
        subprocess.run(
            [engine, "match", "--engine", "name=a", f"cmd={engine}", *side,
             "--engine", "name=b", f"cmd={engine}", *side,
             "--tc", tc, "--openings", opening, "--games", str(games),
             "--concurrency", str(concurrency), "--pgn", pgn],
            check=True, stdout=subprocess.DEVNULL,
        )
        with open(pgn, encoding="utf-8") as f:
            found = re.findall(r'^\[Result "([^"]*)"\]', f.read(), re.M)
    red = sum({"1-0": 1.0, "1/2-1/2": 0.5}.get(r, 0.0) for r in found)
    return red, len(found) - red, len(found)


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--plies", type=int, default=3)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--min-score", type=float, default=0.4)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--cache")
    a = ap.parse_args()
    cache = {}
    if a.cache and os.path.exists(a.cache):
        with open(a.cache, encoding="utf-8") as f:
            cache = json.load(f)

    def tried(line, batches):
        """The results of `batches` batches of games from `line`, played as needed."""
        key = " ".join(line)
        red, black, n = cache.get(key, (0.0, 0.0, 0))
        while n < batches * a.games:
            r, b, k = results(a.engine, list(line), a.games, a.tc, a.concurrency)
            red, black, n = red + r, black + b, n + k
            cache[key] = (red, black, n)
            if a.cache:
                with open(a.cache, "w", encoding="utf-8") as f:
                    json.dump(cache, f, indent=1)
        return red, black, n

    played = []
    for path in a.pgn:
        with open(path, encoding="utf-8") as f:
            played += [(t, m) for t, m in book_games.games(f.read()) if t.get("Result", "*") != "*"]
    seen = Counter(canon(m[:k]) for _, m in played for k in range(len(m) + 1))
    dropped = set()
    for ply in range(1, a.plies + 1):
        lines = sorted({canon(m[: ply + 1]) for _, m in played if len(m) > ply})
        for line in lines:
            if seen[line] < 2 or seen[line[:-1]] < 2:
                continue
            if any(canon(line[:k]) in dropped for k in range(1, ply + 1)):
                continue
            red, black, n = tried(line, 1)
            mover = red if ply % 2 == 0 else black
            if n > 0 and a.min_score <= mover / n < 0.5:
                red, black, n = tried(line, 2)
                mover = red if ply % 2 == 0 else black
            keep = n > 0 and mover / n >= a.min_score
            if not keep:
                dropped.add(line)
            side = "Red" if ply % 2 == 0 else "Black"
            print(f"{' '.join(line)}: {side} {mover:g}/{n} {'kept' if keep else 'cut'}",
                  file=sys.stderr, flush=True)
    cut = []
    for tags, moves in played:
        for k in range(1, len(moves) + 1):
            if canon(moves[:k]) in dropped:
                moves = moves[: k - 1]
                break
        cut.append((tags, moves))
    sys.stdout.write(book_games.pgn(cut))


if __name__ == "__main__":
    main()
