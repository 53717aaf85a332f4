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

Joints match joints: `bonescope-cli pose` names each node's kind, so a joint is compared with Blender's
pose bone and a mesh node, camera or light with Blender's object of that name (bones and objects may
share names); Blender's skinned mesh objects are left out (it hangs them under their armature, where
glTF ignores that node's transform). The height is the extent of the joints alone.

Where the file's own numbers can be computed here (COLLADA: collada_pose.py, glTF: gltf_pose.py), both
Bonescope and Blender are also compared with them, the same way, and each row says whom the file sides
with where the two differ.

Usage: pose_compare.py BIN_DIR CORPUS_DIR OUT_DIR [--results RESULTS.tsv] [--count N] [--only EXT,...]
                       [--blender B] [--three NODE_MODULES]
  RESULTS.tsv from measure.sh: only files Bonescope opened are tried; --count 0 tries every animated
  file Blender reads. --three: every file is also read by three.js's ColladaLoader, FBXLoader or
  GLTFLoader (three_pose.mjs), a second independent witness where Blender fails. Writes OUT_DIR/pose.tsv and
  OUT_DIR/pose.md."""
import argparse, collections, itertools, json, math, os, re, subprocess, sys

import collada_pose
import gltf_pose

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


def read_manifest():
    """manifest.tsv's rows as dicts by its header."""
    lines = [l.rstrip('\n').split('\t') for l in open(os.path.join(here, 'manifest.tsv'), encoding='utf-8')]
    return [dict(zip(lines[0], l)) for l in lines[1:]]


def corpus_file(corpus, r):
    """Where fetch.sh puts a manifest row's file: CORPUS/OWNER+NAME/PATH."""
    return os.path.abspath(os.path.join(corpus, r['repo'].replace('/', '+', 1), r['path']))


def spread(groups, count):
    """Up to COUNT rows taken one group after another (a dict of lists, in its order), so that no
    writer dominates."""
    picked = []
    while len(picked) < count and any(groups.values()):
        for g in groups:
            if groups[g] and len(picked) < count:
                picked.append(groups[g].pop(0))
    return picked


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
    return spread(groups, count)


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
    poses, kinds = [], {}
    for t in times:
        p = run([cli, 'pose', path, '--time', repr(t)])
        if p.returncode != 0:
            return None, 'Bonescope pose: ' + p.stderr.strip()[:200]
        pose, seen = {}, {}
        for b in json.loads(p.stdout)['bones']:
            key = gltf_pose.repeat_key(b['name'], seen)  # keyed as the file's glTF nodes, in node order
            pose[key], kinds[key] = b['worldPosition'], b.get('kind', 'bone')
        poses.append(pose)
    return {'anim': name, 'duration': duration, 'times': times, 'poses': poses, 'kinds': kinds}, None


def file_side(path, anim, times):
    """The file's own numbers (collada_pose.py, gltf_pose.py) at clip time t taken as the file's time t
    and as t after the first key; None for formats without such a reader here."""
    ext = path.lower().rsplit('.', 1)[-1]
    module = collada_pose if ext == 'dae' else gltf_pose if ext in ('gltf', 'glb') else None
    if module is None:
        return None
    try:
        at = module.poses(path, times, anim)
        first = at['firstKey']
        shifted = module.poses(path, [t + first for t in times], anim) if first else at
    except Exception as e:  # a file these small readers cannot read is left undecided
        return {'error': repr(e)[:200]}
    return {'offsets': {'fileTime': at['poses'], 'firstKey': shifted['poses']}}


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
    """A name as both sides may spell it: no namespace, case, `.001`; `.` as `_` (Blender's COLLADA
    exporter writes `Bone.hip` as the id `Bone_hip`, its importer reads the name back with the dot)."""
    name = name.split(':')[-1].lower()
    return re.sub(r'\.\d{3}$', '', name).replace('.', '_')


def file_names(path):
    """Other names the file gives Bonescope's nodes: a COLLADA node's `name` beside the `id` Assimp
    reads it by (Blender names it by `name`); a glTF node without a name is Bonescope's `nodeN` and
    Blender's `Node_N` (N its index), which match() tries itself."""
    if not path.lower().endswith('.dae'):
        return {}
    try:
        import xml.etree.ElementTree as ET
        out = {}
        for e in ET.parse(path).getroot().iter():
            if e.tag.rsplit('}', 1)[-1] == 'node' and e.get('id') and e.get('name') and e.get('id') != e.get('name'):
                out[e.get('id')] = e.get('name')
        return out
    except (OSError, ET.ParseError):
        return {}


