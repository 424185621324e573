#!/usr/bin/env python3
"""Runs exit-race.exe (or any engine) under Wine N times the way tests/transcripts.rs paces a
session: each line is sent once the answer to the one before has come, stdin is closed right
after the last, the output is read to its end; prints how many runs ended with each status
(-11: wine64 killed by SIGSEGV).

  drive.py N STEPS EXE [ARGS...]   STEPS: "send=>wait|send=>wait|..." (an empty wait: none;
                                   "sleep:SECONDS=>" pauses)
  e.g. drive.py 300 "hello=>got|go=>bestmove|quit=>" target/wine-test/exit-race.exe
Run four at a time, as the harness does; WINEPREFIX etc. as scripts/test-windows.sh sets them,
with its persistent wineserver and `wine64 wineboot --init </dev/null` first: a Wine helper
process started by a driven run inherits that run's stdout and the driver waits for ever.
Build: cargo build --release --target x86_64-pc-windows-gnu, as scripts/build-windows.sh does.
"""
import collections
import subprocess
import sys
import time

n, steps, cmd = int(sys.argv[1]), sys.argv[2], ["/usr/lib/wine/wine64"] + sys.argv[3:]
steps = [s.split("=>") for s in steps.split("|")]
ends = collections.Counter()
for i in range(n):
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for send, want in steps:
            if send.startswith("sleep:"):
                time.sleep(float(send[6:]))
                continue
            p.stdin.write((send + "\n").encode())
            p.stdin.flush()
            while want:
                line = p.stdout.readline()
                if not line or want in line.decode(errors="replace"):
                    break
        p.stdin.close()
    except BrokenPipeError:
        pass  # the process is gone already; its status says how
    p.stdout.read()
    err = p.stderr.read()
    status = p.wait()
    ends[status] += 1
    if status != 0:
        print(f"run {i}: status {status}; stderr {err[-500:]!r}", flush=True)
print(dict(ends), flush=True)
