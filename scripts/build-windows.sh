#!/usr/bin/env bash
# Builds jiangjun.exe for 64-bit Windows (target x86_64-pc-windows-gnu) on a Debian machine and
# prints its path on stdout (progress on stderr).
#
# Two routes, the first that is available:
# - rustup with the target added (`rustup target add x86_64-pc-windows-gnu`): a plain
#   `cargo build --release --target x86_64-pc-windows-gnu`;
# - Debian's Rust toolchain with the standard library's source (packages rustc-web, cargo-web,
#   rust-web-src): cargo builds the standard library for the target itself (-Zbuild-std, a
#   nightly flag that RUSTC_BOOTSTRAP=1 lets this stable compiler take). This is the route on
#   machines where rustup cannot download the target.
# Both link with MinGW-w64 (package gcc-mingw-w64-x86-64). Missing packages are installed with
# apt-get (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc

need=()
command -v x86_64-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-x86-64)
if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  route=rustup
else
  route=debian
  [ -x /usr/bin/rustc ] || need+=(rustc-web)
  [ -x /usr/bin/cargo ] || need+=(cargo-web)
  [ -d /usr/lib/rustlib/src/rust/library ] || need+=(rust-web-src)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]} from Debian..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

start=$(date +%s)
case $route in
  rustup)
    cargo build --release --target "$target" >&2
    ;;
  debian)
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo build --release --target "$target" \
      -Zbuild-std=std,panic_unwind >&2
    ;;
esac
exe="$PWD/target/$target/release/jiangjun.exe"
echo "built with the $route toolchain in $(($(date +%s) - start)) s: $exe" >&2
echo "$exe"
