#!/usr/bin/env python3
"""Bonescope's own FBX reader against Assimp's on the 7.x FBX files both read: the world position of
every joint both name, at 10 times through the first clip (`bonescope-cli pose`, the reader chosen
with BONESCOPE_FBX_READER), as a share of the character's height (the largest extent of Assimp's
joints at time 0). Not part of ctest (the corpus is not in the repository).

Usage: fbx_readers_compare.py BIN_DIR CORPUS_DIR [--count N] > table.md"""
import argparse, json, math, os, re, subprocess, sys

TIMES = 10
here = os.path.dirname(os.path.abspath(__file__))


def run(cli, reader, args):
    env = dict(os.environ, BONESCOPE_FBX_READER=reader)
    return subprocess.run([cli] + args, capture_output=True, text=True, timeout=300, env=env)


def poses(cli, reader, path):
    info = run(cli, reader, ['info', path])
    if info.returncode != 0:
        return None, info.stderr.strip().splitlines()[-1][:160] if info.stderr.strip() else 'failed'
    m = re.search(r'^\s*duration:\s*([0-9.eE+-]+) s', info.stdout, re.M)
    duration = float(m.group(1)) if m else 0.0
    out = []
    for i in range(TIMES):
        t = duration * i / (TIMES - 1)
        p = run(cli, reader, ['pose', path, '--time', repr(t)])
        if p.returncode != 0:
            return None, p.stderr.strip()[:160]
        out.append((t, {b['name']: b['worldPosition'] for b in json.loads(p.stdout)['bones']}))
    return out, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('bin'), ap.add_argument('corpus'), ap.add_argument('--count', type=int, default=1000)
    a = ap.parse_args()
    cli = os.path.join(a.bin, 'bonescope-cli')
    lines = [l.rstrip('\n').split('\t') for l in open(os.path.join(here, 'manifest.tsv'), encoding='utf-8')]
    rows = [dict(zip(lines[0], l)) for l in lines[1:]]
    rows = [r for r in rows if r['format'].startswith('fbx') and re.search(r' 7\d00$', r['format'])][:a.count]
    print('| file | writer | joints | own / Assimp duration (s) | worst joint | at (s) | error (% of height) |')
    print('|---|---|---|---|---|---|---|')
    for r in rows:
        path = os.path.join(a.corpus, r['repo'].replace('/', '+', 1), r['path'])
        ours, e1 = poses(cli, 'bonescope', path)
        theirs, e2 = poses(cli, 'assimp', path)
        name = r['repo'] + ' ' + r['path']
        if not ours or not theirs:
            print(f"| {name} | {r['writer'][:30]} | - | - | - | - | not compared: {('own: ' + e1) if e1 else ''} {('Assimp: ' + e2) if e2 else ''} |")
            continue
        first = list(theirs[0][1].values())
        height = max(max(p[i] for p in first) - min(p[i] for p in first) for i in range(3)) if first else 0
        common = [n for n in theirs[0][1] if n in ours[0][1]]
        worst, where = 0.0, ('-', 0.0)
        for (t, mine), (_, other) in zip(ours, theirs):
            for n in common:
                d = math.dist(mine[n], other[n])
                if d > worst:
                    worst, where = d, (n, t)
        err = 100 * worst / height if height > 0 else float('nan')
        dur = f"{ours[-1][0]:.3f} / {theirs[-1][0]:.3f}"
        print(f"| {name} | {r['writer'][:30]} | {len(common)} | {dur} | {where[0]} | {where[1]:.3f} | {err:.4f} |", flush=True)


if __name__ == '__main__':
    main()
