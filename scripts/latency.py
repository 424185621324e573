#!/usr/bin/env python3
"""Measures what a GUI feels: start-up time to `ucciok` (and to the first `readyok`, which
waits for the hash table), the `isready` reply time while a
2-thread search runs, and the `stop` -> `bestmove` latency. Prints the median (and the 90th
percentile) over many tries. Usage: scripts/latency.py [BINARY] [TRIES]"""
import statistics, subprocess, sys, time

binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/jiangjun"
tries = int(sys.argv[2]) if len(sys.argv) > 2 else 50


def start():
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    return p


def send(p, line):
    p.stdin.write(line + "\n")
    p.stdin.flush()


def wait_for(p, prefix):
    while True:
        line = p.stdout.readline()
        if not line:
            raise RuntimeError("engine exited")
        if line.startswith(prefix):
            return line


def ms(seconds):
    return seconds * 1000.0


startup, startup_ready, ready, stop = [], [], [], []
for _ in range(tries):
    t0 = time.perf_counter()
    p = start()
    send(p, "ucci")
    wait_for(p, "ucciok")
    startup.append(ms(time.perf_counter() - t0))
    # The first readyok also waits for the hash table, built in the background meanwhile.
    send(p, "isready")
    wait_for(p, "readyok")
    startup_ready.append(ms(time.perf_counter() - t0))
    send(p, "setoption threads 2")
    send(p, "position startpos")
    send(p, "go infinite")
    time.sleep(0.15)
    t0 = time.perf_counter()
    send(p, "isready")
    wait_for(p, "readyok")
    ready.append(ms(time.perf_counter() - t0))
    time.sleep(0.05)
    t0 = time.perf_counter()
    send(p, "stop")
    wait_for(p, "bestmove")
    stop.append(ms(time.perf_counter() - t0))
    send(p, "quit")
    wait_for(p, "bye")
    p.wait()


def row(name, xs):
    xs = sorted(xs)
    p90 = xs[int(len(xs) * 0.9) - 1]
    print(f"{name:<40} median {statistics.median(xs):7.3f} ms   p90 {p90:7.3f} ms   ({len(xs)} tries)")


row("start-up to ucciok", startup)
row("start-up to the first readyok", startup_ready)
row("isready -> readyok during 2-thread search", ready)
row("stop -> bestmove", stop)
