// A second witness for poses: three.js's ColladaLoader (r180 and later read BEZIER curves, STEP keys
// and matrix elements), FBXLoader and GLTFLoader (with Needle's KHR_animation_pointer plugin when it
// is installed), run under Node with no browser. Blender 3.4's COLLADA importer is off the files' own
// numbers in many real files (pose_compare.py lists them), and no reader here computes an FBX file's
// numbers; these readers were written by other people again, so where one of them agrees with
// Bonescope, Blender is the one out.
//
// Usage: node three_pose.mjs MODULES_DIR JOBS.json
//   MODULES_DIR: a node_modules holding `three` and `@xmldom/xmldom` (npm install three @xmldom/xmldom
//   @needle-tools/three-animation-pointer; the last is optional)
//   JOBS.json: [{file, anim, times, out}], as pose_blender.py takes them; each OUT gets
//   {action, offsets: {clipStart: [pose per time]}}, a pose keyed by the COLLADA node's id (the name
//   Bonescope gives a node read through Assimp), the FBX model's name as the file spells it, or the
//   glTF node's name (`nodeN` without one, `NAME [k]` for the k-th of a repeated name, as Bonescope
//   and gltf_pose.py key them), the world position of every node. A read that loops or never calls
//   back stops the jobs after it: pose_compare.py gives each file a Node run of its own, with a limit.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, jobsFile] = process.argv.slice(2);
if (!modules || !jobsFile) {
  console.error('usage: node three_pose.mjs MODULES_DIR JOBS.json');
  process.exit(2);
}
const load = (p) => import(pathToFileURL(path.join(modules, p)).href);
const { DOMParser } = await load('@xmldom/xmldom/lib/index.js');
globalThis.DOMParser = DOMParser;
globalThis.window = { innerWidth: 1920, innerHeight: 1080 }; // FBXLoader sizes a camera by the window
globalThis.self = globalThis; // GLTFLoader takes URL from self
globalThis.ProgressEvent ??= class ProgressEvent { constructor(type, init) { Object.assign(this, { type }, init); } };
const THREE = await load('three/build/three.module.js');
const { ColladaLoader } = await load('three/examples/jsm/loaders/ColladaLoader.js');
const { ColladaComposer } = await load('three/examples/jsm/loaders/collada/ColladaComposer.js');
const { TGALoader } = await load('three/examples/jsm/loaders/TGALoader.js');
const { FBXLoader } = await load('three/examples/jsm/loaders/FBXLoader.js');
const { GLTFLoader } = await load('three/examples/jsm/loaders/GLTFLoader.js');
const pointer = await load('@needle-tools/three-animation-pointer/dist/three-animation-pointer.js').then(
  (m) => m.GLTFAnimationPointerExtension, () => null);

// No images under Node: a texture is an empty one (poses do not need them), handed on at once.
THREE.TextureLoader.prototype.load = (url, onLoad) => {
  const texture = new THREE.Texture();
  if (onLoad) setTimeout(() => onLoad(texture));
  return texture;
};
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
    const key = o.userData.poseKey || o.userData.colladaId || o.userData.colladaName || o.userData.originalName;
    if (!key || key in out) return; // a node instanced twice: its first place
    o.getWorldPosition(v);
    out[key] = [v.x, v.y, v.z];
  });
  return out;
}

// A Node Buffer's bytes as the ArrayBuffer the loaders take (a Buffer may share a larger one).
const arrayBufferOf = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);

// A .gltf's buffers come along as data: URIs (Node's fetch takes no file paths); each node is keyed as
// Bonescope keys it.
async function readGltf(file, folder) {
  const bytes = fs.readFileSync(file);
  let data = arrayBufferOf(bytes);
  if (file.toLowerCase().endsWith('.gltf')) {
    const doc = JSON.parse(bytes.toString('utf8'));
    for (const b of doc.buffers || [])
      if (b.uri && !b.uri.startsWith('data:'))
        b.uri = 'data:application/octet-stream;base64,' +
          fs.readFileSync(path.join(folder, decodeURIComponent(b.uri))).toString('base64');
    data = JSON.stringify(doc);
  }
  const loader = new GLTFLoader();
  if (pointer) loader.register((parser) => new pointer(parser));
  const gltf = await new Promise((resolve, reject) => loader.parse(data, folder, resolve, reject));
  const seen = {}, keys = [];
  (gltf.parser.json.nodes || []).forEach((n, i) => {
    const name = n.name || 'node' + i;
    seen[name] = (seen[name] || 0) + 1;
    keys.push(seen[name] === 1 ? name : `${name} [${seen[name]}]`);
  });
  gltf.scene.traverse((o) => {
    const a = gltf.parser.associations.get(o);
    if (a && a.nodes !== undefined) o.userData.poseKey = keys[a.nodes];
  });
  return { scene: gltf.scene, clips: gltf.animations };
}

for (const job of JSON.parse(fs.readFileSync(jobsFile, 'utf8'))) {
  try {
    const folder = path.dirname(job.file) + '/';
    let scene, clips;
    if (/\.(gltf|glb)$/i.test(job.file)) {
      ({ scene, clips } = await readGltf(job.file, folder));
    } else if (job.file.toLowerCase().endsWith('.fbx')) {
      scene = new FBXLoader().parse(arrayBufferOf(fs.readFileSync(job.file)), folder);
    } else {
      const result = new ColladaLoader().parse(fs.readFileSync(job.file, 'utf8'), folder);
      if (!result) throw new Error('three.js could not parse it');
      scene = result.scene;
    }
    clips = clips || scene.animations || [];
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
