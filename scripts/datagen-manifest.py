#!/usr/bin/env python3
"""A manifest entry for a `jiangjun datagen` run: what played, with what settings, how much
came out, and a checksum of the bytes, so that a net's data can be named and checked later.
The data lives outside the repository; its entries live in docs/data/manifest.jsonl.

    scripts/datagen-manifest.py DIR --id dg-s81 --commit COMMIT [--note TEXT] >> docs/data/manifest.jsonl

It reads every shard (`*.jjd`) of DIR: the header's settings (which must agree), the records
(games, plies, results), and the SHA-256 of the shards' bytes in name order (whole records
only: a torn last record, which a resumed run cuts off, is left out of counts and checksum).
It exits 1 on a foreign or inconsistent file.
"""

import argparse
import hashlib
import json
import pathlib
import struct
import sys

MAGIC = b"JJDG"


def header(data: bytes, name: str) -> tuple[dict, int]:
    if len(data) < 40 or data[:4] != MAGIC:
        sys.exit(f"datagen-manifest: {name}: not a datagen shard")
    version, game, lo, hi = struct.unpack_from("<HBBB", data, 4)
    per_shard, = struct.unpack_from("<I", data, 12)
    nodes, seed, first = struct.unpack_from("<QQQ", data, 16)
    settings = {
        "format": version,
        "game": ["xiangqi", "chess"][game] if game < 2 else game,
        "random_plies": [lo, hi],
        "games_per_shard": per_shard,
        "nodes": nodes,
        "seed": seed,
    }
    length = 40
    if version == 2:
        if len(data) < 48:
            sys.exit(f"datagen-manifest: {name}: a net run's header is 48 bytes, the file {len(data)}")
        checksum, blend = struct.unpack_from("<IB", data, 40)
        settings["net_checksum"] = f"{checksum:#010x}"
        settings["eval_blend"] = blend
        length = 48
    else:
        settings["evaluation"] = "classical"
    return settings | {"first_game": first}, length


def records(data: bytes, at: int) -> tuple[int, int, list[int], int]:
    """Games, plies, results (loss/draw/win from Red's view) and the end of the last whole
    record."""
    games = plies = 0
    results = [0, 0, 0]
    while at < len(data):
        fen_len = data[at]
        end_fen = at + 1 + fen_len
        if end_fen + 3 > len(data):
            break
        result = data[end_fen]
        count, = struct.unpack_from("<H", data, end_fen + 1)
        end = end_fen + 3 + 4 * count
        if end > len(data):
            break
        games += 1
        plies += count
        results[min(result, 2)] += 1
        at = end
    return games, plies, results, at


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=pathlib.Path)
    ap.add_argument("--id", required=True, help="the run's name, which nets' headers cite")
    ap.add_argument("--commit", required=True, help="the commit of the build that played")
    ap.add_argument("--date", default="", help="when it ran (YYYY-MM-DD)")
    ap.add_argument("--note", default="")
    a = ap.parse_args()
    shards = sorted(a.dir.glob("*.jjd"))
    if not shards:
        sys.exit(f"datagen-manifest: no .jjd file in {a.dir}")
    digest = hashlib.sha256()
    settings = None
    total = {"shards": 0, "games": 0, "plies": 0, "results": [0, 0, 0], "bytes": 0}
    for path in shards:
        data = path.read_bytes()
        s, length = header(data, path.name)
        s.pop("first_game")
        if settings is None:
            settings = s
        elif s != settings:
            sys.exit(f"datagen-manifest: {path.name}: other settings than the first shard's")
        games, plies, results, end = records(data, length)
        digest.update(data[:end])
        total["shards"] += 1
        total["games"] += games
        total["plies"] += plies
        total["bytes"] += end
        total["results"] = [x + y for x, y in zip(total["results"], results)]
    entry = {
        "id": a.id,
        "date": a.date,
        "commit": a.commit,
        "settings": settings,
        "counts": total,
        "sha256": digest.hexdigest(),
        "note": a.note,
    }
    print(json.dumps(entry, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
