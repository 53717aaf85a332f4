#!/usr/bin/env python3
"""Independent check of the Cast writer: converts every absolute SEAnim sample to .cast with
bonescope-cli, parses the result with the reader below (written from the Cast specification, sharing
nothing with formats/cast), and compares every key and note with `bonescope-cli dump` of the source.
Usage: check_cast.py BONESCOPE_CLI SAMPLES_SEANIM_DIR WORK_DIR"""
import json
import os
import struct
import subprocess
import sys

SIZES = {b"b\0": (1, "B"), b"h\0": (2, "H"), b"i\0": (4, "I"), b"l\0": (8, "Q"), b"f\0": (4, "f"),
         b"d\0": (8, "d"), b"2v": (8, "2f"), b"3v": (12, "3f"), b"4v": (16, "4f")}
IDS = {0x746F6F72: "root", 0x6D696E61: "anim", 0x76727563: "curve", 0x6669746E: "notes", 0x6C646F6D: "model"}


def read_node(data, pos):
    ident, size, _hash, nprops, nchildren = struct.unpack_from("<IIQII", data, pos)
    end = pos + size
    pos += 24
    props = {}
    for _ in range(nprops):
        ptype, name_size, count = struct.unpack_from("<2sHI", data, pos)
        pos += 8
        name = data[pos:pos + name_size].decode("utf-8")
        pos += name_size
        if ptype == b"s\0":
            nul = data.index(b"\0", pos)
            props[name] = data[pos:nul].decode("utf-8")
            pos = nul + 1
        else:
            size_of, fmt = SIZES[ptype]
            values = struct.unpack_from("<" + fmt * count, data, pos)
            pos += size_of * count
            props[name] = list(values)
    children = []
    for _ in range(nchildren):
        child, pos = read_node(data, pos)
        children.append(child)
    assert pos == end, f"node at {pos} does not end where its size says ({end})"
    return {"id": IDS.get(ident, hex(ident)), "props": props, "children": children}, end


def read_cast(path):
    data = open(path, "rb").read()
    magic, version, roots, _flags = struct.unpack_from("<4sIII", data, 0)
    assert magic == b"cast" and version == 1, "bad header"
    pos = 16
    nodes = []
    for _ in range(roots):
        node, pos = read_node(data, pos)
        nodes.append(node)
    assert pos == len(data), "bytes after the last root node"
    return nodes


def close(a, b):
    return abs(a - b) <= 1e-5 * max(1.0, abs(b))


def check(cli, source, work):
    out = os.path.join(work, os.path.basename(source) + ".cast")
    subprocess.run([cli, "convert", source, out], check=True, capture_output=True)
    dump = json.loads(subprocess.run([cli, "dump", source], check=True, capture_output=True).stdout)
    roots = read_cast(out)
    anims = [c for r in roots for c in r["children"] if c["id"] == "anim"]
    assert len(anims) == 1, f"{len(anims)} Animation nodes"
    anim = anims[0]
    fps = anim["props"]["fr"][0]
    assert close(fps, dump["fps"]), (fps, dump["fps"])
    assert (anim["props"].get("lo", [0])[0] >= 1) == dump["looping"]
    curves = {}
    for c in anim["children"]:
        if c["id"] == "curve":
            p = c["props"]
            assert p["m"] == "absolute", p["m"]
            assert len(p["kb"]) * (4 if p["kp"] == "rq" else 1) == len(p["kv"])
            curves[(p["nn"], p["kp"])] = p
    checked = 0
    for bone in dump["bones"]:
        for channel, comps in (("translation", ["tx", "ty", "tz"]), ("scale", ["sx", "sy", "sz"]),
                               ("rotation", ["rq"])):
            keys = bone.get(channel, [])
            if not keys:
                continue
            for ci, kp in enumerate(comps):
                curve = curves[(bone["name"], kp)]
                assert len(curve["kb"]) == len(keys), (bone["name"], kp)
                for k, key in enumerate(keys):
                    assert curve["kb"][k] == round(key[0] * fps), (bone["name"], kp, k)
                    if kp == "rq":
                        for c in range(4):
                            assert close(curve["kv"][k * 4 + c], key[1 + c]), (bone["name"], k, c)
                    else:
                        assert close(curve["kv"][k], key[1 + ci]), (bone["name"], kp, k)
                    checked += 1
    notes = [(f, c["props"]["n"]) for c in anim["children"] if c["id"] == "notes" for f in c["props"]["kb"]]
    expected = [(round(t * fps), name) for t, name in dump["notes"]]
    assert sorted(notes) == sorted(expected), (notes, expected)
    return checked


def main():
    cli, samples, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    total = files = 0
    for name in sorted(os.listdir(samples)):
        if not name.endswith(".seanim"):
            continue
        path = os.path.join(samples, name)
        dump = json.loads(subprocess.run([cli, "dump", path], check=True, capture_output=True).stdout)
        if dump["blend"] != "replace" or dump["extra"].get("animTypeName") not in ("absolute", "delta") \
                or dump["extra"].get("modifiers"):
            continue
        try:
            total += check(cli, path, work)
        except AssertionError as e:
            print(f"FAIL {name}: {e}")
            return 1
        files += 1
    print(f"{files} file(s), {total} key values checked")
    return 0 if files > 0 and total > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
