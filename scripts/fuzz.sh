#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer) of the protocol line parsers, whole sessions,
# FEN text and move text: each target runs SECONDS (default 60), niced, seeded from
# protocol-transcripts/. Needs the nightly toolchain; installs cargo-fuzz if missing. Crashes
# land in tests/fuzz/artifacts/<target>/. `scripts/fuzz.sh 600 fen` runs one target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(line session fen move_text)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
python3 scripts/fuzz_seeds.py tests/fuzz/corpus
for t in "${targets[@]}"; do
  echo "== $t: $seconds s"
  # The session target starts an engine per input, whose 64 MB table is built on a detached
  # thread (src/engine/table.rs); a session that quits at once leaves that thread finishing
  # its table after the input returns, which LeakSanitizer reports as a 64 MB leak. That table
  # is freed when the thread ends, so leak detection is off for this target only.
  extra=()
  [ "$t" = session ] && extra=(-detect_leaks=0)
  nice -n 15 cargo +nightly fuzz run --fuzz-dir tests/fuzz "$t" "tests/fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -timeout=20 -print_final_stats=1 "${extra[@]}" 2>&1 |
    grep -E '^(stat::number_of_executed_units|stat::peak_rss|==|INFO: Seed|Done|SUMMARY|.*(panicked|ERROR|crash|Test unit written))' || true
  ls "tests/fuzz/artifacts/$t" 2>/dev/null | sed 's/^/  artifact: /' || true
done
