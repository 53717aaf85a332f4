#!/bin/sh
# Bonescope's --reduce-keys against Blender 3.4's Decimate (Allowed Change) on the same real clips
# (not in ctest: Blender takes minutes). For each clip and margin: Blender decimates every F-curve,
# blender_decimate.py measures the largest movement of the virtual points that causes (Bonescope's
# measure), then Bonescope reduces the same clip at that bound; the keys are compared in Blender's
# unit, keyframe points of single curves (a Bonescope rotation key is 4 of them, a translation or
# scale key 3). Prints a Markdown table (docs/performance.md).
#   tests/reduce_oracle/run.sh build/bin/bonescope-cli [WORKDIR]
set -eu
cli=$(realpath "$1")
here=$(dirname "$(realpath "$0")")
fixtures="$here/../fixtures"
samples="$here/../../../shared/samples"
work=${2:-/tmp/reduce_oracle}
mkdir -p "$work"
command -v blender >/dev/null || { echo "blender not installed (apt-get install blender python3-numpy)"; exit 77; }

echo "| clip | Blender margin | its largest error | Blender keys (after / before) | Bonescope at that bound: keys as single curves (channel keys) | Bonescope's largest error | fewer | Bonescope --curves (.glb): single curves (channel keys) | its largest error | fewer |"
echo "|---|---:|---:|---:|---:|---:|---|---:|---:|---|"
# clip, units (metres per unit: the BVH files' units as Bonescope is told), point distance in file units
while read -r clip unit distance; do
    for margin in 0.001 0.01; do
        name=$(basename "$clip")
        json="$work/$name-$margin.json"
        xvfb-run -a blender --factory-startup --python "$here/blender_decimate.py" -- "$clip" "$margin" "$distance" "$json" \
            >"$work/$name-$margin.log" 2>&1 || { echo "| $name | $margin | Blender failed (see $work) | | | | |"; continue; }
        set -- $(python3 -c "import json; d=json.load(open('$json')); print(d['largestError'], d['keysBefore'], d['keysAfter'])")
        err=$1 before=$2 after=$3
        mm=$(python3 -c "print(max($err * $unit * 1000, 1e-6))")
        units=$(python3 -c "print({1.0:'m',0.01:'cm'}.get($unit,'cm'))")
        out="$work/$name-$margin.cast"
        "$cli" convert "$clip" "$out" --reduce-keys --max-error "$mm" --units "$units" >"$work/$name-$margin.bonescope" 2>&1
        set -- $("$cli" info "$out" | sed -n 's/ *keys: *translation \([0-9]*\), rotation \([0-9]*\), scale \([0-9]*\).*/\1 \2 \3/p')
        curves=$((3 * $1 + 4 * $2 + 3 * $3)) channel=$(($1 + $2 + $3))
        got=$(sed -n 's/.*largest error \([^ ]*\) mm.*/\1/p' "$work/$name-$margin.bonescope")
        verdict=$([ "$curves" -lt "$after" ] && echo yes || echo no)
        # The same bound with curves fitted (glTF keeps tangents).
        glb="$work/$name-$margin.glb"
        "$cli" convert "$clip" "$glb" --reduce-keys --max-error "$mm" --units "$units" --curves >"$work/$name-$margin.curves" 2>&1
        set -- $("$cli" info "$glb" | sed -n 's/ *keys: *translation \([0-9]*\), rotation \([0-9]*\), scale \([0-9]*\).*/\1 \2 \3/p')
        ccurves=$((3 * $1 + 4 * $2 + 3 * $3)) cchannel=$(($1 + $2 + $3))
        cgot=$(sed -n 's/.*largest error \([^ ]*\) mm.*/\1/p' "$work/$name-$margin.curves")
        cverdict=$([ "$ccurves" -lt "$after" ] && echo yes || echo no)
        echo "| $name | $margin | $(python3 -c "print(f'{$mm:.3g} mm')") | $after / $before | $curves ($channel) | $got mm | $verdict | $ccurves ($cchannel) | $cgot mm | $cverdict |"
    done
done <<EOF
$fixtures/rigs/cmu_131_01_walk.bvh 0.01 3
$samples/secondlife/opencollar_tower.bvh 0.01 3
$fixtures/rigs/CesiumMan.glb 1.0 0.03
EOF
