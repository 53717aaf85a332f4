// A second witness for COLLADA poses: three.js's ColladaLoader (r180 and later read BEZIER curves,
// STEP keys and matrix elements), run under Node with no browser. Blender 3.4's COLLADA importer is
// off the files' own numbers in many real files (pose_compare.py lists them); this reader was written
// by other people again, so where it, Bonescope and the file agree, Blender is the one out.
//
// Usage: node three_collada_pose.mjs MODULES_DIR JOBS.json
//   MODULES_DIR: a node_modules holding `three` and `@xmldom/xmldom` (npm install three @xmldom/xmldom)
//   JOBS.json: [{file, anim, times, out}], as pose_blender.py takes them; each OUT gets
//   {action, offsets: {clipStart: [pose per time]}}, a pose keyed by the COLLADA node's id (the name
//   Bonescope gives a node read through Assimp), the world position of every node.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, jobsFile] = process.argv.slice(2);
if (!modules || !jobsFile) {
  console.error('usage: node three_collada_pose.mjs MODULES_DIR JOBS.json');
  process.exit(2);
}
const load = (p) => import(pathToFileURL(path.join(modules, p)).href);
const { DOMParser } = await load('@xmldom/xmldom/lib/index.js');
globalThis.DOMParser = DOMParser;
const THREE = await load('three/build/three.module.js');
const { ColladaLoader } = await load('three/examples/jsm/loaders/ColladaLoader.js');
const { ColladaComposer } = await load('three/examples/jsm/loaders/collada/ColladaComposer.js');
const { TGALoader } = await load('three/examples/jsm/loaders/TGALoader.js');

// No images under Node: a texture is an empty one (poses do not need them).
THREE.TextureLoader.prototype.load = () => new THREE.Texture();
TGALoader.prototype.load = () => new THREE.Texture();
// Each node keeps the id it has in the file: three names joints by their sid. A node whose
// transform elements are animated one by one is a chain of groups, one per element, with the node's
// own object at its end: that object stands where the node does.
const tag = (object, data) => Object.assign(object.userData, { colladaId: data.id, colladaName: data.name });
const wrap = ColladaComposer.prototype.wrapWithTransformHierarchy;
ColladaComposer.prototype.wrapWithTransformHierarchy = function (content, data) {
  tag(content, data);
  return wrap.call(this, content, data);
};
const buildNode = ColladaComposer.prototype.buildNode;
ColladaComposer.prototype.buildNode = function (data) {
  const object = buildNode.call(this, data);
  if (!(this.transformNodes && this.transformNodes[data.id])) tag(object, data);
  return object;
};
console.warn = () => {}; // its notes (Z-up turned, textures) are not results

function pose(scene) {
  scene.updateMatrixWorld(true);
  const out = {};
  const v = new THREE.Vector3();
  scene.traverse((o) => {
    const key = o.userData.colladaId || o.userData.colladaName;
    if (!key || key in out) return; // a node instanced twice: its first place
    o.getWorldPosition(v);
    out[key] = [v.x, v.y, v.z];
  });
  return out;
}

for (const job of JSON.parse(fs.readFileSync(jobsFile, 'utf8'))) {
  try {
    const text = fs.readFileSync(job.file, 'utf8');
    const result = new ColladaLoader().parse(text, path.dirname(job.file) + '/');
    if (!result) throw new Error('three.js could not parse it');
    const scene = result.scene;
    const clips = scene.animations || [];
    const clip = clips.find((c) => c.name === job.anim) || clips[0];
    const mixer = new THREE.AnimationMixer(scene);
    if (clip) {
      // played once and held at its end: looping, the clip's last time would wrap round to its first
      const action = mixer.clipAction(clip);
      action.setLoop(THREE.LoopOnce, 1);
      action.clampWhenFinished = true;
      action.play();
    }
    const poses = job.times.map((t) => {
      mixer.setTime(t);
      return pose(scene);
    });
    fs.writeFileSync(job.out, JSON.stringify({ action: clip ? clip.name : null, offsets: { clipStart: poses } }));
  } catch (e) {
    fs.writeFileSync(job.out, JSON.stringify({ error: String(e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e) }));
  }
}
