#!/usr/bin/env python3
"""Protocol stress driver: random but plausible command sequences in UCCI and UCI, sent through a
real pipe to the release engine, with the protocol's invariants checked on every sequence.

Why a script and not a cargo test: the run is long (10,000 sequences by hand), measures wall-clock
latencies on a loaded machine and restarts engine processes; a plain Python driver with one reader
thread per engine keeps the timing honest and the logic in one readable place. CI runs a short
slice of it through scripts/stress.sh.

Invariants checked, per sequence:
  * exactly one `bestmove`/`nobestmove` per `go`, in order, and none before `stop` (or
    `ponderhit`) under `go infinite`/`go ponder` in either dialect;
  * every answer is legal: a move from the position's `go perft 1` list (and from `searchmoves`
    when given), or `bestmove (none)`/`nobestmove` exactly when there is no legal move;
  * `readyok` for every `isready`, idle or mid-search, within --ready-ms (latencies reported);
  * resident memory (VmRSS) within Hash + 32 MB after every sequence;
  * after `quit` the process exits 0 and prints nothing more (UCCI: `bye` and nothing after it).

UCCI answers `stop` when idle with `nobestmove` (the spec allows it); a `stop` that may have
reached an engine that had just answered is therefore allowed one extra `nobestmove`.
"""

import argparse
import collections
import os
import queue
import random
import subprocess
import sys
import threading
import time

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# Positions whose edge cases the protocol rules are about (see protocol-transcripts/).
SPECIAL_FENS = [
    "R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1",  # Black is mated: no legal move
    "R2k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1",  # a single legal move (d9d8)
    "3k5/9/9/9/9/9/9/9/R8/4K3R w - - 0 1",  # mate in one
    "3a1a3/2n6/4k4/p5r1p/9/4R4/P7P/4C4/4A4/3AK1B2 b - - 0 1",
]
MARGIN_MB = 32
ANSWER_WAIT = 20.0  # seconds an answer may take once it is due (a loaded machine, 2 threads)


class Failure(Exception):
    pass


