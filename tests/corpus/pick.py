#!/usr/bin/env python3
"""Scans fetched repository snapshots (the /work/.mirror layout: OWNER+NAME/repo, a bare git
directory or a clone) for glTF/GLB/FBX/DAE files and prints one candidate row each as TSV:
repo commit path bytes format kind writer companions. kind is skinned, animated or static, read from
the file itself; writer from glTF asset.generator, FBX Creator, COLLADA authoring_tool. Used once to
build manifest.tsv; kept so the choice can be redone on newer snapshots.
Usage: pick.py MIRROR_DIR [OWNER+NAME...] > candidates.tsv"""
import json, os, posixpath, re, struct, subprocess, sys

EXT = re.compile(r'\.(glb|gltf|fbx|dae)$', re.I)


def git_dir(root):
    for d in (os.path.join(root, 'repo', '.git'), os.path.join(root, 'repo')):
        if os.path.isdir(d):
            return d
    return None


def blob(gd, commit, path):
    r = subprocess.run(['git', '--git-dir', gd, 'cat-file', 'blob', f'{commit}:{path}'],
                       capture_output=True)
    return r.stdout if r.returncode == 0 else None


def gltf_json(data, ext):
    if ext == 'glb':
        if len(data) < 20 or data[:4] != b'glTF':
            return None
        n = struct.unpack_from('<I', data, 12)[0]
        data = data[20:20 + n]
    try:
        return json.loads(data.decode('utf-8-sig'))
    except Exception:
        return None


def fbx_facts(data):
    writer, version = '', ''
    if data.startswith(b'Kaydara FBX Binary'):
        version = str(struct.unpack_from('<I', data, 23)[0]) if len(data) > 27 else ''
        i = data.find(b'Creator')
        while i >= 0 and not writer:
            # the node's first property: 'S', uint32 length, the string
            j = data.find(b'S', i + 7, i + 40)
            if j > 0 and j + 5 <= len(data):
                n = struct.unpack_from('<I', data, j + 1)[0]
                if 0 < n < 300:
                    writer = data[j + 5:j + 5 + n].decode('utf-8', 'replace')
            i = data.find(b'Creator', i + 7)
        fmt = 'fbx-binary'
    else:
        m = re.search(rb'Creator:\s*"([^"]*)"', data)
        writer = m.group(1).decode('utf-8', 'replace') if m else ''
        m = re.search(rb'FBXVersion:\s*(\d+)', data)
        version = m.group(1).decode() if m else ''
        fmt = 'fbx-ascii'
    skinned = b'Cluster' in data or b'LimbNode' in data
    animated = b'AnimationCurve' in data or b'AnimCurve' in data or b'Takes' in data and b'Channel' in data
    return fmt + (version and ' ' + version), writer, skinned, animated


def facts(data, path):
    ext = path.rsplit('.', 1)[1].lower()
    comps = []
    if ext in ('glb', 'gltf'):
        j = gltf_json(data, ext)
        if j is None:
            return None
        asset = j.get('asset', {}) if isinstance(j, dict) else {}
        writer = str(asset.get('generator', ''))
        fmt = ext + ' ' + str(asset.get('version', '?'))
        skinned, animated = bool(j.get('skins')), bool(j.get('animations'))
        for key in ('buffers', 'images'):
            items = j.get(key) or []
            for b in items.values() if isinstance(items, dict) else items:  # glTF 1.0: objects by id
                uri = b.get('uri') if isinstance(b, dict) else None
                if uri and not uri.startswith('data:'):
                    from urllib.parse import unquote
                    comps.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), unquote(uri))))
    elif ext == 'fbx':
        fmt, writer, skinned, animated = fbx_facts(data)
    else:
        text = data[:4_000_000]
        m = re.search(rb'<authoring_tool>([^<]*)</authoring_tool>', text)
        writer = m.group(1).decode('utf-8', 'replace').strip() if m else ''
        m = re.search(rb'<COLLADA[^>]*version="([^"]*)"', text)
        fmt = 'dae ' + (m.group(1).decode() if m else '?')
        skinned = b'<skin' in text
        animated = b'<library_animations' in text and b'<channel' in text
    kind = 'skinned' if skinned else 'animated' if animated else 'static'
    if skinned and animated:
        kind = 'skinned+animated'
    return fmt, kind, writer.replace('\t', ' ').replace('\n', ' '), comps


def main():
    mirror = sys.argv[1]
    names = sys.argv[2:] or sorted(os.listdir(mirror))
    for name in names:
        gd = git_dir(os.path.join(mirror, name))
        if not gd:
            continue
        commit = subprocess.run(['git', '--git-dir', gd, 'rev-parse', 'HEAD'], capture_output=True,
                                text=True).stdout.strip()
        ls = subprocess.run(['git', '--git-dir', gd, 'ls-tree', '-r', '-l', '-z', commit],
                            capture_output=True).stdout.split(b'\0')
        sizes = {}
        for row in ls:
            if not row:
                continue
            meta, p = row.split(b'\t', 1)
            parts = meta.split()
            if parts[1] != b'blob' or not parts[3].isdigit():
                continue  # not a file, or its content is absent from the snapshot
            sizes[p.decode('utf-8', 'replace')] = int(parts[3])
        for path, size in sizes.items():
            if not EXT.search(path) or size < 100:
                continue
            data = blob(gd, commit, path)
            if not data or data.startswith(b'version https://git-lfs'):
                continue
            f = facts(data, path)
            if not f:
                continue
            fmt, kind, writer, comps = f
            if any(c not in sizes or blob(gd, commit, c) is None for c in comps):
                continue  # a companion is missing (LFS or too big): skip
            print('\t'.join([name.replace('+', '/', 1), commit, path, str(size), fmt, kind,
                             writer or '-', ','.join(comps) or '-']))
            sys.stdout.flush()


if __name__ == '__main__':
    main()
