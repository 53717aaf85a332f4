#!/usr/bin/env python3
"""Independent check of the PSK/PSA reader and writer against Blender 3.4 and the DarklightGames
io_scene_psk_psa add-on (release 5.0.6, fetched outside the project). Not part of ctest: it takes
minutes. For each case, Blender imports a PSK and plays a PSA sequence on it; Bonescope's
`bonescope-cli pose` samples the same frames; every joint's world position must agree within 0.1% of
the character's height (the largest extent of its joints at frame 0) at 10 frames.

Cases: a real model and sequence (CUE4Parse's, tests/fixtures/psk), and files Bonescope writes:
the Dash fixture, the LEGO Island sample and the Second Life walk, each converted to .psa and
that to .psk (its skeleton), and an SEAnim retargeted onto a PSK skeleton written by this script
(rest offsets and rotations on every bone), each compared with Bonescope's pose of the written .psa.

Usage: check_psk_oracle.py BONESCOPE_CLI ADDON_PARENT_DIR WORK_DIR"""
import json
import math
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLES = os.path.join(os.path.dirname(ROOT), "shared", "samples")


def cli(bonescope, *args):
    r = subprocess.run([bonescope, *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"bonescope-cli {' '.join(args)} failed: {r.stderr}")
    return r.stdout


def bonescope_pose(bonescope, path, time, skeleton=None, animation=None):
    args = ["pose", path, "--time", repr(time)]
    if skeleton:
        args += ["--skeleton", skeleton]
    if animation is not None:
        args += ["--animation", str(animation)]
    pose = json.loads(cli(bonescope, *args))
    names = [b["name"] for b in pose["bones"]]
    # Blender renames a repeated bone name (LEGO's two riders each have LEG-RT...): such bones are not
    # compared, the add-on plays both PSA tracks on the first of them.
    return {b["name"]: b["worldPosition"] for b in pose["bones"] if names.count(b["name"]) == 1}


def blender_pose(addon, psk, psa, sequence, frames):
    # Blender's own Python takes its library folders from the first python3 on PATH: a pyenv one hides
    # the system's numpy, which the add-on needs.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYENV")}
    env["PATH"] = "/usr/bin:/bin:" + env.get("PATH", "")
    r = subprocess.run(["blender", "-b", "--factory-startup", "--python", os.path.join(HERE, "blender_pose.py"), "--",
                        addon, psk, psa, sequence, *map(str, frames)], capture_output=True, text=True, env=env)
    for line in r.stdout.splitlines():
        if line.startswith("ORACLE_JSON "):
            return json.loads(line[len("ORACLE_JSON "):])
    raise SystemExit(f"Blender gave no result for {psa}:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")


def sequence_of(bonescope, psa):
    a = json.loads(cli(bonescope, "dump", psa))  # the first animation
    return a["name"], a["fps"], a["frames"]


def compare(label, ours_at, theirs, frames, fps):
    first = ours_at(frames[0] / fps)
    ext = [max(p[k] for p in first.values()) - min(p[k] for p in first.values()) for k in range(3)]
    height = max(ext)
    worst, where, compared = 0.0, "", 0
    for f in frames:
        ours = ours_at(f / fps)
        for bone, p in theirs[str(f)].items():
            if bone not in ours:
                continue
            d = sum((a - b) ** 2 for a, b in zip(ours[bone], p)) ** 0.5
            compared += 1
            if d > worst:
                worst, where = d, f"{bone} at frame {f}"
    share = worst / height if height else 0
    ok = share <= 0.001 and compared > 0
    print(f"{'ok  ' if ok else 'FAIL'} {label}: {compared} joint positions, height {height:.3f}, worst {worst:.6f} "
          f"({share * 100:.5f}% of height) {where}")
    return ok


def chunk(name, size, records):
    return struct.pack("<20sIii", name.encode(), 0, size, len(records)) + b"".join(records)


def write_rig_psk(path):
    """A PSK skeleton for synth_rel_modifiers.seanim, written here by hand (shares nothing with the
    writer under test): rest offsets and rest rotations on every bone, so that the SEAnim's relative
    and additive types matter. The root stores its rotation, the others its conjugate."""
    bones = [("tag_origin", -1, (0, 0, 0), (0, 0, 1), 0), ("tag_torso", 0, (0, 0, 40), (1, 0, 0), 20),
             ("j_gun", 1, (10, 5, 0), (0, 1, 0), -35), ("tag_clip", 2, (3, 0, -2), (0, 0, 1), 50),
             ("j_elbow_ri", 1, (-12, 0, 8), (0.6, 0.8, 0), 30), ("j_wrist_ri", 4, (0, -15, 0), (0, 0, 1), 70)]
    records = []
    for i, (name, parent, pos, axis, degrees) in enumerate(bones):
        h = math.radians(degrees) / 2
        n = math.sqrt(sum(a * a for a in axis))
        x, y, z = (a / n * math.sin(h) * (1 if i == 0 else -1) for a in axis)
        w = math.cos(h)
        children = sum(1 for b in bones if b[1] == i)
        records.append(struct.pack("<64sIii4f3ff3f", name.encode(), 0, children, max(parent, 0), x, y, z, w, *pos, 0,
                                   0, 0, 0))
    data = (chunk("ACTRHEAD", 0, []) + chunk("PNTS0000", 12, []) + chunk("VTXW0000", 16, []) +
            chunk("FACE0000", 12, []) + chunk("MATT0000", 88, []) + chunk("REFSKELT", 120, records) +
            chunk("RAWWEIGHTS", 12, []))
    with open(path, "wb") as f:
        f.write(data)


def main():
    bonescope, addon, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    ok = True
    fixtures = os.path.join(ROOT, "tests", "fixtures", "psk")
    # A real model and sequence.
    psk = os.path.join(fixtures, "Grunt_Preview_LOD0.psk")
    psa = os.path.join(fixtures, "grunt_hh_grabplayer_crouch_SEQ0.psa")
    name, fps, count = sequence_of(bonescope, psa)
    frames = [round(i * (count - 1) / 9) for i in range(10)]
    theirs = blender_pose(addon, psk, psa, name, frames)
    ok &= compare("grunt PSA on its PSK (CUE4Parse files)", lambda t: bonescope_pose(bonescope, psa, t, psk), theirs,
                  frames, fps)
    # Files Bonescope writes, from other formats.
    for label, source in [("Dash 1.5 fixture", os.path.join(ROOT, "tests", "fixtures", "dash", "model15.dmf")),
                          ("LEGO Island sample", os.path.join(SAMPLES, "lego", "pns065rd.ani")),
                          ("Second Life walk", os.path.join(SAMPLES, "secondlife", "linden_walk.anim"))]:
        stem = os.path.join(work, os.path.splitext(os.path.basename(source))[0])
        cli(bonescope, "convert", source, stem + ".psa", "--overwrite")
        cli(bonescope, "convert", stem + ".psa", stem + ".psk", "--overwrite")
        name, fps, count = sequence_of(bonescope, stem + ".psa")
        frames = [round(i * (count - 1) / 9) for i in range(10)]
        theirs = blender_pose(addon, stem + ".psk", stem + ".psa", name, frames)
        # The written PSA as Bonescope reads it (the conversion itself is checked against the source by
        # tests/formats/convert_pairs_test.cpp, in the common space).
        ok &= compare(label + " -> PSA", lambda t: bonescope_pose(bonescope, stem + ".psa", t), theirs, frames, fps)
    # An SEAnim put on a skeleton (relative type with modifiers: one bone replaces, one adds) by
    # `convert --skeleton`, which retargets (docs/conversion.md), compared as the written PSA reads.
    source = os.path.join(SAMPLES, "seanim", "synth_rel_modifiers.seanim")
    rig = os.path.join(work, "rel_rig.psk")
    write_rig_psk(rig)
    out = os.path.join(work, "synth_rel_modifiers.psa")
    cli(bonescope, "convert", source, out, "--skeleton", rig, "--overwrite")
    name, fps, count = sequence_of(bonescope, out)
    frames = [round(i * (count - 1) / 9) for i in range(10)]
    theirs = blender_pose(addon, rig, out, name, frames)
    ok &= compare("SEAnim --skeleton rig.psk -> PSA", lambda t: bonescope_pose(bonescope, out, t), theirs, frames, fps)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
