#!/usr/bin/env python3
"""The file's own numbers for a COLLADA document: the world position of every node at given times,
computed here from the document alone (no importer), so that where Bonescope (through Assimp) and
Blender disagree the file can decide.

Each node's transform is its elements in order (translate, rotate, scale, matrix, lookat, skew),
each possibly animated through `<channel target="ID/SID">` (whole element), `ID/SID.X|Y|Z|ANGLE`
(one member) or `ID/SID(i)` / `ID/SID(c)(r)` (matrix elements, column first). Samplers are played as the file says:
LINEAR, STEP, BEZIER (its IN_TANGENT/OUT_TANGENT control points, per component (time, value) pairs;
tangents without times are refused, their reading not being settled) and HERMITE; a whole matrix's LINEAR keys turn its rotation
(slerp) rather than blend each element, as importers play them; before the first key and after the
last the value holds. Positions are in the file's units and axes (the caller fits conventions away).

Usage: collada_pose.py FILE.dae TIME...  prints {"units": m, "up": axis, "firstKey": s, "lastKey": s,
"poses": [{node: [x, y, z]}...]} keyed by node id (its name where it has none), as Assimp names
COLLADA nodes."""
import json, math, re, sys
import xml.etree.ElementTree as ET


def floats(text):
    return [float(v) for v in (text or '').split()]


def local(tag):
    return tag.rsplit('}', 1)[-1]


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def identity():
    return [[float(i == j) for j in range(4)] for i in range(4)]


def translate(x, y, z):
    m = identity()
    m[0][3], m[1][3], m[2][3] = x, y, z
    return m


def scale(x, y, z):
    m = identity()
    m[0][0], m[1][1], m[2][2] = x, y, z
    return m


def rotate(x, y, z, degrees):
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return identity()
    x, y, z = x / n, y / n, z / n
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    t = 1 - c
    return [[t * x * x + c, t * x * y - s * z, t * x * z + s * y, 0],
            [t * x * y + s * z, t * y * y + c, t * y * z - s * x, 0],
            [t * x * z - s * y, t * y * z + s * x, t * z * z + c, 0],
            [0, 0, 0, 1]]


def lookat(v):
    eye, at, up = v[0:3], v[3:6], v[6:9]
    f = [at[i] - eye[i] for i in range(3)]
    fl = math.sqrt(sum(c * c for c in f)) or 1
    f = [c / fl for c in f]
    s = [f[1] * up[2] - f[2] * up[1], f[2] * up[0] - f[0] * up[2], f[0] * up[1] - f[1] * up[0]]
    sl = math.sqrt(sum(c * c for c in s)) or 1
    s = [c / sl for c in s]
    u = [s[1] * f[2] - s[2] * f[1], s[2] * f[0] - s[0] * f[2], s[0] * f[1] - s[1] * f[0]]
    return [[s[0], u[0], -f[0], eye[0]], [s[1], u[1], -f[1], eye[1]], [s[2], u[2], -f[2], eye[2]], [0, 0, 0, 1]]


def element_matrix(kind, v):
    if kind == 'translate':
        return translate(*v[:3])
    if kind == 'scale':
        return scale(*v[:3])
    if kind == 'rotate':
        return rotate(*v[:4])
    if kind == 'matrix':
        # a node's transform is affine: its last row is (0 0 0 1) whatever the keys say (3ds Max's
        # ColladaMax keys astro_max.dae's transform(0..3)(3) as 0, which taken as written would drop
        # every parent's translation; Assimp's decomposition and Blender's importer ignore that row)
        return [v[0:4], v[4:8], v[8:12], [0.0, 0.0, 0.0, 1.0]]
    if kind == 'lookat':
        return lookat(v)
    return identity()  # skew: not met in the corpus


