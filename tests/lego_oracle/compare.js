// Compares what the Kaitai Struct parser generated from animation.ksy reads with what
// `bonescope-cli dump` prints, field by field, on the sample and on files built here.
// Usage: node compare.js BONESCOPE_CLI ANIMATION_KSY WORK_DIR SAMPLE.ani...
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const yaml = require('js-yaml');
const compiler = require('kaitai-struct-compiler');
const KaitaiStream = require('kaitai-struct/KaitaiStream');

const [cli, ksyPath, workArg, ...samples] = process.argv.slice(2);
const work = path.resolve(workArg);
let failures = 0, checks = 0;
function check(ok, what) {
    ++checks;
    if (!ok) {
        ++failures;
        if (failures <= 50) console.log('MISMATCH: ' + what);
    }
}
function same(a, b, what) { check(a === b, `${what}: kaitai ${JSON.stringify(a)} vs dump ${JSON.stringify(b)}`); }

// A file with everything the sample lacks: camera keys, scale and morph keys, all 256 flag values,
// an actor without a name (so without a type), odd actor types, a repeated node name, trailing bytes.
function buildRichFile() {
    const parts = [];
    const i32 = v => { const b = Buffer.alloc(4); b.writeInt32LE(v); parts.push(b); };
    const u32 = v => { const b = Buffer.alloc(4); b.writeUInt32LE(v >>> 0); parts.push(b); };
    const u16 = v => { const b = Buffer.alloc(2); b.writeUInt16LE(v); parts.push(b); };
    const f32 = v => { const b = Buffer.alloc(4); b.writeFloatLE(v); parts.push(b); };
    const u8 = v => parts.push(Buffer.from([v]));
    const str = s => { u32(s.length); parts.push(Buffer.from(s, 'ascii')); };
    const key = (ms, flags) => u32(ms | (flags << 24));
    const vec = (ms, flags, x, y, z) => { key(ms, flags); f32(x); f32(y); f32(z); };
    i32(0x11); f32(3.25); f32(-1.5); f32(0.1); f32(7); i32(1); i32(42);
    u32(4);
    str('RD'); u32(2); str(''); str('BIKE'); u32(1); str('X'); u32(0xFFFFFFFF);
    i32(3000);
    u16(3); vec(0, 1, 1, 2, 3); vec(1500, 0x81, -4, 5.5, 6); vec(3000, 0, 0, 0, 0);
    u16(1); vec(0, 1, 0.5, 0.25, -9);
    u16(2); key(0, 0); f32(0); key(2000, 0xFF); f32(-1.25);
    // Root with two children, the second with one child of the same name as the first.
    str('-root'); u16(0); u16(0); u16(0); u16(0); u32(2);
    str('*actor');
    u16(2); vec(0, 1, 1, 1, 1); vec(3000, 2, -1, -1, -1);
    u16(256); for (let f = 0; f < 256; ++f) { key(f * 7, f); f32(Math.cos(f)); f32(Math.sin(f)); f32(0); f32(-0.5); }
    u16(2); vec(0, 0, 1, 1, 1); vec(1000, 4, 2, 0.5, 3);
    u16(3); key(0, 0); u8(1); key(500, 0x10); u8(0); key(900, 3); u8(7);
    u32(0);
    str('BODY'); u16(0); u16(1); key(100, 5); f32(1); f32(0); f32(0); f32(0); u16(0); u16(0); u32(1);
    str('*actor'); u16(1); vec(0, 1, 0, 1e-6, 0); u16(0); u16(0); u16(0); u32(0);
    parts.push(Buffer.from([0xde, 0xad, 0xbe]));
    return Buffer.concat(parts);
}

function flagsOf(row, valueCount, what) {
    // A dump row is [seconds, values..., flags]; the flags column is there when the track has any.
    if (row.length === valueCount + 2) return row[valueCount + 1];
    check(row.length === valueCount + 1, `${what}: row length ${row.length}`);
    return 0;
}

function compareKeys(kKeys, dRows, values, what) {
    dRows = dRows || [];
    same(kKeys.length, dRows.length, `${what} count`);
    const n = Math.min(kKeys.length, dRows.length);
    for (let i = 0; i < n; ++i) {
        const k = kKeys[i], row = dRows[i], w = `${what}[${i}]`;
        same(k.key.time / 1000, row[0], `${w} time (s)`);
        same(k.key.flags, flagsOf(row, values.length, w), `${w} flags`);
        values.forEach((get, c) => same(get(k), row[1 + c], `${w} value ${c}`));
    }
}

