#!/usr/bin/env bash
# The Linux install as a distribution package makes it: `cmake --install` into a staging folder
# (DESTDIR), then checks on what landed there. Usage: staged_install.sh STEP BUILD_DIR STAGE_DIR [SAMPLES]
#   install     stage the install and check it holds the programs (the import helper too) and the data files
#   desktop     desktop-file-validate on the staged .desktop entry
#   appstream   appstreamcli validate on the staged AppStream metadata
#   mime        the staged MIME types recognise Bonescope's files by their signature
#   cli         the staged bonescope-cli runs, and the staged bonescope-import
#   screenshot  the staged bonescope renders the demo it carries inside it
# Exits 77 (skipped) when the validator a step needs is not installed.
set -euo pipefail
step=$1 build=$2 stage=$3 samples=${4:-}
id=io.github.bonescope.Bonescope
usr=$stage/usr

need() { command -v "$1" >/dev/null || { echo "$1 is not installed (Debian: $2): skipped"; exit 77; }; }
expect_file() { [ -s "$1" ] || { echo "missing from the staged install: ${1#$stage}"; exit 1; }; }

case $step in
install)
  rm -rf "$stage"
  DESTDIR=$stage cmake --install "$build" --prefix /usr
  for f in bin/bonescope bin/bonescope-cli share/applications/$id.desktop share/metainfo/$id.metainfo.xml \
           share/mime/packages/$id.xml share/icons/hicolor/scalable/apps/$id.svg; do
    expect_file "$usr/$f"
  done
  for size in 16 24 32 48 64 128 256 512; do
    expect_file "$usr/share/icons/hicolor/${size}x${size}/apps/$id.png"
  done
  [ -x "$usr/bin/bonescope" ] && [ -x "$usr/bin/bonescope-cli" ]
  # The import helper (built with Assimp) beside the programs that start it.
  if [ -x "$build/bin/bonescope-import" ]; then
    expect_file "$usr/bin/bonescope-import"
    [ -x "$usr/bin/bonescope-import" ]
  fi
  # The .desktop entry starts what was installed, with the icon that was installed.
  grep -qx "Exec=bonescope %f" "$usr/share/applications/$id.desktop"
  grep -qx "Icon=$id" "$usr/share/applications/$id.desktop"
  echo "staged install complete: $(find "$stage" -type f | wc -l) files"
  ;;
desktop)
  need desktop-file-validate desktop-file-utils
  desktop-file-validate "$usr/share/applications/$id.desktop"
  echo "desktop entry valid"
  ;;
appstream)
  need appstreamcli appstream
  appstreamcli validate --no-net "$usr/share/metainfo/$id.metainfo.xml"
  ;;
mime)
  need update-mime-database shared-mime-info
  need gio libglib2.0-bin
  data=$(mktemp -d)
  trap 'rm -rf "$data"' EXIT
  mkdir -p "$data/mime/packages"
  cp /usr/share/mime/packages/freedesktop.org.xml "$usr/share/mime/packages/$id.xml" "$data/mime/packages/"
  XDG_DATA_HOME=$data XDG_DATA_DIRS=$data update-mime-database "$data/mime"
  type_of() { XDG_DATA_HOME=$data XDG_DATA_DIRS=$data gio info -a standard::content-type "$1" |
                sed -n 's/.*standard::content-type: //p'; }
  check() {
    local got; got=$(type_of "$1")
    [ "$got" = "$2" ] || { echo "$1: detected as '$got', expected $2"; exit 1; }
    echo "$(basename "$1"): $got"
  }
  # By signature, whatever the name: a .ani that is not a Windows animated cursor, an SEAnim without
  # its extension.
  cp "$samples/lego/pns065rd.ani" "$data/island.ani"
  check "$data/island.ani" application/x-lego-island-animation
  cp "$samples/seanim/synth_abs_lrs_loop_notes.seanim" "$data/walk"
  check "$data/walk" application/x-seanim
  cp "$samples/secondlife/linden_walk.anim" "$data/walk.anim"
  check "$data/walk.anim" application/x-secondlife-animation
  cp "$samples/secondlife/opencollar_tower.bvh" "$data/tower.bvh"
  check "$data/tower.bvh" application/x-bvh
  printf 'DASH\001\000\005\000' > "$data/model.dmf"
  check "$data/model.dmf" application/x-dash-model
  printf 'DMX\000\002\000\000\000' > "$data/model.dmx"
  check "$data/model.dmx" application/x-dash-model-exchange
  ;;
cli)
  version=$("$usr/bin/bonescope-cli" --version)
  echo "$version"
  [[ $version =~ ^bonescope-cli\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "unexpected --version output"; exit 1; }
  "$usr/bin/bonescope-cli" info "$samples/seanim/synth_abs_lrs_loop_notes.seanim"
  if [ -x "$usr/bin/bonescope-import" ]; then
    # It runs from where it was installed (its libraries found), and says it is not run by hand.
    status=0
    said=$("$usr/bin/bonescope-import" --help 2>&1) || status=$?
    [ "$status" = 2 ] && [[ $said == *"not meant to be run by hand"* ]] || { echo "staged bonescope-import: status $status: $said"; exit 1; }
    echo "bonescope-import: installed and runs"
  fi
  ;;
screenshot)
  # From an empty folder, so nothing from the source or build tree can be found by a relative path.
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  cd "$work"
  run=("$usr/bin/bonescope" --screenshot demo.png --frame 10 --size 320x240)
  if [ -z "${DISPLAY:-}" ]; then
    need xvfb-run xvfb
    xvfb-run -a -s "-screen 0 1280x1024x24" "${run[@]}"
  else
    QT_QPA_PLATFORM=xcb "${run[@]}"
  fi
  # The demo's character drawn over the grid compresses to far more than a blank 320x240 PNG does.
  size=$(stat -c %s demo.png)
  [ "$(head -c 8 demo.png | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] || { echo "not a PNG"; exit 1; }
  [ "$size" -gt 8000 ] || { echo "demo.png is $size bytes: the demo was not drawn"; exit 1; }
  echo "staged bonescope rendered the demo: $size bytes"
  ;;
*)
  echo "unknown step $step"; exit 2 ;;
esac
