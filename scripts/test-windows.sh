#!/usr/bin/env bash
# Tests the Windows build (scripts/build-windows.sh) on Linux under Wine:
#   1. every protocol transcript (UCCI, UCI, chess, bad input) replayed against jiangjun.exe by
#      the test that replays them against the Linux build (tests/transcripts.rs), with every
#      output line required to end in CRLF and a longer wait per line for Wine's slower start;
#   2. perft at every depth of every position of tests/data/xiangqi.epd and chess.epd (copies
#      of the shared reference files) against the reference counts;
#   3. a short `jiangjun match` at a fixed depth, Windows build against Linux build, once in
#      Xiangqi over UCCI and once in chess over UCI, where any crash, hang, illegal or
#      malformed move, missing bestmove or restart fails the test; then two games run by the
#      Windows build's own match runner between two copies of itself (UCCI against UCI).
# Usage: scripts/test-windows.sh [--smoke | --repeat N | --archive ZIP]
#   --smoke (what CI runs): the handshake and XiangQi Wizard transcripts, perft of the two start
#   positions up to 5 million leaves, and one match of two games.
#   --archive ZIP: the smoke test of the jiangjun.exe inside a release archive (scripts/package.sh)
#   as a user unpacks it, instead of a fresh build.
#   --repeat N: only the transcripts, replayed N times, every failed session listed and counted
#   (to measure a rare failure, such as the Wine crash at exit described in docs/windows.md).
# Figures go to stdout, progress to stderr. Installs wine64 (and what the build needs) with
# apt-get if missing. Wine runs in a prefix of its own under target/, so a user's ~/.wine is
# not touched, and its server is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
smoke=false
repeat=0
archive=""
usage="usage: scripts/test-windows.sh [--smoke | --repeat N | --archive ZIP]"
case "${1:-}" in
  --smoke) smoke=true ;;
  --archive)
    archive=${2:-}
    [ -f "$archive" ] || { echo "$usage" >&2; exit 2; }
    archive=$(cd "$(dirname "$archive")" && pwd)/$(basename "$archive")
    smoke=true
    ;;
  --repeat)
    repeat=${2:-}
    [[ "$repeat" =~ ^[1-9][0-9]*$ ]] || { echo "$usage" >&2; exit 2; }
    ;;
  "") ;;
  *) echo "$usage" >&2; exit 2 ;;
esac

now() { date +%s.%N; }
since() { awk "BEGIN {printf \"%.1f\", $(now) - $1}"; }
failures=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

# --- build (both: the Linux build is the transcript test's harness and the match's runner)
t=$(now)
if [ -n "$archive" ]; then
  unpacked="$PWD/target/wine-archive"
  rm -rf "$unpacked"
  mkdir -p "$unpacked"
  (cd "$unpacked" && unzip -q "$archive")
  exe=$(find "$unpacked" -name jiangjun.exe | head -1)
  [ -n "$exe" ] || { echo "no jiangjun.exe in $archive" >&2; exit 1; }
  command -v x86_64-w64-mingw32-objdump >/dev/null || scripts/build-windows.sh >/dev/null
  echo "from the archive: ${exe#"$unpacked"/}"
else
  exe=$(scripts/build-windows.sh)
  echo "windows build: $(since "$t") s"
fi
# Shipped alone, the .exe must need no DLL beyond Windows' own: a MinGW runtime DLL
# (libgcc_s_seh-1.dll, libwinpthread-1.dll, ...) would be missing on a player's machine.
dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | awk '/DLL Name:/ {print tolower($3)}' | sort -u)
echo "jiangjun.exe: $(($(stat -c %s "$exe") / 1024)) KiB, imports" $dlls
if grep -q '^lib' <<<"$dlls"; then
  fail "jiangjun.exe needs a MinGW runtime DLL"
fi
t=$(now)
cargo build --release -q
linux="$PWD/target/release/jiangjun"
echo "linux build: $(since "$t") s"

# --- Wine
wine=/usr/lib/wine/wine64
if [ ! -x "$wine" ]; then
  echo "installing wine64 from Debian..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends wine64 >/dev/null
fi
wineserver=""
for w in /usr/lib/wine/wineserver64 /usr/lib/wine/wineserver; do
  [ -x "$w" ] && { wineserver=$w; break; }