JOINTS = ('bone', 'extension')


def match(name, kind, frames, aliases=None):
    """The other side's key for Bonescope's node NAME of KIND: a joint takes Blender's pose bone of
    that name, a camera, light or empty the object (pose_blender.py keys an object whose name a bone
    also has "object:NAME"); then the file's other name for it (file_names), a glTF node without a name
    by its index; then the name ignoring case, namespace and .001, then Assimp's PARENT_NAME ids of
    COLLADA joints (Armature_BotBone)."""
    plain = re.sub(r' \[\d+\]$', '', name)
    order = ([name] if plain != name else []) + ([plain, 'object:' + plain] if kind in JOINTS else ['object:' + plain, plain])
    other = (aliases or {}).get(plain)
    if other is None and re.fullmatch(r'node\d+', plain):
        other = 'Node_' + plain[4:]
    if other:
        order += [other, 'object:' + other] if kind in JOINTS else ['object:' + other, other]
    for k in order:
        if k in frames:
            return k
    for n in [plain] + ([other] if other else []):
        cand = [k for k in frames if not k.startswith('object:') and norm(k) == norm(n)]
        if not cand:
            cand = [k for k in frames if not k.startswith('object:') and norm(n).endswith('_' + norm(k))]
        if len(cand) == 1:
            return cand[0]
    return None


