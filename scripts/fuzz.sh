#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer) of the protocol line parsers, whole sessions,
# FEN text and move text, niced, one target at a time, seeded from protocol-transcripts/.
#
#   scripts/fuzz.sh [--runs N] [--no-sanitizer] [SECONDS] [TARGET…]
#
# Each target runs SECONDS (default 60), or N executions with --runs (then SECONDS, if given,
# still caps the time). Builds carry debug assertions and overflow checks (cargo-fuzz's default
# without -O) and AddressSanitizer with leak detection; --no-sanitizer drops ASan, for long runs:
# the crate has no `unsafe`, so what the targets check (panics, overflow, their assertions) is
# caught either way, and inputs run 1.5 to 6 times as fast. Needs the nightly toolchain; installs
# cargo-fuzz if missing. Crashes land in tests/fuzz/artifacts/<target>/.
# `scripts/fuzz.sh 600 fen` runs one target for ten minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=""
build=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --no-sanitizer)
      # Its own target directory, so that switching does not rebuild the ASan binaries.
      build=(-s none --target-dir tests/fuzz/target/no-sanitizer); shift ;;
    *) break ;;
  esac
done
seconds=""
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  seconds="$1"
  shift
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(line session fen move_text)
limits=()
if [ -n "$runs" ]; then
  limits=(-runs="$runs")
  [ -n "$seconds" ] && limits+=(-max_total_time="$seconds")
else
  limits=(-max_total_time="${seconds:-60}")
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
python3 scripts/fuzz_seeds.py tests/fuzz/corpus
# A target that crashes (or fails to build) makes the whole run fail: cargo fuzz's own exit
# status is kept, not the filter's.
failed=()
for t in "${targets[@]}"; do
  echo "== $t: ${limits[*]}"
  set +e
  nice -n 15 cargo +nightly fuzz run "${build[@]}" --fuzz-dir tests/fuzz "$t" "tests/fuzz/corpus/$t" -- \
    "${limits[@]}" -timeout=20 -print_final_stats=1 2>&1 |
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss|==|INFO: Seed|Done|SUMMARY|.*(panicked|ERROR|crash|Test unit written))'
  status=${PIPESTATUS[0]}
  set -e
  ls "tests/fuzz/artifacts/$t" 2>/dev/null | sed 's/^/  artifact: /' || true
  [ "$status" -eq 0 ] || failed+=("$t (exit $status)")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}; the inputs are under tests/fuzz/artifacts/" >&2
  exit 1
fi
echo "fuzz: every target ran clean"
