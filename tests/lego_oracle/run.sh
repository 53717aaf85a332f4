#!/usr/bin/env bash
# Independent check of the LEGO Island .ani reader: compiles the isledecomp animation.ksy with the
# Kaitai Struct compiler (npm, test-only, installed into the build tree, never shipped), parses the
# sample and purpose-built files with it, and compares every field with `bonescope-cli dump`.
# Usage: run.sh BONESCOPE_CLI SAMPLES_LEGO_DIR WORK_DIR
# Exit 77 (skipped) only when the npm registry cannot be reached.
set -euo pipefail
cli=$(realpath "$1") samples=$2
mkdir -p "$3"
work=$(cd "$3" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
pkgs=(kaitai-struct-compiler@0.11.0 kaitai-struct@0.11.0 js-yaml@4.1.0)
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "SKIP: node/npm are not installed, the Kaitai oracle cannot run"
  exit 77
fi
if [ ! -f "$work/node_modules/kaitai-struct-compiler/package.json" ] ||
   [ ! -f "$work/node_modules/kaitai-struct/package.json" ] ||
   [ ! -f "$work/node_modules/js-yaml/package.json" ]; then
  if ! timeout 60 npm view kaitai-struct-compiler@0.11.0 version >/dev/null 2>&1; then
    echo "SKIP: the npm registry is unreachable, the Kaitai oracle cannot be installed"
    exit 77
  fi
  # Reachable: a failed install from here on is a real failure.
  [ -f "$work/package.json" ] || echo '{"private": true}' > "$work/package.json"
  npm install --prefix "$work" --no-audit --no-fund --no-save "${pkgs[@]}"
fi
NODE_PATH="$work/node_modules" node "$here/compare.js" "$cli" "$samples/animation.ksy" "$work" "$samples/pns065rd.ani"