const vec3 = [k => k.x, k => k.y, k => k.z];
const quatXYZW = [k => k.x, k => k.y, k => k.z, k => k.angle]; // dump prints x, y, z, w

function compareFile(Animation, file) {
    const bytes = fs.readFileSync(file);
    const a = new Animation(new KaitaiStream(bytes));
    const dump = JSON.parse(execFileSync(cli, ['dump', '--compact', file], { maxBuffer: 1 << 28 }).toString());
    const x = dump.extra;
    const tag = path.basename(file);
    same('lego', dump.format, `${tag} format`);
    same(a.magic, x.header.magic, `${tag} magic`);
    same(a.boundingRadius, x.header.boundingRadius, `${tag} bounding radius`);
    same(a.centerX, x.header.center[0], `${tag} center x`);
    same(a.centerY, x.header.center[1], `${tag} center y`);
    same(a.centerZ, x.header.center[2], `${tag} center z`);
    same(a.hasCameraAnim, x.header.cameraFlag, `${tag} camera flag`);
    same(a.unused, x.header.unused, `${tag} unused`);
    same(a.numActors, x.actors.length, `${tag} actor count`);
    a.actors.forEach((act, i) => {
        same(act.nameLength > 0 ? act.name : '', x.actors[i] && x.actors[i].name, `${tag} actor ${i} name`);
        same(act.nameLength > 0 ? act.actorType : undefined, x.actors[i] && x.actors[i].type, `${tag} actor ${i} type`);
    });
    same(a.duration, x.durationMs, `${tag} duration (ms)`);
    same(a.duration / 1000, dump.duration, `${tag} duration (s)`);
    if (a.hasCameraAnim !== 0) {
        check(!!x.camera, `${tag} camera missing from the dump`);
        const c = a.cameraAnim, d = x.camera || {};
        compareKeys(c.translationKeys, d.position, vec3, `${tag} camera position`);
        compareKeys(c.targetKeys, d.target, vec3, `${tag} camera target`);
        compareKeys(c.rotationKeys, d.roll, [k => k.z], `${tag} camera roll`);
    } else {
        check(x.camera === undefined, `${tag} camera in the dump of a file without one`);
    }

    // The tree in pre-order against the dump's bones (node i = bone i), with parents.
    const nodes = [];
    const stack = [[a.rootNode, -1]];
    while (stack.length) {
        const [node, parent] = stack.pop();
        const index = nodes.length;
        nodes.push([node, parent]);
        for (let c = node.children.length - 1; c >= 0; --c) stack.push([node.children[c], index]);
    }
    same(nodes.length, dump.bones.length, `${tag} node count`);
    nodes.forEach(([node, parent], i) => {
        const b = dump.bones[i] || {};
        const d = node.data, w = `${tag} node ${i}`;
        same(d.nameLength > 0 ? d.name : '', b.name, `${w} name`);
        same(parent, b.parent, `${w} parent`);
        same(d.numTranslationKeys, (b.translation || []).length, `${w} translation count`);
        compareKeys(d.translationKeys, b.translation, vec3, `${w} translation`);
        compareKeys(d.rotationKeys, b.rotation, quatXYZW, `${w} rotation`);
        compareKeys(d.scaleKeys, b.scale, vec3, `${w} scale`);
        compareKeys(d.morphKeys, b.visibility, [k => k.visible], `${w} morph`);
    });

    const trailing = bytes.subarray(a._io.pos).toString('hex');
    same(trailing, x.trailing || '', `${tag} trailing bytes`);
    return nodes.length;
}

async function main() {
    const ksy = yaml.load(fs.readFileSync(ksyPath, 'utf8'));
    const files = await compiler.compile('javascript', ksy, null, false);
    const gen = path.join(work, 'generated');
    fs.mkdirSync(gen, { recursive: true });
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(gen, name), text);
    const Animation = require(path.join(gen, 'Animation.js')).Animation;

    const rich = path.join(work, 'oracle_rich.ani');
    fs.writeFileSync(rich, buildRichFile());
    for (const file of [...samples, rich]) {
        const nodes = compareFile(Animation, file);
        console.log(`${path.basename(file)}: ${nodes} nodes compared`);
    }
    console.log(`${checks} fields compared, ${failures} mismatches`);
    process.exit(failures === 0 && checks > 0 ? 0 : 1);
}

main().catch(e => { console.log('ERROR: ' + (e.stack || e)); process.exit(1); });
