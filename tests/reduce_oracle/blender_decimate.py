# Blender 3.4's "Decimate (Allowed Change)" on a real clip, measured with Bonescope's key-reduction
# measure (ACL's: three virtual points `distance` along each bone's axes, in armature space, through
# the hierarchy). Run by run.sh under a virtual display (the operator needs a Graph Editor, which
# `blender -b` has none of):
#   blender --factory-startup --python blender_decimate.py -- FILE MARGIN DISTANCE OUT.json
# Prints/writes: the keyframe points before and after (Blender counts each F-curve's keys), the
# largest point movement its decimation causes (file units), and the frames measured.
import json
import sys

import bpy
import numpy
from mathutils import Vector

# Trap (../shared/ORACLES.md): Blender 3.4's glTF importer uses np.bool, gone in numpy 1.24.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

args = sys.argv[sys.argv.index("--") + 1:]
path, margin, distance, out = args[0], float(args[1]), float(args[2]), args[3]

for o in list(bpy.data.objects):  # the factory scene's cube, camera and light
    bpy.data.objects.remove(o)
if path.lower().endswith(".bvh"):
    # Trap: the BVH importer opens files with mode 'rU', which Python 3.11 refuses.
    import builtins
    import io_anim_bvh.import_bvh as ib
    real_open = builtins.open
    ib.open = lambda f, mode="r", *a, **k: real_open(f, mode.replace("U", ""), *a, **k)
    # Quaternions, as Bonescope keys rotations: both then decimate four curves per rotation.
    bpy.ops.import_anim.bvh(filepath=path, rotate_mode="QUATERNION", update_scene_fps=True,
                            update_scene_duration=True, axis_forward="-Z", axis_up="Y")
else:
    bpy.ops.import_scene.gltf(filepath=path)

arm = next(o for o in bpy.context.scene.objects if o.type == "ARMATURE")
action = arm.animation_data.action
first, last = (int(round(v)) for v in action.frame_range)
scene = bpy.context.scene
frames = list(range(first, last + 1))


def points():
    """Per frame, per bone: the three virtual points in armature space."""
    out = []
    for f in frames:
        scene.frame_set(f)
        row = []
        for pb in arm.pose.bones:
            m = pb.matrix
            row.append([m @ Vector(v) for v in ((distance, 0, 0), (0, distance, 0), (0, 0, distance))])
        out.append(row)
    return out


def keys():
    return sum(len(fc.keyframe_points) for fc in action.fcurves)


before_points = points()
before = keys()

# The Graph Editor the operator works in, on every curve of the armature.
bpy.ops.object.select_all(action="DESELECT")
arm.select_set(True)
bpy.context.view_layer.objects.active = arm
for fc in action.fcurves:
    fc.select = True
    fc.hide = False
    for k in fc.keyframe_points:
        k.select_control_point = True
window = bpy.context.window_manager.windows[0]
area = window.screen.areas[0]
area.type = "GRAPH_EDITOR"
region = next(r for r in area.regions if r.type == "WINDOW")
with bpy.context.temp_override(window=window, area=area, region=region):
    area.spaces.active.dopesheet.show_only_selected = False
    bpy.ops.graph.select_all(action="SELECT")
    bpy.ops.graph.decimate(mode="ERROR", remove_error_margin=margin)

after = keys()
after_points = points()
worst = 0.0
for a_row, b_row in zip(before_points, after_points):
    for a_pts, b_pts in zip(a_row, b_row):
        for a, b in zip(a_pts, b_pts):
            worst = max(worst, (a - b).length)

result = {"file": path, "margin": margin, "distance": distance, "frames": len(frames),
          "bones": len(arm.pose.bones), "keysBefore": before, "keysAfter": after, "largestError": worst}
print(json.dumps(result))
with open(out, "w") as f:
    json.dump(result, f)
bpy.ops.wm.quit_blender()
