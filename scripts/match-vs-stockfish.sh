#!/usr/bin/env bash
# Plays jiangjun (chess over UCI, one thread) against Stockfish (one thread, Hash 16; full
# strength, or SKILL=0..20 for its `Skill Level`) from the 40 built-in chess openings (or
# OPENINGS=FILE of FEN/EPD lines; shuffled by SEED, default 1; each opening played twice,
# colours swapped), with jiangjun's chess rules as the arbiter. Writes the PGN and JSON summary
# under match-out/, then checks the PGN with jiangjun's reader and with python-chess
# (scripts/check-chess-pgn.py).
# Usage: scripts/match-vs-stockfish.sh [GAMES] [TIME CONTROL FLAGS...]
#   scripts/match-vs-stockfish.sh 20 --tc 10+0.1          (default: 20 games at --tc 10+0.1)
#   SKILL=5 scripts/match-vs-stockfish.sh 40 --tc 10+0.1  (one rung of the Skill Level ladder)
#   scripts/match-vs-stockfish.sh 10 --nodes 20000
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
shift || true
tc=("$@")
[ ${#tc[@]} -eq 0 ] && tc=(--tc 10+0.1)
sf=$(command -v stockfish || echo /usr/games/stockfish)
if [ ! -x "$sf" ]; then
  echo "stockfish not found: apt-get install -y stockfish" >&2
  exit 1
fi
cargo build --release -q
skill=()
name=stockfish
if [ -n "${SKILL:-}" ]; then
  skill=("option.Skill Level=$SKILL")
  name="stockfish-skill$SKILL"
fi
openings=()
[ -n "${OPENINGS:-}" ] && openings=(--openings "$OPENINGS" --shuffle)
out=match-out
mkdir -p "$out"
./target/release/jiangjun --game chess match \
  --engine name=jiangjun cmd=./target/release/jiangjun arg=--game arg=chess proto=uci \
  --engine "name=$name" "cmd=$sf" proto=uci option.Threads=1 option.Hash=16 "${skill[@]}" \
  "${openings[@]}" --seed "${SEED:-1}" \
  "${tc[@]}" --games "$games" --concurrency "${CONCURRENCY:-1}" \
  --pgn "$out/jiangjun-vs-$name.pgn" --json "$out/jiangjun-vs-$name.json"
./target/release/jiangjun --game chess match --read-pgn "$out/jiangjun-vs-$name.pgn"
python3 scripts/check-chess-pgn.py "$out/jiangjun-vs-$name.pgn"
