#!/usr/bin/env python3
"""The file's own numbers for a glTF 2.0 file (.gltf or .glb): the world position of every node at
given times, computed here from the file alone (no importer), so that where Bonescope and Blender
disagree the file can decide.

Nodes are placed by their matrix or TRS; one animation is played on them as the specification says:
channels target nodes by index (`target.node`, or `KHR_animation_pointer` to /nodes/N/translation|
rotation|scale), LINEAR (rotations by slerp), STEP, CUBICSPLINE (Hermite with the file's tangents
times the key span); before the first key and after the last the value holds. Accessors: any
component type, normalised, strided, sparse. Positions are in the file's units and axes (Y up).

Usage: gltf_pose.py FILE [--animation NAME] TIME...  prints {"firstKey": s, "lastKey": s,
"poses": [{NAME: [x, y, z]...}...]}: every node by its name, a repeated name's k-th node as
"NAME [k]" (a node without a name is "nodeN", as Bonescope names it)."""
import base64, json, math, os, struct, sys

COMPONENTS = {5120: ('b', 127.0), 5121: ('B', 255.0), 5122: ('h', 32767.0), 5123: ('H', 65535.0),
              5125: ('I', None), 5126: ('f', None)}
WIDTH = {'SCALAR': 1, 'VEC2': 2, 'VEC3': 3, 'VEC4': 4, 'MAT2': 4, 'MAT3': 9, 'MAT4': 16}


def load(path):
    data = open(path, 'rb').read()
    binary = None
    if data[:4] == b'glTF':
        at, doc = 12, None
        while at + 8 <= len(data):
            size, kind = struct.unpack_from('<I4s', data, at)
            chunk = data[at + 8:at + 8 + size]
            if kind == b'JSON':
                doc = json.loads(chunk)
            elif kind == b'BIN\0':
                binary = chunk
            at += 8 + size
    else:
        doc = json.loads(data)
    buffers = []
    for b in doc.get('buffers', []):
        uri = b.get('uri')
        if uri is None:
            buffers.append(binary or b'')
        elif uri.startswith('data:'):
            buffers.append(base64.b64decode(uri.split(',', 1)[1]))
        else:
            from urllib.parse import unquote
            buffers.append(open(os.path.join(os.path.dirname(path), unquote(uri)), 'rb').read())
    return doc, buffers


def accessor(doc, buffers, index):
    a = doc['accessors'][index]
    fmt, scale = COMPONENTS[a['componentType']]
    width, count = WIDTH[a['type']], a['count']
    size = struct.calcsize(fmt)

    def read(view_index, offset, n, fmt_=fmt, width_=width):
        view = doc['bufferViews'][view_index]
        buf = buffers[view['buffer']]
        stride = view.get('byteStride') or size * width_
        base = view.get('byteOffset', 0) + offset
        return [list(struct.unpack_from('<' + fmt_ * width_, buf, base + k * stride)) for k in range(n)]

    values = read(a['bufferView'], a.get('byteOffset', 0), count) if 'bufferView' in a else [[0] * width for _ in range(count)]
    sparse = a.get('sparse')
    if sparse:
        ifmt = COMPONENTS[sparse['indices']['componentType']][0]
        idx = read(sparse['indices']['bufferView'], sparse['indices'].get('byteOffset', 0), sparse['count'], ifmt, 1)
        val = read(sparse['values']['bufferView'], sparse['values'].get('byteOffset', 0), sparse['count'])
        for (i,), v in zip(idx, val):
            values[i] = v
    if a.get('normalized') and scale:
        values = [[max(c / scale, -1.0) for c in v] for v in values]
    return values


def quat_mat(q):
    x, y, z, w = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]


def trs(t, r, s):
    m = quat_mat(r)
    return [[m[i][0] * s[0], m[i][1] * s[1], m[i][2] * s[2], t[i]] for i in range(3)] + [[0, 0, 0, 1]]


def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def normalise(q):
    n = math.sqrt(sum(c * c for c in q)) or 1.0
    return [c / n for c in q]


def slerp(a, b, u):
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b, d = [-c for c in b], -d
    if d > 0.9995:
        return normalise([x + (y - x) * u for x, y in zip(a, b)])
    th = math.acos(min(1.0, d))
    sa, sb = math.sin((1 - u) * th) / math.sin(th), math.sin(u * th) / math.sin(th)
    return [sa * x + sb * y for x, y in zip(a, b)]


