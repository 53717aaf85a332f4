// DashDoc <-> Scene. Reading checks every index and the hierarchy and turns records into channels;
// writing reuses the file's own records while they still rebuild the scene's channels exactly, so an
// unedited file keeps its record order, unused slots and index fields.
#include "formats/dash/dash_doc.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/playback/binding.h"
#include "formats/dash/dash_material.h"

namespace bonescope::dash {

namespace {

ParseError errorAt(uint64_t offset, const std::string& why) { return ParseError(why, offset); }

template <class T>
void sortKeys(Channel<T>& ch)
{
    ch.keys.sortByTime();
}

// Tracks in bone order, one per bone with at least one key; keys sorted by time.
std::vector<Track> finishTracks(std::vector<Track>& perBone, const Skeleton& sk)
{
    std::vector<Track> out;
    for (size_t b = 0; b < perBone.size(); ++b) {
        Track& t = perBone[b];
        if (t.keyCount() == 0)
            continue;
        sortKeys(t.translation);
        sortKeys(t.rotation);
        sortKeys(t.scale);
        t.name = sk.bones[b].name;
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<Track> tracksFromRecords(const std::vector<DashRecord15>& recs, const Skeleton& sk)
{
    std::vector<Track> perBone(sk.size());
    for (size_t i = 0; i < recs.size(); ++i) {
        const DashRecord15& r = recs[i];
        if (r.bone < 0 || r.bone >= int(sk.size()))
            throw errorAt(r.offset, "track " + std::to_string(i) + ": bone_id " + std::to_string(r.bone) +
                                        " is not a bone (the skeleton has " + std::to_string(sk.size()) + ")");
        Track& t = perBone[r.bone];
        if (r.flags & PrsPos)
            t.translation.keys.push_back({r.time, {r.pos[0], r.pos[1], r.pos[2]}});
        if (r.flags & PrsRot)
            t.rotation.keys.push_back({r.time, glm::dquat(r.rot[3], r.rot[0], r.rot[1], r.rot[2])});
        if (r.flags & PrsScl)
            t.scale.keys.push_back({r.time, {r.scl[0], r.scl[1], r.scl[2]}});
    }
    return finishTracks(perBone, sk);
}

std::vector<Track> tracksFromKeyframes(const std::vector<DashKey20>& keys, const Skeleton& sk)
{
    std::vector<Track> perBone(sk.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        const DashKey20& k = keys[i];
        if (k.bone >= sk.size())
            throw errorAt(k.offset, "keyframe " + std::to_string(i) + ": boneIndex " + std::to_string(k.bone) +
                                        " is not a bone (the skeleton has " + std::to_string(sk.size()) + ")");
        Track& t = perBone[k.bone];
        const auto& v = k.value;
        switch (k.type) {
        case TypePos: t.translation.keys.push_back({k.time, {v[0], v[1], v[2]}}); break;
        case TypeRot: t.rotation.keys.push_back({k.time, glm::dquat(v[3], v[0], v[1], v[2])}); break;
        case TypeScl: t.scale.keys.push_back({k.time, {v[0], v[1], v[2]}}); break;
        default:
            throw errorAt(k.offset, "keyframe " + std::to_string(i) + ": type " + std::to_string(k.type) +
                                        " is not 1 (position), 2 (rotation) or 3 (scale)");
        }
    }
    return finishTracks(perBone, sk);
}

std::vector<Track> tracksOf(const DashAnimExtra& raw, const Skeleton& sk)
{
    return raw.v2 ? tracksFromKeyframes(raw.keyframes, sk) : tracksFromRecords(raw.records, sk);
}

template <class T>
bool sameKeys(const Channel<T>& a, const Channel<T>& b)
{
    if (a.keys.size() != b.keys.size())
        return false;
    for (size_t i = 0; i < a.keys.size(); ++i)
        if (a.keys.time(i) != b.keys.time(i) || a.keys.value(i) != b.keys.value(i))
            return false;
    return true;
}

bool sameTracks(const std::vector<Track>& a, const std::vector<Track>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].name != b[i].name || !sameKeys(a[i].translation, b[i].translation) ||
            !sameKeys(a[i].rotation, b[i].rotation) || !sameKeys(a[i].scale, b[i].scale))
            return false;
    return true;
}

// The bone each track animates in `sk`, as the sampler binds them (exact name, then the loose
// match; the k-th track of a repeated name animates the k-th bone of that name), or -1.
std::vector<int> bonesOf(const Animation& a, const Skeleton& sk)
{
    const Binding binding = Binding::bind(a, sk);
    std::vector<int> out(a.tracks.size(), -1);
    for (size_t b = 0; b < binding.trackOfBone.size(); ++b)
        if (binding.trackOfBone[b] >= 0)
            out[binding.trackOfBone[b]] = int(b);
    return out;
}

// 1.5: one record per (bone, time), carrying every channel keyed at that time.
std::vector<DashRecord15> mergeRecords(const Animation& a, const Skeleton& sk)
{
    std::vector<DashRecord15> out;
    const std::vector<int> bones = bonesOf(a, sk);
    for (size_t ti = 0; ti < a.tracks.size(); ++ti) {
        const Track& t = a.tracks[ti];
        const int bone = bones[ti];
        if (bone < 0)
            continue;
        std::map<double, std::vector<DashRecord15>> byTime;
        auto slot = [&](double time, std::map<double, int>& seen) -> DashRecord15& {
            auto& list = byTime[time];
            const int n = seen[time]++;
            if (int(list.size()) <= n) {
                list.emplace_back();
                list.back().bone = bone;
                list.back().time = time;
            }
            return list[n];
        };
        std::map<double, int> seenP, seenR, seenS;
        for (const auto& k : t.translation.keys) {
            DashRecord15& r = slot(k.time, seenP);
            r.flags |= PrsPos;
            r.pos = {k.value.x, k.value.y, k.value.z};
        }
        for (const auto& k : t.rotation.keys) {
            DashRecord15& r = slot(k.time, seenR);
            r.flags |= PrsRot;
            r.rot = {k.value.x, k.value.y, k.value.z, k.value.w};
        }
        for (const auto& k : t.scale.keys) {
            DashRecord15& r = slot(k.time, seenS);
            r.flags |= PrsScl;
            r.scl = {k.value.x, k.value.y, k.value.z};
        }
        for (auto& [time, list] : byTime)
            for (auto& r : list)
                out.push_back(r);
    }
    std::stable_sort(out.begin(), out.end(), [](const DashRecord15& x, const DashRecord15& y) {
        return x.time != y.time ? x.time < y.time : x.bone < y.bone;
    });
    return out;
}

// 2.0: one keyframe per channel key, grouped by bone, then channel, in time order.
std::vector<DashKey20> splitKeyframes(const Animation& a, const Skeleton& sk)
{
    std::vector<std::pair<int, const Track*>> bound;
    const std::vector<int> bones = bonesOf(a, sk);
    for (size_t ti = 0; ti < a.tracks.size(); ++ti)
        if (bones[ti] >= 0)
            bound.push_back({bones[ti], &a.tracks[ti]});
    std::stable_sort(bound.begin(), bound.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<DashKey20> out;
    auto add = [&](int bone, uint32_t type, double time, std::array<double, 4> v) {
        DashKey20 k;
        k.index = uint32_t(out.size());
        k.bone = uint32_t(bone);
        k.type = type;
        k.time = time;
        k.value = v;
        k.hasW = type == TypeRot;
        out.push_back(k);
    };
    for (const auto& [bone, t] : bound) {
        for (const auto& k : t->translation.keys)
            add(bone, TypePos, k.time, {k.value.x, k.value.y, k.value.z, 0});
        for (const auto& k : t->rotation.keys)
            add(bone, TypeRot, k.time, {k.value.x, k.value.y, k.value.z, k.value.w});
        for (const auto& k : t->scale.keys)
            add(bone, TypeScl, k.time, {k.value.x, k.value.y, k.value.z, 0});
    }
    return out;
}

glm::ivec4 clampedJoints(const glm::ivec4& raw, int bones)
{
    glm::ivec4 j;
    for (int s = 0; s < 4; ++s)
        j[s] = raw[s] >= 0 && raw[s] < bones ? raw[s] : 0;
    return j;
}

// The skeleton a writer uses: the scene's, or one identity-rest bone per animated name.
Skeleton skeletonFor(const Scene& scene)
{
    if (!scene.skeleton.empty())
        return scene.skeleton;
    Skeleton sk;
    for (const Animation& a : scene.animations)
        for (const Track& t : a.tracks)
            if (sk.find(t.name) < 0)
                sk.bones.push_back(Bone{t.name});
    return sk;
}

bool sameRest(const Bone& b, const DashBoneRaw& raw)
{
    return b.restTranslation == raw.t && b.restRotation == raw.r && b.restScale == raw.s;
}

} // namespace

double playbackFps(const DashAnimExtra& raw) { return !raw.v2 && raw.fpsRaw > 0 ? raw.fpsRaw : 30.0; }

int decodeParent(int64_t raw, size_t index, bool v2)
{
    if (v2)
        return index == 0 || raw == 0xFFFFFFFF ? -1 : int(raw);
    return raw < 0 ? -1 : int(raw);
}

Scene toScene(DashDoc doc, const std::string& formatId)
{
    Scene scene;
    scene.format = formatId;
    const Skeleton& sk = doc.skeleton;
    const int nb = int(sk.size());
    std::string why;
    if (!sk.evaluationOrder(&why))
        throw ParseError("skeleton: " + why);

    Mesh& mesh = scene.mesh;
    const size_t nv = doc.positions.size();
    mesh.positions = doc.positions;
    if (nb > 0) {
        mesh.joints.resize(nv);
        mesh.weights.resize(nv);
        for (size_t i = 0; i < nv; ++i) {
            const glm::ivec4& raw = doc.file.skinIndex[i];
            for (int s = 0; s < 4; ++s)
                if ((raw[s] >= nb || raw[s] < -1) && doc.weights[i][s] != 0.f)
                    throw errorAt(doc.vertexBase == NoOffset ? NoOffset : doc.vertexBase + i * doc.vertexSize,
                                  "vertex " + std::to_string(i) + ": skin index " + std::to_string(raw[s]) +
                                      " is not a bone (the skeleton has " + std::to_string(nb) + ")");
            mesh.joints[i] = glm::uvec4(clampedJoints(raw, nb));
            mesh.weights[i] = doc.weights[i];
        }
    }
    if (!doc.file.faces.empty()) {
        mesh.normals.assign(nv, glm::vec3(0.f));
        mesh.uvs.assign(nv, glm::vec2(0.f));
        std::vector<bool> seen(nv, false);
        for (size_t f = 0; f < doc.file.faces.size(); ++f) {
            const DashFace& face = doc.file.faces[f];
            if (!doc.file.materials.empty() && face.material >= doc.file.materials.size())
                throw errorAt(face.offset, "face " + std::to_string(f) + ": material " + std::to_string(face.material) +
                                               " is not in the material list (" +
                                               std::to_string(doc.file.materials.size()) + ")");
            for (const DashCorner& c : face.corners) {
                if (c.index >= nv)
                    throw errorAt(face.offset, "face " + std::to_string(f) + ": vertex index " + std::to_string(c.index) +
                                                   " is not in the vertex list (" + std::to_string(nv) + ")");
                mesh.indices.push_back(c.index);
                if (!seen[c.index]) {
                    seen[c.index] = true;
                    mesh.normals[c.index] = c.normal;
                    mesh.uvs[c.index] = c.uv;
                }
            }
        }
    }
    for (size_t t = 0; t < doc.file.materials.size(); ++t) {
        const int tex = doc.file.materials[t].texture;
        if (tex >= int(doc.file.textures.size()))
            throw ParseError("material " + std::to_string(t) + ": texture " + std::to_string(tex) +
                             " is not in the texture list (" + std::to_string(doc.file.textures.size()) + ")");
    }

    for (DocAnimation& d : doc.animations) {
        Animation a;
        a.name = d.name;
        a.duration = d.duration;
        a.fps = playbackFps(d.raw);
        a.tracks = tracksOf(d.raw, sk);
        a.extra = std::make_unique<DashAnimExtra>(std::move(d.raw));
        scene.animations.push_back(std::move(a));
    }
    scene.skeleton = std::move(doc.skeleton);
    scene.extra = std::make_unique<DashExtra>(std::move(doc.file));
    return scene;
}

DashDoc fromScene(const Scene& scene, Variant target)
{
    DashDoc doc;
    const DashExtra* x = scene.extra.as<DashExtra>();
    DashExtra& f = doc.file;
    if (x) {
        f.textures = x->textures;
        f.faces = x->faces;
        f.bones = x->bones;
        f.skinIndex = x->skinIndex;
        f.vertexIds = x->vertexIds;
        f.vertexPresent = x->vertexPresent;
        f.singleAnimation = x->singleAnimation;
        if (x->variant == target) {
            f.versionMajor = x->versionMajor;
            f.versionMinor = x->versionMinor;
            f.headerOffset = x->headerOffset;
            f.isSkinned = x->isSkinned;
            f.labels = x->labels;
            f.rowFlags = x->rowFlags;
            f.headerRead = x->headerRead;
            f.jsonRest = x->jsonRest;
            f.verticesKey = x->verticesKey;
        }
        for (size_t i = 0; i < x->materials.size(); ++i)
            f.materials.push_back(convertMaterial(x->materials[i], target, int(i)));
    }
    f.variant = target;
    if (!f.headerRead) {
        f.versionMajor = isV2(target) ? 2 : 1;
        f.versionMinor = isV2(target) ? 0 : 5;
    }

    // Skeleton and each bone's own fields (kept while the rest pose is the one read).
    doc.skeleton = skeletonFor(scene);
    const Skeleton& sk = doc.skeleton;
    // Index and parent fields only carry over within a version (1.5's s16 -1 vs 2.0's u32 root).
    const bool keepBones = x && isV2(x->variant) == isV2(target) && f.bones.size() == sk.size();
    if (!keepBones)
        f.bones.assign(sk.size(), DashBoneRaw{});
    for (size_t i = 0; i < sk.size(); ++i) {
        const Bone& b = sk.bones[i];
        DashBoneRaw& raw = f.bones[i];
        if (!keepBones)
            raw.id = int64_t(i);
        if (!keepBones || !sameRest(b, raw)) {
            raw.hasMatrix = false;
            raw.present = ~0u;
        }
        if (!raw.hasMatrix)
            raw.matrix = composeMatrix(b.restTranslation, b.restRotation, b.restScale);
        if (!keepBones || decodeParent(raw.parentRaw, i, isV2(target)) != b.parent)
            raw.parentRaw = b.parent >= 0 ? int64_t(b.parent) : (isV2(target) ? int64_t(0xFFFFFFFF) : int64_t(-1));
    }

    // Vertices: the file's own skin indices while the mesh still holds what was read from them.
    const Mesh& mesh = scene.mesh;
    const size_t nv = mesh.positions.size();
    doc.positions = mesh.positions;
    doc.weights.assign(nv, glm::vec4(0.f));
    if (mesh.weights.size() == nv)
        doc.weights = mesh.weights;
    bool keepSkin = f.skinIndex.size() == nv;
    for (size_t i = 0; keepSkin && i < nv; ++i)
        if (mesh.skinned() && glm::uvec4(clampedJoints(f.skinIndex[i], int(sk.size()))) != mesh.joints[i])
            keepSkin = false;
    if (!keepSkin) {
        f.skinIndex.assign(nv, glm::ivec4(0));
        if (mesh.skinned())
            for (size_t i = 0; i < nv; ++i)
                f.skinIndex[i] = glm::ivec4(mesh.joints[i]);
    }
    if (isV2(target))
        for (auto& s : f.skinIndex)
            s = glm::max(s, glm::ivec4(0));
    if (f.vertexIds.size() != nv) {
        f.vertexIds.resize(nv);
        for (size_t i = 0; i < nv; ++i)
            f.vertexIds[i] = uint32_t(i);
    }
    if (f.vertexPresent.size() != nv)
        f.vertexPresent.assign(nv, 0xFF);

    // Faces: the file's own while they index the same triangles.
    bool keepFaces = f.faces.size() * 3 == mesh.indices.size();
    for (size_t i = 0; keepFaces && i < f.faces.size(); ++i)
        for (int c = 0; c < 3; ++c)
            keepFaces &= f.faces[i].corners[c].index == mesh.indices[i * 3 + c];
    if (!keepFaces) {
        f.faces.clear();
        for (size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
            DashFace face;
            face.id = uint32_t(f.faces.size());
            for (int c = 0; c < 3; ++c) {
                DashCorner& corner = face.corners[c];
                corner.index = mesh.indices[i + c];
                if (corner.index < mesh.normals.size())
                    corner.normal = mesh.normals[corner.index];
                if (corner.index < mesh.uvs.size())
                    corner.uv = mesh.uvs[corner.index];
            }
            f.faces.push_back(face);
        }
    }
    f.isSkinned = f.headerRead ? f.isSkinned : uint32_t(!sk.empty());

    // Animations: the stored records while they still rebuild the same channels.
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        const Animation& a = scene.animations[i];
        DocAnimation d;
        d.name = a.name;
        d.duration = a.duration;
        const DashAnimExtra* ax = a.extra.as<DashAnimExtra>();
        bool keep = false;
        if (ax && ax->v2 == isV2(target)) {
            try {
                keep = sameTracks(tracksOf(*ax, sk), a.tracks);
            } catch (const ParseError&) {
                keep = false;
            }
        }
        if (keep) {
            d.raw = *ax;
        } else {
            d.raw.v2 = isV2(target);
            d.raw.id = ax ? ax->id : int64_t(i);
            if (d.raw.v2)
                d.raw.keyframes = splitKeyframes(a, sk);
            else
                d.raw.records = mergeRecords(a, sk);
        }
        if (!d.raw.v2 && (!keep || playbackFps(d.raw) != a.fps))
            d.raw.fpsRaw = uint32_t(std::clamp(std::lround(a.fps), 0L, 65535L));
        doc.animations.push_back(std::move(d));
    }
    return doc;
}

} // namespace bonescope::dash
