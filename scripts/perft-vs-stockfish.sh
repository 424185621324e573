#!/usr/bin/env bash
# Times `jiangjun --game chess perft DEPTH` and Stockfish's `go perft DEPTH` (one thread), one
# after the other, and prints both times and the ratio. Stockfish's time includes its start-up
# (loading the network, about 0.2 s here), so its start-up alone is timed too and the ratio
# is given both with and without it.
# Usage: scripts/perft-vs-stockfish.sh [DEPTH] [FEN]   (default: 6 from the start position)
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-6}
fen=${2:-}
sf=/usr/games/stockfish
if [ ! -x "$sf" ]; then
  echo "installing stockfish from Debian..." >&2
  apt-get update -qq && apt-get install -y -qq stockfish >/dev/null
fi
cargo build --release -q
position="startpos"
jj_args=(--game chess perft "$depth")
if [ -n "$fen" ]; then
  position="fen $fen"
  jj_args+=(--fen "$fen")
fi

now() { date +%s.%N; }

t0=$(now)
jj_nodes=$(./target/release/jiangjun "${jj_args[@]}" 2>/dev/null | awk '/^total/ {print $2}')
t1=$(now)
sf_nodes=$(printf 'uci\nsetoption name Threads value 1\nposition %s\ngo perft %s\nquit\n' \
  "$position" "$depth" | "$sf" 2>/dev/null | awk '/^Nodes searched/ {print $3}')
t2=$(now)
printf 'uci\nisready\nquit\n' | "$sf" >/dev/null 2>&1
t3=$(now)

jj=$(awk "BEGIN {print $t1 - $t0}")
sfs=$(awk "BEGIN {print $t2 - $t1}")
boot=$(awk "BEGIN {print $t3 - $t2}")
printf 'jiangjun  perft %s: %s leaves in %.3f s\n' "$depth" "$jj_nodes" "$jj"
printf 'stockfish perft %s: %s leaves in %.3f s (start-up alone %.3f s)\n' "$depth" "$sf_nodes" "$sfs" "$boot"
printf 'ratio: jiangjun is %.2fx as fast (%.2fx without stockfish start-up)\n' \
  "$(awk "BEGIN {print $sfs / $jj}")" "$(awk "BEGIN {print ($sfs - $boot) / $jj}")"
[ "$jj_nodes" = "$sf_nodes" ] || { echo "leaf counts differ!" >&2; exit 1; }