done
[ -n "$wineserver" ] || { echo "no wineserver next to $wine" >&2; exit 1; }
export WINEPREFIX="$PWD/target/wine-prefix" WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko prompts while the prefix is made; the stand-in DLL below before any built-in.
export WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n,b"
mkdir -p "$WINEPREFIX"
# A persistent server started here, with no pipes of ours: a server started by the first
# engine would inherit that engine's stdout and keep it open after the engine exits, and the
# tests would wait for an end of output that never comes.
"$wineserver" -p </dev/null >/dev/null 2>&1
trap '"$wineserver" -k >/dev/null 2>&1 || true' EXIT
t=$(now)
"$wine" wineboot --init </dev/null >/dev/null 2>&1 || true
echo "wine prefix: $(since "$t") s ($("$wine" --version 2>/dev/null))"

# The tests run a copy of the .exe in a folder of their own, so that the stand-in DLL never
# lies next to the .exe that is shipped.
dir="$PWD/target/wine-test"
rm -rf "$dir"
mkdir -p "$dir"
cp "$exe" "$dir/jiangjun.exe"
# run_exe ARGS...: the leaf count that `jiangjun.exe ARGS` (a perft) prints, or nothing.
run_exe() {
  { "$wine" "$dir/jiangjun.exe" "$@" </dev/null 2>/dev/null || true; } |
    tr -d '\r' | awk '/^total / {print $2}'
}
if [ "$(run_exe perft 1)" != 44 ]; then
  # Rust's standard library imports ProcessPrng (bcryptprimitives.dll), which Wine 8 lacks.
  echo "jiangjun.exe does not start under this Wine; adding the ProcessPrng stand-in" >&2
  x86_64-w64-mingw32-gcc -shared -O2 -o "$dir/bcryptprimitives.dll" \
    scripts/windows/processprng.c -ladvapi32
  if [ "$(run_exe perft 1)" != 44 ]; then
    echo "jiangjun.exe does not run under Wine even with the stand-in; Wine says:" >&2
    WINEDEBUG=err+all "$wine" "$dir/jiangjun.exe" perft 1 </dev/null >&2 || true
    exit 1
  fi
  echo "stand-in DLL: used (Wine lacks ProcessPrng)"
else
  echo "stand-in DLL: not needed"
fi
t=$(now)
for _ in 1 2 3; do run_exe perft 1 >/dev/null; done
echo "one start of jiangjun.exe under Wine: $(awk "BEGIN {printf \"%.2f\", ($(now) - $t) / 3}") s"

# --- --repeat N: the transcripts N times, nothing else
if [ "$repeat" -gt 0 ]; then
  t=$(now)
  sessions=0
  failed=0
  for i in $(seq 1 "$repeat"); do
    # --nocapture: the harness's count line ("transcripts: S sessions, F failed") is printed
    # on success too; each failure is one line naming the session and what went wrong.
    out=$(TRANSCRIPT_ENGINE="$wine $dir/jiangjun.exe" TRANSCRIPT_WAIT=60 \
      TRANSCRIPT_LINE_END=crlf cargo test --release -q --test engine \
      transcripts::every_recorded_session_replays -- --nocapture 2>&1) || true
    counts=$(grep -m1 '^transcripts: ' <<<"$out" || true)
    [ -n "$counts" ] || { echo "replay $i: no count line; output:"; echo "$out"; exit 1; }
    read -r s f <<<"$(awk '{print $2, $4}' <<<"$counts")"
    sessions=$((sessions + s))
    failed=$((failed + f))
    grep -E '^[a-z0-9-]+\.txt: ' <<<"$out" | sort -u | sed "s/^/replay $i: /" || true
  done
  echo "transcripts: $repeat replays, $sessions sessions, $failed failed, in $(since "$t") s"
  [ "$failed" -eq 0 ]
  exit
fi

# --- 1. transcripts
t=$(now)
filter=""
$smoke && filter="01-handshake"
if TRANSCRIPT="$filter" TRANSCRIPT_ENGINE="$wine $dir/jiangjun.exe" TRANSCRIPT_WAIT=60 \
  TRANSCRIPT_LINE_END=crlf cargo test --release -q --test engine \
  transcripts::every_recorded_session_replays >&2; then
  :
else
  fail "transcripts"
fi
if $smoke && ! TRANSCRIPT="xiangqi-wizard" TRANSCRIPT_ENGINE="$wine $dir/jiangjun.exe" \
  TRANSCRIPT_WAIT=60 TRANSCRIPT_LINE_END=crlf cargo test --release -q --test engine \
  transcripts::every_recorded_session_replays >&2; then
  fail "the XiangQi Wizard transcript"
