#!/usr/bin/env bash
# SPRT of the working tree's build ("new") against a base build ("base", default: main),
# the way engine developers test every change: games until the test accepts H0 or H1.
# Usage: scripts/sprt.sh [BASE_REF] [extra jiangjun match flags...]
#   scripts/sprt.sh main --tc 5+0.05 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
#   scripts/sprt.sh main --nodes 20000      # a busy machine: no clock to lose on
# Defaults: --tc 5+0.05, --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05, up to 20000 games,
# --openings scripts/openings/balanced-5000.txt (5000 openings, so no game repeats another
# within 10000 games), concurrency 2 (CONCURRENCY overrides). Output goes to sprt-out/ (OUT,
# relative to the repository root, overrides: a second test beside one that is paused keeps
# its own binaries and PGN).
# GAME=chess: a chess SPRT (--game chess, both engines over UCI), from the runner's 40
# built-in chess lines unless --openings is given.
# RESUME=1: take up a test stopped earlier (Ctrl-C) with the same flags: the binaries it built
# in the output folder play on (nothing is rebuilt, so later edits do not leak in) and the
# games in its sprt.pgn count (match --resume).
# See docs/tools/match.md: how the SPRT decides, and how long it takes.
set -euo pipefail
cd "$(dirname "$0")/.."
base_ref=${1:-main}
shift || true
extra=("$@")
has() { for a in "${extra[@]}"; do [ "$a" = "$1" ] && return 0; done; return 1; }
has --tc || has --st || has --depth || has --nodes || extra+=(--tc 5+0.05)
game=${GAME:-xiangqi}
case "$game" in
  xiangqi) play=(proto=ucci) ;;
  chess) play=(proto=uci arg=--game arg=chess) ;;
  *) echo "sprt.sh: GAME must be xiangqi or chess, not '$game'" >&2; exit 2 ;;
esac
[ "$game" = chess ] || has --openings || extra+=(--openings "$PWD/scripts/openings/balanced-5000.txt")
has --sprt || extra+=(--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05)
has --games || extra+=(--games 20000)
out=${OUT:-sprt-out}
[ "${RESUME:-0}" = 1 ] || mkdir -p "$out"
# Absolute, so that the engines' paths hold from any folder; a resume makes no folder.
[ -d "$out" ] || { echo "sprt.sh: RESUME=1 but no folder $out: nothing to resume" >&2; exit 2; }
out=$(cd "$out" && pwd)
if [ "${RESUME:-0}" = 1 ]; then
  for b in jiangjun-new jiangjun-base; do
    [ -x "$out/$b" ] || { echo "sprt.sh: RESUME=1 but $out/$b is missing: nothing to resume" >&2; exit 2; }
  done
  extra+=(--resume)
else
  cargo build --release -q
  cp target/release/jiangjun "$out/jiangjun-new"
  # Build the base from an exported copy of BASE_REF (no worktree, the repository is
  # untouched), with its own target directory.
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir "$tmp/base"
  git archive "$base_ref" | tar -x -C "$tmp/base"
  (cd "$tmp/base" && CARGO_TARGET_DIR="$tmp/target" cargo build --release -q)
  cp "$tmp/target/release/jiangjun" "$out/jiangjun-base"
fi
"$out/jiangjun-new" --game "$game" match \
  --engine name=new "cmd=$out/jiangjun-new" "${play[@]}" \
  --engine name=base "cmd=$out/jiangjun-base" "${play[@]}" \
  --concurrency "${CONCURRENCY:-2}" --pgn "$out/sprt.pgn" --json "$out/sprt.json" "${extra[@]}"
