#!/usr/bin/env python3
"""Opening speed against Blender 3.4 (issue 37: "opening a real glTF/FBX at least 20 times faster than
Blender's import of the same file"). For each chosen glTF/GLB/binary FBX 7.x file of the corpus with
bones or animation, the best of REPEAT runs of:
- Bonescope: a whole `bonescope-cli info FILE` (the process started, the file read and described, the
  import helper's start included: what a user waits for);
- Blender: a whole `blender -b --factory-startup` that imports the file (what a user of Blender waits
  for), and, from inside that run, the importer's own time (`bpy.ops.import_scene.gltf` / `.fbx`).
Prints a markdown table and both ratios. Wall times: run it on a quiet machine.

Usage: speed_blender.py BIN_DIR CORPUS_DIR [--count N] [--repeat R] [--blender B] > speed.md"""
import argparse, os, re, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from pose_compare import blender_env, blender_reads, corpus_file, family, read_manifest, spread  # noqa: E402

# Inside Blender: the importer timed alone, printed for the caller.
IMPORT = (
    "import bpy, sys, time, numpy\n"
    "numpy.bool = getattr(numpy, 'bool', bool)\n"  # the 3.4 glTF importer still uses np.bool
    "p = sys.argv[sys.argv.index('--') + 1]\n"
    "t0 = time.perf_counter()\n"
    "(bpy.ops.import_scene.fbx if p.lower().endswith('.fbx') else bpy.ops.import_scene.gltf)(filepath=p)\n"
    "print('IMPORT_SECONDS', time.perf_counter() - t0)\n")


def best_of(repeat, run):
    """The least of REPEAT results of RUN (a tuple, compared on its first value), None on a failure."""
    best = None
    for _ in range(repeat):
        got = run()
        if got is None:
            return None
        best = got if best is None or got[0] < best[0] else best
    return best


def ours(cli, path):
    t0 = time.perf_counter()
    done = subprocess.run([cli, 'info', path], capture_output=True)
    return (time.perf_counter() - t0,) if done.returncode == 0 else None


def blenders(blender, path):
    t0 = time.perf_counter()
    done = subprocess.run([blender, '-b', '--factory-startup', '--python-expr', IMPORT, '--', path],
                          capture_output=True, text=True, env=blender_env(), timeout=600)
    wall = time.perf_counter() - t0
    m = re.search(r'^IMPORT_SECONDS ([0-9.eE+-]+)', done.stdout, re.M)
    return (wall, float(m.group(1))) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('bin'), ap.add_argument('corpus')
    ap.add_argument('--count', type=int, default=40), ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--blender', default='blender')
    a = ap.parse_args()
    # characters and clips Blender reads, one writer family after another so that no writer dominates
    groups = {}
    for r in read_manifest():
        ext = os.path.splitext(r['path'])[1].lower()
        if ext in ('.gltf', '.glb', '.fbx') and r['kind'] != 'static' and blender_reads(r['format']):
            groups.setdefault(family(r['writer']), []).append(r)
    picked = spread(groups, a.count)
    paths = [corpus_file(a.corpus, r) for r in picked]
    cli = os.path.join(a.bin, 'bonescope-cli')
    print('| file | format | size | Bonescope `info` (s) | Blender, whole run (s) | its importer alone (s) '
          '| whole / Bonescope | importer / Bonescope |')
    print('|---|---|---|---|---|---|---|---|')
    whole, alone = [], []
    for r, p in zip(picked, paths):
        mine = best_of(a.repeat, lambda: ours(cli, p))
        theirs = best_of(a.repeat, lambda: blenders(a.blender, p)) if mine else None
        head = f"| {r['repo']}: `{r['path']}` | {r['format']} | {int(r['bytes']):,} |"
        if not mine or not theirs:
            print(head + f" - | - | - | {'Bonescope' if not mine else 'Blender'} could not open it | - |")
            continue
        whole.append(theirs[0] / mine[0])
        alone.append(theirs[1] / mine[0])
        print(head + f" {mine[0]:.3f} | {theirs[0]:.3f} | {theirs[1]:.3f} | {whole[-1]:.1f}x | {alone[-1]:.1f}x |", flush=True)
    if whole:
        span = lambda xs: f"median {statistics.median(xs):.1f}x, {min(xs):.1f}x to {max(xs):.1f}x"
        print(f"\n{len(whole)} files. Blender's whole run against Bonescope's: {span(whole)}, "
              f"{sum(x >= 20 for x in whole)} at 20x or more. Blender's importer alone: {span(alone)}.")


if __name__ == '__main__':
    main()