def compare(bs, bl, aliases=None, joints_only=False):
    """Per offset: matched names, the fit, the worst joint and time. JOINTS_ONLY: fitted and measured on
    the joints alone (issue 37 counts joints; an importer's cameras and lights are not), on every node
    where fewer than two joints match."""
    results = []
    first = bs['poses'][0]
    kinds = bs.get('kinds', {})
    # the character's height: the largest extent of its joints (cameras and lights far off must
    # not widen the tolerance), of every node where the joints have none (one animated object)
    extent = lambda xs: max(max(p[i] for p in xs) - min(p[i] for p in xs) for i in range(3)) if xs else 0
    height = extent([p for n, p in first.items() if kinds.get(n, 'bone') in JOINTS]) or extent(list(first.values()))
    skip = set(bl.get('skinnedMeshes', []))
    for label, frames in bl['offsets'].items():
        names = [(n, match(n, kinds.get(n, 'bone'), frames[0], aliases)) for n in first]
        # each of the other side's nodes stands for one of Bonescope's at most
        count = collections.Counter(b for _, b in names)
        names = [(a, b) for a, b in names if b and count[b] == 1 and b not in skip]
        joints = [(a, b) for a, b in names if kinds.get(a, 'bone') in JOINTS]
        if joints_only and len(joints) >= 2:
            names = joints
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
        # fit and make every joint look wrong); the errors are then measured on every joint. A joint
        # within the tolerance is never far off: where most joints stand still at a median of 0, a
        # rounding error must not leave the moving joint out and the fit to points all in one place.
        worst_of = per_joint(a, b, where, best)
        cut = max(3 * sorted(worst_of.values())[len(worst_of) // 2], TOLERANCE * height)
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


def ok(r):
    """A comparison made, and within the tolerance at every node and time."""
    return r is not None and r['error'] <= TOLERANCE


def decide(res, fres, bfres):
    """Who the file's own numbers side with, where Bonescope and Blender differ."""
    if res is None:
        return 'Bonescope = file' if ok(fres) else 'Bonescope != file' if fres else '-'
    if ok(res):
        return 'agree'
    if ok(fres) and not ok(bfres):
        return 'file sides with Bonescope'
    if ok(bfres) and fres and not ok(fres):
        return 'file sides with Blender'
    return 'undecided'


def blender_env():
    """This environment without a Python version manager's settings: under pyenv, Blender's own
    Python picks up pyenv's interpreter and loses the system's numpy."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(('PYENV', '_PYENV', 'PYTHONHOME', 'PYTHONPATH'))}
    env['PATH'] = os.pathsep.join(p for p in env.get('PATH', '').split(os.pathsep) if '.pyenv' not in p)
    return env


def joints_line(out):
    """Issue 37's count: joints alone (every node where a file has fewer than two), and whether an
    independent importer, Blender or else three.js, agrees with Bonescope at every one at every time."""
    seen = [r for r in out if r['jres'] or r['tjres']]
    blender = [r for r in seen if ok(r['jres'])]
    three = [r for r in seen if not ok(r['jres']) and ok(r['tjres'])]
    neither = [r for r in seen if not ok(r['jres']) and not ok(r['tjres'])]
    return (f"Joints alone: {len(seen)} files compared with an importer, {len(blender)} agree with Blender, "
            f"{len(three)} more with three.js, {len(neither)} with neither"
            + (f" ({', '.join(os.path.basename(r['path']) for r in neither)})" if neither else '') + '.')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('bin'), ap.add_argument('corpus'), ap.add_argument('out')
    ap.add_argument('--results'), ap.add_argument('--count', type=int, default=40, help='0: every animated file')
    ap.add_argument('--blender', default='blender')
    ap.add_argument('--only', help='extensions to try, comma-separated (dae,glb,...)')
    ap.add_argument('--three', metavar='NODE_MODULES',
                    help='a node_modules with three and @xmldom/xmldom: every file is also read by three.js')
    a = ap.parse_args()
    os.makedirs(os.path.join(a.out, 'blender'), exist_ok=True)
    os.makedirs(os.path.join(a.out, 'bonescope'), exist_ok=True)
    cli = os.path.join(a.bin, 'bonescope-cli')
    manifest = read_manifest()
    for r in manifest:
        r['writer'] = r['writer'].replace('|', '/')  # shown in a markdown table
    opened = None
    if a.results:
        rl = [l.rstrip('\n').split('\t') for l in open(a.results, encoding='utf-8')]
        opened = {(r[1], r[2]) for r in rl[1:] if r[6] == '0'}
    if a.only:
        wanted = {'.' + e.strip().lower().lstrip('.') for e in a.only.split(',')}
        manifest = [r for r in manifest if os.path.splitext(r['path'])[1].lower() in wanted]
    picked = choose(manifest, opened, a.count or len(manifest))
    rows, jobs = [], []
    for n, r in enumerate(picked):
        path = corpus_file(a.corpus, r)
        slug = re.sub(r'[^A-Za-z0-9._-]+', '_', r['repo'] + '_' + r['path'])[-150:]
        cache = os.path.join(a.out, 'bonescope', slug + '.v2.json')  # v2: with each node's kind
        if os.path.exists(cache):  # a second run (another comparison rule) reuses the poses
            bs, err = json.load(open(cache))
        else:
            bs, err = bonescope_side(cli, path)
            json.dump([bs, err], open(cache, 'w'))
        row = dict(r, n=n, bs=bs, error=err, file=path)
        rows.append(row)
        if bs:
            row['json'] = os.path.join(a.out, 'blender', slug + '.json')
            jobs.append({'file': path, 'anim': bs['anim'], 'times': bs['times'], 'out': row['json']})
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
    if a.three:  # the second witness, one Node run for every file
        three_jobs = []
        for row in rows:
            if row['bs']:
                row['three'] = row['json'][:-len('.json')] + '.three.json'
                three_jobs.append({'file': row['file'],
                                   'anim': row['bs']['anim'], 'times': row['bs']['times'], 'out': row['three']})
        jf = os.path.join(a.out, 'blender', 'three_job.json')
        for j in three_jobs:  # a Node run per file: one read loops forever (tinygltf's unassigned-skeleton.gltf)
            if os.path.exists(j['out']):
                continue
            json.dump([j], open(jf, 'w'))
            try:
                end = subprocess.run(['node', os.path.join(here, 'three_pose.mjs'), a.three, jf], capture_output=True,
                                     text=True, timeout=120)
                why = 'three.js ended: ' + end.stderr.strip()[-300:]
            except subprocess.TimeoutExpired:
                why = 'three.js still reading after 120 s'
            if not os.path.exists(j['out']):
                json.dump({'error': why}, open(j['out'], 'w'))
    out = []
    for row in rows:
        res = fres = bfres = tres = jres = tjres = None
        if row['bs']:
            path = row['file']
            names = file_names(path)  # parsed once: a COLLADA file can be megabytes
            fl = file_side(path, row['bs']['anim'], row['bs']['times'])
            if fl and 'error' not in fl:
                fres = compare(row['bs'], fl)
            bl = json.load(open(row['json']))
            if 'error' in bl:
                row['error'] = 'Blender: ' + bl['error']
            else:
                res = compare(row['bs'], bl, names)
                jres = compare(row['bs'], bl, names, joints_only=True)
                if res is None:
                    row['error'] = 'fewer than two joints in common with distinct positions (a single-node clip, e.g. morph weights only)'
                elif fres:  # Blender against the file, at the clip start that suits Bonescope and the file
                    bfres = compare(dict(row['bs'], poses=fl['offsets'][fres['offset']]), bl, names)
            if row.get('three') and os.path.exists(row['three']):
                tl = json.load(open(row['three']))
                if 'error' not in tl:
                    tres = compare(row['bs'], tl, names)
                    tjres = compare(row['bs'], tl, names, joints_only=True)
        row['res'], row['fres'], row['bfres'], row['tres'] = res, fres, bfres, tres
        row['jres'], row['tjres'] = jres, tjres
        row['decided'] = decide(res, fres, bfres)
        out.append(row)
    pct = lambda r: f"{100 * r['error']:.4f}" if r else '-'
    cols = ['repo', 'path', 'format', 'writer', 'matched', 'offset', 'scale', 'rotation', 'error_pct_height', 'worst_joint',
            'worst_time', 'verdict', 'joints_over', 'file_vs_bonescope_pct', 'file_vs_blender_pct', 'decided', 'three_vs_bonescope_pct',
            'joints_blender_pct', 'joints_three_pct']
    with open(os.path.join(a.out, 'pose.tsv'), 'w', encoding='utf-8') as fh:
        fh.write('\t'.join(cols) + '\n')
        for row in out:
            r = row['res']
            if r:
                verdict = 'agree' if r['error'] <= TOLERANCE else 'differ'
                vals = [row['repo'], row['path'], row['format'], row['writer'], r['matched'], r['offset'], f"{r['scale']:.6g}",
                        json.dumps(r['rotation']).replace(' ', ''), pct(r), r['worst'][0], f"{r['worst'][1]:.4f}", verdict,
                        ','.join(r['over'])[:300] or '-']
            else:
                vals = [row['repo'], row['path'], row['format'], row['writer'], '-', '-', '-', '-', '-', '-', '-',
                        'not compared: ' + (row['error'] or '?').replace('\t', ' ').replace('\n', ' ')[:200], '-']
            vals += [pct(row['fres']), pct(row['bfres']), row['decided'], pct(row['tres']), pct(row['jres']), pct(row['tjres'])]
            fh.write('\t'.join(str(v) for v in vals) + '\n')
    done = [r for r in out if r['res']]
    agree = [r for r in done if r['res']['error'] <= TOLERANCE]
    checked = [r for r in out if r['fres']]
    L = [f"{len(out)} files tried, {len(done)} compared ({len({family(r['writer']) for r in done})} writer families), "
         f"{len(agree)} agree within {100 * TOLERANCE:g}% of the height at every joint and time. "
         f"Against the file's own numbers: {len(checked)} compared, "
         f"{sum(r['fres']['error'] <= TOLERANCE for r in checked)} agree with Bonescope; "
         f"{sum(r['bfres'] is not None for r in checked)} compared with Blender, "
         f"{sum(r['bfres'] is not None and r['bfres']['error'] <= TOLERANCE for r in checked)} agree with Blender."
         + (f" three.js: {sum(r['tres'] is not None for r in out)} compared, "
            f"{sum(r['tres'] is not None and r['tres']['error'] <= TOLERANCE for r in out)} agree with Bonescope."
            if a.three else ''),
         joints_line(out) + "\n",
         '| file | format | writer | joints | time 0 at | Bonescope vs Blender (% of height) | where | joints beyond 0.1% '
         '| file vs Bonescope | file vs Blender | decided | three.js vs Bonescope |',
         '|---|---|---|---|---|---|---|---|---|---|---|---|']
    for row in out:
        r = row['res']
        tail = f" {pct(row['fres'])} | {pct(row['bfres'])} | {row['decided']} | {pct(row['tres'])} |"
        if r:
            L.append(f"| {row['repo']}: `{row['path']}` | {row['format']} | {row['writer']} | {r['matched']} | {r['offset']} | "
                     f"{pct(r)}{'' if r['error'] <= TOLERANCE else ' **differ**'} | {r['worst'][0]} at {r['worst'][1]:.3f} s | "
                     f"{len(r['over'])} |" + tail)
        else:
            L.append(f"| {row['repo']}: `{row['path']}` | {row['format']} | {row['writer']} | - | - | not compared | "
                     f"{(row['error'] or '?').replace('|', '/')[:160]} | - |" + tail)
    open(os.path.join(a.out, 'pose.md'), 'w', encoding='utf-8').write('\n'.join(L) + '\n')
    print(L[0])


if __name__ == '__main__':
    main()
