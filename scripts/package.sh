#!/usr/bin/env bash
# Builds jiangjun's release archives into dist/ (or $DIST) from the checkout as it is:
#   jiangjun-VERSION-x86_64-linux.tar.gz    the Linux build
#   jiangjun-VERSION-x86_64-windows.zip     the Windows build (scripts/build-windows.sh, MinGW)
#   SHA256SUMS                               their checksums (sha256sum -c SHA256SUMS checks them)
# Each archive holds one folder, jiangjun-VERSION-TARGET/, with the program (the net is built
# into it), README.md, LICENSE, CHANGELOG.md and GUI-SETUP.md (docs/gui-setup.md: how each GUI
# loads the engine). Windows text files get CRLF line ends.
# Usage: scripts/package.sh [--linux-only]
# The Windows archive is then tested under Wine: scripts/test-windows.sh --archive dist/….zip.
# Sizes go to stdout, progress to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
linux_only=false
case "${1:-}" in
  --linux-only) linux_only=true ;;
  "") ;;
  *) echo "usage: scripts/package.sh [--linux-only]" >&2; exit 2 ;;
esac
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ -n "$version" ] || { echo "no version in Cargo.toml" >&2; exit 1; }
dist=${DIST:-dist}
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The files every archive carries beside the program.
fill() {
  local dir=$1 crlf=$2
  cp README.md LICENSE CHANGELOG.md "$dir/"
  cp docs/gui-setup.md "$dir/GUI-SETUP.md"
  if $crlf; then
    for f in "$dir"/*.md "$dir/LICENSE"; do sed -i 's/$/\r/' "$f"; done
  fi
}

echo "building the Linux release..." >&2
cargo build --release -q
name="jiangjun-$version-x86_64-linux"
mkdir "$stage/$name"
cp target/release/jiangjun "$stage/$name/"
strip "$stage/$name/jiangjun" 2>/dev/null || true
fill "$stage/$name" false
tar -C "$stage" -czf "$dist/$name.tar.gz" "$name"
archives=("$name.tar.gz")

if ! $linux_only; then
  echo "building the Windows release..." >&2
  exe=$(scripts/build-windows.sh)
  name="jiangjun-$version-x86_64-windows"
  mkdir "$stage/$name"
  cp "$exe" "$stage/$name/jiangjun.exe"
  x86_64-w64-mingw32-strip "$stage/$name/jiangjun.exe" 2>/dev/null || true
  fill "$stage/$name" true
  rm -f "$dist/$name.zip"
  (cd "$stage" && zip -qr "$dist/$name.zip" "$name")
  archives+=("$name.zip")
fi

(cd "$dist" && sha256sum "${archives[@]}" > SHA256SUMS)
for a in "${archives[@]}"; do
  printf '%s\t%s bytes\n' "$a" "$(stat -c %s "$dist/$a")"
done
echo "written to $dist (with SHA256SUMS)" >&2
