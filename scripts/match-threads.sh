#!/usr/bin/env bash
# Lazy SMP's gain: jiangjun on two threads against the same build on one thread (UCI, Hash 64
# each), from the 5000 balanced openings shuffled by SEED (default 1), each opening twice with
# colours swapped, one game at a time (the two-thread engine needs both cores of a 2-core
# machine while it thinks), on an otherwise idle machine. Writes the PGN and JSON summary under
# match-out/.
# Usage: scripts/match-threads.sh [GAMES] [TIME CONTROL FLAGS...]
#   scripts/match-threads.sh 200 --tc 10+0.1        (default: 200 games at --tc 10+0.1)
#   THREADS=4 CONCURRENCY=1 scripts/match-threads.sh 100 --tc 10+0.1   (a bigger machine)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
shift || true
tc=("$@")
[ ${#tc[@]} -eq 0 ] && tc=(--tc 10+0.1)
threads=${THREADS:-2}
cargo build --release -q
out=match-out
mkdir -p "$out"
./target/release/jiangjun match \
  --engine "name=jiangjun-${threads}t" cmd=./target/release/jiangjun proto=uci \
  "option.Threads=$threads" option.Hash=64 \
  --engine name=jiangjun-1t cmd=./target/release/jiangjun proto=uci \
  option.Threads=1 option.Hash=64 \
  --openings scripts/openings/balanced-5000.txt --shuffle --seed "${SEED:-1}" \
  "${tc[@]}" --games "$games" --concurrency "${CONCURRENCY:-1}" \
  --pgn "$out/jiangjun-threads.pgn" --json "$out/jiangjun-threads.json"
./target/release/jiangjun match --read-pgn "$out/jiangjun-threads.pgn"
