#!/usr/bin/env bash
# Times `jiangjun perft 5` and Fairy-Stockfish's `go perft 5` (UCI_Variant xiangqi) from the
# start position, one after the other on one thread, and prints both times and the ratio.
# Usage: scripts/perft-vs-fairy.sh [DEPTH] [FEN]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-5}
fen=${2:-}
fsf=/usr/games/fairy-stockfish
if [ ! -x "$fsf" ]; then
  echo "installing fairy-stockfish from Debian..." >&2
  apt-get update -qq && apt-get install -y -qq fairy-stockfish >/dev/null
fi
cargo build --release -q
position="startpos"
jj_args=(perft "$depth")
if [ -n "$fen" ]; then
  position="fen $fen"
  jj_args+=(--fen "$fen")
fi

now() { date +%s.%N; }

t0=$(now)
jj_nodes=$(./target/release/jiangjun "${jj_args[@]}" 2>/dev/null | awk '/^total/ {print $2}')
t1=$(now)
fsf_nodes=$(printf 'uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nposition %s\ngo perft %s\nquit\n' \
  "$position" "$depth" | "$fsf" 2>/dev/null | awk '/^Nodes searched/ {print $3}')
t2=$(now)

jj=$(awk "BEGIN {print $t1 - $t0}")
fs=$(awk "BEGIN {print $t2 - $t1}")
printf 'jiangjun        perft %s: %s leaves in %.3f s\n' "$depth" "$jj_nodes" "$jj"
printf 'fairy-stockfish perft %s: %s leaves in %.3f s\n' "$depth" "$fsf_nodes" "$fs"
printf 'ratio: jiangjun is %.2fx faster\n' "$(awk "BEGIN {print $fs / $jj}")"
[ "$jj_nodes" = "$fsf_nodes" ] || { echo "leaf counts differ!" >&2; exit 1; }
