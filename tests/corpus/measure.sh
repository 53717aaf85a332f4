#!/usr/bin/env bash
# Opens every corpus file with bonescope-cli (info), converts it to .glb, validates each .glb with the
# Khronos glTF validator and notes crashes (exit status >= 128: a signal) and hangs (the time limit).
# Usage: measure.sh BIN_DIR CORPUS_DIR OUT_DIR
#   BIN_DIR     holds bonescope-cli (and bonescope-import), e.g. build/bin
#   CORPUS_DIR  made by fetch.sh from manifest.tsv (beside this script)
#   OUT_DIR     gets results.tsv, summary.md and glb/ (the written files)
# Environment: JOBS (default 2) files at a time; LIMIT (default 120) seconds per command;
#   GLTF_VALIDATOR_MODULES a node_modules folder holding gltf-validator (default: the build's,
#   BIN_DIR/../gltf_validator/node_modules, which the project's gltf_validator test installs).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: measure.sh BIN_DIR CORPUS_DIR OUT_DIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "$1" && pwd) corpus=$(cd "$2" && pwd)
mkdir -p "$3/rows" "$3/glb"
out=$(cd "$3" && pwd)
rm -f "$out"/rows/* "$out"/glb/*
export bin corpus out LIMIT=${LIMIT:-120}
modules=${GLTF_VALIDATOR_MODULES:-$bin/../gltf_validator/node_modules}

# one manifest row -> rows/N.tsv: n repo path format kind writer, then for info and convert:
# status, seconds, the first line of stderr (the error)
one() {
  local n=$1 repo=$2 path=$3 format=$4 kind=$5 writer=$6
  local file="$corpus/${repo/\//+}/$path" glb="$out/glb/$n.glb" t0 rc1 rc2 s1 s2 e1 e2
  t0=$(date +%s.%N)
  rc1=0; timeout -k 5 "$LIMIT" "$bin/bonescope-cli" info "$file" > "$out/rows/$n.info" 2> "$out/rows/$n.err1" || rc1=$?
  s1=$(echo "$(date +%s.%N) - $t0" | bc)
  t0=$(date +%s.%N)
  rc2=0; timeout -k 5 "$LIMIT" "$bin/bonescope-cli" convert "$file" "$glb" > /dev/null 2> "$out/rows/$n.err2" || rc2=$?
  s2=$(echo "$(date +%s.%N) - $t0" | bc)
  # the error: the first line that is not a warning
  e1=$(grep -v '^warning:' "$out/rows/$n.err1" | head -1 | tr '\t' ' ' | cut -c1-300)
  e2=$(grep -v '^warning:' "$out/rows/$n.err2" | head -1 | tr '\t' ' ' | cut -c1-300)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.3f\t%s\t%s\t%.3f\t%s\n' "$n" "$repo" "$path" "$format" "$kind" \
    "$writer" "$rc1" "$s1" "${e1:--}" "$rc2" "$s2" "${e2:--}" > "$out/rows/$n.tsv"
}
export -f one

tail -n +2 "$here/manifest.tsv" | awk -F'\t' '{ printf "%d\t%s\t%s\t%s\t%s\t%s\n", NR, $1, $3, $5, $6, $7 }' |
  tr '\t\n' '\0\0' | xargs -0 -n 6 -P "${JOBS:-2}" bash -c 'one "$@"' one

# validator: every written .glb
: > "$out/valid.tsv"
if [ -d "$modules/gltf-validator" ] && ls "$out"/glb/*.glb > /dev/null 2>&1; then
  NODE_PATH="$modules" node "$here/validate_each.js" "$out"/glb/*.glb > "$out/valid.tsv"
else
  echo "warning: gltf-validator not found in $modules: .glb files not validated" >&2
fi
python3 "$here/summarise.py" "$out" "$corpus"
