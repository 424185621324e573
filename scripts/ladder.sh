#!/usr/bin/env bash
# The strength ladder behind UCI_Elo (README, "Strength limits"): jiangjun at several Skill
# Levels, jiangjun at full strength, and Fairy-Stockfish at several of its Skill Levels, every
# engine against every other (a round robin), then ratings with 95% intervals by
# scripts/ladder_elo.py.
#
# Load-independent: nothing here reads a clock. The runner's --nodes is the budget of the
# highest jiangjun level played (NODES, 24000 = level 8), so every jiangjun level's own, smaller
# budget binds it, while full-strength jiangjun and Fairy-Stockfish (whose Skill Level also
# picks among four lines) search exactly NODES nodes a move. Moves are chosen with noise
# seeded by the clock, so no two games repeat.
# Usage: scripts/ladder.sh [GAMES PER PAIRING]         (default 10)
#   LEVELS="0 2 4 6 8" FSF_LEVELS="0 5 10" NODES=24000 SEED=1 CONCURRENCY=2 scripts/ladder.sh 10
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10}
levels=${LEVELS:-"0 2 4 6 8"}
fsf_levels=${FSF_LEVELS:-"0 5 10"}
nodes=${NODES:-24000}
scripts/install-peers.sh >/dev/null
cargo build --release -q
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
out=match-out
mkdir -p "$out"
# A copy, so that a rebuild during a long ladder cannot change the engines half-way.
jj=./$out/jiangjun-ladder
cp ./target/release/jiangjun "$jj"
engines=()
for l in $levels; do
  engines+=(--engine "name=level$l" "cmd=$jj" proto=uci option.Hash=16 "option.Skill Level=$l")
done
engines+=(--engine name=full "cmd=$jj" proto=uci option.Hash=16)
for s in $fsf_levels; do
  engines+=(--engine "name=fsf-skill$s" "cmd=$fsf" proto=uci option.UCI_Variant=xiangqi \
    option.Threads=1 option.Hash=16 "option.Skill Level=$s" ranks=1)
done
$jj match "${engines[@]}" --format round-robin --nodes "$nodes" --games "$games" \
  --openings scripts/openings/balanced-5000.txt --shuffle --seed "${SEED:-1}" \
  --concurrency "${CONCURRENCY:-2}" --pgn "$out/ladder.pgn" --json "$out/ladder.json"
$jj match --read-pgn "$out/ladder.pgn"
python3 scripts/ladder_elo.py "$out/ladder.json" --anchor level0=1320
