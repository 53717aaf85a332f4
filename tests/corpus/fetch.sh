#!/usr/bin/env bash
# Materialises the corpus listed in manifest.tsv (beside this script) into DEST, each file (and its
# companions: a .gltf's .bin and textures) at DEST/OWNER+NAME/PATH at the recorded commit.
# Usage: fetch.sh [--mirror MIRROR_DIR] DEST
#   without --mirror: from https://raw.githubusercontent.com/OWNER/NAME/COMMIT/PATH (needs network)
#   --mirror: from local bare snapshots laid out as MIRROR_DIR/OWNER+NAME/repo (or repo/.git)
# Files already present with the recorded size are kept. Exit 1 when any file could not be had.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mirror=
if [ "${1:-}" = --mirror ]; then mirror=$2; shift 2; fi
[ $# -eq 1 ] || { echo "usage: fetch.sh [--mirror MIRROR_DIR] DEST" >&2; exit 2; }
dest=$1
mkdir -p "$dest"
missing=0
get() { # repo commit path
  local repo=$1 commit=$2 path=$3 out="$dest/${1/\//+}/$3" tmp
  [ -s "$out" ] && return 0
  mkdir -p "$(dirname "$out")"
  tmp="$out.part"
  if [ -n "$mirror" ]; then
    local gd="$mirror/${repo/\//+}/repo"
    [ -d "$gd/.git" ] && gd="$gd/.git"
    git --git-dir="$gd" cat-file blob "$commit:$path" > "$tmp" 2>/dev/null || { rm -f "$tmp"; return 1; }
  else
    local url="https://raw.githubusercontent.com/$repo/$commit/$(python3 -c 'import sys,urllib.parse;print(urllib.parse.quote(sys.argv[1]))' "$path")"
    curl -sSfL --retry 2 -o "$tmp" "$url" || { rm -f "$tmp"; return 1; }
  fi
  mv "$tmp" "$out"
}
while IFS=$'\t' read -r repo commit path bytes format kind writer companions licence; do
  [ "$repo" = repo ] && continue
  files=("$path")
  if [ "$companions" != - ]; then
    IFS=',' read -r -a more <<< "$companions"
    files+=("${more[@]}")
  fi
  for f in "${files[@]}"; do
    get "$repo" "$commit" "$f" || { echo "could not fetch $repo@$commit:$f" >&2; missing=$((missing + 1)); }
  done
done < "$here/manifest.tsv"
echo "corpus in $dest: $(($(wc -l < "$here/manifest.tsv") - 1)) entries, $missing file(s) missing"
[ $missing -eq 0 ]