def to_quat(m):
    """Rotation and scale of a row-major 4x4 (list of 16) without shear: (t, q (w,x,y,z), s)."""
    cols = [[m[r * 4 + c] for r in range(3)] for c in range(3)]
    s = [math.sqrt(sum(v * v for v in col)) or 1.0 for col in cols]
    if (cols[0][1] * cols[1][2] - cols[0][2] * cols[1][1]) * cols[2][0] + (cols[0][2] * cols[1][0] - cols[0][0] * cols[1][2]) * cols[2][1] \
            + (cols[0][0] * cols[1][1] - cols[0][1] * cols[1][0]) * cols[2][2] < 0:
        s[0] = -s[0]
    r = [[cols[c][row] / s[c] for c in range(3)] for row in range(3)]
    tr = r[0][0] + r[1][1] + r[2][2]
    if tr > 0:
        w = math.sqrt(1 + tr) * 2
        q = [w / 4, (r[2][1] - r[1][2]) / w, (r[0][2] - r[2][0]) / w, (r[1][0] - r[0][1]) / w]
    elif r[0][0] > r[1][1] and r[0][0] > r[2][2]:
        w = math.sqrt(1 + r[0][0] - r[1][1] - r[2][2]) * 2
        q = [(r[2][1] - r[1][2]) / w, w / 4, (r[0][1] + r[1][0]) / w, (r[0][2] + r[2][0]) / w]
    elif r[1][1] > r[2][2]:
        w = math.sqrt(1 + r[1][1] - r[0][0] - r[2][2]) * 2
        q = [(r[0][2] - r[2][0]) / w, (r[0][1] + r[1][0]) / w, w / 4, (r[1][2] + r[2][1]) / w]
    else:
        w = math.sqrt(1 + r[2][2] - r[0][0] - r[1][1]) * 2
        q = [(r[1][0] - r[0][1]) / w, (r[0][2] + r[2][0]) / w, (r[1][2] + r[2][1]) / w, w / 4]
    return [m[3], m[7], m[11]], q, s


