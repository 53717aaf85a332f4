#!/usr/bin/env bash
# Every .glb the unit tests write must pass the Khronos glTF validator with zero errors. Runs the
# tests that write .glb files with BONESCOPE_GLB_OUT set (tests/support: test::keepGlb), then
# validates each file with the npm package gltf-validator (test-only, installed into the build tree,
# never shipped).
# Usage: run.sh BONESCOPE_TESTS WORK_DIR
# Exit 77 (skipped) only when node/npm are missing or the npm registry cannot be reached.
set -euo pipefail
tests=$(realpath "$1")
mkdir -p "$2"
work=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
pkg=gltf-validator@2.0.0-dev.3.10
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "SKIP: node/npm are not installed, the glTF validator cannot run"
  exit 77
fi
if [ ! -f "$work/node_modules/gltf-validator/package.json" ]; then
  if ! timeout 60 npm view "$pkg" version >/dev/null 2>&1; then
    echo "SKIP: the npm registry is unreachable, the glTF validator cannot be installed"
    exit 77
  fi
  # Reachable: a failed install from here on is a real failure.
  [ -f "$work/package.json" ] || echo '{"private": true}' > "$work/package.json"
  npm install --prefix "$work" --no-audit --no-fund --no-save "$pkg"
fi
rm -rf "$work/glb"
mkdir -p "$work/glb"
BONESCOPE_GLB_OUT="$work/glb" "$tests" --gtest_brief=1 \
  --gtest_filter='WriteReadBack.*:GlbExport.*:TextEncoding.*:ConvertPairs.*:AssimpFormat.*:GltfWriter.*:GltfStandalone.*:GltfMeshopt.*'
NODE_PATH="$work/node_modules" node "$here/validate.js" "$work"/glb/*.glb
