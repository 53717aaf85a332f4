# Makes the Z-up centimetre walk the retargeting measure uses as a *source* (issue 36: "Z-up
# centimetres to Y-up metres"). No humanoid with a clip of its own, in Z-up centimetres, was found
# with a licence that allows shipping it (tests/fixtures/rigs/SOURCES.md), so this one is written by
# another tool, the way a 3ds Max user's file is laid out: Blender 3.4 imports the CMU walk
# (tests/fixtures/rigs/cmu_131_01_walk.bvh, free data) into a scene whose unit is the centimetre,
# stands it on Z, and exports it as FBX (GlobalSettings UpAxis 2, UnitScaleFactor 1.0: 3ds Max's
# axes, FrontAxis 1 sign -1, CoordAxis 0) and as COLLADA (<up_axis>Z_UP, <unit meter="0.01">).
#
# Not run by the tests (Blender is not a build dependency); run it by hand to remake the fixtures:
#   blender -b --factory-startup --python tests/retarget_oracle/make_zup_centimetre_walk.py -- \
#       tests/fixtures/rigs/cmu_131_01_walk.bvh tests/fixtures/rigs/
# It writes cmu_walk_zup_cm.fbx and cmu_walk_zup_cm.dae there.
import os
import sys

import bpy

# The CMU files of this release are in inches / 0.45 (B. Hahne's 3dsMax-friendly conversion): one
# unit is 2.54 / 0.45 = 5.6444 cm, which makes the walker's hips 85 cm above his ankles.
CM_PER_BVH_UNIT = 2.54 / 0.45
FPS = 30          # the 120 fps capture resampled, as a game or Max user keeps it
FIRST, LAST = 1, 249  # Blender frames at 30 fps: the whole 8.3 s (start, walk, stop)
# COLLADA stores a 4x4 matrix of text per bone and frame (1.1 MB for the whole clip): it keeps the
# walk and the stop, 4.0 s to 7.0 s, at 15 fps.
DAE_SHIFT, DAE_LAST, DAE_STEP = 120, 91, 2


def let_bvh_importer_open_files():
    # Blender 3.4's BVH importer opens its file with mode 'rU', which the Python 3.11 of Debian's
    # Blender refuses ("invalid mode"); 'r' reads the same (universal newlines are the default).
    import builtins
    from io_anim_bvh import import_bvh
    import_bvh.open = lambda path, mode='r', *a, **k: builtins.open(path, mode.replace('U', ''), *a, **k)


def main(bvh, out_dir):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.unit_settings.system = 'METRIC'
    scene.unit_settings.scale_length = 0.01   # one Blender unit is one centimetre
    scene.unit_settings.length_unit = 'CENTIMETERS'
    scene.render.fps = FPS
    scene.render.fps_base = 1.0
    let_bvh_importer_open_files()
    # Y up, facing +Z in the BVH -> Z up in Blender (its default conversion); the 120 fps keys land
    # at quarter frames of the 30 fps scene, and the exporters sample every whole frame.
    bpy.ops.import_anim.bvh(filepath=bvh, global_scale=CM_PER_BVH_UNIT, frame_start=FIRST,
                            use_fps_scale=True, update_scene_fps=False, update_scene_duration=False,
                            rotate_mode='NATIVE', axis_forward='-Z', axis_up='Y')
    scene.frame_start, scene.frame_end = FIRST, LAST
    rig = bpy.context.object
    rig.name = rig.data.name = 'Armature'
    rig.animation_data.action.name = 'Walk'

    # FBX as 3ds Max lays it out: axis_up Z with axis_forward Y is Blender's own system, written as
    # UpAxis 2 / FrontAxis 1 (sign -1) / CoordAxis 0; with the scene in centimetres the unit scale
    # is 100 * 0.01 = 1: UnitScaleFactor 1.0, positions in centimetres. Bones along X, as Max's are.
    # Each node's transform is the pose at the current frame (the first), as Max writes it too.
    bpy.ops.export_scene.fbx(filepath=os.path.join(out_dir, 'cmu_walk_zup_cm.fbx'),
                             use_selection=False, object_types={'ARMATURE'},
                             axis_up='Z', axis_forward='Y', apply_unit_scale=True,
                             apply_scale_options='FBX_SCALE_NONE', global_scale=1.0,
                             primary_bone_axis='X', secondary_bone_axis='-Y',
                             add_leaf_bones=True, armature_nodetype='NULL',
                             bake_anim=True, bake_anim_use_all_actions=False,
                             bake_anim_use_nla_strips=False, bake_anim_step=1.0,
                             bake_anim_simplify_factor=1.0, bake_anim_force_startend_keying=True)
    # The kept part moved to the start of the timeline: the file's keys start at 1/30 s (Blender
    # writes frame f at f / fps), not 4 s.
    for curve in rig.animation_data.action.fcurves:
        for key in curve.keyframe_points:
            for point in (key.co, key.handle_left, key.handle_right):
                point.x -= DAE_SHIFT
    scene.frame_start, scene.frame_end = FIRST, DAE_LAST
    # COLLADA: Blender writes <up_axis>Z_UP</up_axis> and <unit name="centimeter" meter="0.01"/>
    # from the scene's units, and samples every DAE_STEP frames as matrices.
    bpy.ops.wm.collada_export(filepath=os.path.join(out_dir, 'cmu_walk_zup_cm.dae'),
                              selected=False, include_children=True, include_armatures=True,
                              deform_bones_only=False, include_animations=True,
                              include_all_actions=False, export_animation_type_selection='sample',
                              sampling_rate=DAE_STEP, keep_smooth_curves=False, keep_keyframes=False,
                              use_texture_copies=False, triangulate=False)


if __name__ == '__main__':
    args = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
    if len(args) != 2:
        sys.exit('usage: blender -b --factory-startup --python make_zup_centimetre_walk.py -- BVH OUT_DIR')
    main(os.path.abspath(args[0]), os.path.abspath(args[1]))