class Engine:
    """One engine process with a reader thread that timestamps every stdout line."""

    def __init__(self, binary):
        self.p = subprocess.Popen(
            [binary],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.lines = queue.Queue()
        self.log = collections.deque(maxlen=80)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.p.stdout:
            self.lines.put((time.monotonic(), raw.decode("utf-8", "replace").rstrip("\r\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, line):
        self.log.append("> " + line)
        sent = time.monotonic()  # before the write: the reply may be read before it returns
        try:
            self.p.stdin.write((line + "\n").encode())
            self.p.stdin.flush()
        except OSError as e:
            raise Failure(f"engine no longer reads ({e}) at '{line}'")
        return sent

    def get(self, timeout):
        """The next (time, line); line None at the end of output; raises queue.Empty."""
        t, line = self.lines.get(timeout=max(timeout, 0))
        self.log.append("< " + ("<EOF>" if line is None else line))
        return t, line

    def rss_mb(self):
        try:
            with open(f"/proc/{self.p.pid}/status") as f:
                for row in f:
                    if row.startswith("VmRSS:"):
                        return int(row.split()[1]) / 1024
        except OSError:
            pass
        return None

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()


def legal_moves(helper, position):
    """The legal moves of `position` (a `position …` line), from the engine's UCI `go perft 1`."""
    helper.send(position)
    helper.send("go perft 1")
    moves = set()
    deadline = time.monotonic() + ANSWER_WAIT
    while True:
        _, line = helper.get(deadline - time.monotonic())
        if line is None:
            raise Failure("helper engine ended")
        if line.startswith("Nodes searched:"):
            return moves
        if line.endswith(": 1"):
            moves.add(line.split(":")[0])


def build_pool(binary, rng, walks):
    """Random walks from the start position and from FENs met on the way: (position, moves)."""
    helper = Engine(binary)
    helper.send("uci")
    pool = []
    roots = ["position startpos"] + [f"position fen {f}" for f in SPECIAL_FENS]
    for root in roots[1:]:
        pool.append((root, legal_moves(helper, root)))
    fens = []
    for w in range(walks):
        if fens and w % 3 == 2:
            root = f"position fen {rng.choice(fens)}"
        else:
            root = "position startpos"
        played = []
        for _ in range(rng.randint(0, 70)):
            pos = root + (" moves " + " ".join(played) if played else "")
            moves = legal_moves(helper, pos)
            pool.append((pos, moves))
            if not moves:
                break
            played.append(rng.choice(sorted(moves)))
        if played and rng.random() < 0.5:
            helper.send(root + " moves " + " ".join(played))
            helper.send("d")
            while True:
                _, line = helper.get(ANSWER_WAIT)
                if line is None:
                    raise Failure("helper engine ended")
                if line.startswith("Fen: "):
                    fens.append(line[5:])
                    break
    helper.send("quit")
    helper.kill()  # the pool is built; how the helper ends is the stress run's business
    return pool


class Stats:
    def __init__(self):
        self.sequences = collections.Counter()
        self.gos = collections.Counter()
        self.answers = 0
        self.go_ms = collections.defaultdict(list)  # kind -> go-to-answer times
        self.isready = []  # (latency ms, context)
        self.rss = []  # (rss MB, hash MB)
        self.failures = []
        self.processes = 0
        self.quits = collections.Counter()


class Go:
    def __init__(self, line, moves, allowed, hold, kind):
        self.line, self.moves, self.allowed, self.hold, self.kind = line, moves, allowed, hold, kind
        self.released = not hold
        self.sent = 0.0


class Session:
    """One engine process speaking one dialect, fed sequence after sequence."""

    def __init__(self, binary, dialect, rng, pool, stats, args):
        self.dialect, self.rng, self.pool, self.stats, self.args = dialect, rng, pool, stats, args
        self.ucci = dialect == "ucci"
        self.e = Engine(binary)
        self.pending_ready = collections.deque()  # (sent time, context)
        self.hash_changed = False  # a Hash change sent since the last isready
        self.expect = collections.deque()  # Go objects not yet answered
        self.quit_answer_due = False  # the untracked go sent before a mid-search quit
        self.idle_stop_credit = 0
        self.hash_mb = 64
        self.peak_hash_mb = 64  # the largest table this process has been asked for
        self.bye = False
        self.e.send(dialect)
        self.wait_until(lambda line: line in ("ucciok", "uciok"), ANSWER_WAIT, "handshake")

    # --- reading ---------------------------------------------------------------------------
    def on_line(self, t, line):
        if line is None:
            raise Failure("engine output ended unexpectedly")
        if line == "readyok":
            if not self.pending_ready:
                raise Failure("readyok without isready")
            sent, context = self.pending_ready.popleft()
            self.stats.isready.append(((t - sent) * 1000, context))
        elif line.startswith("bestmove") or line == "nobestmove":
            self.on_answer(line)
        elif line == "bye":
            self.bye = True

    def on_answer(self, line):
        words = line.split()
        move = words[1] if len(words) > 1 else None
        none = line == "nobestmove" or move == "(none)"
        if not self.expect and self.quit_answer_due:
            self.quit_answer_due = False  # the search sent just before quit ended on its own
            return
        if not self.expect or (
            self.ucci and line == "nobestmove" and self.idle_stop_credit and self.expect[0].moves
        ):
            if self.ucci and line == "nobestmove" and self.idle_stop_credit:
                self.idle_stop_credit -= 1  # the reply to a stop that reached an idle engine
                return
            raise Failure(f"answer '{line}' with no go outstanding")
        go = self.expect.popleft()
        self.stats.answers += 1
        self.stats.go_ms[go.kind].append((time.monotonic() - go.sent) * 1000)
        if not go.released:
            raise Failure(f"'{line}' before stop/ponderhit under '{go.line}'")
        if self.ucci and move == "(none)":
            raise Failure(f"UCI-style '{line}' under UCCI")
        if not self.ucci and line == "nobestmove":
            raise Failure(f"UCCI-style '{line}' under UCI")
        if none != (not go.moves):
            raise Failure(f"'{line}' for '{go.line}' with {len(go.moves)} legal moves")
        if not none and move not in go.allowed:
            raise Failure(f"illegal or unrequested '{line}' for '{go.line}'")

    def pump(self, seconds):
        """Handles every line that arrives within `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                t, line = self.e.get(deadline - time.monotonic())
            except queue.Empty:
                return
            self.on_line(t, line)

    def wait_until(self, done, seconds, what):
        deadline = time.monotonic() + seconds
        while not done(None):
            try:
                t, line = self.e.get(deadline - time.monotonic())
            except queue.Empty:
                raise Failure(f"timed out waiting for {what}")
            self.on_line(t, line)
            if done(line):
                return

    # --- sending ---------------------------------------------------------------------------
    def isready(self, mid):
        # A new table is allocated (and zeroed) before isready is read: that wait is reported
        # apart from the reply time of an engine with nothing queued.
        context = "mid-search" if mid else "after Hash" if self.hash_changed else "idle"
        self.hash_changed = False
        self.pending_ready.append((self.e.send("isready"), context))

    def setoption(self):
        r = self.rng.random()
        if r < 0.35:
            self.hash_mb = self.rng.choice([1, 2, 4, 8, 16, 32, 64, 128])
            self.peak_hash_mb = max(self.peak_hash_mb, self.hash_mb)
            self.hash_changed = True
            line = f"setoption hashsize {self.hash_mb}" if self.ucci else \
                f"setoption name Hash value {self.hash_mb}"
        elif r < 0.65:
            n = self.rng.choice([1, 1, 2])
            line = f"setoption threads {n}" if self.ucci else f"setoption name Threads value {n}"
        elif self.ucci:
            line = self.rng.choice([
                "setoption randomness small", "setoption randomness none", "setoption ponder true",
                "setoption usemillisec true", "setoption batch false", "setoption newgame",
                "setoption debug false", "setoption usebook false",
            ])
        else:
            line = self.rng.choice([
                "setoption name Clear Hash", "setoption name Ponder value true",
                f"setoption name Move Overhead value {self.rng.randint(0, 50)}",
                "setoption name UCI_Variant value xiangqi",
            ])
        self.e.send(line)

    def newgame(self):
        self.e.send("setoption newgame" if self.ucci else "ucinewgame")

    def clock(self):
        # Small clocks: a search gets a few tens of milliseconds, so 10,000 sequences take minutes.
        ms = self.rng.choice([20, 100, 300, 1000, 3000])
        inc = self.rng.choice([0, 0, 10, 100])
        if self.ucci:
            extra = f" movestogo {self.rng.randint(1, 40)}" if self.rng.random() < 0.3 else ""
            return f"time {ms} increment {inc} opptime {ms}{extra}"
        extra = f" movestogo {self.rng.randint(1, 40)}" if self.rng.random() < 0.3 else ""
        return f"wtime {ms} btime {ms} winc {inc} binc {inc}{extra}"

    def go_line(self, moves):
        """A random go: (line, kind, hold, allowed moves)."""
        rng = self.rng
        kinds = ["depth", "nodes", "time", "infinite", "ponder"]
        kinds += ["movetime", "mate", "searchmoves", "bare"] if not self.ucci else ["draw"]
        kind = rng.choice(kinds)
        allowed = set(moves)
        if kind == "depth":
            body = f"depth {rng.randint(1, 5)}"
        elif kind == "nodes":
            body = f"nodes {rng.choice([1, 100, 1000, 10000, 50000])}"
        elif kind == "movetime":
            body = f"movetime {rng.randint(1, 40)}"
        elif kind == "time":
            body = self.clock()
        elif kind == "mate":
            body = f"mate {rng.randint(1, 3)} nodes 100000"
        elif kind == "draw":
            body = f"draw depth {rng.randint(1, 4)}"
        elif kind == "searchmoves":
            if moves:
                allowed = set(rng.sample(sorted(moves), rng.randint(1, min(3, len(moves)))))
            body = f"depth {rng.randint(1, 4)} searchmoves " + " ".join(sorted(allowed))
        elif kind == "bare":
            body = ""  # UCI: a bare go searches until stop
        elif kind == "infinite":
            body = "infinite"
        else:
            body = "ponder " + self.clock()
        hold = kind in ("infinite", "ponder", "bare")
        return ("go " + body).strip(), kind, hold, allowed

    # --- one sequence ----------------------------------------------------------------------
    def sequence(self):
        rng, e = self.rng, self.e
        self.stats.sequences[self.dialect] += 1
        if rng.random() < 0.2:
            self.setoption()
        if rng.random() < 0.1:
            self.newgame()
        if rng.random() < 0.2:
            self.isready(False)
        pos, moves = rng.choice(self.pool)
        e.send(pos)
        line, kind, hold, allowed = self.go_line(moves)
        go = Go(line, moves, allowed, hold, kind)
        self.expect.append(go)
        self.stats.gos[f"{self.dialect} {kind}"] += 1
        go.sent = e.send(line)
        chained = False
        for _ in range(rng.randint(0, 4)):
            self.pump(rng.random() * 0.015)
            r = rng.random()
            if r < 0.4:
                self.isready(bool(self.expect))
            elif r < 0.55:
                self.setoption()  # queued until the answer when a search runs
            elif r < 0.65:
                self.newgame()
            elif r < 0.75:
                # A ponderhit that must not end an infinite search nor upset a finite one.
                if kind != "ponder":
                    e.send("ponderhit")
            elif r < 0.85 and not hold:
                self.stop()
            elif not chained and rng.random() < 0.5:
                # The GUI habit `stop`, `position`, `go` back to back: the second go is queued
                # until the first answers.
                chained = True
                self.release(go)
                pos2, moves2 = rng.choice(self.pool)
                e.send(pos2)
                d = rng.randint(1, 3)
                go2 = Go(f"go depth {d}", moves2, set(moves2), False, "chained")
                self.expect.append(go2)
                self.stats.gos[f"{self.dialect} chained"] += 1
                go2.sent = e.send(go2.line)
        self.pump(rng.random() * 0.02)
        if not go.released:
            # A search that waits for stop must not hold back isready: its readyok comes
            # before the release, however slow the machine (an engine that queued isready
            # behind the search would answer only after stop).
            self.wait_until(lambda _: not self.pending_ready, ANSWER_WAIT,
                            f"readyok while '{line}' waits for stop")
            self.release(go)
        self.wait_until(lambda _: not self.expect, ANSWER_WAIT, f"the answer to '{line}'")
        # Everything sent so far has been carried out once readyok is back (stop when idle is
        # answered at once), so later answers would be extra ones.
        self.isready(False)
        self.wait_until(lambda _: not self.pending_ready, ANSWER_WAIT, "readyok")
        self.idle_stop_credit = 0
        rss = e.rss_mb()
        if rss is not None:
            self.stats.rss.append((rss, self.hash_mb))
            if rss > self.hash_mb + MARGIN_MB:
                raise Failure(f"VmRSS {rss:.1f} MB exceeds Hash {self.hash_mb} MB + {MARGIN_MB} "
                              f"(largest Hash asked for: {self.peak_hash_mb} MB)")

    def stop(self):
        self.e.send("stop")
        if self.ucci:
            self.idle_stop_credit += 1

    def release(self, go):
        if go.kind == "ponder" and self.rng.random() < 0.6:
            go.released = True  # marked before sending: the answer may follow at once
            self.e.send("ponderhit")
        elif go.hold:
            go.released = True
            self.e.send("stop")
        else:
            self.stop()

    def quit(self):
        """Ends the process, idle or mid-search, and checks that nothing follows `quit`."""
        rng, e = self.rng, self.e
        mid = rng.random() < 0.5
        self.stats.quits["mid-search" if mid else "idle"] += 1
        if mid:
            pos, moves = rng.choice(self.pool)
            e.send(pos)
            e.send(rng.choice(["go infinite", "go depth 30", "go nodes 100000000"]))
            # A search can end before quit is sent (depth 30 in a position with a mate in two
            # takes 3 ms): its answer may come while pumping, or after quit.
            self.quit_answer_due = True
            self.pump(rng.random() * 0.02)
        e.send("quit")
        answers_in_flight = 1 if mid and self.quit_answer_due else 0
        deadline = time.monotonic() + ANSWER_WAIT
        while True:
            try:
                _, line = e.get(deadline - time.monotonic())
            except queue.Empty:
                raise Failure("no end of output after quit")
            if line is None:
                break
            if self.bye:
                raise Failure(f"'{line}' after bye")
            if line == "bye" and self.ucci:
                self.bye = True
            elif (line.startswith("bestmove") or line == "nobestmove") and answers_in_flight:
                answers_in_flight -= 1  # a search that ended just as quit was sent
            elif mid and line.startswith("info"):
                pass
            else:
                raise Failure(f"'{line}' after quit")
        if self.ucci and not self.bye:
            raise Failure("no bye after quit")
        code = e.p.wait(timeout=10)
        if code != 0:
            raise Failure(f"exit status {code} after quit")


def percentile(sorted_values, q):
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def report(stats, args, elapsed):
    lat = sorted(ms for ms, _ in stats.isready)
    over = sum(ms > args.ready_ms for ms in lat)
    print(f"sequences: {sum(stats.sequences.values())} {dict(stats.sequences)} "
          f"in {elapsed:.0f} s, {stats.processes} engine processes, quits {dict(stats.quits)}")
    print(f"gos: {sum(stats.gos.values())}, answered {stats.answers}: "
          + ", ".join(f"{k} {v}" for k, v in sorted(stats.gos.items())))
    print("mean go-to-answer ms: " + ", ".join(
        f"{k} {sum(v) / len(v):.0f}" for k, v in sorted(stats.go_ms.items())))
    parts = [("all", lat)] + [
        (c, sorted(ms for ms, k in stats.isready if k == c))
        for c in ("idle", "mid-search", "after Hash")]
    for name, v in parts:
        print(f"readyok latency ({name}, {len(v)}): p50 {percentile(v, .5):.2f} ms, "
              f"p90 {percentile(v, .9):.2f}, p99 {percentile(v, .99):.2f}, "
              f"max {v[-1] if v else 0:.2f}")
    print(f"readyok over {args.ready_ms} ms: {over}")
    if stats.rss:
        worst = max(stats.rss, key=lambda r: r[0] - r[1])
        print(f"VmRSS: max {max(r for r, _ in stats.rss):.1f} MB; "
              f"largest excess over Hash {worst[0] - worst[1]:.1f} MB (Hash {worst[1]} MB)")
    print(f"failures: {len(stats.failures)}")
    for f in stats.failures[:10]:
        print("  " + f)
    return over


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sequences", type=int, nargs="?", default=10000)
    ap.add_argument("--engine", default="target/release/jiangjun")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--ready-ms", type=float,
                    default=float(os.environ.get("STRESS_READY_MS", "50")),
                    help="the longest allowed isready→readyok time (default 50, env STRESS_READY_MS)")
    ap.add_argument("--per-process", type=int, default=250)
    ap.add_argument("--walks", type=int, default=40)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print(f"seed {seed}", flush=True)
    rng = random.Random(seed)
    started = time.monotonic()
    pool = build_pool(args.engine, rng, args.walks)
    print(f"{len(pool)} positions, {sum(not m for _, m in pool)} without a legal move", flush=True)
    stats = Stats()
    done = 0
    while done < args.sequences:
        dialect = ("ucci", "uci")[stats.processes % 2]
        stats.processes += 1
        s = None
        try:
            s = Session(args.engine, dialect, rng, pool, stats, args)
            for _ in range(min(args.per_process, args.sequences - done)):
                done += 1
                s.sequence()
                if done % 1000 == 0:
                    print(f"{done} sequences, {len(stats.failures)} failures", flush=True)
            s.quit()
        except (Failure, queue.Empty, subprocess.TimeoutExpired) as err:
            text = f"{dialect} process {stats.processes}, sequence {done}: {err}"
            print("FAIL " + text + "\n    " + "\n    ".join(s.e.log if s else []), flush=True)
            stats.failures.append(text)
        finally:
            if s:
                s.e.kill()
    over = report(stats, args, time.monotonic() - started)
    sys.exit(1 if stats.failures or over else 0)


if __name__ == "__main__":
    main()
