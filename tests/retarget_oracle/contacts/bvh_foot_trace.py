#!/usr/bin/env python3
"""Per-frame height and horizontal speed of chosen joints of a BVH (Y up), to label foot contacts
by eye. Standard library only; independent of Bonescope. Usage: bvh_foot_trace.py FILE JOINT..."""
import math
import sys


def rot(axis, deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return {"X": ((1, 0, 0), (0, c, -s), (0, s, c)), "Y": ((c, 0, s), (0, 1, 0), (-s, 0, c)),
            "Z": ((c, -s, 0), (s, c, 0), (0, 0, 1))}[axis]


def mul(a, b):
    return tuple(tuple(sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)) for r in range(3))


def parse(path):
    words = open(path).read().split()
    joints, stack, i = [], [], 0  # joint: name, parent, offset, channels
    while words[i] != "MOTION":
        w = words[i]
        if w in ("ROOT", "JOINT") or w == "End":
            name = words[i + 1] if w != "End" else joints[stack[-1]][0] + "_end"
            joints.append([name, stack[-1] if stack else -1, None, []])
            i += 2
        elif w == "{":
            stack.append(len(joints) - 1); i += 1
        elif w == "}":
            stack.pop(); i += 1
        elif w == "OFFSET":
            joints[-1 if joints[stack[-1]] is None else stack[-1]][2] = tuple(float(x) for x in words[i + 1:i + 4]); i += 4
        elif w == "CHANNELS":
            n = int(words[i + 1]); joints[stack[-1]][3] = words[i + 2:i + 2 + n]; i += 2 + n
        else:
            i += 1
    frames, ft = int(words[i + 2]), float(words[i + 5])
    values = [float(x) for x in words[i + 6:]]
    return joints, frames, ft, values


def main():
    joints, frames, ft, values = parse(sys.argv[1])
    want = [next(k for k, j in enumerate(joints) if j[0] == n) for n in sys.argv[2:]]
    per = sum(len(j[3]) for j in joints)
    prev = None
    print("frame time " + " ".join("%s_y %s_speed" % (n, n) for n in sys.argv[2:]))
    for f in range(frames):
        v, at = values[f * per:(f + 1) * per], 0
        world = []
        for name, parent, off, ch in joints:
            r, t = ((1, 0, 0), (0, 1, 0), (0, 0, 1)), list(off)
            for c in ch:
                x = v[at]; at += 1
                if c.endswith("position"):
                    t["XYZ".index(c[0])] += x
                else:
                    r = mul(r, rot(c[0], x))
            if parent < 0:
                world.append((r, tuple(t)))
            else:
                pr, pt = world[parent]
                world.append((mul(pr, r), tuple(pt[k] + sum(pr[k][m] * t[m] for m in range(3)) for k in range(3))))
        pos = [world[k][1] for k in want]
        speeds = [0.0] * len(want) if prev is None else [math.hypot(p[0] - q[0], p[2] - q[2]) / ft for p, q in zip(pos, prev)]
        prev = pos
        print("%d %.4f " % (f, f * ft) + " ".join("%.3f %.2f" % (p[1], s) for p, s in zip(pos, speeds)))


if __name__ == "__main__":
    main()
