#!/usr/bin/env python3
"""Forced mates from jiangjun's own games: gather them, prove them, and see how many an engine
finds, and how many at the shortest distance, in a fixed time a position.

  scripts/mates.py gather GAMES.pgn... --out candidates.txt
      every game that ended in checkmate gives the positions 1, 3, ..., 19 plies before the
      mate with the winner to move (one FEN a line, `# game N, K plies before mate`).
  scripts/mates.py prove candidates.txt --out mates.epd [--engine CMD] [--movetime MS]
      a long search of each (default 10 s, jiangjun over UCI); a position is kept where it
      scores a mate for the side to move, with the distance it found (`dm N;`): the proof.
      scripts/mates/xiangqi-314.epd was proved so by Fairy-Stockfish (2 s a position).
  scripts/mates.py solve mates.epd [--engine CMD] [--movetime MS | --nodes N] [--option NAME=VALUE]...
      the test: a search of each position (default 1 s); how many it scores as a mate, how many
      at the proved distance or shorter, and the misses.

The engine speaks UCI with Xiangqi FENs (jiangjun, or Fairy-Stockfish with
`--option UCI_Variant=xiangqi`). A distance is in moves of the side to move, as UCI's
`score mate N`. See docs/results.md for the figures and the commands that made them.
"""

import argparse
import re
import subprocess
import sys
import time


class Engine:
    """A UCI engine on a pipe: one position and one search at a time."""

    def __init__(self, cmd, options):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"mates.py: the engine exited while waiting for '{word}'")
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def fen_after(self, fen, moves):
        start = "position startpos" if fen == "startpos" else f"position fen {fen}"
        self.send(start + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        self.send("isready")
        for line in self.wait("readyok"):
            if line.startswith("Fen: "):
                return line[5:]
        sys.exit("mates.py: the engine's `d` printed no 'Fen:' line (gather needs jiangjun)")

    def search(self, fen, movetime, nodes=None):
        """The last score of a search (`("mate", N)` or `("cp", N)`), its depth and the move.
        With `nodes`, the search is limited by nodes instead of time: the same counts on a
        loaded machine."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}" if nodes else f"go movetime {movetime}")
        score, depth = None, 0
        for line in self.wait("bestmove"):
            w = line.split()
            if w[:1] == ["info"] and "score" in w:
                i = w.index("score")
                score = (w[i + 1], int(w[i + 2]))
                if "depth" in w:
                    depth = int(w[w.index("depth") + 1])
        best = line.split()[1] if len(line.split()) > 1 else "(none)"
        return score, depth, best

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def games(paths):
    """(start FEN, UCI moves, termination, result) of every game of XiangQi Wizard PGN files."""
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for chunk in text.split('[Game "Chinese Chess"]')[1:]:
            tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
            body = chunk[chunk.rindex("]") + 1:]
            body = re.sub(r"\{[^}]*\}", " ", body)
            moves = [m.replace("-", "").lower()
                     for m in re.findall(r"\b[A-I]\d-[A-I]\d\b", body)]
            yield tags.get("FEN", "startpos"), moves, tags.get("Termination", ""), tags.get("Result", "")


def gather(args):
    eng = Engine(args.engine, [])
    seen, out, n = set(), [], 0
    for number, (fen, moves, termination, result) in enumerate(games(args.pgn), 1):
        if termination != "checkmate" or result not in ("1-0", "0-1"):
            continue
        n += 1
        for k in range(1, 20, 2):
            if len(moves) < k:
                break
            after = eng.fen_after(fen, moves[:len(moves) - k])
            board = " ".join(after.split()[:2])
            if board in seen:
                continue
            seen.add(board)
            out.append(f"{after}  # game {number}, {k} plies before mate")
    eng.quit()
    open(args.out, "w").write("\n".join(out) + "\n")
    print(f"{n} games ended in checkmate: {len(out)} candidate positions in {args.out}")


def fens(path):
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def prove(args):
    eng = Engine(args.engine, parse_options(args.option))
    kept, total = [], 0
    started = time.time()
    for line in fens(args.candidates):
        total += 1
        fen = line.split("#")[0].strip()
        score, depth, best = eng.search(fen, args.movetime)
        if score and score[0] == "mate" and score[1] > 0:
            kept.append(f"{fen}; dm {score[1]}; # proved by {args.engine.split('/')[-1]} "
                        f"in {args.movetime} ms, depth {depth}")
        print(f"\r{total} searched, {len(kept)} mates, {time.time() - started:.0f} s",
              end="", file=sys.stderr)
    eng.quit()
    print(file=sys.stderr)
    open(args.out, "w").write("\n".join(kept) + "\n")
    print(f"{len(kept)} of {total} candidates are forced mates for the side to move: {args.out}")


def solve(args):
    eng = Engine(args.engine, parse_options(args.option))
    found = shortest = total = 0
    misses, by_distance = [], {}
    for line in fens(args.mates):
        fen = line.split(";")[0].strip()
        dm = re.search(r"dm (\d+)", line)
        if not dm:
            sys.exit(f"mates.py: {args.mates}: no 'dm N;' (a proved distance) in: {line}")
        proved = int(dm.group(1))
        score, depth, best = eng.search(fen, args.movetime, args.nodes)
        total += 1
        d = by_distance.setdefault(proved, [0, 0, 0])
        d[0] += 1
        if score and score[0] == "mate" and score[1] > 0:
            found += 1
            d[1] += 1
            if score[1] <= proved:
                shortest += 1
                d[2] += 1
            else:
                misses.append(f"{fen}: mate {score[1]} where {proved} is proved")
        else:
            misses.append(f"{fen}: {score} at depth {depth}, bestmove {best} (mate in {proved})")
    eng.quit()
    pct = lambda a: f"{100.0 * a / max(total, 1):.1f} %"
    limit = f"{args.nodes} nodes" if args.nodes else f"{args.movetime} ms"
    print(f"{total} positions at {limit}: {found} scored as a mate ({pct(found)}), "
          f"{shortest} at the proved distance or shorter ({pct(shortest)})")
    print("mate in | positions | scored as mate | shortest")
    for k in sorted(by_distance):
        n, f, s = by_distance[k]
        print(f"{k:7} | {n:9} | {f:14} | {s:8}")
    if args.misses:
        open(args.misses, "w").write("\n".join(misses) + "\n")
        print(f"misses and longer mates: {args.misses}")


def parse_options(pairs):
    out = []
    for p in pairs or []:
        if "=" not in p:
            sys.exit(f"mates.py: --option takes NAME=VALUE, not '{p}'")
        out.append(tuple(p.split("=", 1)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gather", help="candidate positions from games that ended in checkmate")
    g.add_argument("pgn", nargs="+")
    g.add_argument("--out", required=True)
    g.add_argument("--engine", default="target/release/jiangjun")
    p = sub.add_parser("prove", help="keep the candidates a long search scores as a mate")
    p.add_argument("candidates")
    p.add_argument("--out", required=True)
    p.add_argument("--engine", default="target/release/jiangjun")
    p.add_argument("--movetime", type=int, default=10000)
    p.add_argument("--option", action="append")
    s = sub.add_parser("solve", help="how many mates an engine finds, and how short")
    s.add_argument("mates")
    s.add_argument("--engine", default="target/release/jiangjun")
    s.add_argument("--movetime", type=int, default=1000)
    s.add_argument("--nodes", type=int, help="a node limit instead of --movetime")
    s.add_argument("--option", action="append")
    s.add_argument("--misses")
    args = ap.parse_args()
    {"gather": gather, "prove": prove, "solve": solve}[args.cmd](args)


if __name__ == "__main__":
    main()
