#!/usr/bin/env python3
"""A rig's rest skeleton read by two programs: Blender 3.4's own importer (COLLADA, FBX or glTF, run by
tests/corpus/pose_blender.py at frame 0) and `bonescope-cli dump` (rest translation, rotation and
scale of every node, composed here), over the joints a rig description names (rigs/*.json).

    python3 rest_blender.py RIG_FILE rigs/NAME.json --cli build/bin/bonescope-cli [--blender blender]
        [--leave-out J1,J2]

Importers differ in convention (Blender keeps Z up; its COLLADA importer builds the armature from the
skin's bind matrices and leaves out the transforms of the nodes above and on the joints, where
Bonescope, through Assimp, composes every node and turns the file into Y-up metres), so Blender's joint
positions are first carried onto Bonescope's by the one rotation, uniform scale and offset that fit
all joints best (Horn's method); --leave-out names joints not to fit on (still printed), where the
file's bind pose and its node pose differ on purpose. What is left is the difference in the skeleton's
shape: printed per joint, with the fitted scale and rotation. Exit 0 when every fitted joint is within
0.1% of the skeleton's extent, 1 outside, 2 on trouble. Python standard library only."""
import json
import math
import os
import subprocess
import sys
import tempfile

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'corpus')
sys.path.insert(0, CORPUS)
from pose_compare import blender_env  # noqa: E402  (Blender's own Python, not pyenv's)


def described_joints(description):
    """Every joint a rig description names (frame, limbs, ends), in a stable order."""
    with open(description, encoding='utf-8') as f:
        rig = json.load(f)
    names = []
    for v in list(rig['frame'].values()) + list(rig['limbs'].values()) + list(rig['ends'].values()):
        for n in v if isinstance(v, list) else [v]:
            if n not in names:
                names.append(n)
    return names


def blender_rest(blender, path, tmp):
    """Blender's world position of every bone head and object at frame 0 (its rest, for a file
    without animation), through tests/corpus/pose_blender.py."""
    jobs = os.path.join(tmp, 'jobs.json')
    out = os.path.join(tmp, 'blender.json')
    with open(jobs, 'w') as f:
        json.dump([{'file': os.path.abspath(path), 'anim': '', 'times': [0.0], 'out': out}], f)
    script = os.path.join(CORPUS, 'pose_blender.py')
    run = subprocess.run([blender, '-b', '--factory-startup', '--python', script, '--', jobs],
                         capture_output=True, text=True, env=blender_env())
    try:
        with open(out) as f:
            result = json.load(f)
    except (OSError, ValueError):
        raise SystemExit('Blender wrote nothing for %s:\n%s' % (path, (run.stdout + run.stderr)[-1500:]))
    if 'error' in result:
        raise SystemExit('Blender could not read %s: %s' % (path, result['error']))
    return result['offsets']['frame0'][0]


def qmul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz)


def qrot(q, v):
    x, y, z, w = q
    r = qmul(qmul(q, (v[0], v[1], v[2], 0.0)), (-x, -y, -z, w))
    return r[:3]


