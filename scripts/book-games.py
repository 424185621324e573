#!/usr/bin/env python3
"""Cuts match PGN down to what an opening book reads: per game the tags `jiangjun book build`
needs (FEN, result) and its first PLIES moves, without comments. With --check ENGINE, each move
played from a position that two or more games reach is also searched by ENGINE (UCI, MultiPV,
a fixed depth: the same answer on any machine for the same build), and a game is cut before
its first move that scores more than MARGIN centipawns below the best there: a book made from
the games then holds only moves a deeper search accepts. The shipped book's games are kept
this way in the repository (crates/engine/src/book/builtin.pgn), so that the book is rebuilt
from them byte for byte; see docs/books.md.

Usage: scripts/book-games.py PLIES IN.pgn [IN.pgn ...] [--check ENGINE [--depth D]
       [--margin CP] [--lines N] [--jobs J]] > OUT.pgn
"""
import argparse
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

KEEP = ("Game", "Round", "Red", "Black", "Result", "FEN", "Format")


def games(text):
    """Yields (tags, moves) per game of a PGN text: ICCS moves, comments and numbers dropped."""
    for chunk in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]\s*$', chunk, re.M))
        body = "\n".join(l for l in chunk.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        yield tags, [w for w in body.split() if re.fullmatch(r"[A-I]\d-[A-I]\d", w)]


def pgn(played):
    """(tags, moves) games as the PGN a book is built from: the kept tags, numbered moves, the
    result."""
    out = []
    for tags, moves in played:
        head = [f'[{k} "{tags[k]}"]' for k in KEEP if k in tags]
        words = []
        for i, m in enumerate(moves):
            if i % 2 == 0:
                words.append(f"{i // 2 + 1}.")
            words.append(m)
        words.append(tags["Result"])
        out.append("\n".join(head) + "\n" + " ".join(words) + "\n")
    return "\n".join(out)


def uci(move):
    return move.replace("-", "").lower()


def mirror(move):
    """A move (UCI form) mirrored left to right: file a is file i."""
    f = lambda c: chr(ord("a") + ord("i") - ord(c))
    return f(move[0]) + move[1] + f(move[2]) + move[3]


class Engine:
    """One engine process answering MultiPV searches to a fixed depth."""

    def __init__(self, command, lines):
        self.p = subprocess.Popen(
            command.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name MultiPV value {lines}")
        self.send("setoption name Hash value 64")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine ended")
            if line.split()[:1] == [word]:
                return line

    def scores(self, moves, depth):
        """Each move's score (cp, from the side to move) among the last iteration's lines."""
        self.send("ucinewgame")
        self.send("position startpos moves " + " ".join(uci(m) for m in moves))
        self.send(f"go depth {depth}")
        found = {}
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine ended during a search")
            words = line.split()
            if words[:1] == ["bestmove"]:
                return found
            if "pv" not in words or "score" not in words:
                continue
            if words[words.index("depth") + 1] != str(depth):
                continue
            kind, value = words[words.index("score") + 1 : words.index("score") + 3]
            cp = int(value) if kind == "cp" else (100000 if int(value) > 0 else -100000)
            found[words[words.index("pv") + 1]] = cp

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("plies", type=int)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--check")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--margin", type=int, default=25)
    ap.add_argument("--lines", type=int, default=12)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    played = []
    for path in a.pgn:
        with open(path, encoding="utf-8") as f:
            played += [(t, m[: a.plies]) for t, m in games(f.read()) if t.get("Result", "*") != "*"]
    if a.check:
        # The positions (as move sequences) two or more games reach: a book keeps no other.
        reached = Counter(tuple(m[:k]) for _, m in played for k in range(len(m)))
        asked = sorted(p for p, n in reached.items() if n >= 2)
        engines = [Engine(a.check, a.lines) for _ in range(a.jobs)]

        def run(job):
            i, part = job
            return {p: engines[i].scores(list(p), a.depth) for p in part}

        parts = [(i, asked[i :: a.jobs]) for i in range(a.jobs)]
        verdicts = {}
        with ThreadPoolExecutor(a.jobs) as pool:
            for done in pool.map(run, parts):
                verdicts.update(done)
        for e in engines:
            e.close()
        cut = 0
        for n, (tags, moves) in enumerate(played):
            for k, m in enumerate(moves):
                scores = verdicts.get(tuple(moves[:k]))
                if scores is None:
                    break
                best = max(scores.values())
                mine = scores.get(uci(m))
                if mine is None and k == 0:
                    # The start position is symmetric: a move and its mirror image score alike,
                    # and the lines list one of the two.
                    mine = scores.get(mirror(uci(m)))
                if mine is None or mine < best - a.margin:
                    played[n] = (tags, moves[:k])
                    cut += 1
                    break
        print(f"{len(asked)} positions searched to depth {a.depth}; {cut} games cut", file=sys.stderr)
    sys.stdout.write(pgn(played))


if __name__ == "__main__":
    main()
