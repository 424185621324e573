#!/usr/bin/env bash
# The strength ladder behind UCI_Elo (docs/strength-limits.md): jiangjun at several Skill
# Levels, then ratings with 95% intervals by scripts/ladder_elo.py.
#
# Two shapes:
# - FORMAT=round-robin (default): the LEVELS, jiangjun at full strength and Fairy-Stockfish at
#   FSF_LEVELS, every engine against every other. The runner's --nodes is NODES (24000 =
#   level 8's budget), so every jiangjun level's own, smaller budget binds it, while
#   full-strength jiangjun and Fairy-Stockfish (whose Skill Level also picks among four lines)
#   search exactly NODES nodes a move.
# - FORMAT=chain: each level of LEVELS against the next one only, a match per step at the
#   higher level's own budget. Used for the high levels, where a round robin would cost hours
#   (level 18 searches 768,000 nodes a move): its summaries are rated together with the round
#   robin's, linked through the level both share (8).
#
# Load-independent: nothing here reads a clock. Moves are chosen with noise seeded by the
# clock, so no two games repeat.
# Usage: scripts/ladder.sh [GAMES PER PAIRING]         (default 10)
#   LEVELS="0 2 4 6 8" FSF_LEVELS="0 5 10" NODES=24000 SEED=1 CONCURRENCY=2 scripts/ladder.sh 10
#   FORMAT=chain LEVELS="8 10 12 14 16 18" SEED=2 scripts/ladder.sh 40
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10}
format=${FORMAT:-round-robin}
levels=${LEVELS:-"0 2 4 6 8"}
fsf_levels=${FSF_LEVELS:-"0 5 10"}
nodes=${NODES:-24000}
seed=${SEED:-1}
concurrency=${CONCURRENCY:-2}
scripts/install-peers.sh >/dev/null
cargo build --release -q
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
out=match-out
mkdir -p "$out"
# A copy, so that a rebuild during a long ladder cannot change the engines half-way.
jj=./$out/jiangjun-ladder
cp ./target/release/jiangjun "$jj"
# Level L's own node budget (the engine crate's strength module: 1,500 nodes, doubling every two levels).
budget() { python3 -c "print(round(1500 * 2 ** ($1 / 2)))"; }
openings=(--openings scripts/openings/balanced-5000.txt --shuffle --seed "$seed")

if [ "$format" = chain ]; then
  set -- $levels
  summaries=()
  while [ $# -ge 2 ]; do
    low=$1 high=$2
    shift
    name="$out/ladder-chain-$low-$high"
    $jj match --engine "name=level$low" "cmd=$jj" proto=uci option.Hash=16 "option.Skill Level=$low" \
      --engine "name=level$high" "cmd=$jj" proto=uci option.Hash=16 "option.Skill Level=$high" \
      --nodes "$(budget "$high")" --games "$games" "${openings[@]}" \
      --concurrency "$concurrency" --pgn "$name.pgn" --json "$name.json"
    $jj match --read-pgn "$name.pgn"
    summaries+=("$name.json")
  done
  # EXTRA_SUMMARIES: more summaries rated with these (the round robin's), ANCHOR: NAME=ELO.
  # shellcheck disable=SC2086
  python3 scripts/ladder_elo.py "${summaries[@]}" ${EXTRA_SUMMARIES:-} ${ANCHOR:+--anchor "$ANCHOR"}
  exit 0
fi

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
  "${openings[@]}" --concurrency "$concurrency" --pgn "$out/ladder.pgn" --json "$out/ladder.json"
$jj match --read-pgn "$out/ladder.pgn"
python3 scripts/ladder_elo.py "$out/ladder.json" --anchor level0=1320
