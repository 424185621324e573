#!/usr/bin/env bash
# SPRT of a net ("net", EvalFile NET) against another evaluation of the same build ("base":
# the classical evaluation, or BASE_NET), the test every promoted net passes.
# Usage: scripts/sprt-net.sh NET [classical|BASE_NET] [extra jiangjun match flags...]
#   scripts/sprt-net.sh data/nnue/a.nnue classical --nodes 20000   # a busy machine
#   scripts/sprt-net.sh data/nnue/b.nnue data/nnue/a.nnue --tc 10+0.1
#   NET or BASE_NET may be <builtin>, the net inside the binary.
# Defaults as scripts/sprt.sh: --tc 5+0.05, --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05, up to
# 20000 games, the 5000 balanced openings, concurrency 2 (CONCURRENCY overrides). A fixed node
# count measures the evaluation alone: the net's speed (nodes per second) counts only on a
# clock. Output goes to sprt-out/net.{pgn,json}.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n 2,12p "$0" >&2; exit 2; }
net=$1
base=${2:-classical}
shift $(( $# >= 2 ? 2 : 1 ))
extra=("$@")
has() { for a in "${extra[@]}"; do [ "$a" = "$1" ] && return 0; done; return 1; }
has --tc || has --st || has --depth || has --nodes || extra+=(--tc 5+0.05)
has --openings || extra+=(--openings "$PWD/scripts/openings/balanced-5000.txt")
has --sprt || extra+=(--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05)
has --games || extra+=(--games 20000)
out=sprt-out
mkdir -p "$out"
cargo build --release -q
cp target/release/jiangjun "$out/jiangjun-net"
# UCCI reports a net that does not load on stderr only, and the engine plays on classically:
# check each net first, so that a typo cannot turn the test into classical against classical.
for n in "$net" "$base"; do
  [ "$n" = classical ] || "$out/jiangjun-net" bench 1 --eval-file "$n" >/dev/null
done
# The engine starts with the shipped net, so the classical side must be asked for by name.
base_opts=("option.evalfile=<empty>")
[ "$base" = classical ] || base_opts=("option.evalfile=$base")
"$out/jiangjun-net" match \
  --engine name=net "cmd=$PWD/$out/jiangjun-net" proto=ucci "option.evalfile=$net" \
  --engine name=base "cmd=$PWD/$out/jiangjun-net" proto=ucci "${base_opts[@]}" \
  --concurrency "${CONCURRENCY:-2}" --pgn "$out/net.pgn" --json "$out/net.json" "${extra[@]}"
