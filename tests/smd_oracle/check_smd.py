#!/usr/bin/env python3
"""Blender Source Tools as an independent reader of the SMD files Bonescope writes (and of real SMD
files Bonescope reads). Not part of ctest: Blender takes seconds per file. See docs/formats/smd.md.

check_smd.py BONESCOPE_CLI ADDON_DIR WORK_DIR INPUT...

ADDON_DIR holds io_scene_valvesource (Blender Source Tools 3.2.6, the last release for Blender 3.x).
Each INPUT that is not an SMD is converted with `bonescope-cli convert IN OUT.smd` (a file of several
animations gives OUT-<animation>.smd each); each SMD is imported into Blender, and every bone's world
position at 10 frames spread over the clip is compared with `bonescope-cli pose` at frame / 30 s
(SMD has no frame rate; both read it at 30). The difference is reported as a share of the
character's height (the largest extent of its joints at frame 0); the limit is 0.1%.
"""
import glob
import json
import math
import os
import subprocess
import sys

LIMIT = 0.001


def run(args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def frames_of(cli, smd):
    info = run([cli, "info", smd])
    for line in info.splitlines():
        if line.strip().startswith("frames:"):
            return int(line.split()[1])
    return 1


def bonescope_positions(cli, smd, frame):
    pose = json.loads(run([cli, "pose", smd, "--time", repr(frame / 30.0)]))
    return {b["name"]: b["worldPosition"] for b in pose["bones"]}


def check(cli, addon, work, smd):
    n = frames_of(cli, smd)
    frames = sorted({round(i * (n - 1) / 9) for i in range(10)}) if n > 1 else [0]
    out = os.path.join(work, os.path.basename(smd) + ".blender.json")
    if os.path.exists(out):
        os.remove(out)
    done = subprocess.run(["blender", "-b", "--factory-startup", "--python",
                           os.path.join(os.path.dirname(os.path.abspath(__file__)), "blender_side.py"), "--",
                           addon, smd, json.dumps(frames), out], capture_output=True, text=True)
    if not os.path.exists(out):
        errors = [l for l in done.stdout.splitlines() + done.stderr.splitlines() if "Error" in l]
        print(f"FAIL {os.path.basename(smd)}: Blender did not import it: {errors[-1] if errors else done.returncode}")
        return False
    blender = json.load(open(out))
    ours = {f: bonescope_positions(cli, smd, f) for f in frames}
    rest = list(ours[frames[0]].values())
    height = max(max(p[i] for p in rest) - min(p[i] for p in rest) for i in range(3)) or 1.0
    worst, where, compared, missing = 0.0, "", 0, set()
    for f in frames:
        for name, p in ours[f].items():
            q = blender[str(f)].get(name)
            if q is None:
                missing.add(name)
                continue
            d = math.dist(p, q) / height
            compared += 1
            if d > worst:
                worst, where = d, f"{name} at frame {f}"
    ok = worst <= LIMIT and compared > 0
    print(f"{'ok  ' if ok else 'FAIL'} {os.path.basename(smd)}: {len(frames)} frames, {compared} joint positions, "
          f"height {height:.4g}, worst {worst * 100:.5f}% ({where})" +
          (f", not in Blender: {sorted(missing)[:5]}" if missing else ""))
    return ok


def main():
    cli, addon, work, inputs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    os.makedirs(work, exist_ok=True)
    ok = True
    for path in inputs:
        if path.lower().endswith(".smd"):
            smds = [path]
        else:
            out = os.path.join(work, os.path.splitext(os.path.basename(path))[0] + ".smd")
            stem = os.path.splitext(out)[0]
            for old in glob.glob(stem + "*.smd"):
                os.remove(old)
            run([cli, "convert", path, out])
            smds = [out] if os.path.exists(out) else sorted(glob.glob(stem + "-*.smd"))
        for smd in smds:
            ok = check(cli, addon, work, smd) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
