# Runs inside Blender: imports one SMD with Blender Source Tools and prints the world position of
# every bone's head at the given frames as JSON.
# blender -b --factory-startup --python blender_side.py -- ADDON_DIR FILE.smd FRAMES_JSON OUT.json
import json
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
addon_dir, smd_path, frames, out_path = args[0], args[1], json.loads(args[2]), args[3]
sys.path.insert(0, addon_dir)
import io_scene_valvesource  # noqa: E402

io_scene_valvesource.register()
for o in list(bpy.data.objects):
    bpy.data.objects.remove(o)
bpy.ops.import_scene.smd(filepath=smd_path)
arm = next(o for o in bpy.data.objects if o.type == "ARMATURE")
result = {}
for f in frames:
    bpy.context.scene.frame_set(int(f))
    bpy.context.view_layer.update()
    result[str(f)] = {pb.name: list(arm.matrix_world @ pb.head) for pb in arm.pose.bones}
with open(out_path, "w") as fh:
    json.dump(result, fh)