def bonescope_rest(cli, path):
    """World position of every node at rest, from the dump's local rest transforms."""
    out = subprocess.run([cli, 'dump', path], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit('bonescope-cli dump failed: ' + out.stderr)
    bones = json.loads(out.stdout)['bones']
    world = {}

    def at(i):
        if i not in world:
            b = bones[i]
            r = b['rest']
            if b['parent'] < 0:
                world[i] = (tuple(r['translation']), tuple(r['rotation']), tuple(r['scale']))
            else:
                pt, pr, ps = at(b['parent'])
                # a scaled parent scales its children's offsets (every scale here is uniform)
                t = qrot(pr, [r['translation'][k] * ps[k] for k in range(3)])
                world[i] = (tuple(t[k] + pt[k] for k in range(3)), qmul(pr, tuple(r['rotation'])),
                            tuple(ps[k] * r['scale'][k] for k in range(3)))
        return world[i]

    return {b['name']: at(i)[0] for i, b in enumerate(bones)}


def horn(a, b):
    """Rotation (w, x, y, z), scale and offset taking points a onto points b best (least squares)."""
    n = len(a)
    ca = [sum(p[k] for p in a) / n for k in range(3)]
    cb = [sum(p[k] for p in b) / n for k in range(3)]
    A = [[p[k] - ca[k] for k in range(3)] for p in a]
    B = [[p[k] - cb[k] for k in range(3)] for p in b]
    S = [[sum(A[i][r] * B[i][c] for i in range(n)) for c in range(3)] for r in range(3)]
    (xx, xy, xz), (yx, yy, yz), (zx, zy, zz) = S
    N = [[xx + yy + zz, yz - zy, zx - xz, xy - yx],
         [yz - zy, xx - yy - zz, xy + yx, zx + xz],
         [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
         [xy - yx, zx + xz, yz + zy, -xx - yy + zz]]
    # the eigenvector of N's largest eigenvalue, by Jacobi rotations
    V = [[float(i == j) for j in range(4)] for i in range(4)]
    for _ in range(100):
        off = max((abs(N[i][j]), i, j) for i in range(4) for j in range(i + 1, 4))
        if off[0] < 1e-15:
            break
        _, p, q = off
        t = 0.5 * math.atan2(2 * N[p][q], N[q][q] - N[p][p])
        c, s_ = math.cos(t), math.sin(t)
        for k in range(4):
            Nkp, Nkq = N[k][p], N[k][q]
            N[k][p], N[k][q] = c * Nkp - s_ * Nkq, s_ * Nkp + c * Nkq
        for k in range(4):
            Npk, Nqk = N[p][k], N[q][k]
            N[p][k], N[q][k] = c * Npk - s_ * Nqk, s_ * Npk + c * Nqk
        for k in range(4):
            Vkp, Vkq = V[k][p], V[k][q]
            V[k][p], V[k][q] = c * Vkp - s_ * Vkq, s_ * Vkp + c * Vkq
    best = max(range(4), key=lambda i: N[i][i])
    w, x, y, z = (V[k][best] for k in range(4))
    q = (x, y, z, w)
    turned = [qrot(q, p) for p in A]
    scale = sum(sum(t[k] * B[i][k] for k in range(3)) for i, t in enumerate(turned)) / sum(sum(v * v for v in p) for p in A)
    qc = qrot(q, ca)
    offset = [cb[k] - scale * qc[k] for k in range(3)]
    return q, scale, offset


def main():
    import argparse
    p = argparse.ArgumentParser()
    p.add_argument('rig')
    p.add_argument('description', help='the rig description (rigs/NAME.json) naming its joints')
    p.add_argument('--cli', required=True)
    p.add_argument('--blender', default='blender')
    p.add_argument('--leave-out', default='', help='joints (comma-separated) not fitted on')
    a = p.parse_args()
    left_out = set(n for n in a.leave_out.split(',') if n)
    with tempfile.TemporaryDirectory() as tmp:
        theirs = blender_rest(a.blender, a.rig, tmp)
    ours = bonescope_rest(a.cli, a.rig)
    common = [n for n in described_joints(a.description) if n in ours and n in theirs]
    if len(common) < 3:
        print('fewer than three joints of one name in both')
        return 2
    fitted = [n for n in common if n not in left_out]
    if len(fitted) < 3:
        print('fewer than three joints to fit on')
        return 2
    q, scale, offset = horn([theirs[n] for n in fitted], [ours[n] for n in fitted])
    angle = math.degrees(2 * math.acos(min(1.0, abs(q[3]))))
    pts = [ours[n] for n in common]
    extent = max(math.dist(p, r) for p in pts for r in pts)
    worst = 0.0
    for n in common:
        t = qrot(q, theirs[n])
        t = tuple(scale * t[k] + offset[k] for k in range(3))
        d = math.dist(ours[n], t)
        if n not in left_out:
            worst = max(worst, d)
        print('%-14s bonescope %9.4f %9.4f %9.4f   blender, fitted %9.4f %9.4f %9.4f   %.6f m%s'
              % ((n,) + tuple(ours[n]) + t + (d, '' if n in fitted else '  (left out)')))
    print('joints %d (fitted on %d); fit: scale %.6f, rotation %.3f deg about (%.4f %.4f %.4f); skeleton extent %.4f m; '
          'largest distance of a fitted joint %.6f m = %.4f%% of it'
          % (len(common), len(fitted), scale, angle, q[0], q[1], q[2], extent, worst, 100 * worst / extent))
    return 0 if worst <= 0.001 * extent else 1


if __name__ == '__main__':
    sys.exit(main())
