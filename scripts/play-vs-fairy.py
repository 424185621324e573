#!/usr/bin/env python3
"""Plays complete games between jiangjun and Debian's Fairy-Stockfish, through both of
jiangjun's dialects (UCCI and UCI), as a GUI would: the whole move list resent every move,
clocks kept here. Fairy-Stockfish speaks plain UCI (UCI_Variant xiangqi, ranks 1-10) and is
also the arbiter of legality and game end (its `d` and `go perft 1`). Reports protocol errors
(a move the position does not allow, a missing bestmove, a crash) and results.
Usage: scripts/play-vs-fairy.py [GAMES_PER_DIALECT] [MOVETIME_MS] [FSF_SKILL]"""
import re, shutil, subprocess, sys, time

games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
movetime = int(sys.argv[2]) if len(sys.argv) > 2 else 100
skill = int(sys.argv[3]) if len(sys.argv) > 3 else 20
fsf_bin = "/usr/games/fairy-stockfish"
if not shutil.which(fsf_bin):
    subprocess.run("apt-get update -qq && apt-get install -y -qq fairy-stockfish", shell=True, check=True)
subprocess.run(["cargo", "build", "--release", "-q"], check=True)


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred, timeout=30):
        end = time.time() + timeout
        while time.time() < end:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.strip()
            if pred(line):
                return line
        raise RuntimeError("timeout")


def to_fsf(m):  # ICCS ranks 0-9 -> Fairy-Stockfish UCI ranks 1-10
    a = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", m)
    return f"{a[1]}{int(a[2]) + 1}{a[3]}{int(a[4]) + 1}"


def from_fsf(m):
    a = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m)
    return f"{a[1]}{int(a[2]) - 1}{a[3]}{int(a[4]) - 1}"


def legal_fsf(ref, moves):
    ref.send("position startpos moves " + " ".join(to_fsf(m) for m in moves))
    ref.send("go perft 1")
    legal = []
    while True:
        line = ref.until(lambda l: True)
        if line.startswith("Nodes searched"):
            return legal
        m = re.fullmatch(r"([a-i]\d+[a-i]\d+): \d+", line)
        if m:
            legal.append(from_fsf(m[1]))


def play(dialect, jj_red):
    jj = Engine(["target/release/jiangjun"])
    fsf = Engine([fsf_bin])
    ref = Engine([fsf_bin])
    for e in (fsf, ref):
        e.send("uci")
        e.send("setoption name UCI_Variant value xiangqi")
        e.until(lambda l: l == "uciok")
    fsf.send(f"setoption name Skill Level value {skill}")
    jj.send(dialect)
    jj.until(lambda l: l == ("ucciok" if dialect == "ucci" else "uciok"))
    moves, errors, seen = [], [], {}
    result = "draw (200 plies)"
    for ply in range(200):
        legal = legal_fsf(ref, moves)
        side_jj = (ply % 2 == 0) == jj_red
        if not legal:
            result = ("jiangjun" if not side_jj else "fairy-stockfish") + " wins (no legal move)"
            break
        ref.send("d")
        fen = ref.until(lambda l: l.startswith("Fen:"))[5:].rsplit(" ", 2)[0]
        seen[fen] = seen.get(fen, 0) + 1
        if seen[fen] >= 3:
            result = "repetition (3-fold; not ruled for perpetual check here)"
            break
        if side_jj:
            jj.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
            jj.send(f"go movetime {movetime}" if dialect == "uci" else f"go time {movetime * 30} movestogo 30")
            line = jj.until(lambda l: l.startswith("bestmove") or l == "nobestmove")
            mv = line.split()[1] if line.startswith("bestmove") else None
        else:
            fsf.send("position startpos moves " + " ".join(to_fsf(m) for m in moves))
            fsf.send(f"go movetime {movetime}")
            line = fsf.until(lambda l: l.startswith("bestmove"))
            mv = from_fsf(line.split()[1]) if line.split()[1] != "(none)" else None
        if mv is None or mv not in legal:
            who = "jiangjun" if side_jj else "fairy-stockfish"
            errors.append(f"{who} answered '{line}' at ply {ply}")
            result = f"{who} loses (bad answer)"
            break
        moves.append(mv)
    for e in (jj, fsf, ref):
        e.send("quit")
        e.p.wait(timeout=5)
    return result, len(moves), errors


total_errors = 0
for dialect in ("ucci", "uci"):
    for g in range(games):
        result, plies, errors = play(dialect, jj_red=(g % 2 == 0))
        total_errors += len(errors)
        colour = "red" if g % 2 == 0 else "black"
        print(f"{dialect} game {g + 1}: jiangjun {colour}: {result} after {plies} plies; protocol errors: {errors or 'none'}")
print(f"protocol errors in all games: {total_errors}")
sys.exit(1 if total_errors else 0)
