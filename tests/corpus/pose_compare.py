#!/usr/bin/env python3
"""Pose agreement with Blender 3.4: for each chosen corpus file, the world position of every joint at
10 times through its first clip, from `bonescope-cli pose` and from Blender's own importer
(pose_blender.py, headless), compared joint by joint as a share of the character's height.

Conventions differ (Blender's glTF importer turns Y-up into Z-up, its FBX importer applies the unit
scale, its COLLADA importer keeps the file's units) so Blender's points are first carried onto
Bonescope's by the best of the 24 axis-aligned rotations, one uniform scale and one offset, fitted
over every joint and time together: the convention is undone, a wrong pose is not (one fit for all
times and joints cannot hide a joint that moves differently). Clip time 0 is tried on the action's
first frame, frame 0 and frame 1 (the importers differ); the best is kept and named.

Usage: pose_compare.py BIN_DIR CORPUS_DIR OUT_DIR [--results RESULTS.tsv] [--count N] [--blender B]
  RESULTS.tsv from measure.sh: only files Bonescope opened are tried. Writes OUT_DIR/pose.tsv and
  OUT_DIR/pose.md."""
import argparse, collections, itertools, json, math, os, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
TOLERANCE = 0.001  # of the character's height
TIMES = 10


def family(writer):
    return re.sub(r'[\d.]+.*$', '', writer).strip() or '-'


def blender_reads(fmt):
    kind, _, version = fmt.partition(' ')
    if kind == 'fbx-ascii':
        return False  # Blender 3.4 reads neither ASCII FBX ...
    if kind == 'fbx-binary':
        return version.isdigit() and int(version) >= 7100  # ... nor binary FBX before 7.1
    return True


def choose(manifest, opened, count):
    groups = collections.OrderedDict()
    for r in manifest:
        if 'animated' not in r['kind'] or not blender_reads(r['format']):
            continue
        if opened is not None and (r['repo'], r['path']) not in opened:
            continue
        groups.setdefault((family(r['writer']), r['format'].split()[0]), []).append(r)
    for g in groups.values():
        g.sort(key=lambda r: r['kind'] != 'skinned+animated')  # characters first
    picked = []
    while len(picked) < count and any(groups.values()):
        for g in groups:
            if groups[g] and len(picked) < count:
                picked.append(groups[g].pop(0))
    return picked


def run(cmd, timeout=120):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def bonescope_side(cli, path):
    info = run([cli, 'info', path])
    if info.returncode != 0:
        return None, 'Bonescope: ' + info.stderr.strip()[:200]
    m = re.search(r"^animation 0 '(.*)':", info.stdout, re.M)
    name = m.group(1) if m else ''
    m = re.search(r'^\s*duration:\s*([0-9.eE+-]+) s', info.stdout, re.M)
    duration = float(m.group(1)) if m else 0.0
    times = [duration * i / (TIMES - 1) for i in range(TIMES)] if duration > 0 else [0.0] * TIMES
    poses = []
    for t in times:
        p = run([cli, 'pose', path, '--time', repr(t)])
        if p.returncode != 0:
            return None, 'Bonescope pose: ' + p.stderr.strip()[:200]
        bones = json.loads(p.stdout)['bones']
        poses.append({b['name']: b['worldPosition'] for b in bones})
    return {'anim': name, 'duration': duration, 'times': times, 'poses': poses}, None


def rotations():
    """The 24 proper rotations that map axes onto axes (signed permutations, determinant +1)."""
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = [[0] * 3 for _ in range(3)]
            for i in range(3):
                m[i][perm[i]] = signs[i]
            det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                   + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
            if det == 1:
                out.append(m)
    return out


ROTATIONS = rotations()


def apply(m, v):
    return [sum(m[i][j] * v[j] for j in range(3)) for i in range(3)]


def fit(a, b):
    """Best s, R, t with a ~ s R b + t; returns (largest distance, s, R, t)."""
    n = len(a)
    ca = [sum(p[i] for p in a) / n for i in range(3)]
    best = None
    for R in ROTATIONS:
        rb = [apply(R, p) for p in b]
        cb = [sum(p[i] for p in rb) / n for i in range(3)]
        num = sum((a[k][i] - ca[i]) * (rb[k][i] - cb[i]) for k in range(n) for i in range(3))
        den = sum((rb[k][i] - cb[i]) ** 2 for k in range(n) for i in range(3))
        s = num / den if den > 0 else 1.0
        if s <= 0:
            continue
        t = [ca[i] - s * cb[i] for i in range(3)]
        err = max(math.dist(a[k], [s * rb[k][i] + t[i] for i in range(3)]) for k in range(n))
        if best is None or err < best[0]:
            best = (err, s, R, t)
    return best


