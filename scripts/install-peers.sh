#!/usr/bin/env bash
# Installs the engines jiangjun is tested and matched against: Debian's Fairy-Stockfish
# (/usr/games/fairy-stockfish, speaks UCI with UCI_Variant=xiangqi and UCCI).
set -euo pipefail
if command -v fairy-stockfish >/dev/null || [ -x /usr/games/fairy-stockfish ]; then
  echo "fairy-stockfish is already installed"
  exit 0
fi
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq fairy-stockfish
echo "installed: $(ls /usr/games/fairy-stockfish)"
