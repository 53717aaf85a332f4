#include "formats/dump_json.h"

#include <unordered_map>

#include "formats/hex.h"
#include "formats/text_encoding.h"

namespace bonescope {

namespace {

using nlohmann::json;

json vec(const glm::dvec3& v) { return json::array({v.x, v.y, v.z}); }
json quat(const glm::dquat& q) { return json::array({q.x, q.y, q.z, q.w}); }

template <class T>
json keysJson(const Channel<T>& ch, bool withFlags)
{
    json arr = json::array();
    for (const auto& k : ch.keys) {
        json row = json::array({k.time});
        if constexpr (std::is_same_v<T, glm::dquat>) {
            row.insert(row.end(), {k.value.x, k.value.y, k.value.z, k.value.w});
        } else if constexpr (std::is_same_v<T, double>) {
            row.push_back(k.value);
        } else {
            row.insert(row.end(), {k.value.x, k.value.y, k.value.z});
        }
        if (withFlags)
            row.push_back(k.flags);
        arr.push_back(std::move(row));
    }
    return arr;
}

bool anyFlags(const Track& t)
{
    auto has = [](const auto& ch) {
        for (const auto& k : ch.keys)
            if (k.flags)
                return true;
        return false;
    };
    return has(t.translation) || has(t.rotation) || has(t.scale) || has(t.visibility);
}

const char* blendName(const BlendMode& m)
{
    if (m.translation == TranslationBlend::Replace)
        return m.rotation == RotationBlend::Replace ? "replace" : "rotation-after-rest";
    return m.rotation == RotationBlend::Replace ? "relative" : "additive";
}

// The name as text, plus "nameBytes" in `obj` when the text is not the same bytes.
void putName(json& obj, const std::string& name, const char* what, std::vector<std::string>* warnings)
{
    obj["name"] = nameJson(name, what, warnings);
    if (obj["name"].get_ref<const std::string&>() != name)
        obj["nameBytes"] = toHex({reinterpret_cast<const uint8_t*>(name.data()), name.size()});
}

} // namespace

json nameJson(const std::string& name, const char* what, std::vector<std::string>* warnings)
{
    if (isValidUtf8(name))
        return name;
    std::string text = validUtf8(name);
    if (warnings)
        warnings->push_back(std::string(what) + " '" + text + "' is not valid UTF-8: shown with U+FFFD (bytes " +
                            toHex({reinterpret_cast<const uint8_t*>(name.data()), name.size()}) + ")");
    return text;
}

std::string jsonText(const json& j, int indent) { return j.dump(indent, ' ', false, json::error_handler_t::replace); }

json dumpAnimation(const Scene& scene, int animationIndex, std::vector<std::string>* warnings)
{
    json out;
    out["format"] = scene.format;
    out["animationCount"] = scene.animations.size();
    const Animation* a = animationIndex >= 0 && animationIndex < int(scene.animations.size())
                             ? &scene.animations[animationIndex]
                             : nullptr;
    out["animationIndex"] = a ? animationIndex : -1;
    out["name"] = a ? nameJson(a->name, "animation", warnings) : "";
    out["fps"] = a ? a->fps : 0.0;
    if (a && a->fpsFromKeys)
        out["fpsFromKeys"] = true; // the file has no frame rate; fps is derived from the key spacing
    out["duration"] = a ? a->duration : 0.0;
    out["frames"] = a ? a->frameCount() : 0;
    out["looping"] = a ? a->looping : false;
    if (a && a->loopRange)
        out["loop"] = {{"in", a->loopRange->in}, {"out", a->loopRange->out}};
    if (a)
        out["blend"] = blendName(a->blend);

    // Bones: the file's skeleton when it has one (tracks bound by name), else one per track.
    json bones = json::array();
    std::vector<bool> trackUsed(a ? a->tracks.size() : 0, false);
    auto trackJson = [&](json& b, const Track& t) {
        const bool flags = anyFlags(t);
        b["translation"] = keysJson(t.translation, flags);
        b["rotation"] = keysJson(t.rotation, flags);
        b["scale"] = keysJson(t.scale, flags);
        if (!t.visibility.empty())
            b["visibility"] = keysJson(t.visibility, flags);
        if (flags)
            b["keyFlags"] = true;
        if (t.flags)
            b["flags"] = t.flags;
    };
    // Tracks of a repeated name pair with the bones of that name in order (see Binding::bind).
    std::unordered_map<std::string, std::vector<int>> tracksByName;
    for (size_t i = 0; a && i < a->tracks.size(); ++i)
        tracksByName[a->tracks[i].name].push_back(int(i));
    std::unordered_map<std::string, size_t> nameSeen;
    for (const Bone& bone : scene.skeleton.bones) {
        json b;
        putName(b, bone.name, "bone", warnings);
        b["parent"] = bone.parent;
        b["rest"] = {{"translation", vec(bone.restTranslation)},
                     {"rotation", quat(bone.restRotation)},
                     {"scale", vec(bone.restScale)}};
        if (bone.flags)
            b["boneFlags"] = bone.flags;
        int ti = -1;
        if (auto it = tracksByName.find(bone.name); it != tracksByName.end()) {
            const size_t k = nameSeen[bone.name]++;
            ti = k < it->second.size() ? it->second[k] : -1;
        }
        if (ti >= 0) {
            trackUsed[ti] = true;
            trackJson(b, a->tracks[ti]);
        } else {
            b["translation"] = json::array();
            b["rotation"] = json::array();
            b["scale"] = json::array();
        }
        bones.push_back(std::move(b));
    }
    for (size_t i = 0; a && i < a->tracks.size(); ++i) {
        if (trackUsed[i])
            continue;
        json b;
        putName(b, a->tracks[i].name, "bone", warnings);
        b["parent"] = -1;
        if (!scene.skeleton.empty())
            b["unbound"] = true; // a track naming a bone the file's skeleton lacks
        trackJson(b, a->tracks[i]);
        bones.push_back(std::move(b));
    }
    out["bones"] = std::move(bones);

    json notes = json::array();
    if (a)
        for (const Note& n : a->notes) {
            json row = json::array({n.time, nameJson(n.name, "note", warnings)});
            if (row[1].get_ref<const std::string&>() != n.name) // the exact bytes as a third item
                row.push_back(toHex({reinterpret_cast<const uint8_t*>(n.name.data()), n.name.size()}));
            notes.push_back(std::move(row));
        }
    out["notes"] = std::move(notes);

    json extra = json::object();
    if (a && !a->modifiers.empty()) {
        json mods = json::array();
        for (const BlendModifier& m : a->modifiers)
            mods.push_back({{"bone", m.track}, {"blend", blendName(m.mode)}, {"value", m.sourceValue}});
        extra["modifiers"] = std::move(mods);
    }
    if (scene.extra)
        scene.extra.get()->toJson(extra);
    if (a && a->extra)
        a->extra.get()->toJson(extra);
    if (!scene.mesh.empty())
        extra["mesh"] = {{"vertices", scene.mesh.positions.size()},
                         {"triangles", scene.mesh.indices.size() / 3},
                         {"skinned", scene.mesh.skinned()}};
    if (scene.animations.size() > 1) {
        json names = json::array();
        for (const Animation& other : scene.animations)
            names.push_back(nameJson(other.name, "animation", nullptr));
        extra["animations"] = std::move(names);
    }
    out["extra"] = std::move(extra);
    return out;
}

json dumpPose(const Skeleton& skeleton, const Pose& pose, double time, std::vector<std::string>* warnings)
{
    json bones = json::array();
    for (size_t i = 0; i < skeleton.size() && i < pose.local.size(); ++i) {
        const BoneTransform& l = pose.local[i];
        const glm::mat4& w = pose.world[i];
        json world = json::array();
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                world.push_back(w[c][r]);
        bones.push_back({{"name", nameJson(skeleton.bones[i].name, "bone", warnings)},
                         {"parent", skeleton.bones[i].parent},
                         {"translation", {l.translation.x, l.translation.y, l.translation.z}},
                         {"rotation", {l.rotation.x, l.rotation.y, l.rotation.z, l.rotation.w}},
                         {"scale", {l.scale.x, l.scale.y, l.scale.z}},
                         {"worldPosition", {w[3][0], w[3][1], w[3][2]}},
                         {"world", std::move(world)},
                         {"visible", bool(pose.visible[i])}});
    }
    return {{"time", time}, {"bones", std::move(bones)}};
}

} // namespace bonescope
