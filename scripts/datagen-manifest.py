#!/usr/bin/env python3
"""A manifest entry for a `jiangjun datagen` run: what played, with what settings, how much
came out, and a checksum of the bytes, so that a net's data can be named and checked later.
The data lives outside the repository; its entries live in docs/data/manifest.jsonl.

    scripts/datagen-manifest.py DIR --id dg-s81 --commit COMMIT [--note TEXT] >> docs/data/manifest.jsonl
    scripts/datagen-manifest.py DIR --check dg-s81     # is DIR that run, byte for byte?
    scripts/datagen-manifest.py --replay dg-s81        # datagen's arguments that play it again
    scripts/datagen-manifest.py --summary              # every run, and the plies they hold

It reads every shard (`*.jjd`) of DIR: the header's settings (which must agree), the records
(games, plies, results), and the SHA-256 of the shards' bytes in name order (whole records
only: a torn last record, which a resumed run cuts off, is left out of counts and checksum).
It exits 1 on a foreign or inconsistent file, and with --check when DIR is not the run the
manifest names (settings, counts and checksum are compared). --replay prints, one a line, the
arguments after `jiangjun datagen --dir DIR` that play the run again at its commit; a run
played with a net is replayed with the built-in one (`--eval-file <builtin>`), which the check
then confirms by the net checksum in the shards' headers. --summary lists the runs and adds up
their plies; runs with the same settings (a prefix of a longer run, such as `dg-s95-24` of
`dg-s95`) hold the same games, so only the largest of them counts.
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


def measure(directory: pathlib.Path) -> tuple[dict, dict, str]:
    """The settings, counts and SHA-256 of the shards in `directory`."""
    shards = sorted(directory.glob("*.jjd"))
    if not shards:
        sys.exit(f"datagen-manifest: no .jjd file in {directory}")
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
    return settings, total, digest.hexdigest()


def entries(manifest: pathlib.Path) -> list[dict]:
    return [json.loads(line) for line in manifest.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def entry_of(manifest: pathlib.Path, run: str) -> dict:
    for entry in entries(manifest):
        if entry.get("id") == run:
            return entry
    sys.exit(f"datagen-manifest: no run '{run}' in {manifest}")


def replay(entry: dict) -> list[str]:
    s, c = entry["settings"], entry["counts"]
    if s.get("game", "xiangqi") != "xiangqi":
        sys.exit(f"datagen-manifest: {entry['id']}: only Xiangqi runs are replayed")
    args = [
        "--shards", str(c["shards"]),
        "--games-per-shard", str(s["games_per_shard"]),
        "--nodes", str(s["nodes"]),
        "--random-plies", f"{s['random_plies'][0]}-{s['random_plies'][1]}",
        "--seed", str(s["seed"]),
    ]
    if s["format"] == 2:
        args += ["--eval-file", "<builtin>", "--eval-blend", str(s["eval_blend"])]
    else:
        args += ["--eval-file", "<empty>"]
    return args


def summary(manifest: pathlib.Path) -> None:
    runs = entries(manifest)
    largest: dict[str, dict] = {}
    for e in runs:
        same = json.dumps(e["settings"], sort_keys=True)
        if same not in largest or e["counts"]["plies"] > largest[same]["counts"]["plies"]:
            largest[same] = e
    counted = {e["id"] for e in largest.values()}
    total = {"all": [0, 0], "net alone": [0, 0]}
    print(f"{'run':<12} {'date':<10} {'commit':<8} {'evaluation':<16} {'games':>8} {'plies':>10}")
    for e in runs:
        s, c = e["settings"], e["counts"]
        evaluation = (f"net {s['eval_blend']} %" if s["format"] == 2 else "classical")
        mark = "" if e["id"] in counted else "  (a prefix of a larger run: not counted)"
        print(f"{e['id']:<12} {e['date']:<10} {e['commit']:<8} {evaluation:<16} "
              f"{c['games']:>8,} {c['plies']:>10,}{mark}")
        if e["id"] in counted:
            for key in ["all"] + (["net alone"] if s.get("eval_blend") == 100 else []):
                total[key][0] += c["games"]
                total[key][1] += c["plies"]
    for key, (games, plies) in total.items():
        print(f"{'total, ' + key:<49} {games:>8,} {plies:>10,}")


def check(directory: pathlib.Path, entry: dict) -> int:
    settings, counts, digest = measure(directory)
    found = {"settings": settings, "counts": counts, "sha256": digest}
    wrong = [k for k in found if found[k] != entry[k]]
    for k in wrong:
        print(f"{k}: {json.dumps(found[k])}, the manifest says {json.dumps(entry[k])}",
              file=sys.stderr)
    if wrong:
        print(f"datagen-manifest: {directory} is not run {entry['id']}", file=sys.stderr)
        return 1
    print(f"{directory} is run {entry['id']}: {counts['games']} games, {counts['plies']} plies, "
          f"sha256 {digest}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=pathlib.Path, nargs="?")
    ap.add_argument("--id", help="the run's name, which nets' headers cite")
    ap.add_argument("--commit", help="the commit of the build that played")
    ap.add_argument("--date", default="", help="when it ran (YYYY-MM-DD)")
    ap.add_argument("--note", default="")
    ap.add_argument("--check", metavar="ID", help="compare DIR with this run of the manifest")
    ap.add_argument("--replay", metavar="ID", help="print datagen's arguments for this run")
    ap.add_argument("--summary", action="store_true",
                    help="list the runs and add up their plies")
    ap.add_argument("--manifest", type=pathlib.Path,
                    default=pathlib.Path(__file__).resolve().parent.parent
                    / "docs" / "data" / "manifest.jsonl")
    a = ap.parse_args()
    if a.summary:
        summary(a.manifest)
        return 0
    if a.replay:
        print("\n".join(replay(entry_of(a.manifest, a.replay))))
        return 0
    if a.dir is None:
        ap.error("DIR is needed unless --replay is given")
    if a.check:
        return check(a.dir, entry_of(a.manifest, a.check))
    if not a.id or not a.commit:
        ap.error("an entry needs --id and --commit")
    settings, counts, digest = measure(a.dir)
    entry = {
        "id": a.id,
        "date": a.date,
        "commit": a.commit,
        "settings": settings,
        "counts": counts,
        "sha256": digest,
        "note": a.note,
    }
    print(json.dumps(entry, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