class Channel:
    def __init__(self, node, path, times, values, interp):
        self.node, self.path, self.t, self.interp = node, path, [t[0] for t in times], interp
        self.v = values

    def value(self, t):
        keys, cubic = self.t, self.interp == 'CUBICSPLINE'
        at = (lambda k: self.v[3 * k + 1]) if cubic else (lambda k: self.v[k])
        if t <= keys[0]:
            out = at(0)
        elif t >= keys[-1]:
            out = at(len(keys) - 1)
        else:
            k = max(i for i in range(len(keys) - 1) if keys[i] <= t)
            dt = keys[k + 1] - keys[k]
            u = (t - keys[k]) / dt if dt > 0 else 0.0
            a, b = at(k), at(k + 1)
            if self.interp == 'STEP':
                out = a
            elif cubic:
                m0, m1 = self.v[3 * k + 2], self.v[3 * (k + 1)]
                h = (2 * u ** 3 - 3 * u ** 2 + 1, u ** 3 - 2 * u ** 2 + u, -2 * u ** 3 + 3 * u ** 2, u ** 3 - u ** 2)
                out = [h[0] * a[c] + h[1] * dt * m0[c] + h[2] * b[c] + h[3] * dt * m1[c] for c in range(len(a))]
            elif self.path == 'rotation':
                out = slerp(a, b, u)
            else:
                out = [x + (y - x) * u for x, y in zip(a, b)]
        return normalise(out) if self.path == 'rotation' else out


def channels(doc, buffers, anim):
    out = []
    for c in anim.get('channels', []):
        target = c.get('target', {})
        node, path = target.get('node'), target.get('path')
        pointer = target.get('extensions', {}).get('KHR_animation_pointer', {}).get('pointer')
        if pointer:
            parts = pointer.strip('/').split('/')
            if len(parts) == 3 and parts[0] == 'nodes':
                node, path = int(parts[1]), parts[2]
        if node is None or path not in ('translation', 'rotation', 'scale'):
            continue
        s = anim['samplers'][c['sampler']]
        out.append(Channel(node, path, accessor(doc, buffers, s['input']), accessor(doc, buffers, s['output']),
                           s.get('interpolation', 'LINEAR')))
    return out


def pose(doc, chans, t):
    nodes = doc.get('nodes', [])
    local = []
    for i, n in enumerate(nodes):
        if 'matrix' in n:
            m = n['matrix']
            local.append([[m[c * 4 + r] for c in range(4)] for r in range(4)])
            continue
        p = {'translation': n.get('translation', [0, 0, 0]), 'rotation': n.get('rotation', [0, 0, 0, 1]),
             'scale': n.get('scale', [1, 1, 1])}
        for ch in chans:
            if ch.node == i:
                p[ch.path] = ch.value(t)
        local.append(trs(p['translation'], p['rotation'], p['scale']))
    parent = {c: i for i, n in enumerate(nodes) for c in n.get('children', [])}
    world = {}

    def place(i):
        if i not in world:
            world[i] = mul(place(parent[i]), local[i]) if i in parent else local[i]
        return world[i]

    out, seen = {}, {}
    for i, n in enumerate(nodes):
        w = place(i)
        out[repeat_key(n.get('name') or 'node%d' % i, seen)] = [w[0][3], w[1][3], w[2][3]]
    return out


def repeat_key(name, seen):
    """NAME for its first node, "NAME [k]" for its k-th: glTF allows repeated names, and so keys the
    nodes as pose_compare keys Bonescope's bones (in node order)."""
    seen[name] = seen.get(name, 0) + 1
    return name if seen[name] == 1 else '%s [%d]' % (name, seen[name])


def poses(path, times, animation=None):
    """{'firstKey', 'lastKey', 'poses'} for TIMES in the file's seconds, playing the animation named
    ANIMATION (else the first)."""
    doc, buffers = load(path)
    anims = doc.get('animations', [])
    anim = next((a for a in anims if a.get('name') == animation), anims[0] if anims else {})
    chans = channels(doc, buffers, anim)
    keys = [t for c in chans for t in (c.t[0], c.t[-1])]
    return {'firstKey': min(keys) if keys else 0.0, 'lastKey': max(keys) if keys else 0.0,
            'poses': [pose(doc, chans, float(t)) for t in times]}


def main():
    args = sys.argv[1:]
    name = None
    if '--animation' in args:
        k = args.index('--animation')
        name = args[k + 1]
        del args[k:k + 2]
    print(json.dumps(poses(args[0], [float(t) for t in args[1:]], name)))


if __name__ == '__main__':
    main()
