#!/usr/bin/env python3
"""Chooses the corpus from pick.py's candidates: files with bones or animation first, spread over
repositories and writers (round-robin over each repository's writer/format groups, a cap per
repository), static meshes a minority; adds the licence as each repository states it.
Usage: choose.py candidates.tsv > manifest.tsv"""
import collections, re, sys

LICENCE = {
    'KenneyNL/Starter-Kit-3D-Platformer': 'MIT (LICENSE.md)',
    'KenneyNL/Starter-Kit-FPS': 'MIT (LICENSE.md)',
    'KhronosGroup/COLLADA-CTS': 'MIT-style Khronos (LICENSE.md)',
    'KhronosGroup/UnityGLTF': 'MIT (LICENSE)',
    'KhronosGroup/glTF-Blender-IO': 'Apache-2.0 (LICENSE.txt)',
    'KhronosGroup/glTF-Validator': 'Apache-2.0 (LICENSE)',
    'Luminoth/bevy-mixamo': 'Apache-2.0 (LICENSE)',
    'V-Sekai/three-vrm-1-sandbox-mixamo': 'MIT (LICENSE)',
    'assimp/assimp': 'BSD-3-Clause (LICENSE); test/models-nonbsd: per-model terms',
    'bevyengine/bevy': 'MIT OR Apache-2.0 (LICENSE-*)',
    'chinedufn/collada-dae-parser': 'MIT (LICENSE)',
    'donmccurdy/glTF-Transform': 'MIT (LICENSE.md)',
    'enomie/Mixamo2GLBAnimationMerger': 'MIT (LICENSE)',
    'godotengine/godot-demo-projects': 'MIT (LICENSE.md)',
    'guillaumeblanc/ozz-animation': 'MIT (LICENSE.md)',
    'hucancode/mjolnir-zig': 'MIT (LICENSE)',
    'pixiv/three-vrm': 'MIT (LICENSE)',
    'raysan5/raylib': 'Zlib (LICENSE)',
    'syoyo/tinygltf': 'MIT (LICENSE)',
    'trebeljahr/quaternius-showcase': 'MIT (LICENSE)',
}
CAP, STATIC_CAP, MAX_BYTES = 22, 3, 12_000_000
SKIP = re.compile(r'invalid|fuzz|crash|/bad|malformed', re.I)


def family(writer):
    return re.sub(r'[\d.]+.*$', '', writer).strip() or '-'


rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
by_repo = collections.defaultdict(list)
for r in rows:
    repo, commit, path, size, fmt, kind, writer, comps = r
    if SKIP.search(path) or int(size) > MAX_BYTES:
        continue
    if repo == 'KhronosGroup/glTF-Validator' and '/valid' not in path:
        continue  # the rest are made broken on purpose
    by_repo[repo].append(r)

print('\t'.join(['repo', 'commit', 'path', 'bytes', 'format', 'kind', 'writer', 'companions', 'licence']))
for repo in sorted(by_repo):
    chosen = []
    for want_static, cap in ((False, CAP), (True, STATIC_CAP)):
        groups = collections.OrderedDict()
        for r in sorted(by_repo[repo], key=lambda r: (int(r[3]), r[2])):
            if (r[5] == 'static') == want_static:
                groups.setdefault((family(r[6]), r[4].split()[0], r[5]), []).append(r)
        picked = []
        while len(picked) < cap and any(groups.values()):
            for g in list(groups):
                if groups[g] and len(picked) < cap:
                    picked.append(groups[g].pop(0))
        chosen += picked
    for r in sorted(chosen, key=lambda r: r[2]):
        print('\t'.join(r + [LICENCE.get(repo, 'none stated in the repository')]))
