#!/usr/bin/env bash
# Plays jiangjun (UCCI, one thread) against Fairy-Stockfish (plain UCI, ranks 1-10, full
# strength, one thread, Hash 16) from the 5000 balanced openings (shuffled by SEED, default 1;
# each opening played twice, colours swapped), writes the PGN and JSON summary under match-out/, and checks that the PGN
# loads back through jiangjun's own reader.
# Usage: scripts/match-vs-fairy.sh [GAMES] [TIME CONTROL FLAGS...]
#   scripts/match-vs-fairy.sh 20 --tc 5+0.05        (default: 20 games at --tc 5+0.05)
#   scripts/match-vs-fairy.sh 20 --depth 6
#   EVALFILE=net.nnue scripts/match-vs-fairy.sh 200 --tc 10+0.1   (jiangjun with another net)
#   EVALFILE=classical scripts/match-vs-fairy.sh 200 --tc 10+0.1  (the classical evaluation alone)
# Without EVALFILE jiangjun plays as it starts: the shipped net, EvalBlend 50.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
shift || true
tc=("$@")
[ ${#tc[@]} -eq 0 ] && tc=(--tc 5+0.05)
scripts/install-peers.sh >/dev/null
cargo build --release -q
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
out=match-out
mkdir -p "$out"
jj_opts=()
if [ "${EVALFILE:-}" = classical ]; then
  jj_opts+=("option.evalfile=<empty>")
elif [ -n "${EVALFILE:-}" ]; then
  # UCCI reports a net that does not load on stderr only: check it first.
  ./target/release/jiangjun bench 1 --eval-file "$EVALFILE" >/dev/null
  jj_opts+=("option.evalfile=$EVALFILE")
fi
./target/release/jiangjun match \
  --engine name=jiangjun cmd=./target/release/jiangjun proto=ucci "${jj_opts[@]}" \
  --engine name=fairy-stockfish "cmd=$fsf" proto=uci option.UCI_Variant=xiangqi \
  option.Threads=1 option.Hash=16 ranks=1 \
  --openings scripts/openings/balanced-5000.txt --shuffle --seed "${SEED:-1}" \
  "${tc[@]}" --games "$games" --concurrency "${CONCURRENCY:-2}" \
  --pgn "$out/jiangjun-vs-fairy.pgn" --json "$out/jiangjun-vs-fairy.json"
./target/release/jiangjun match --read-pgn "$out/jiangjun-vs-fairy.pgn"