def distance(p, q, f):
    _, s, R, t = f
    return math.dist(p, [s * v + t[i] for i, v in enumerate(apply(R, q))])


def per_joint(a, b, where, f):
    """The largest distance of each joint over the times, after the fit f."""
    out = {}
    for k in range(len(a)):
        out[where[k][0]] = max(out.get(where[k][0], 0.0), distance(a[k], b[k], f))
    return out


def norm(name):
    name = name.split(':')[-1].lower()
    return re.sub(r'\.\d{3}$', '', name)


def compare(bs, bl):
    """Per offset: matched names, the fit, the worst joint and time."""
    results = []
    first = bs['poses'][0]
    xs = [p for p in first.values()]
    height = max(max(p[i] for p in xs) - min(p[i] for p in xs) for i in range(3)) if xs else 0
    for label, frames in bl['offsets'].items():
        names = []
        for name in first:
            if name in frames[0]:
                names.append((name, name))
            else:
                cand = [k for k in frames[0] if norm(k) == norm(name)]
                if not cand:
                    # Assimp names COLLADA joints by id, often PARENT_NAME (Armature_BotBone)
                    cand = [k for k in frames[0] if norm(name).endswith('_' + norm(k))]
                if len(cand) == 1:
                    names.append((name, cand[0]))
        # a name must be unique on Bonescope's side too
        count = collections.Counter(norm(n) for n in first)
        names = [(a, b) for a, b in names if count[norm(a)] == 1]
        if len(names) < 2 or height <= 0:
            continue
        a, b, where = [], [], []
        for k in range(len(bs['poses'])):
            for n1, n2 in names:
                a.append(bs['poses'][k][n1])
                b.append(frames[k][n2])
                where.append((n1, bs['times'][k]))
        best = fit(a, b)
        if best is None:
            continue  # no rotation maps one point set onto the other with a positive scale
        # Fit again without the joints far off (a few wrong joints must not drag the convention
        # fit and make every joint look wrong); the errors are then measured on every joint.
        worst_of = per_joint(a, b, where, best)
        cut = 3 * sorted(worst_of.values())[len(worst_of) // 2] + 1e-9 * height
        keep = [k for k in range(len(a)) if worst_of[where[k][0]] <= cut]
        if 2 <= len({where[k][0] for k in keep}) < len(worst_of):
            refit = fit([a[k] for k in keep], [b[k] for k in keep])
            best = refit or best
            worst_of = per_joint(a, b, where, best)
        err, s, R, t = best
        name = max(worst_of, key=worst_of.get)
        when = max((k for k in range(len(a)) if where[k][0] == name), key=lambda k: distance(a[k], b[k], best))
        results.append({'offset': label, 'matched': len(names), 'error': worst_of[name] / height, 'scale': s, 'rotation': R,
                        'worst': where[when], 'height': height,
                        'over': sorted(n for n, e in worst_of.items() if e > TOLERANCE * height)})
    return min(results, key=lambda r: r['error']) if results else None


def blender_env():
    """This environment without a Python version manager's settings: under pyenv, Blender's own
    Python picks up pyenv's interpreter and loses the system's numpy."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(('PYENV', '_PYENV', 'PYTHONHOME', 'PYTHONPATH'))}
    env['PATH'] = os.pathsep.join(p for p in env.get('PATH', '').split(os.pathsep) if '.pyenv' not in p)
    return env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('bin'), ap.add_argument('corpus'), ap.add_argument('out')
    ap.add_argument('--results'), ap.add_argument('--count', type=int, default=40)
    ap.add_argument('--blender', default='blender')
    a = ap.parse_args()
    os.makedirs(os.path.join(a.out, 'blender'), exist_ok=True)
    os.makedirs(os.path.join(a.out, 'bonescope'), exist_ok=True)
    cli = os.path.join(a.bin, 'bonescope-cli')
    lines = [l.rstrip('\n').split('\t') for l in open(os.path.join(here, 'manifest.tsv'), encoding='utf-8')]
    manifest = [dict(zip(lines[0], l)) for l in lines[1:]]
    for r in manifest:
        r['writer'] = r['writer'].replace('|', '/')  # shown in a markdown table
    opened = None
    if a.results:
        rl = [l.rstrip('\n').split('\t') for l in open(a.results, encoding='utf-8')]
        opened = {(r[1], r[2]) for r in rl[1:] if r[6] == '0'}
    picked = choose(manifest, opened, a.count)
    rows, jobs = [], []
    for n, r in enumerate(picked):
        path = os.path.join(a.corpus, r['repo'].replace('/', '+', 1), r['path'])
        slug = re.sub(r'[^A-Za-z0-9._-]+', '_', r['repo'] + '_' + r['path'])[-150:]
        cache = os.path.join(a.out, 'bonescope', slug + '.json')
        if os.path.exists(cache):  # a second run (another comparison rule) reuses the poses
            bs, err = json.load(open(cache))
        else:
            bs, err = bonescope_side(cli, path)
            json.dump([bs, err], open(cache, 'w'))
        row = dict(r, n=n, bs=bs, error=err)
        rows.append(row)
        if bs:
            row['json'] = os.path.join(a.out, 'blender', slug + '.json')
            jobs.append({'file': os.path.abspath(path), 'anim': bs['anim'], 'times': bs['times'], 'out': row['json']})
        print(f"[{n + 1}/{len(picked)}] {r['repo']} {r['path']}: {'Bonescope side done' if bs else err}", flush=True)
    # Blender: one session for every file; after a crash, again for those not yet done
    todo = [j for j in jobs if not os.path.exists(j['out'])]
    while todo:
        jf = os.path.join(a.out, 'blender', 'jobs.json')
        json.dump(todo, open(jf, 'w'))
        with open(os.path.join(a.out, 'blender', 'log.txt'), 'a') as log:
            try:
                subprocess.run([a.blender, '-b', '--factory-startup', '--python', os.path.join(here, 'pose_blender.py'),
                                '--', jf], stdout=log, stderr=subprocess.STDOUT, timeout=60 * 60, env=blender_env())
            except subprocess.TimeoutExpired:
                pass
        if not any(os.path.exists(j['out'] + '.started') for j in todo):
            sys.exit(f"Blender ran none of the files: see {log.name}")
        for j in todo:
            if os.path.exists(j['out'] + '.started') and not os.path.exists(j['out']):
                json.dump({'error': 'Blender stopped (crashed or timed out) while importing this file'}, open(j['out'], 'w'))
                break  # the one it was busy with: the rest get another session
        todo = [j for j in todo if not os.path.exists(j['out'])]
    out = []
    for row in rows:
        res = None
        if row['bs']:
            bl = json.load(open(row['json']))
            if 'error' in bl:
                row['error'] = 'Blender: ' + bl['error']
            else:
                res = compare(row['bs'], bl)
                if res is None:
                    row['error'] = 'fewer than two joints in common with distinct positions (a single-node clip, e.g. morph weights only)'
        row['res'] = res
        out.append(row)
    cols = ['repo', 'path', 'format', 'writer', 'matched', 'offset', 'scale', 'rotation', 'error_pct_height', 'worst_joint',
            'worst_time', 'verdict', 'joints_over']
    with open(os.path.join(a.out, 'pose.tsv'), 'w', encoding='utf-8') as fh:
        fh.write('\t'.join(cols) + '\n')
        for row in out:
            r = row['res']
            if r:
                verdict = 'agree' if r['error'] <= TOLERANCE else 'differ'
                vals = [row['repo'], row['path'], row['format'], row['writer'], r['matched'], r['offset'], f"{r['scale']:.6g}",
                        json.dumps(r['rotation']).replace(' ', ''), f"{100 * r['error']:.4f}", r['worst'][0], f"{r['worst'][1]:.4f}", verdict,
                        ','.join(r['over'])[:300] or '-']
            else:
                vals = [row['repo'], row['path'], row['format'], row['writer'], '-', '-', '-', '-', '-', '-', '-',
                        'not compared: ' + (row['error'] or '?').replace('\t', ' ').replace('\n', ' ')[:200], '-']
            fh.write('\t'.join(str(v) for v in vals) + '\n')
    done = [r for r in out if r['res']]
    agree = [r for r in done if r['res']['error'] <= TOLERANCE]
    L = [f"{len(out)} files tried, {len(done)} compared ({len({family(r['writer']) for r in done})} writer families), "
         f"{len(agree)} agree within {100 * TOLERANCE:g}% of the height at every joint and time.\n",
         '| file | format | writer | joints | time 0 at | largest difference (% of height) | where | joints beyond 0.1% |',
         '|---|---|---|---|---|---|---|---|']
    for row in out:
        r = row['res']
        if r:
            L.append(f"| {row['repo']}: `{row['path']}` | {row['format']} | {row['writer']} | {r['matched']} | {r['offset']} | "
                     f"{100 * r['error']:.4f}{'' if r['error'] <= TOLERANCE else ' **differ**'} | {r['worst'][0]} at {r['worst'][1]:.3f} s | "
                     f"{len(r['over'])} |")
        else:
            L.append(f"| {row['repo']}: `{row['path']}` | {row['format']} | {row['writer']} | - | - | not compared | "
                     f"{(row['error'] or '?').replace('|', '/')[:160]} | - |")
    open(os.path.join(a.out, 'pose.md'), 'w', encoding='utf-8').write('\n'.join(L) + '\n')
    print(L[0])


if __name__ == '__main__':
    main()
