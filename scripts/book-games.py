#!/usr/bin/env python3
"""Cuts match PGN down to what an opening book reads: per game the tags `jiangjun book build`
needs (FEN, result) and the first PLIES moves, without comments. The shipped book's games are
kept this way in the repository (crates/engine/src/book/builtin.pgn), so that the book is
rebuilt from them byte for byte; see docs/books.md.

Usage: scripts/book-games.py PLIES IN.pgn [IN.pgn ...] > OUT.pgn
"""
import re
import sys

KEEP = ("Game", "Round", "Red", "Black", "Result", "FEN", "Format")


def games(text):
    """Yields (tags, movetext) per game of a PGN text."""
    for chunk in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = re.findall(r'^\[(\w+) "([^"]*)"\]\s*$', chunk, re.M)
        body = "\n".join(l for l in chunk.splitlines() if not l.startswith("["))
        yield dict(tags), body


def moves(body):
    """The moves of a movetext: comments, move numbers and the result taken out."""
    body = re.sub(r"\{[^}]*\}", " ", body)
    return [w for w in body.split() if re.fullmatch(r"[A-I]\d-[A-I]\d", w)]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    plies = int(sys.argv[1])
    out = []
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            for tags, body in games(f.read()):
                if tags.get("Result", "*") == "*":
                    continue
                head = [f'[{k} "{tags[k]}"]' for k in KEEP if k in tags]
                played = moves(body)[:plies]
                words = []
                for i, m in enumerate(played):
                    if i % 2 == 0:
                        words.append(f"{i // 2 + 1}.")
                    words.append(m)
                words.append(tags["Result"])
                out.append("\n".join(head) + "\n" + " ".join(words) + "\n")
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
