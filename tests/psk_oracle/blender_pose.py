# Runs inside Blender 3.4 (blender -b --factory-startup --python blender_pose.py -- ADDON_PARENT PSK PSA
# SEQUENCE FRAME...): imports the PSK with the DarklightGames io_scene_psk_psa add-on (5.0.6, the last
# release for Blender 3.4), plays the PSA's SEQUENCE on it with the add-on's importer, and prints each
# bone's world position at each FRAME as JSON: {"frame": {"bone": [x, y, z]}}.
import json
import sys

import bpy

argv = sys.argv[sys.argv.index("--") + 1:]
addon_parent, psk_path, psa_path, sequence = argv[:4]
frames = [int(f) for f in argv[4:]]
sys.path.insert(0, addon_parent)

from io_scene_psk_psa.psk.reader import read_psk  # noqa: E402
from io_scene_psk_psa.psk.importer import import_psk, PskImportOptions  # noqa: E402
from io_scene_psk_psa.psa.reader import PsaReader  # noqa: E402
from io_scene_psk_psa.psa.importer import import_psa, PsaImportOptions  # noqa: E402

options = PskImportOptions()
options.name = "oracle"
options.should_import_mesh = False  # the skeleton is what is compared
import_psk(read_psk(psk_path), bpy.context, options)
bpy.ops.object.mode_set(mode="OBJECT")
armature = bpy.data.objects["oracle"]

reader = PsaReader(psa_path)
psa_options = PsaImportOptions()
psa_options.sequence_names = [sequence]
psa_options.bone_mapping_mode = "EXACT"
import_psa(bpy.context, reader, armature, psa_options)
armature.animation_data_create()
armature.animation_data.action = bpy.data.actions[sequence]

out = {}
for f in frames:
    bpy.context.scene.frame_set(f)
    out[str(f)] = {pb.name: list(armature.matrix_world @ pb.matrix.translation) for pb in armature.pose.bones}
print("ORACLE_JSON " + json.dumps(out))
