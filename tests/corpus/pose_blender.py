# Runs inside Blender 3.4 (blender -b --factory-startup --python pose_blender.py -- JOBS.json):
# for each job {file, anim, times, out} (one Blender start for many files: it costs tens of seconds),
# imports FILE with Blender's own importer (glTF, FBX, COLLADA by extension), picks the action of
# animation ANIM (a name, or "" for the first), and writes to OUT as JSON the world position of every
# bone's head and of every other object, at each of TIMES (seconds, a JSON list), for three ways of
# putting clip time 0 on Blender's timeline: the action's first frame, frame 0 and frame 1 (importers
# differ: the FBX importer puts FBX time 0 on frame 1). The caller keeps the one that agrees best.
import json
import sys

import bpy
import numpy

if not hasattr(numpy, 'bool'):
    numpy.bool = bool  # the 3.4 glTF importer still uses np.bool, gone since numpy 1.24

def run(path, anim, times, out_path):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    ext = path.lower().rsplit('.', 1)[1]
    if ext in ('glb', 'gltf'):
        bpy.ops.import_scene.gltf(filepath=path)
    elif ext == 'fbx':
        bpy.ops.import_scene.fbx(filepath=path)
    else:
        bpy.ops.wm.collada_import(filepath=path)

    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    # the clip: the action named like Bonescope's animation, else the first armature's own
    actions = list(bpy.data.actions)
    chosen = None
    if anim:
        chosen = next((a for a in actions if a.name == anim), None) or \
            next((a for a in actions if a.name.startswith(anim)), None)
    if chosen is None:
        for o in scene.objects:
            if o.animation_data and o.animation_data.action:
                chosen = o.animation_data.action
                break
    start = chosen.frame_range[0] if chosen else 0.0
    if chosen and anim:
        # the glTF importer makes one action per animation and object: give each armature its own
        for o in scene.objects:
            mine = next((a for a in actions if a.name == anim + '_' + o.name), None)
            if o.animation_data is None:
                continue
            if mine:
                o.animation_data.action = mine


    def sample(frame):
        whole = int(frame // 1)
        scene.frame_set(whole, subframe=frame - whole)
        bpy.context.view_layer.update()
        pos, objects = {}, {}
        for o in scene.objects:
            objects[o.name] = list(o.matrix_world.translation)
            if o.type == 'ARMATURE':
                for pb in o.pose.bones:
                    pos[pb.name] = list(o.matrix_world @ pb.head)
        # a bone and an object may share a name (bones have their own name space): the bone stands
        # under the name, the object under "object:" + name
        for name, p in objects.items():
            pos['object:' + name if name in pos else name] = p
        return pos


    # the objects of skinned meshes: Blender hangs them under their armature wherever the file's
    # node was (glTF ignores that node's transform), so their place is no pose to compare
    bones = {pb.name for o in scene.objects if o.type == 'ARMATURE' for pb in o.pose.bones}
    skinned = ['object:' + o.name if o.name in bones else o.name for o in scene.objects
               if o.type == 'MESH' and any(m.type == 'ARMATURE' for m in o.modifiers)]
    result = {'fps': fps, 'action': chosen.name if chosen else None, 'skinnedMeshes': skinned,
              'actionRange': list(chosen.frame_range) if chosen else None, 'offsets': {}}
    for label, base in (('actionStart', start), ('frame0', 0.0), ('frame1', 1.0)):
        result['offsets'][label] = [sample(base + t * fps) for t in times]
    with open(out_path, 'w') as fh:
        json.dump(result, fh)


jobs = json.load(open(sys.argv[sys.argv.index('--') + 1]))
for job in jobs:
    # the driver sees which file a crash happened in from this marker
    with open(job['out'] + '.started', 'w') as fh:
        fh.write('')
    try:
        run(job['file'], job['anim'], job['times'], job['out'])
    except Exception as e:  # an importer's failure is a result, not the end of the run
        with open(job['out'], 'w') as fh:
            json.dump({'error': repr(e)[:500]}, fh)
