#!/usr/bin/env bash
# Protocol stress: SEQUENCES (default 10000) random command sequences in UCCI and UCI through a
# pipe to the release engine, invariants checked on each (scripts/stress.py says which).
# Extra arguments go to the driver, e.g. `--seed 7` or `--ready-ms 100`; STRESS_READY_MS sets the
# readyok limit too. Runs niced: the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."
sequences="${1:-10000}"
shift || true
cargo build --release -q
exec nice -n 15 python3 scripts/stress.py "$sequences" "$@"
