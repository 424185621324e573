#!/usr/bin/env python3
"""Seed corpora for the cargo-fuzz targets, cut from the recorded sessions in
protocol-transcripts/: every sent line (line), every session's sent lines with a dialect byte
first (session), every FEN (fen) and every move with a position byte first (move_text)."""

import hashlib
import pathlib
import re
import sys

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def put(directory, data):
    directory.mkdir(parents=True, exist_ok=True)
    (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    out = pathlib.Path(sys.argv[1])
    fens, moves = {START}, set()
    for path in sorted(pathlib.Path("protocol-transcripts").glob("*.txt")):
        sent = [l[2:] for l in path.read_text(errors="replace").splitlines() if l.startswith("> ")]
        if not sent:
            continue
        dialect = 0 if sent[0].strip().lower() == "ucci" else 1
        # The session target adds the dialect line itself from the first byte.
        put(out / "session", bytes([dialect]) + "\n".join(sent[1:]).encode() + b"\n")
        for line in sent:
            put(out / "line", line.encode())
            m = re.search(r"fen (\S+ [wbr] \S+ \S+ \d+ \d+)", line)
            if m:
                fens.add(m.group(1))
            moves.update(re.findall(r"\b[a-i][0-9][a-i][0-9]\b", line))
    for fen in fens:
        put(out / "fen", fen.encode())
    for i, mv in enumerate(sorted(moves)):
        put(out / "move_text", bytes([i % 6]) + mv.encode())


if __name__ == "__main__":
    main()
