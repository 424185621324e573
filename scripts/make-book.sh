#!/usr/bin/env bash
# Makes the shipped opening book: self-play games of jiangjun from the start position, with a
# small random jitter in the evaluation (UCCI `randomness medium`) for variety, at a fixed node
# count (load-independent); then each game is cut before its first move a deeper search rejects,
# and before its first reply that loses in play at 10 s + 0.1 s, and the book is made from what
# is left, each move weighted by what it scored. The games are cut to what the book reads and kept beside the book, so that
# `jiangjun book build` rebuilds it byte for byte (a test checks it). See docs/books.md.
# Usage: scripts/make-book.sh [GAMES] [NODES]      (defaults: 800 games, 50000 nodes a move)
# Output: crates/engine/src/book/builtin.pgn and builtin.jjbook; the full games in book-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-800}
nodes=${2:-50000}
plies=20
min_games=2
cargo build --release -q
out=book-out
mkdir -p "$out"
cp target/release/jiangjun "$out/jiangjun"
j="$PWD/$out/jiangjun"
echo "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" >"$out/start.txt"
# usebook false: the games must not replay the book they are to make.
side=(proto=ucci option.hashsize=16 option.randomness=medium option.usebook=false)
"$j" match --engine name=a "cmd=$j" "${side[@]}" --engine name=b "cmd=$j" "${side[@]}" \
  --nodes "$nodes" --openings "$out/start.txt" --games "$games" \
  --concurrency "${CONCURRENCY:-2}" --resign movecount=4 score=250 \
  --draw movenumber=50 movecount=10 score=3 --pgn "$out/games.pgn" --json "$out/games.json"
# Each move played from a position two or more games reach is searched to depth 16 (12 lines,
# as in the shipped book); a game is cut before its first move more than 20
# centipawns below the best there.
scripts/book-games.py "$plies" "$out/games.pgn" --check "$j" --depth 16 --margin 20 \
  >"$out/checked.pgn"
# Each reply to a first move that the book would keep is played out by the engine against itself
# at 10 s + 0.1 s, 8 games (16 when doubtful); a game is cut before a reply whose side scores
# under 45 %. This step needs an otherwise idle machine (a timed match); its results are kept in
# $out/trial.json, so that a stopped run goes on where it was.
scripts/book-trial.py "$out/checked.pgn" --engine "$j" --plies 1 --games 8 --min-score 0.45 \
  --cache "$out/trial.json" >crates/engine/src/book/builtin.pgn
"$j" book build --pgn crates/engine/src/book/builtin.pgn \
  --out crates/engine/src/book/builtin.jjbook --min-games "$min_games" --plies "$plies"