def matrix_between(a, b, u):
    """Matrix keys A and B at U: translation and scale straight, rotation by slerp."""
    (ta, qa, sa), (tb, qb, sb) = to_quat(a), to_quat(b)
    d = sum(x * y for x, y in zip(qa, qb))
    if d < 0:
        qb, d = [-c for c in qb], -d
    if d > 0.9995:
        q = [x + (y - x) * u for x, y in zip(qa, qb)]
    else:
        th = math.acos(min(1.0, d))
        q = [(math.sin((1 - u) * th) * x + math.sin(u * th) * y) / math.sin(th) for x, y in zip(qa, qb)]
    n = math.sqrt(sum(c * c for c in q))
    w, x, y, z = [c / n for c in q]
    rot = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
           [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
           [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    t = [p + (q_ - p) * u for p, q_ in zip(ta, tb)]
    s = [p + (q_ - p) * u for p, q_ in zip(sa, sb)]
    return [rot[0][0] * s[0], rot[0][1] * s[1], rot[0][2] * s[2], t[0],
            rot[1][0] * s[0], rot[1][1] * s[1], rot[1][2] * s[2], t[1],
            rot[2][0] * s[0], rot[2][1] * s[1], rot[2][2] * s[2], t[2], 0, 0, 0, 1]


MEMBERS = {'X': 0, 'Y': 1, 'Z': 2, 'ANGLE': 3, 'W': 3, 'S': 0, 'T': 1, 'P': 2}


class Sampler:
    def __init__(self, inputs, out, stride, interp, tin, tout):
        self.t, self.v, self.n = inputs, out, stride
        self.interp, self.tin, self.tout = interp, tin, tout

    def value(self, t):
        keys, n = self.t, self.n
        at = lambda k: self.v[k * n:(k + 1) * n]
        if t <= keys[0]:
            return at(0)
        if t >= keys[-1]:
            return at(len(keys) - 1)
        k = max(i for i in range(len(keys) - 1) if keys[i] <= t)
        t0, t1 = keys[k], keys[k + 1]
        a, b = at(k), at(k + 1)
        kind = self.interp[k] if k < len(self.interp) else 'LINEAR'
        u = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
        if kind == 'STEP':
            return a
        if kind in ('BEZIER', 'HERMITE') and self.tin and self.tout:
            return [self.curve(kind, k, c, t, u) for c in range(n)]
        if n == 16:  # a whole matrix: its rotation turns (as every importer plays it), not each element
            return matrix_between(a, b, u)
        return [a[c] + (b[c] - a[c]) * u for c in range(n)]

    def control(self, tangents, k, c):
        """(time, value) of component c's tangent point at key k; None when only values are given."""
        per = len(tangents) // len(self.t)
        if per == 2 * self.n:
            return tangents[k * per + 2 * c], tangents[k * per + 2 * c + 1]
        return None, tangents[k * per + c]

    def curve(self, kind, k, c, t, u):
        t0, t1 = self.t[k], self.t[k + 1]
        p0, p1 = self.v[k * self.n + c], self.v[(k + 1) * self.n + c]
        ox, oy = self.control(self.tout, k, c)
        ix, iy = self.control(self.tin, k + 1, c)
        if kind == 'HERMITE':  # tangents are slopes times the span (COLLADA 1.4.1, 4-4)
            h = [2 * u ** 3 - 3 * u ** 2 + 1, u ** 3 - 2 * u ** 2 + u, -2 * u ** 3 + 3 * u ** 2, u ** 3 - u ** 2]
            return h[0] * p0 + h[1] * oy + h[2] * p1 + h[3] * iy
        if ox is None:  # COLLADA 1.4.1 gives (time, value) points; values alone are read differently
            raise ValueError('BEZIER tangents without times (1.4.0 style): their meaning is not settled here')
        bez = lambda s, a, b, cc, d: (1 - s) ** 3 * a + 3 * (1 - s) ** 2 * s * b + 3 * (1 - s) * s * s * cc + s ** 3 * d
        lo, hi = 0.0, 1.0  # the curve's time is monotonic in s for a sane file: bisect for t
        for _ in range(60):
            mid = (lo + hi) / 2
            if bez(mid, t0, ox, ix, t1) < t:
                lo = mid
            else:
                hi = mid
        return bez((lo + hi) / 2, p0, oy, iy, p1)


def read(path, clip=None):
    root = ET.parse(path).getroot()
    ids = {}
    for e in root.iter():
        if 'id' in e.attrib:
            ids[e.attrib['id']] = e
    asset = next((e for e in root if local(e.tag) == 'asset'), None)
    units, up = 1.0, 'Y_UP'
    if asset is not None:
        for e in asset:
            if local(e.tag) == 'unit':
                units = float(e.attrib.get('meter', 1))
            if local(e.tag) == 'up_axis':
                up = (e.text or '').strip()

    def source(ref):
        s = ids.get(ref.lstrip('#'))
        if s is None:
            return [], 1
        arr = next((e for e in s.iter() if local(e.tag) in ('float_array', 'Name_array')), None)
        acc = next((e for e in s.iter() if local(e.tag) == 'accessor'), None)
        stride = int(acc.attrib.get('stride', 1)) if acc is not None else 1
        if arr is None:
            return [], stride
        if local(arr.tag) == 'Name_array':
            return (arr.text or '').split(), stride
        return floats(arr.text), stride

    samplers = {}
    for s in root.iter():
        if local(s.tag) != 'sampler':
            continue
        inputs = {i.attrib['semantic']: i.attrib['source'] for i in s if local(i.tag) == 'input'}
        if 'INPUT' not in inputs or 'OUTPUT' not in inputs:
            continue
        t, _ = source(inputs['INPUT'])
        v, stride = source(inputs['OUTPUT'])
        interp = source(inputs['INTERPOLATION'])[0] if 'INTERPOLATION' in inputs else []
        tin = source(inputs['IN_TANGENT'])[0] if 'IN_TANGENT' in inputs else []
        tout = source(inputs['OUT_TANGENT'])[0] if 'OUT_TANGENT' in inputs else []
        if t and len(v) >= len(t):
            samplers[s.attrib.get('id')] = Sampler(t, v, len(v) // len(t), interp, tin, tout)
    # A clip (<animation_clip>) plays only the animations it instances: the one named CLIP, else the first.
    clips = [e for e in root.iter() if local(e.tag) == 'animation_clip']
    chosen = next((c for c in clips if c.attrib.get('name') == clip or c.attrib.get('id') == clip), clips[0] if clips else None)
    allowed = None
    if chosen is not None:
        allowed = set()
        for inst in chosen:
            if local(inst.tag) == 'instance_animation' and inst.attrib.get('url', '').lstrip('#') in ids:
                allowed.update(id(c) for c in ids[inst.attrib['url'].lstrip('#')].iter() if local(c.tag) == 'channel')
    channels = {}  # (node id, sid) -> [(member, sampler)]
    for c in root.iter():
        if local(c.tag) != 'channel' or (allowed is not None and id(c) not in allowed):
            continue
        smp = samplers.get(c.attrib.get('source', '').lstrip('#'))
        m = re.match(r'^([^/]+)/([^.(]+)(?:\.(\w+)|((?:\(\d+\))+))?$', c.attrib.get('target', ''))
        if smp is None or not m:
            continue
        member = None
        if m.group(3):
            member = MEMBERS.get(m.group(3).upper())
        elif m.group(4):
            idx = [int(x) for x in re.findall(r'\d+', m.group(4))]
            # "(c)(r)": column first, so that 3ds Max's transform(3)(1) keys start at the static
            # matrix's row 1, column 3 (astro_max.dae's root: 0.057089), as Assimp reads them too
            member = idx[1] * 4 + idx[0] if len(idx) == 2 else idx[0]
        channels.setdefault((m.group(1), m.group(2)), []).append((member, smp))
    scene_ref = next((e for e in root.iter() if local(e.tag) == 'instance_visual_scene'), None)
    scene = ids.get(scene_ref.attrib['url'].lstrip('#')) if scene_ref is not None else \
        next((e for e in root.iter() if local(e.tag) == 'visual_scene'), None)
    times = [t for sm in samplers.values() for t in (sm.t[0], sm.t[-1])]
    if chosen is not None and 'start' in chosen.attrib:
        times = [float(chosen.attrib['start']), float(chosen.attrib.get('end', chosen.attrib['start']))]
    return {'root': scene, 'ids': ids, 'channels': channels, 'units': units, 'up': up,
            'first': min(times) if times else 0.0, 'last': max(times) if times else 0.0}


KINDS = ('translate', 'rotate', 'scale', 'matrix', 'lookat', 'skew')


def element_at(v, channels, t):
    for member, smp in channels:
        value = smp.value(t)
        if member is None:
            v = value[:len(v)] if len(value) >= len(v) else v
        elif member < len(v):
            v[member] = value[0]
    return v


def node_matrix(doc, node, t):
    m = identity()
    nid = node.attrib.get('id', '')
    for e in node:
        kind = local(e.tag)
        if kind not in KINDS:
            continue
        v = floats(e.text)
        channels = doc['channels'].get((nid, e.attrib.get('sid', '\0')), [])
        if kind == 'matrix' and any(member is not None for member, _ in channels):
            # a matrix keyed element by element (3ds Max): the file gives whole matrices at the
            # elements' key times; between them its rotation turns, as for a whole-matrix channel
            # (each element straight would shrink the bones mid-turn, which no importer plays)
            keys = sorted({k for _, smp in channels for k in smp.t})
            before = max((k for k in keys if k <= t), default=None)
            after = min((k for k in keys if k >= t), default=None)
            if before is None or after is None or after == before:
                v = element_at(v, channels, t)
            else:
                a = element_at(list(v), channels, before)
                b = element_at(list(v), channels, after)
                v = matrix_between(a, b, (t - before) / (after - before))  # its last row unread
        else:
            v = element_at(v, channels, t)
        m = mat_mul(m, element_matrix(kind, v))
    return m


def pose(doc, t):
    out = {}

    def walk(node, parent, seen):
        for n in node:
            tag = local(n.tag)
            if tag == 'node':
                w = mat_mul(parent, node_matrix(doc, n, t))
                key = n.attrib.get('id') or n.attrib.get('name') or n.attrib.get('sid')
                if key:
                    out[key] = [w[0][3], w[1][3], w[2][3]]
                walk(n, w, seen)
            elif tag == 'instance_node':
                ref = doc['ids'].get(n.attrib.get('url', '').lstrip('#'))
                if ref is not None and id(ref) not in seen:  # a library node placed here
                    walk(_wrap(ref), parent, seen | {id(ref)})

    if doc['root'] is not None:
        walk(doc['root'], identity(), frozenset())
    return out


def _wrap(node):
    w = ET.Element('wrap')
    w.append(node)
    return w


def poses(path, times, animation=None):
    """{'units', 'up', 'firstKey', 'lastKey', 'poses'} for TIMES in the file's seconds: every channel of
    the document, or where it has clips those of the clip named ANIMATION (else the first)."""
    doc = read(path, animation)
    return {'units': doc['units'], 'up': doc['up'], 'firstKey': doc['first'], 'lastKey': doc['last'],
            'poses': [pose(doc, t) for t in times]}


def main():
    print(json.dumps(poses(sys.argv[1], [float(t) for t in sys.argv[2:]])))


if __name__ == '__main__':
    main()