fi
count=$(find protocol-transcripts -name '*.txt' | wc -l)
$smoke && count=$(find protocol-transcripts -name '*01-handshake*.txt' -o -name '*xiangqi-wizard*' | wc -l)
echo "transcripts: $count replayed in $(since "$t") s"

# --- 2. perft
# check_perft GAME FILE LINES CAP: the first LINES positions of FILE, each depth whose
# reference count is at most CAP leaves.
checked=0
check_perft() {
  local game=$1 file=$2 lines=$3 cap=$4 n=0 line fen part depth want got
  local -a parts
  while [ "$n" -lt "$lines" ] && IFS= read -r line; do
    [ -n "$line" ] || continue
    n=$((n + 1))
    fen=${line%%;*}
    fen=${fen%"${fen##*[! ]}"}
    IFS=';' read -ra parts <<<"${line#*;}"
    for part in "${parts[@]}"; do
      read -r depth want <<<"$part"
      depth=${depth#D}
      [ "$want" -le "$cap" ] || continue
      got=$(run_exe --game "$game" perft "$depth" --fen "$fen")
      [ "$got" = "$want" ] || fail "perft $game depth $depth of '$fen': $got, reference $want"
      checked=$((checked + 1))
    done
  done <"$file"
}
t=$(now)
if $smoke; then
  check_perft xiangqi tests/data/xiangqi.epd 1 5000000
  check_perft chess tests/data/chess.epd 1 5000000
else
  check_perft xiangqi tests/data/xiangqi.epd 1000 999999999999
  check_perft chess tests/data/chess.epd 1000 999999999999
fi
echo "perft: $checked depths checked in $(since "$t") s"

# --- 3. matches, Windows build against Linux build
# check_match JSON GAMES: every game finished and no engine had a fault.
check_match() {
  python3 - "$1" "$2" <<'EOF' || fail "match $1"
import json, sys
summary = json.load(open(sys.argv[1]))
faults = ["time_losses", "crashes", "hangs", "illegal_moves", "malformed_moves",
          "no_bestmove", "restarts"]
bad = [f"{e['name']} {k}={e[k]}" for e in summary["engines"] for k in faults if e[k]]
if summary["games"] != int(sys.argv[2]) or bad:
    sys.exit(f"{summary['games']} games of {sys.argv[2]}; faults: {bad}")
EOF
}
out="$dir/match"
games=10
$smoke && games=2
t=$(now)
"$linux" match --engine name=windows cmd="$wine" arg="$dir/jiangjun.exe" proto=ucci \
  --engine name=linux cmd="$linux" proto=ucci \
  --depth 6 --games "$games" --concurrency 2 --hang-timeout 120 \
  --json "$out-xiangqi.json" --pgn "$out-xiangqi.pgn" || fail "the Xiangqi match did not finish"
check_match "$out-xiangqi.json" "$games"
echo "xiangqi match (UCCI, depth 6): $games games in $(since "$t") s"
if ! $smoke; then
  t=$(now)
  "$linux" --game chess match \
    --engine name=windows cmd="$wine" arg="$dir/jiangjun.exe" arg=--game arg=chess \
    --engine name=linux cmd="$linux" arg=--game arg=chess \
    --depth 6 --games "$games" --concurrency 2 --hang-timeout 120 \
    --json "$out-chess.json" --pgn "$out-chess.pgn" || fail "the chess match did not finish"
  check_match "$out-chess.json" "$games"
  echo "chess match (UCI, depth 6): $games games in $(since "$t") s"
  # The Windows build's own runner: engine processes started the Windows way (pipes, a process
  # group of their own), one engine speaking UCCI and one UCI.
  t=$(now)
  win() { "$wine" winepath -w "$1" </dev/null 2>/dev/null | tr -d '\r'; }
  "$wine" "$dir/jiangjun.exe" match \
    --engine name=ucci cmd="$(win "$dir/jiangjun.exe")" proto=ucci \
    --engine name=uci cmd="$(win "$dir/jiangjun.exe")" proto=uci \
    --depth 4 --games 2 --hang-timeout 120 --json "$(win "$out-runner.json")" \
    </dev/null >/dev/null 2>&1 || fail "the match run by jiangjun.exe did not finish"
  check_match "$out-runner.json" 2
  echo "match run by jiangjun.exe (UCCI against UCI, depth 4): 2 games in $(since "$t") s"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "all Windows tests passed"
